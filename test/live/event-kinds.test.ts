import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { EVENT_KIND_NAMES, PLAYER_EVENT_TYPES, type PlayerEventType } from '../../src/domain/event-kinds.js';
import { openTestLeague, type TestLeague } from '../support/app.js';
import { createKey } from '../support/keys.js';
import { postGraphQL, scheduledGameWithSheet, WRITE_RESULT } from '../support/live.js';

/**
 * One of every kind the federation records, written over HTTP to a live game: on the next request
 * the REST events table, GraphQL and the players' statistics show them, by the one rule each.
 */
let league: TestLeague;
let app: FastifyInstance;
let baseUrl: string;
let key: string;
let game: Awaited<ReturnType<typeof scheduledGameWithSheet>>['game'];
let sheet: Awaited<ReturnType<typeof scheduledGameWithSheet>>['sheet'];
let seasonId: number;
let idempotency = 0;

const WORLD_TIME = '2026-11-22T15:41:07.000Z';

const mutation = (name: string, input: string) => `mutation ($input: ${input}!) { ${name}(input: $input) { ${WRITE_RESULT} } }`;
const MUTATIONS = {
  startGame: mutation('startGame', 'StartGameInput'),
  recordGoal: mutation('recordGoal', 'RecordGoalInput'),
  recordPenalty: mutation('recordPenalty', 'RecordPenaltyInput'),
  recordTimeout: mutation('recordTimeout', 'RecordTimeoutInput'),
  recordPenaltyEnd: mutation('recordPenaltyEnd', 'RecordPenaltyEndInput'),
  recordTeamEvent: mutation('recordTeamEvent', 'RecordTeamEventInput'),
  recordPlayerEvent: mutation('recordPlayerEvent', 'RecordPlayerEventInput'),
  recordMisc: mutation('recordMisc', 'RecordMiscInput'),
  recordInspection: mutation('recordInspection', 'RecordInspectionInput'),
  correctEvent: mutation('correctEvent', 'CorrectEventInput'),
  deleteEvent: mutation('deleteEvent', 'DeleteEventInput'),
};

interface WriteResult {
  eventId: number | null;
  game: { homeScore: number; awayScore: number };
}

async function write(name: keyof typeof MUTATIONS, input: Record<string, unknown>) {
  const answer = await postGraphQL<Record<string, WriteResult>>(
    baseUrl,
    MUTATIONS[name],
    { input: { gameId: game.id, idempotencyKey: `kinds-${++idempotency}`, ...input } },
    key,
  );
  return { errors: answer.errors, result: answer.data?.[name] };
}

async function recorded(name: keyof typeof MUTATIONS, input: Record<string, unknown>): Promise<WriteResult> {
  const { errors, result } = await write(name, input);
  expect(errors, `${name} ${JSON.stringify(input)}`).toBeUndefined();
  return result!;
}

const home = (index: number) => sheet.HOME[index].licenseId;
const away = (index: number) => sheet.AWAY[index].licenseId;

/**
 * Each player event of the catalogue: the player it names (of the side's sheet) and its words in the
 * events table. A player event added to the catalogue is asked for here by the compiler.
 */
const PLAYER_EVENTS = {
  BEST_PLAYER: { side: 'HOME', player: 0, text: 'Bester Spieler' },
  GOALIE_CHANGE: { side: 'AWAY', player: 2, text: 'Torhüter ausgewechselt' },
  INJURY: { side: 'AWAY', player: 3, text: 'Verletzung' },
  CROSSBAR: { side: 'HOME', player: 2, text: 'Lattenschuss' },
  POST: { side: 'HOME', player: 3, text: 'Pfostenschuss' },
  PENALTY_SHOT_MISSED: { side: 'AWAY', player: 0, text: 'Penalty verschossen' },
} as const satisfies Record<PlayerEventType, { side: 'HOME' | 'AWAY'; player: number; text: string }>;
/** The player events are recorded from 6:40 on, ten seconds apart, in the catalogue's order. */
const playerEventSecond = (index: number) => 400 + 10 * index;
/** The game clock as the events table shows it. */
const clock = (second: number) => `${String(Math.floor(second / 60)).padStart(2, '0')}:${String(second % 60).padStart(2, '0')}`;
/** The kinds of the catalogue this game does not record: a game under way has no period end, shootout or final whistle; test/live/live-writes.test.ts records own goals. */
const NOT_RECORDED_HERE: readonly string[] = ['OWN_GOAL', 'PERIOD_END', 'PENALTY_SHOOTOUT', 'GAME_END'];

