// How a game ended, as the desk and the apps are shown it (the issue "A result stands only if the
// right desk decided it …", points 10 and 11), each case on the interface it was found on and on
// GraphQL: the decision of a game played to the end only; no finish for a forfeit never started;
// one full stop after `n.P.`; the day's games marked as the list and the detail mark them; and a
// refused correction after the end that names the way out (undo first).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql, openTestLeague, type TestLeague } from '../support/app.js';
import { anlassToken, type BoAnswer, bo, createEventKey } from '../support/bo.js';
import { localDay } from '../../src/domain/league-time.js';

let league: TestLeague;
let desk: { id: number; key: string };
let token: string;
/** Demo games: decided by penalty shots (with a goal), forfeited, scheduled, cancelled, and two live ones (each with a goal). */
let shootout: { id: number; startsAt: Date; homeScore: number; awayScore: number; goalId: number };
let forfeited: number;
let scheduled: number;
let cancelled: number;
let toAbort: { id: number; goalId: number };
let toForfeit: { id: number; goalId: number };

interface BoEntry {
  id: number;
  status: string;
  decided_by: string | null;
  finished_at_worldtime: string | null;
  started_at_worldtime: string | null;
}
interface BoReport {
  list: BoEntry[];
}
interface GameFacts {
  status: string;
  decidedBy: string | null;
  report: { startedAt: string | null; finishedAt: string | null };
}

const GAME = 'query ($id: Int!) { game(id: $id) { status decidedBy report { startedAt finishedAt } } }';
const DELETE_EVENT = 'mutation ($input: DeleteEventInput!) { deleteEvent(input: $input) { replayed } }';

async function canonical(id: number): Promise<GameFacts> {
  const answer = await graphql<{ game: GameFacts }>(league.app, GAME, { id });
  expect(answer.errors, JSON.stringify(answer.errors)).toBeUndefined();
  return answer.data!.game;
}

async function boReport(id: number): Promise<BoEntry> {
  const answer = await bo<BoReport>(league.app, 'GET', `/bo/games/${id}?set=game_report&auth_token=${token}`);
  expect(answer.statusCode, answer.raw).toBe(200);
  return answer.body.payload.list[0];
}

async function boStatus(id: number, fields: Record<string, string>): Promise<BoEntry> {
  const answer = await bo<BoReport>(league.app, 'PUT', `/bo/games/${id}/status`, { form: { auth_token: token, ...fields } });
  expect(answer.statusCode, answer.raw).toBe(200);
  return answer.body.payload.list[0];
}

let deletions = 0;
const boDelete = (gameId: number, eventId: number): Promise<BoAnswer> =>
  bo(league.app, 'DELETE', `/bo/games/${gameId}/events/${eventId}`, { form: { auth_token: token, idempotency_key: `decision-delete-${++deletions}` } });

async function apiGet<T>(url: string): Promise<T> {
  const response = await league.app.inject({ method: 'GET', url });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as T;
}
interface Table {
  data: { title: string; regions: { rows: { id?: number; cells: { text?: string[] }[] }[] }[] };
}

beforeAll(async () => {
  league = await openTestLeague();
  const prisma = league.db.prisma;
  const paired = { groupId: { not: null }, homeTeamId: { not: null }, awayTeamId: { not: null } };
  const byShots = await prisma.game.findFirstOrThrow({
    where: { ...paired, status: 'FINISHED', decidedBy: 'PENALTY_SHOTS', events: { some: { type: 'GOAL', penaltyShot: false } } },
    orderBy: { id: 'asc' },
    include: { events: { where: { type: 'GOAL', penaltyShot: false }, take: 1 } },
  });
  shootout = { id: byShots.id, startsAt: byShots.startsAt, homeScore: byShots.homeScore!, awayScore: byShots.awayScore!, goalId: byShots.events[0].id };
  forfeited = (await prisma.game.findFirstOrThrow({ where: { ...paired, status: 'FORFEIT' }, orderBy: { id: 'asc' } })).id;
  scheduled = (await prisma.game.findFirstOrThrow({ where: { ...paired, status: 'SCHEDULED' }, orderBy: [{ startsAt: 'asc' }, { id: 'asc' }] })).id;
  cancelled = (await prisma.game.findFirstOrThrow({ where: { ...paired, status: 'CANCELLED' }, orderBy: { id: 'asc' } })).id;
  // Live games (their start's marker in the log), each with a goal that may be deleted while play goes on.
  const live = await prisma.game.findMany({
    where: { ...paired, status: 'LIVE', events: { some: { type: 'GAME_START' } }, AND: [{ events: { some: { type: 'GOAL', penaltyShot: false } } }] },
    orderBy: { id: 'asc' },
    take: 2,
    include: { events: { where: { type: 'GOAL', penaltyShot: false }, take: 1 } },
  });
  if (live.length < 2) throw new Error('the demo league has fewer than two live games with a goal');
  [toAbort, toForfeit] = live.map((game) => ({ id: game.id, goalId: game.events[0].id }));
  desk = await createEventKey(league.db, 'desk of decisions', [shootout.id, forfeited, scheduled, cancelled, toAbort.id, toForfeit.id]);
  token = await anlassToken(league.app, desk);
});
afterAll(async () => {
  await league?.close();
});

