// The states a game reaches beyond play, over real HTTP with a 60 s response cache: a forfeit, an
// abort, a result reported as a whole, an undo that removes what was recorded since, a corrected
// final whistle and the spectators. After each, the REST tables, GraphQL and a subscriber agree.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { openTestLeague, type TestLeague } from '../support/app.js';
import { createKey } from '../support/keys.js';
import { postGraphQL, scheduledGameWithSheet, WRITE_RESULT } from '../support/live.js';
import { type SseSubscription, subscribe } from '../support/sse.js';

let league: TestLeague;
let app: FastifyInstance;
let baseUrl: string;
let federationKey: string;
let idempotency = 0;

const mutation = (name: string, input: string) => `mutation ($input: ${input}!) { ${name}(input: $input) { ${WRITE_RESULT} } }`;
const START = mutation('startGame', 'StartGameInput');
const GOAL = mutation('recordGoal', 'RecordGoalInput');
const END_PERIOD = mutation('endPeriod', 'EndPeriodInput');
const FINISH = mutation('finishGame', 'FinishGameInput');
const FORFEIT = mutation('forfeitGame', 'ForfeitGameInput');
const ABORT = mutation('abortGame', 'AbortGameInput');
const REPORT = mutation('reportResult', 'ReportResultInput');
const UNDO = mutation('undoStatus', 'UndoStatusInput');
const CORRECT_TRANSITION = mutation('correctTransition', 'CorrectTransitionInput');
const SPECTATORS = mutation('recordSpectators', 'RecordSpectatorsInput');
const GAME = `query ($id: Int!) { game(id: $id) { status homeScore awayScore decidedBy forfeitedBy spectators secondsPlayed version events { type second } } }`;
const UPDATES = `subscription ($id: Int!) { gameUpdated(id: $id) { kind version game { status homeScore awayScore } } }`;

interface GameData {
  status: string;
  homeScore: number | null;
  awayScore: number | null;
  decidedBy: string;
  forfeitedBy: string | null;
  spectators: number | null;
  secondsPlayed: number | null;
  version: number;
  events: { type: string; second: number }[];
}
interface Update {
  data: { gameUpdated: { kind: string; version: number; game: { status: string; homeScore: number | null; awayScore: number | null } } };
}

async function write(document: string, gameId: number, input: Record<string, unknown> = {}) {
  const answer = await postGraphQL<Record<string, { version: number }>>(
    baseUrl,
    document,
    { input: { gameId, idempotencyKey: `state-${++idempotency}`, ...input } },
    federationKey,
  );
  expect(answer.errors, JSON.stringify(answer.errors)).toBeUndefined();
}

async function refused(document: string, gameId: number, input: Record<string, unknown> = {}) {
  const answer = await postGraphQL(baseUrl, document, { input: { gameId, idempotencyKey: `state-${++idempotency}`, ...input } }, federationKey);
  return answer.errors?.[0];
}

const gameOf = async (id: number) => (await postGraphQL<{ game: GameData }>(baseUrl, GAME, { id })).data?.game as GameData;
const restText = async (path: string) => {
  const response = await fetch(`${baseUrl}${path}`);
  expect(response.status).toBe(200);
  return response.text();
};

/** The game's REST detail and summary, cached once before the write so that the next request proves the cache was dropped. */
async function cachedViews(gameId: number) {
  for (const path of [`/api/games/${gameId}`, `/api/games/${gameId}/summary`]) {
    await restText(path);
    expect((await fetch(`${baseUrl}${path}`)).headers.get('x-cache'), path).toBe('hit');
  }
}

beforeAll(async () => {
  league = await openTestLeague();
  federationKey = (await createKey(league.db, 'federation desk', null, ['games:write'])).key;
  app = await buildApp({ database: league.db, clock: league.clock, logLevel: 'silent', responseCacheTtlMs: 60_000 });
  baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
});

afterAll(async () => {
  await app?.close();
  await league?.close();
});

describe('a forfeit', () => {
  it("awards a scheduled game to the side that did not forfeit by the league's score, marked as a forfeit on every interface", async () => {
    const { game } = await scheduledGameWithSheet(league.db);
    await cachedViews(game.id);
    const updates = await subscribe<Update>(baseUrl, UPDATES, { id: game.id });
    // The stream begins with the game's snapshot, read once it listens: what is written next comes after it.
    expect((await updates.next()).data?.gameUpdated?.kind).toBe('SNAPSHOT');
    await write(FORFEIT, game.id, { forfeitingSide: 'AWAY' });
    expect((await updates.next()).data.gameUpdated).toMatchObject({ kind: 'FORFEITED', game: { status: 'FORFEIT', homeScore: 5, awayScore: 0 } });
    updates.close();
    expect(await gameOf(game.id)).toMatchObject({ status: 'FORFEIT', homeScore: 5, awayScore: 0, forfeitedBy: 'AWAY' });
    expect(await restText(`/api/games/${game.id}`)).toContain('5:0 Forf.');
    const summary = await restText(`/api/games/${game.id}/summary`);
    expect(summary).toContain('Das Spiel wurde forfait gewertet: 5:0.');
    expect(await restText(`/api/games/${game.id}/summary?locale=fr`)).toContain('5:0 forf.');
  });
});

