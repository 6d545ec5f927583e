// Each league's game format and the start window, played over real HTTP: a start far from the
// schedule is refused unless a federation key says otherwise; a tie stands only where the league
// allows a draw, and then counts in the standings on every interface.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { DEFAULT_START_WINDOW } from '../../src/domain/live-game.js';
import { openTestLeague, TEST_NOW, type TestLeague } from '../support/app.js';
import { createKey } from '../support/keys.js';
import { postGraphQL, scheduledGameWithSheet, WRITE_RESULT } from '../support/live.js';

let league: TestLeague;
let app: FastifyInstance;
let baseUrl: string;
let federationKey: string;
let idempotency = 0;

const START = `mutation ($input: StartGameInput!) { startGame(input: $input) { ${WRITE_RESULT} } }`;
const GOAL = `mutation ($input: RecordGoalInput!) { recordGoal(input: $input) { ${WRITE_RESULT} } }`;
const END_PERIOD = `mutation ($input: EndPeriodInput!) { endPeriod(input: $input) { ${WRITE_RESULT} } }`;
const FINISH = `mutation ($input: FinishGameInput!) { finishGame(input: $input) { ${WRITE_RESULT} } }`;
const STANDINGS = `query ($id: Int!) { leagueGroup(id: $id) { format { drawAllowed phases } standings { teamId games draws points goalsFor } } }`;

interface Written {
  game: { status: string; homeScore: number; awayScore: number };
}

async function write(document: string, gameId: number, input: Record<string, unknown>, key = federationKey) {
  const answer = await postGraphQL<Record<string, Written>>(baseUrl, document, { input: { gameId, idempotencyKey: `format-${++idempotency}`, ...input } }, key);
  return { errors: answer.errors, result: answer.data ? Object.values(answer.data)[0] : undefined };
}

/** A scheduled game with a sheet, moved to `minutesFromNow` after the test clock's now. */
async function gameScheduledIn(minutesFromNow: number) {
  const { game } = await scheduledGameWithSheet(league.db);
  const startsAt = new Date(TEST_NOW.getTime() + minutesFromNow * 60_000);
  await league.db.prisma.game.update({ where: { id: game.id }, data: { startsAt } });
  return game;
}

beforeAll(async () => {
  league = await openTestLeague();
  federationKey = (await createKey(league.db, 'federation desk', null, ['games:write'])).key;
  app = await buildApp({ database: league.db, clock: league.clock, logLevel: 'silent', gameStartWindow: DEFAULT_START_WINDOW });
  baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
});

afterAll(async () => {
  await app?.close();
  await league?.close();
});

describe('the start window', () => {
  it('refuses a start three days before the schedule; a club key may not override it, a federation key may; the game then stays scheduled or goes live', async () => {
    const game = await gameScheduledIn(3 * 24 * 60);
    const clubKey = (await createKey(league.db, 'home desk', game.homeTeam!.clubId, ['games:write'])).key;
    const early = await write(START, game.id, {}, clubKey);
    expect(early.errors?.[0]).toMatchObject({
      message: expect.stringContaining('it can be started from 60 minutes before to 240 minutes after that'),
      extensions: { code: 'BAD_USER_INPUT' },
    });
    const clubOverride = await write(START, game.id, { outsideStartWindow: true, reason: 'played at another time (test)' }, clubKey);
    expect(clubOverride.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect((await league.db.prisma.game.findUniqueOrThrow({ where: { id: game.id } })).status).toBe('SCHEDULED');
    const federation = await write(START, game.id, { outsideStartWindow: true, reason: 'played at another time (test)' });
    expect(federation.errors).toBeUndefined();
    expect(federation.result?.game.status).toBe('LIVE');
  });

  it('lets the home club start its game half an hour before the schedule', async () => {
    const game = await gameScheduledIn(30);
    const clubKey = (await createKey(league.db, 'home desk 2', game.homeTeam!.clubId, ['games:write'])).key;
    const started = await write(START, game.id, {}, clubKey);
    expect(started.errors).toBeUndefined();
    expect(started.result?.game.status).toBe('LIVE');
  });
});

describe('a tie', () => {
  /** Starts the game, scores 1:1 and plays to the end of the last regular period. */
  async function tiedAfterRegulation(gameId: number) {
    expect((await write(START, gameId, { outsideStartWindow: true, reason: 'played at another time (test)' })).errors).toBeUndefined();
    expect((await write(GOAL, gameId, { side: 'HOME', second: 300 })).errors).toBeUndefined();
    expect((await write(GOAL, gameId, { side: 'AWAY', second: 600 })).errors).toBeUndefined();
    for (let period = 1; period < 3; period++) expect((await write(END_PERIOD, gameId, {})).errors).toBeUndefined();
  }

  it('cannot be finished as a regular result in a league that lets no draw stand: it goes on to overtime', async () => {
    const game = await gameScheduledIn(0);
    await tiedAfterRegulation(game.id);
    const finished = await write(FINISH, game.id, { decidedBy: 'REGULAR' });
    expect(finished.errors?.[0].message).toBe(
      'The score is tied and this league lets no draw stand: end the period to go on to overtime or penalty shots. ' +
        'Allowed now: start_third, end_third, report_result, forfait, abort, undo',
    );
    expect((await write(END_PERIOD, game.id, {})).result?.game.status).toBe('LIVE');
  });

  it("stands as a draw where the league allows one, counted in the group's standings on the next request", async () => {
    const game = await gameScheduledIn(0);
    const groupId = game.groupId ?? 0;
    await league.db.prisma.leagueGroup.update({ where: { id: groupId }, data: { drawAllowed: true } });
    const before = await postGraphQL<{ leagueGroup: { standings: { teamId: number; games: number; draws: number; points: number }[] } }>(baseUrl, STANDINGS, {
      id: groupId,
    });
    const rowOf = (rows: { teamId: number; games: number; draws: number; points: number }[], teamId: number) => rows.find((row) => row.teamId === teamId);
    const homeBefore = rowOf(before.data?.leagueGroup.standings ?? [], game.homeTeamId!);
    await tiedAfterRegulation(game.id);
    // A league with draws plays no overtime: the last period's end is the final whistle's business.
    expect((await write(END_PERIOD, game.id, {})).errors?.[0].message).toContain('lets a draw stand: finish it');
    const finished = await write(FINISH, game.id, { decidedBy: 'REGULAR' });
    expect(finished.errors).toBeUndefined();
    expect(finished.result?.game).toMatchObject({ status: 'FINISHED', homeScore: 1, awayScore: 1 });

    const after = await postGraphQL<{
      leagueGroup: { format: { drawAllowed: boolean; phases: string[] }; standings: { teamId: number; games: number; draws: number; points: number }[] };
    }>(baseUrl, STANDINGS, { id: groupId });
    expect(after.data?.leagueGroup.format).toEqual({ drawAllowed: true, phases: ['third1', 'third2', 'third3'] });
    const homeAfter = rowOf(after.data?.leagueGroup.standings ?? [], game.homeTeamId!);
    expect(homeAfter).toMatchObject({ games: (homeBefore?.games ?? 0) + 1, draws: (homeBefore?.draws ?? 0) + 1, points: (homeBefore?.points ?? 0) + 1 });
    expect(rowOf(after.data?.leagueGroup.standings ?? [], game.awayTeamId!)?.draws).toBeGreaterThanOrEqual(1);
  });
});
