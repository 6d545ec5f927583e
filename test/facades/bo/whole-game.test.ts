// A whole game reported through /bo over a real socket, as an event desk's tablet does it: log in,
// both sheets, an event of every category, three thirds, the prolongation and the final whistle;
// then the same result everywhere on the next request. Plus a forfeit, an undo and a corrected
// final whistle.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/app.js';
import { CATEGORIES, CATEGORY_IDS } from '../../../src/facades/bo/categories.js';
import { openTestLeague, type TestLeague } from '../../support/app.js';
import { createEventKey, eligibleSheet, gameTime, scheduledGames } from '../../support/bo.js';
import { createKey } from '../../support/keys.js';
import { postGraphQL } from '../../support/live.js';
import { subscribe } from '../../support/sse.js';

let league: TestLeague;
let app: FastifyInstance;
let baseUrl: string;
let readerKey: string;
type Game = Awaited<ReturnType<typeof scheduledGames>>[number];
let game: Game;
let forfeitGame: Game;
let undoGame: Game;

interface Answer<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  body: { status: { code: number; msg: string }; payload: T };
}

/** A /bo request over the socket: a form body as a browser or curl sends it, or JSON. */
async function call<T = Record<string, unknown>>(method: string, path: string, body: { form?: Record<string, string | number>; json?: unknown } = {}) {
  const init: RequestInit = { method };
  if (body.json !== undefined) {
    init.headers = { 'content-type': 'application/json' };
    init.body = JSON.stringify(body.json);
  } else if (body.form !== undefined) {
    init.body = new URLSearchParams(Object.entries(body.form).map(([name, value]) => [name, String(value)]));
  }
  const response = await fetch(`${baseUrl}${path}`, init);
  return { status: response.status, headers: response.headers, body: (await response.json()) as Answer<T>['body'] };
}

function ok<T>(answer: Answer<T>): T {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expect(answer.body.status).toEqual({ code: 0, msg: 'ok' });
  return answer.body.payload;
}

async function login(gameIds: number[]): Promise<string> {
  const desk = await createEventKey(league.db, `desk ${gameIds.join(',')}`, gameIds);
  return ok(await call<{ auth_token: string }>('POST', '/bo/session/auth_anlass', { form: { anlass_id: desk.id, password: desk.key } })).auth_token;
}

interface ReportEntry {
  id: number;
  status: string;
  phase: string | null;
  home_score: number | null;
  away_score: number | null;
  decided_by: string | null;
  forfeited_by: string | null;
  total_seconds_played: number;
  started_at_worldtime: string | null;
  finished_at_worldtime: string | null;
  prolongation_played: boolean;
  penalty_shootout_played: boolean;
  player_inspection_ordered: boolean;
  version: number;
  events: number[];
  positions: number[];
}
interface Report {
  list: ReportEntry[];
  references: { events: Record<string, { id: number; category_id: number; team_id: number | null; player_id: number | null; second: number }> };
}

beforeAll(async () => {
  league = await openTestLeague();
  [game, forfeitGame, undoGame] = await scheduledGames(league.db, 3);
  readerKey = (await createKey(league.db, 'club website')).key;
  app = await buildApp({
    database: league.db,
    clock: league.clock,
    logLevel: 'silent',
    publicBaseUrl: 'http://test.local',
    responseCacheTtlMs: 60_000,
    graphql: { timeoutMs: 60_000 },
  });
  baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  await app?.close();
  await league?.close();
});