describe('an abort', () => {
  it('stops a live game with the score as it stood; no result counts', async () => {
    const { game } = await scheduledGameWithSheet(league.db);
    await write(START, game.id, { outsideStartWindow: true, reason: 'played at another time (test)' });
    await write(GOAL, game.id, { side: 'HOME', second: 400 });
    await cachedViews(game.id);
    await write(ABORT, game.id, { second: 700 });
    expect(await gameOf(game.id)).toMatchObject({ status: 'ABORTED', homeScore: 1, awayScore: 0 });
    expect(await restText(`/api/games/${game.id}`)).toContain('1:0 Abbr.');
    expect(await restText(`/api/games/${game.id}/summary`)).toContain('Das Spiel wurde beim Stand von 1:0 abgebrochen.');
    expect((await refused(GOAL, game.id, { side: 'AWAY', second: 800 }))?.message).toContain('The game is over');
  });
});

describe('a result reported as a whole', () => {
  it('finishes a scheduled game straight away with its score, spectators, seconds played and the shootout', async () => {
    const { game } = await scheduledGameWithSheet(league.db);
    await cachedViews(game.id);
    await write(REPORT, game.id, { homeScore: 3, awayScore: 4, spectators: 230, secondsPlayed: 3600, penaltyShootout: true });
    expect(await gameOf(game.id)).toMatchObject({
      status: 'FINISHED',
      homeScore: 3,
      awayScore: 4,
      decidedBy: 'PENALTY_SHOTS',
      spectators: 230,
      secondsPlayed: 3600,
      events: [],
    });
    expect(await restText(`/api/games/${game.id}`)).toContain('3:4 n.P.');
    expect(await restText(`/api/games/${game.id}/summary`)).toContain('Zuschauer: 230');
  });
});

describe('an undo', () => {
  let gameId: number;
  let updates: SseSubscription<Update>;

  it('takes back the end of period 1: the game is in period 1 again, and the goal recorded in period 2 is deleted', async () => {
    ({
      game: { id: gameId },
    } = await scheduledGameWithSheet(league.db));
    await write(START, gameId, { outsideStartWindow: true, reason: 'played at another time (test)' });
    await write(GOAL, gameId, { side: 'HOME', second: 300 });
    await write(END_PERIOD, gameId);
    await write(GOAL, gameId, { side: 'AWAY', second: 1300 });
    await cachedViews(gameId);
    updates = await subscribe<Update>(baseUrl, UPDATES, { id: gameId });
    // The stream begins with the game's snapshot, read once it listens: what is written next comes after it.
    expect((await updates.next()).data?.gameUpdated?.kind).toBe('SNAPSHOT');
    await write(UNDO, gameId);
    expect((await updates.next()).data.gameUpdated).toMatchObject({ kind: 'STATUS_UNDONE', game: { status: 'LIVE', homeScore: 1, awayScore: 0 } });
    const game = await gameOf(gameId);
    expect(game).toMatchObject({ status: 'LIVE', homeScore: 1, awayScore: 0 });
    expect(game.events.map((event) => event.type)).toEqual(['GAME_START', 'PERIOD_START', 'GOAL']);
    expect(await restText(`/api/games/${gameId}`)).toContain('1:0*');
    // Play goes on in period 1.
    await write(GOAL, gameId, { side: 'AWAY', second: 900 });
    expect((await updates.next()).data.gameUpdated).toMatchObject({ kind: 'EVENT_ADDED', game: { homeScore: 1, awayScore: 1 } });
  });

  it('walks back to the schedule, one status change at a time, and then has nothing left to undo', async () => {
    await write(UNDO, gameId);
    expect(await gameOf(gameId)).toMatchObject({ status: 'SCHEDULED', homeScore: null, awayScore: null, events: [] });
    expect((await updates.next()).data.gameUpdated).toMatchObject({ kind: 'STATUS_UNDONE', game: { status: 'SCHEDULED' } });
    updates.close();
    expect((await refused(UNDO, gameId))?.message).toBe(
      'No status change of this game was recorded live: there is nothing to undo. Allowed now: start, report_result, forfait',
    );
  });

  it('takes back a forfeit and a final whistle, and corrects the second of a final whistle', async () => {
    await write(START, gameId, { outsideStartWindow: true, reason: 'played at another time (test)' });
    await write(FORFEIT, gameId, { forfeitingSide: 'HOME' });
    await write(UNDO, gameId);
    expect(await gameOf(gameId)).toMatchObject({ status: 'LIVE', homeScore: 0, awayScore: 0, forfeitedBy: null });
    await write(GOAL, gameId, { side: 'HOME', second: 100 });
    await write(END_PERIOD, gameId);
    await write(END_PERIOD, gameId);
    await write(FINISH, gameId, { decidedBy: 'REGULAR' });
    await write(CORRECT_TRANSITION, gameId, { to: 'GAME_OVER', second: 3590 });
    const finished = await gameOf(gameId);
    expect(finished).toMatchObject({ status: 'FINISHED', homeScore: 1, awayScore: 0 });
    expect(finished.events.filter((event) => event.type === 'GAME_END')).toEqual([{ type: 'GAME_END', second: 3590 }]);
    await write(SPECTATORS, gameId, { spectators: 412 });
    expect(await gameOf(gameId)).toMatchObject({ status: 'FINISHED', homeScore: 1, awayScore: 0, spectators: 412 });
    await write(UNDO, gameId);
    expect(await gameOf(gameId)).toMatchObject({ status: 'LIVE', homeScore: 1, awayScore: 0 });
    expect((await gameOf(gameId)).events.some((event) => event.type === 'GAME_END')).toBe(false);
  });
});