async function eventsTable(): Promise<string[][]> {
  const response = await fetch(`${baseUrl}/api/game_events/${game.id}`);
  expect(response.status).toBe(200);
  const body = (await response.json()) as { data: { regions: { rows: { cells: { text?: string[] }[] }[] }[] } };
  return body.data.regions[0].rows.map((row) => row.cells.map((cell) => cell.text?.join(' ') ?? ''));
}

async function summaryPenaltiesLine(): Promise<string> {
  const response = await fetch(`${baseUrl}/api/games/${game.id}/summary`);
  const body = (await response.json()) as { data: { regions: { rows: { cells: { text: string[] }[] }[] }[] } };
  return body.data.regions[0].rows[0].cells[2].text[1];
}

interface EventFields {
  type: string;
  second: number;
  penaltyKind: string | null;
  penaltyRole: string | null;
  code: number | null;
  worldTime: string | null;
  inspectionDone: boolean | null;
  penaltyShot: boolean;
  side: string | null;
  player: { id: number } | null;
}

async function graphQLEvents(): Promise<EventFields[]> {
  const answer = await postGraphQL<{ game: { events: EventFields[] } }>(
    baseUrl,
    'query ($id: Int!) { game(id: $id) { events { type second penaltyKind penaltyRole code worldTime inspectionDone penaltyShot side player { id } } } }',
    { id: game.id },
  );
  expect(answer.errors).toBeUndefined();
  return answer.data!.game.events;
}

interface PlayerGame {
  game: { id: number };
  goals: number;
  penalties2: number;
  matchPenalties: number;
  penaltyMinutes: number;
}

/** The player's line for this game in their statistics. */
async function statisticsOf(playerId: number): Promise<PlayerGame | undefined> {
  const answer = await postGraphQL<{ player: { games: PlayerGame[] } }>(
    baseUrl,
    'query ($id: Int!, $season: Int!) { player(id: $id) { games(season: $season) { game { id } goals penalties2 matchPenalties penaltyMinutes } } }',
    { id: playerId, season: seasonId },
  );
  expect(answer.errors).toBeUndefined();
  return answer.data!.player.games.find((line) => line.game.id === game.id);
}

async function nameOf(licenseId: number): Promise<string> {
  const player = (await league.db.prisma.license.findUniqueOrThrow({ where: { id: licenseId }, include: { player: true } })).player;
  return `${player.firstName.charAt(0)}. ${player.lastName}`;
}

beforeAll(async () => {
  league = await openTestLeague();
  ({ game, sheet } = await scheduledGameWithSheet(league.db));
  seasonId = (await league.db.prisma.leagueGroup.findUniqueOrThrow({ where: { id: game.groupId! } })).seasonId;
  key = (await createKey(league.db, 'federation desk', null, ['games:write'])).key;
  // Cached answers for a minute: what the next request shows comes from the writes dropping them.
  app = await buildApp({ database: league.db, clock: league.clock, logLevel: 'silent', publicBaseUrl: 'http://test.local', responseCacheTtlMs: 60_000 });
  baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
  await recorded('startGame', {});
});

afterAll(async () => {
  await app?.close();
  await league?.close();
});