describe('a whole game through /bo', () => {
  let token: string;
  let home: Awaited<ReturnType<typeof eligibleSheet>>;
  let away: Awaited<ReturnType<typeof eligibleSheet>>;
  const report = async () => ok(await call<Report>('GET', `/bo/games/${game.id}?set=game_report&auth_token=${token}`));
  const status = (event: string, extra: Record<string, string | number> = {}) =>
    call<Report>('PUT', `/bo/games/${game.id}/status`, { json: { auth_token: token, event, ...extra } });
  const post = (second: number, categoryId: number, fields: Record<string, string | number> = {}) =>
    call<{ id: number; category_id: number }>('POST', `/bo/games/${game.id}/events`, {
      form: {
        auth_token: token,
        time: gameTime(second),
        world_time: new Date(Date.UTC(2026, 10, 22, 17, 0, second % 60)).toISOString(),
        category_id: categoryId,
        ...fields,
      },
    });
  /** What the desk sent for each event recorded, by the event's id. */
  const recorded = new Map<number, Record<string, string | number>>();
  const byHome = (index: number) => ({ team_id: game.homeTeamId!, player_id: home[index].playerId });
  const byAway = (index: number) => ({ team_id: game.awayTeamId!, player_id: away[index].playerId });

  beforeAll(async () => {
    token = await login([game.id]);
    home = await eligibleSheet(league.db, game.id, game.homeTeamId!, 9);
    away = await eligibleSheet(league.db, game.id, game.awayTeamId!, 9);
  });

  it('writes both sheets: positions by license with a goalkeeper and a captain, and bare player_ids', async () => {
    const positions = home.map((candidate, index) => ({
      license_id: candidate.licenseId,
      number: index + 1,
      ...(index === 0 ? { goalkeeper: 'yes' } : { position: 'forward' }),
      ...(index === 1 ? { captain: 'yes' } : {}),
    }));
    const homeSheet = ok(
      await call<{ positions: { goalkeeper: boolean; captain: boolean }[] }>('PUT', `/bo/games/${game.id}/lineups/${game.homeTeamId!}`, {
        json: { auth_token: token, positions },
      }),
    );
    expect(homeSheet.positions).toHaveLength(9);
    expect(homeSheet.positions.filter((line) => line.goalkeeper)).toHaveLength(1);
    expect(homeSheet.positions.filter((line) => line.captain)).toHaveLength(1);
    const awaySheet = ok(
      await call<{ positions: { player_id: number; position: string | null; goalkeeper: boolean }[] }>(
        'PUT',
        `/bo/games/${game.id}/lineups/${game.awayTeamId!}`,
        { form: { auth_token: token, player_ids: away.map((c) => c.playerId).join(',') } },
      ),
    );
    expect(awaySheet.positions).toHaveLength(9);
    expect((await report()).list[0].positions).toHaveLength(18);
    // Bare player_ids name no positions: each line takes the player's known one (the lineup candidates'), a goalkeeper's goal.
    const known = new Map(away.map((c) => [c.playerId, c.position?.toLowerCase() ?? null]));
    expect(new Map(awaySheet.positions.map((line) => [line.player_id, line.position]))).toEqual(known);
    expect(awaySheet.positions.filter((line) => line.position !== null && line.position !== 'goalkeeper').length).toBeGreaterThan(0);
    expect(awaySheet.positions.find((line) => line.player_id === away[0].playerId)).toMatchObject({ position: 'goalkeeper', goalkeeper: true });
    // The REST lineup shows them.
    const lineup = (await (await fetch(`${baseUrl}/api/games/${game.id}/teams/1/players`)).json()) as {
      data: { regions: { rows: { cells: { text?: string[]; link?: { ids: number[] } }[] }[] }[] };
    };
    const shownPositions = new Map(lineup.data.regions[0].rows.map((row) => [row.cells[2].link?.ids[0], row.cells[1].text?.[0] ?? '']));
    for (const candidate of away) expect(shownPositions.get(candidate.playerId) !== '', `player ${candidate.playerId}`).toBe(candidate.position !== null);
  });

  it('records an event of every category through three thirds and the prolongation, then the final whistle', async () => {
    const entry = ok(await status('start')).list[0];
    expect(entry).toMatchObject({ status: 'live', phase: 'third1', home_score: 0, away_score: 0 });

    // Each: the game second, the category, its fields. Penalty ends follow the player's penalty, the goalie comes back after leaving, one timeout per team.
    const firstThird: [number, number, Record<string, string | number>][] = [
      [0, 165, {}],
      [30, 166, {}],
      [120, 1, { ...byHome(1), assister_id: home[2].playerId }], // 1:0
      [180, 164, byAway(1)], // 1:1
      [240, 29, byHome(3)], // 2:1
      [300, 3, { ...byHome(4), code: 501 }],
      [360, 151, byHome(4)],
      [420, 4, byAway(2)],
      [480, 5, byHome(5)],
      [540, 9, byAway(3)],
      [600, 49, byHome(1)],
      [660, 10, { team_id: game.homeTeamId! }],
      [720, 11, { team_id: game.awayTeamId! }],
      [780, 15, { team_id: game.homeTeamId! }],
      [840, 16, { team_id: game.homeTeamId! }],
      [900, 12, byHome(2)],
      [930, 13, byAway(0)],
      [960, 14, byHome(6)],
      [990, 17, byAway(4)],
      [1020, 18, byHome(3)],
      [1050, 19, byAway(5)],
      [1080, 39, { ...byHome(1), code: 123 }],
    ];
    const secondThird: [number, number, Record<string, string | number>][] = [
      [1260, 6, byHome(6)],
      [1320, 7, byAway(6)],
      [1380, 8, byHome(7)],
      [1440, 167, byAway(7)],
      [1500, 153, byHome(8)],
      [1530, 154, byAway(8)],
      [1560, 155, byHome(2)],
      [1590, 156, byAway(2)],
      [1620, 157, byHome(3)],
      [1650, 158, byAway(3)],
      [1800, 161, { player_id: home[5].playerId }],
      [1860, 162, byAway(5)],
      [1920, 20, byAway(2)], // an away player's own goal: 3:1
    ];
    const thirdThird: [number, number, Record<string, string | number>][] = [
      [2500, 1, byAway(1)], // 3:2
      [3000, 1, { ...byAway(4), assister_id: away[5].playerId }], // 3:3
    ];
    const sent: number[] = [];
    for (const [third, events] of [firstThird, secondThird, thirdThird].entries()) {
      for (const [second, categoryId, fields] of events) {
        const answer = await post(second, categoryId, fields);
        expect(answer.status, `category ${categoryId}: ${JSON.stringify(answer.body)}`).toBe(200);
        // The event comes back as the desk sent it: its category (29 stays 29), team and players (an own goal keeps its scorer).
        expect(answer.body.payload, `category ${categoryId}`).toMatchObject({ category_id: categoryId, ...fields });
        recorded.set(answer.body.payload.id, { category_id: categoryId, ...fields });
        sent.push(categoryId);
      }
      const ended = ok(await status('end_third')).list[0];
      expect(ended.phase).toBe(['third2', 'third3', 'prolongation'][third]);
    }
    expect(ok(await status('start_third')).list[0].phase).toBe('prolongation');
    const goldenGoal = await post(3720, 1, { ...byHome(1), assister_id: home[2].playerId }); // 4:3
    expect(goldenGoal.status).toBe(200);
    // Every category of the catalogue (src/domain/event-kinds.ts) once, a goal (1) twice more: a category added there is named here until the game sends it.
    expect(
      CATEGORY_IDS.filter((id) => !sent.includes(id)).map((id) => `${id} (${CATEGORIES.get(id)?.type})`),
      'categories of the catalogue this game does not send',
    ).toEqual([]);
    expect(sent.sort((a, b) => a - b)).toEqual([1, 1, ...CATEGORY_IDS].sort((a, b) => a - b));
  });

  it('shows the events with their categories and the report’s facts', async () => {
    const { list, references } = await report();
    const entry = list[0];
    expect(entry).toMatchObject({
      status: 'live',
      phase: 'prolongation',
      home_score: 4,
      away_score: 3,
      player_inspection_ordered: true,
      prolongation_played: true,
    });
    const shown = entry.events.map((id) => references.events[String(id)].category_id).sort((a, b) => a - b);
    // A penalty shot that went in is shown as it was sent: 164 or 29.
    // Every category, and the three goals more (the golden goal among them).
    expect(shown).toEqual([1, 1, 1, ...CATEGORY_IDS].sort((a, b) => a - b));
    // Read again, every event is what the desk sent.
    for (const [id, fields] of recorded) expect(references.events[String(id)], `event ${id}`).toMatchObject(fields);
    const deputy = Object.values(references.events).find((event) => event.category_id === 161);
    expect(deputy).toMatchObject({ team_id: game.homeTeamId!, player_id: home[5].playerId, second: 1800 });
  });

  it('GraphQL shows the own goal with the player who scored it, counting for the other side, and which penalty-shot category was sent', async () => {
    const canonical = await postGraphQL<{
      game: {
        homeScore: number;
        awayScore: number;
        events: {
          second: number;
          type: string;
          side: string;
          penaltyShot: boolean;
          code: number | null;
          team: { id: number } | null;
          player: { id: number } | null;
        }[];
      };
    }>(baseUrl, 'query ($id: Int!) { game(id: $id) { homeScore awayScore events { second type side penaltyShot code team { id } player { id } } } }', {
      id: game.id,
    });
    const at = (second: number) => canonical.data?.game.events.find((event) => event.second === second);
    // An away player's own goal counts for home.
    expect(at(1920)).toMatchObject({ type: 'OWN_GOAL', side: 'HOME', team: { id: game.homeTeamId! }, player: { id: away[2].playerId } });
    expect(at(180)).toMatchObject({ type: 'GOAL', penaltyShot: true, code: 164, side: 'AWAY', player: { id: away[1].playerId } });
    expect(at(240)).toMatchObject({ type: 'GOAL', penaltyShot: true, code: 29, side: 'HOME', player: { id: home[3].playerId } });
    expect(canonical.data?.game).toMatchObject({ homeScore: 4, awayScore: 3 });
  });

  it('after game_over, /bo, GraphQL, /api and /api/v3 show the same score on the next request, and a subscriber gets the final version', async () => {
    const detail = `${baseUrl}/api/games/${game.id}`;
    const resultCell = async () => {
      const response = await fetch(detail);
      const body = (await response.json()) as { data: { regions: { rows: { cells: { text: string[] }[] }[] }[] } };
      return { cache: response.headers.get('x-cache'), result: body.data.regions[0].rows[0].cells[4].text[0] };
    };
    expect((await resultCell()).result).toBe('4:3*');
    expect((await resultCell()).cache).toBe('hit');
    const subscription = await subscribe<{
      data?: { gameUpdated: { kind: string; version: number; game: { status: string; homeScore: number; awayScore: number } } };
    }>(baseUrl, 'subscription ($id: Int!) { gameUpdated(id: $id) { kind version game { status homeScore awayScore } } }', { id: game.id });
    let version: number;
    try {
      expect(subscription.status).toBe(200);
      // The opening ping is sent once the subscription listens.
      // The stream begins with the game's snapshot, read once it listens: what is written next comes after it.
      expect((await subscription.next()).data?.gameUpdated?.kind).toBe('SNAPSHOT');
      const over = ok(await status('game_over')).list[0];
      expect(over).toMatchObject({
        status: 'finished',
        decided_by: 'overtime',
        home_score: 4,
        away_score: 3,
        prolongation_played: true,
        penalty_shootout_played: false,
      });
      expect(over.finished_at_worldtime).toEqual(expect.any(String));
      expect(over.started_at_worldtime).toEqual(expect.any(String));
      expect(over.total_seconds_played).toBe(3720);
      version = over.version;

      const pushed = (await subscription.next()).data?.gameUpdated;
      expect(pushed).toMatchObject({ game: { status: 'FINISHED', homeScore: 4, awayScore: 3 }, version });
    } finally {
      subscription.close();
    }

    const canonical = await postGraphQL<{ game: { status: string; homeScore: number; awayScore: number; version: number; events: { id: number }[] } }>(
      baseUrl,
      'query ($id: Int!) { game(id: $id) { status homeScore awayScore version events { id } } }',
      { id: game.id },
    );
    expect(canonical.data?.game).toMatchObject({ status: 'FINISHED', homeScore: 4, awayScore: 3, version });
    const shownIds = (await report()).list[0].events;
    expect(canonical.data?.game.events.map((event) => event.id)).toEqual(expect.arrayContaining(shownIds));

    const fresh = await resultCell();
    expect(fresh.cache).not.toBe('hit');
    expect(fresh.result).toMatch(/^4:3 \S/); // decided in overtime: marked
    const v3 = await fetch(`${baseUrl}/api/v3/games/${game.id}`, { headers: { authorization: `Bearer ${readerKey}` } });
    expect(((await v3.json()) as { data: { attributes: Record<string, unknown> } }).data.attributes).toMatchObject({
      status: 'finished',
      home_score: 4,
      away_score: 3,
    });
  });

  it('a corrected final whistle second shows in the report', async () => {
    const corrected = ok(
      await call<Report>('PUT', `/bo/games/${game.id}/status/history/transitions`, { form: { auth_token: token, to: 'game_over', second: 3750 } }),
    ).list[0];
    expect(corrected).toMatchObject({ status: 'finished', total_seconds_played: 3750, home_score: 4, away_score: 3 });
    expect((await report()).list[0].total_seconds_played).toBe(3750);
    const early = await call('PUT', `/bo/games/${game.id}/status/history/transitions`, { form: { auth_token: token, to: 'game_over', second: 3700 } });
    expect(early.status).toBe(400);
    expect(early.body.status.msg).toMatch(/from the last event there \(second 3720\)/);
  });
});