describe('the decision shown (decidedBy, decided_by)', () => {
  it('only a game played to the end shows how it was decided: a scheduled, cancelled, live or forfeited game shows none', async () => {
    expect(await canonical(shootout.id)).toMatchObject({ status: 'FINISHED', decidedBy: 'PENALTY_SHOTS' });
    expect(await boReport(shootout.id)).toMatchObject({ status: 'finished', decided_by: 'penalty_shots' });
    for (const [id, status] of [
      [scheduled, 'SCHEDULED'],
      [cancelled, 'CANCELLED'],
      [toAbort.id, 'LIVE'],
      [forfeited, 'FORFEIT'],
    ] as const) {
      // Before: REGULAR / "regular", the stored column's value, on games decided by no play.
      expect(await canonical(id), status).toMatchObject({ status, decidedBy: null });
      expect(await boReport(id), status).toMatchObject({ status: status.toLowerCase(), decided_by: null });
    }
  });

  it('an aborted game shows none either, and keeps the moment play stopped', async () => {
    const aborted = await boStatus(toAbort.id, { event: 'abort' });
    expect(aborted).toMatchObject({ status: 'aborted', decided_by: null, finished_at_worldtime: expect.any(String) });
    expect(await canonical(toAbort.id)).toMatchObject({ status: 'ABORTED', decidedBy: null, report: { finishedAt: expect.any(String) } });
  });
});

describe('the finish of a forfeit (finished_at_worldtime, report.finishedAt)', () => {
  it('a forfeit of a game never started finished no play: none; a forfeit during play finished it then', async () => {
    const neverPlayed = await boStatus(scheduled, { event: 'forfait', winner: 'home' });
    // Before: the moment the forfeit was written.
    expect(neverPlayed).toMatchObject({ status: 'forfeit', decided_by: null, started_at_worldtime: null, finished_at_worldtime: null });
    expect(await canonical(scheduled)).toMatchObject({ status: 'FORFEIT', decidedBy: null, report: { startedAt: null, finishedAt: null } });

    const duringPlay = await boStatus(toForfeit.id, { event: 'forfait', winner: 'away' });
    expect(duringPlay).toMatchObject({
      status: 'forfeit',
      decided_by: null,
      finished_at_worldtime: expect.any(String),
    });
    expect((await canonical(toForfeit.id)).report.finishedAt).toEqual(expect.any(String));
  });
});

describe('correcting after the end names the way out', () => {
  it('DELETE after the final whistle: undo it first (the back office’s undo, GraphQL undoStatus), on /bo and on GraphQL', async () => {
    const advice = "The game is over: undo the final whistle first (the back office's undo, GraphQL undoStatus), then correct or delete the event";
    const refused = await boDelete(shootout.id, shootout.goalId);
    expect(refused.statusCode).toBe(400);
    // Before: "its events are corrected in the back office, not live", said by the back office itself.
    expect(refused.body.status.msg).toBe(advice);
    const viaGraphQL = await graphql(
      league.app,
      DELETE_EVENT,
      { input: { gameId: shootout.id, eventId: shootout.goalId, idempotencyKey: 'decision-delete-graphql' } },
      { authorization: `Bearer ${desk.key}` },
    );
    expect(viaGraphQL.errors?.[0]?.message).toBe(advice);
    expect(await league.db.prisma.gameEvent.count({ where: { id: shootout.goalId } })).toBe(1);
  });

  it('after a forfeit during play the text names the forfeit, and its advice works: undo, then delete', async () => {
    const refused = await boDelete(toForfeit.id, toForfeit.goalId);
    expect(refused.statusCode).toBe(400);
    expect(refused.body.status.msg).toBe(
      "The game is over: undo the forfeit first (the back office's undo, GraphQL undoStatus), then correct or delete the event",
    );
    expect(await boStatus(toForfeit.id, { event: 'undo' })).toMatchObject({ status: 'live', decided_by: null, finished_at_worldtime: null });
    const deleted = await boDelete(toForfeit.id, toForfeit.goalId);
    expect(deleted.statusCode, deleted.raw).toBe(200);
    expect(deleted.body.payload).toEqual({ id: toForfeit.goalId, deleted: true });
  });
});

describe('the result text of a game decided by penalty shots', () => {
  const result = () => `${shootout.homeScore}:${shootout.awayScore} n.P.`;

  it('the summary ends its sentence with one full stop after n.P.', async () => {
    const summary = await apiGet<Table>(`/api/games/${shootout.id}/summary`);
    const paragraph = summary.data.regions[0].rows[0].cells[0].text![0];
    // Before: "… mit 3:4 n.P.." (the result's stop and the sentence's).
    expect(paragraph).toMatch(new RegExp(` mit ${result().replace(/\./g, '\\.')}$`));
    expect(summary.data.title).toContain(result());
  });

  it('mode=current marks it as the detail (and every games table: gameResult) does', async () => {
    const detail = await apiGet<Table>(`/api/games/${shootout.id}`);
    expect(detail.data.regions[0].rows[0].cells[4].text?.[0]).toBe(result());
    const day = localDay(shootout.startsAt);
    const rowOf = (table: Table) => table.data.regions.flatMap((region) => region.rows).find((row) => row.id === shootout.id);
    const current = rowOf(await apiGet<Table>(`/api/games?mode=current&on_date=${day}`));
    expect(current, `game ${shootout.id} on ${day}`).toBeDefined();
    // Before: the bare score, 3:4.
    expect(current!.cells[4].text).toEqual([result()]);
  });
});