describe('every event kind the federation records', () => {
  it('is recorded live, and the events table, GraphQL and the statistics agree on the next request', async () => {
    // The compiler asks for them first (PLAYER_EVENTS satisfies its type); this names them when the test runs without it.
    expect(
      PLAYER_EVENT_TYPES.filter((kind) => !Object.hasOwn(PLAYER_EVENTS, kind)),
      'player events of the catalogue PLAYER_EVENTS has no line for',
    ).toEqual([]);
    // Read (and cache) every answer first, so that the next request must follow the writes.
    expect(await eventsTable()).toHaveLength(2);
    await graphQLEvents();
    expect(await statisticsOf(sheet.HOME[1].playerId)).toMatchObject({ penaltyMinutes: 0 });

    await recorded('recordInspection', { second: 5, done: true, worldTime: WORLD_TIME });
    await recorded('recordInspection', { second: 6, done: false });
    const goal = await recorded('recordGoal', { side: 'HOME', second: 60, scorerLicenseId: home(0), penaltyShot: true, worldTime: WORLD_TIME });
    expect(goal.game).toMatchObject({ homeScore: 1, awayScore: 0 });
    await recorded('recordPenalty', { side: 'HOME', second: 100, playerLicenseId: home(1), kind: 'MINOR_2_2', code: 501 });
    await recorded('recordPenalty', { side: 'HOME', second: 110, playerLicenseId: home(1), kind: 'MATCH_1' });
    await recorded('recordPenalty', { side: 'HOME', second: 120, playerLicenseId: home(2), kind: 'MATCH_2', role: 'ASSIST' });
    await recorded('recordPenalty', { side: 'HOME', second: 130, playerLicenseId: home(3), kind: 'MATCH_3', role: 'DEPUTY' });
    await recorded('recordPenalty', { side: 'AWAY', second: 140, playerLicenseId: away(0), kind: 'PENALTY_SHOT', role: 'OFFENDER' });
    await recorded('recordPenalty', { side: 'AWAY', second: 150, playerLicenseId: away(1), kind: 'MATCH' });
    await recorded('recordPenalty', { side: 'AWAY', second: 160, playerLicenseId: away(1), kind: 'MINOR_2', reason: 'Stockschlag' });
    await recorded('recordPenaltyEnd', { side: 'HOME', second: 220, playerLicenseId: home(1) });
    await recorded('recordTeamEvent', { side: 'AWAY', second: 300, kind: 'GOALIE_OUT' });
    await recorded('recordTeamEvent', { side: 'AWAY', second: 330, kind: 'GOALIE_BACK' });
    for (const [index, kind] of PLAYER_EVENT_TYPES.entries()) {
      const { side, player } = PLAYER_EVENTS[kind];
      const playerLicenseId = side === 'HOME' ? home(player) : away(player);
      const written = await recorded('recordPlayerEvent', { side, second: playerEventSecond(index), kind, playerLicenseId });
      expect(written.game, `${kind} scores nothing`).toMatchObject({ homeScore: 1, awayScore: 0 });
    }
    await recorded('recordMisc', { second: 500, code: 12 });
    await recorded('recordMisc', { second: 510, code: 7, side: 'AWAY', playerLicenseId: away(1) });
    await recorded('recordTimeout', { side: 'HOME', second: 600 });

    const [h0, h1, h2, h3, a0, a1] = await Promise.all([home(0), home(1), home(2), home(3), away(0), away(1)].map(nameOf));
    const [homeTeam, awayTeam] = [game.homeTeam!.name, game.awayTeam!.name];
    // The player events, latest first: 07:30 Penalty verschossen, 07:20 Pfostenschuss, … 06:40 Bester Spieler.
    const playerEventRows = await Promise.all(
      PLAYER_EVENT_TYPES.map(async (kind, index) => {
        const { side, player, text } = PLAYER_EVENTS[kind];
        const name = await nameOf(side === 'HOME' ? home(player) : away(player));
        return [clock(playerEventSecond(index)), text, side === 'HOME' ? homeTeam : awayTeam, name];
      }),
    );
    expect(await eventsTable()).toEqual([
      ['10:00', 'Timeout Heim', '', ''],
      ['08:30', 'Diverses (Code 7)', awayTeam, a1],
      ['08:20', 'Diverses (Code 12)', '', ''],
      ...playerEventRows.reverse(),
      ['05:30', 'Torhüter zurück im Tor', awayTeam, ''],
      ['05:00', 'Torhüter verlässt das Tor', awayTeam, ''],
      ['03:40', 'Strafe beendet', homeTeam, h1],
      ['02:40', "2'-Strafe (Stockschlag)", awayTeam, a1],
      ['02:30', 'Matchstrafe', awayTeam, a1],
      ['02:20', 'Penalty', awayTeam, a0],
      ['02:10', 'Matchstrafe III (Stellvertreter)', homeTeam, h3],
      ['02:00', 'Matchstrafe II (Assist)', homeTeam, h2],
      ['01:50', 'Matchstrafe I', homeTeam, h1],
      ['01:40', '2+2 Min. Strafe (Code 501)', homeTeam, h1],
      ['01:00', 'Torschütze 1:0 (Penalty)', homeTeam, h0],
      ['00:06', 'Spielerkontrolle ausgelassen', '', ''],
      ['00:05', 'Spielerkontrolle durchgeführt', '', ''],
      ['00:00', 'Beginn 1. Drittel', '', ''],
      ['00:00', 'Spielbeginn', '', ''],
    ]);

    const events = await graphQLEvents();
    const at = (second: number) => events.find((event) => event.second === second);
    expect(at(5)).toMatchObject({ type: 'PLAYER_INSPECTION', inspectionDone: true, worldTime: WORLD_TIME, side: null });
    expect(at(6)).toMatchObject({ type: 'PLAYER_INSPECTION', inspectionDone: false, worldTime: null });
    expect(at(60)).toMatchObject({ type: 'GOAL', penaltyShot: true, worldTime: WORLD_TIME, player: { id: sheet.HOME[0].playerId } });
    expect(at(100)).toMatchObject({ type: 'PENALTY', penaltyKind: 'MINOR_2_2', penaltyRole: 'OFFENDER', code: 501 });
    expect(at(120)).toMatchObject({ penaltyKind: 'MATCH_2', penaltyRole: 'ASSIST', code: null });
    expect(at(130)).toMatchObject({ penaltyKind: 'MATCH_3', penaltyRole: 'DEPUTY' });
    expect(at(140)).toMatchObject({ penaltyKind: 'PENALTY_SHOT', penaltyRole: 'OFFENDER' });
    expect(at(220)).toMatchObject({ type: 'PENALTY_END', penaltyRole: null, player: { id: sheet.HOME[1].playerId } });
    expect(at(330)).toMatchObject({ type: 'GOALIE_BACK', side: 'AWAY', player: null });
    expect(at(510)).toMatchObject({ type: 'MISC', code: 7, side: 'AWAY', player: { id: sheet.AWAY[1].playerId } });
    // Every kind of the catalogue, a new one included, but those a game under way does not have.
    const types = new Set(events.map((event) => event.type));
    expect(
      EVENT_KIND_NAMES.filter((kind) => !types.has(kind) && !NOT_RECORDED_HERE.includes(kind)),
      'kinds of the catalogue this game does not record',
    ).toEqual([]);

    // Penalty minutes by the one rule: 2+2' = 4 and 25 for every match penalty grade; an assist's or a deputy's penalty is not theirs.
    expect(await statisticsOf(sheet.HOME[1].playerId)).toMatchObject({ penalties2: 2, matchPenalties: 1, penaltyMinutes: 29 });
    expect(await statisticsOf(sheet.HOME[2].playerId)).toMatchObject({ matchPenalties: 0, penaltyMinutes: 0 });
    expect(await statisticsOf(sheet.HOME[3].playerId)).toMatchObject({ matchPenalties: 0, penaltyMinutes: 0 });
    expect(await statisticsOf(sheet.AWAY[0].playerId)).toMatchObject({ goals: 0, penaltyMinutes: 0 });
    expect(await statisticsOf(sheet.AWAY[1].playerId)).toMatchObject({ penalties2: 1, matchPenalties: 1, penaltyMinutes: 27 });
    expect(await statisticsOf(sheet.HOME[0].playerId)).toMatchObject({ goals: 1, penaltyMinutes: 0 });
    // A team's total counts every penalty it served: 4 + 25 + 25 + 25 at home, 0 + 25 + 2 away.
    expect(await summaryPenaltiesLine()).toBe(`Strafen: ${homeTeam} 79', ${awayTeam} 27'`);
  });

  it('corrects and deletes the new kinds, and refuses what their rules refuse, on the next request', async () => {
    const events = await league.db.prisma.gameEvent.findMany({ where: { gameId: game.id } });
    const misc = events.find((event) => event.type === 'MISC' && event.code === 12)!;
    const crossbar = events.find((event) => event.type === 'CROSSBAR')!;
    const assist = events.find((event) => event.type === 'PENALTY' && event.penaltyRole === 'ASSIST')!;
    await recorded('correctEvent', { eventId: misc.id, code: 13, worldTime: WORLD_TIME });
    await recorded('deleteEvent', { eventId: crossbar.id });
    await recorded('correctEvent', { eventId: assist.id, penaltyRole: 'OFFENDER' });
    const rows = await eventsTable();
    expect(rows).toContainEqual(['08:20', 'Diverses (Code 13)', '', '']);
    expect(rows.some((row) => row[1] === 'Lattenschuss')).toBe(false);
    expect(rows).toContainEqual(['02:00', 'Matchstrafe II', game.homeTeam!.name, await nameOf(home(2))]);
    expect(await statisticsOf(sheet.HOME[2].playerId)).toMatchObject({ matchPenalties: 1, penaltyMinutes: 25 });

    for (const [name, input, message] of [
      ['recordTeamEvent', { side: 'HOME', second: 700, kind: 'GOALIE_BACK' }, "The home team's goalie is not out of the goal"],
      ['recordPenaltyEnd', { side: 'AWAY', second: 700, playerLicenseId: away(2) }, 'without a penalty before it'],
      ['recordMisc', { second: 700, code: 1000 }, 'code must be a whole number from 0 to 999'],
      ['recordPenalty', { side: 'HOME', second: 700, kind: 'MINOR_2', code: 1000 }, 'from 0 to 999'],
      ['recordPlayerEvent', { side: 'HOME', second: 700, kind: 'INJURY', playerLicenseId: away(0) }, "not on the home team's game sheet"],
      ['deleteEvent', { eventId: events.find((event) => event.type === 'GOALIE_OUT')!.id }, 'is not out of the goal'],
    ] as const) {
      const refused = await write(name, input);
      expect(refused.errors?.[0].message, name).toContain(message);
      expect(refused.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    }
    // The database keeps the federation's bounds too.
    await expect(league.db.prisma.gameEvent.update({ where: { id: misc.id }, data: { code: 1000 } })).rejects.toThrow();
  });
});