describe('a forfeit through /bo', () => {
  it('forfait with winner home: status forfeit, the league’s forfeit score for the home team', async () => {
    const token = await login([forfeitGame.id]);
    const entry = ok(await call<Report>('PUT', `/bo/games/${forfeitGame.id}/status`, { form: { auth_token: token, event: 'forfait', winner: 'home' } }))
      .list[0];
    // Forfeited before the start: no play ended, so no finish, and no decision by play.
    expect(entry).toMatchObject({ status: 'forfeit', home_score: 5, away_score: 0, forfeited_by: 'away', decided_by: null, finished_at_worldtime: null });
    const canonical = await postGraphQL<{ game: { status: string; homeScore: number; awayScore: number } }>(
      baseUrl,
      'query ($id: Int!) { game(id: $id) { status homeScore awayScore } }',
      {
        id: forfeitGame.id,
      },
    );
    expect(canonical.data?.game).toEqual({ status: 'FORFEIT', homeScore: 5, awayScore: 0 });
  });
});

describe('undo through /bo (the documentation’s scenario)', () => {
  it('a goal recorded after a third began is deleted by undoing that status change; the game is in the first third again', async () => {
    const token = await login([undoGame.id]);
    const sheet = await eligibleSheet(league.db, undoGame.id, undoGame.homeTeamId!);
    ok(
      await call('PUT', `/bo/games/${undoGame.id}/lineups/${undoGame.homeTeamId!}`, {
        form: { auth_token: token, license_ids: sheet.map((c) => c.licenseId).join(',') },
      }),
    );
    const status = (event: string) => call<Report>('PUT', `/bo/games/${undoGame.id}/status`, { json: { auth_token: token, event } });
    ok(await status('start'));
    const kept = ok(
      await call<{ id: number }>('POST', `/bo/games/${undoGame.id}/events`, {
        form: { auth_token: token, time: '0:05:00', category_id: 1, team_id: undoGame.homeTeamId! },
      }),
    );
    // The documentation's step 2: start_third in the first third puts the game in the second.
    expect(ok(await status('start_third')).list[0].phase).toBe('third2');
    const goal = ok(
      await call<{ id: number }>('POST', `/bo/games/${undoGame.id}/events`, {
        form: { auth_token: token, time: '0:25:00', category_id: 1, team_id: undoGame.homeTeamId!, player_id: sheet[1].playerId },
      }),
    );
    expect(ok(await call<Report>('GET', `/bo/games/${undoGame.id}?auth_token=${token}`)).list[0]).toMatchObject({ home_score: 2, away_score: 0 });
    const undone = ok(await status('undo')).list[0];
    expect(undone).toMatchObject({ status: 'live', phase: 'third1', home_score: 1, away_score: 0 });
    expect(undone.events).toContain(kept.id);
    expect(undone.events).not.toContain(goal.id);
    expect(await league.db.prisma.gameEvent.count({ where: { id: goal.id } })).toBe(0);
  });
});
