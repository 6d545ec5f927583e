import type { FastifyInstance } from 'fastify';
import { type ExecutionResult, parse, subscribe as subscribeInProcess } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { anonymousCaller } from '../../src/auth/caller.js';
import { type ChangeFeed, createLocalChangeFeed } from '../../src/live/changes.js';
import { LiveUpdates } from '../../src/live/updates.js';
import { createContext } from '../../src/schema/context.js';
import { getSchema } from '../../src/schema/index.js';
import { gameUpdatesExecuted } from '../../src/schema/live-subscriptions.js';
import { countQueries, openTestLeague, type TestLeague } from '../support/app.js';
import { createKey } from '../support/keys.js';
import { postGraphQL, scheduledGameWithSheet, WRITE_RESULT } from '../support/live.js';
import { type SseSubscription, subscribe } from '../support/sse.js';

let league: TestLeague;
let feed: ChangeFeed;
let app: FastifyInstance;
let baseUrl: string;
let key: string;
let game: Awaited<ReturnType<typeof scheduledGameWithSheet>>['game'];
let writes = 0;

const START = `mutation ($input: StartGameInput!) { startGame(input: $input) { ${WRITE_RESULT} } }`;
const GOAL = `mutation ($input: RecordGoalInput!) { recordGoal(input: $input) { ${WRITE_RESULT} } }`;
/** What a scoreboard app asks: the game with its teams, and the event with its player. */
const GAME_UPDATED =
  'subscription ($id: Int!) { gameUpdated(id: $id) { kind version game { id status homeScore awayScore homeTeam { name } awayTeam { name } } event { type second player { id } } } }';

interface Update {
  data?: { gameUpdated?: { kind: string; version: number; game: { homeScore: number; awayScore: number; homeTeam: { name: string } } } } | null;
  errors?: { message: string; extensions?: { code?: string } }[];
}

async function write(document: string, input: Record<string, unknown> = {}): Promise<number> {
  const answer = await postGraphQL<Record<string, { version: number }>>(
    baseUrl,
    document,
    { input: { gameId: game.id, idempotencyKey: `arena-${++writes}`, ...input } },
    key,
  );
  expect(answer.errors).toBeUndefined();
  return Object.values(answer.data ?? {})[0].version;
}

const goal = (second: number) => write(GOAL, { side: second % 2 === 0 ? 'HOME' : 'AWAY', second });

async function subscribeAll(count: number, base = baseUrl, document = GAME_UPDATED): Promise<SseSubscription<Update>[]> {
  const subscriptions = await Promise.all(Array.from({ length: count }, () => subscribe<Update>(base, document, { id: game.id })));
  expect(subscriptions.map((subscription) => subscription.status)).toEqual(subscriptions.map(() => 200));
  // Each stream begins with the game's snapshot; from then on it receives every change.
  for (const subscription of subscriptions) expect((await subscription.next(20_000)).data?.gameUpdated?.kind).toBe('SNAPSHOT');
  return subscriptions;
}

/** A subscription's raw SSE text until the server ends the stream. */
async function untilStreamEnds(response: Response): Promise<string> {
  return response.text();
}

function openRaw(base: string): Promise<Response> {
  return fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { accept: 'text/event-stream', 'content-type': 'application/json' },
    body: JSON.stringify({ query: GAME_UPDATED, variables: { id: game.id } }),
  });
}

beforeAll(async () => {
  league = await openTestLeague();
  ({ game } = await scheduledGameWithSheet(league.db));
  key = (await createKey(league.db, 'arena desk', null, ['games:write'])).key;
  feed = createLocalChangeFeed();
  // One client address holds the whole arena here; the per-client cap is the other tests' concern.
  app = await buildApp({
    database: league.db,
    clock: league.clock,
    logLevel: 'silent',
    publicBaseUrl: 'http://test.local',
    changes: feed,
    subscriptionsPerClient: 1000,
    graphql: { timeoutMs: 60_000 },
  });
  baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
  await write(START);
});

afterAll(async () => {
  await app?.close();
  await feed?.close();
  await league?.close();
});

describe('a full arena of subscribers of one game', () => {
  it('answers one write to 30 subscribers with as many SQL statements as to one: they share the loads of the change', async () => {
    const statementsFor = async (subscriptions: SseSubscription<Update>[], second: number) =>
      countQueries(league.db, async () => {
        const version = await goal(second);
        const updates = await Promise.all(subscriptions.map((subscription) => subscription.next(20_000)));
        expect(updates.map((update) => update.data?.gameUpdated?.version)).toEqual(subscriptions.map(() => version));
        expect(updates[0].data?.gameUpdated?.game.homeTeam?.name).toBe(game.homeTeam!.name);
      });
    const one = await subscribeAll(1);
    // The first goal warms what a write looks up once (the key); the second is the measure.
    await statementsFor(one, 10);
    const alone = await statementsFor(one, 11);
    const more = await subscribeAll(29);
    const arena = [...one, ...more];
    try {
      expect(await statementsFor(arena, 12)).toBe(alone);
    } finally {
      for (const subscription of arena) subscription.close();
    }
  });

  it('loads the game and the event once for all subscribers of a change, even when each takes it at another time', async () => {
    // Prisma merges the findUnique calls of one tick, so subscribers that all wait for the change
    // would share a query anyway; a subscriber whose socket is busy takes it later, alone. Here
    // each of 30 takes it only once the one before has been answered.
    const ownFeed = createLocalChangeFeed();
    const live = new LiveUpdates(ownFeed, { maxPerClient: 100 });
    const deps = { prisma: league.db.prisma, clock: league.clock, publicBaseUrl: 'http://test.local', live };
    const open = async (count: number) =>
      Promise.all(
        Array.from({ length: count }, async (_unused, index) => {
          const stream = await subscribeInProcess({
            schema: getSchema(),
            document: parse(GAME_UPDATED),
            variableValues: { id: game.id },
            contextValue: createContext(deps, { caller: anonymousCaller(`fan ${index}`) }),
          });
          if (!(Symbol.asyncIterator in stream)) throw new Error(JSON.stringify(stream.errors));
          const iterator = stream[Symbol.asyncIterator]() as AsyncIterator<ExecutionResult<Update['data']>>;
          // Executed alone, a stream begins with the game's snapshot too.
          const first = await iterator.next();
          expect(first.done ? null : first.value.data?.gameUpdated?.kind).toBe('SNAPSHOT');
          return iterator;
        }),
      );
    const eventId = (await league.db.prisma.gameEvent.findFirstOrThrow({ where: { gameId: game.id }, orderBy: { id: 'desc' } })).id;
    const stored = await league.db.prisma.game.findUniqueOrThrow({ where: { id: game.id } });
    const fanOut = (streams: AsyncIterator<ExecutionResult<Update['data']>>[], version: number) =>
      countQueries(league.db, async () => {
        ownFeed.publish({
          kind: 'game',
          game: {
            gameId: game.id,
            version,
            kind: 'EVENT_ADDED',
            eventId,
            status: stored.status,
            homeScore: stored.homeScore,
            awayScore: stored.awayScore,
            scoreChanged: true,
            groupId: stored.groupId,
            homeTeamId: stored.homeTeamId!,
            awayTeamId: stored.awayTeamId!,
            homeClubId: game.homeTeam!.clubId,
            awayClubId: game.awayTeam!.clubId,
          },
        });
        for (const stream of streams) {
          const update = await stream.next();
          expect(update.done ? null : update.value.data?.gameUpdated?.version).toBe(version);
        }
      });
    try {
      const alone = await fanOut(await open(1), 1001);
      expect(alone).toBeGreaterThan(0);
      expect(await fanOut(await open(30), 1002)).toBe(alone);
    } finally {
      live.close();
    }
  });

  it('delivers every event of several writes to each of 200 subscribers over SSE, in order', async () => {
    const subscriptions = await subscribeAll(200);
    try {
      const versions: number[] = [];
      for (const second of [100, 101, 102, 103, 104]) versions.push(await goal(second));
      const received = await Promise.all(
        subscriptions.map(async (subscription) => {
          const got: number[] = [];
          for (let i = 0; i < versions.length; i += 1) got.push((await subscription.next(20_000)).data?.gameUpdated?.version ?? -1);
          return got;
        }),
      );
      expect(received).toEqual(subscriptions.map(() => versions));
      expect(versions).toEqual([versions[0], versions[0] + 1, versions[0] + 2, versions[0] + 3, versions[0] + 4]);
    } finally {
      for (const subscription of subscriptions) subscription.close();
    }
  });

  it('executes a change once for all streams of the same subscription, once per distinct document, and goes on after a stream leaves', async () => {
    const scoreboard = await subscribeAll(40);
    const ticker = await subscribeAll(10, baseUrl, 'subscription Ticker($id: Int!) { gameUpdated(id: $id) { kind version game { homeScore awayScore } } }');
    const everyone = [...scoreboard, ...ticker];
    try {
      const before = gameUpdatesExecuted();
      const version = await goal(300);
      const got = await Promise.all(everyone.map(async (subscription) => (await subscription.next(20_000)).data?.gameUpdated?.version));
      expect(got).toEqual(everyone.map(() => version));
      // One execution per distinct subscription, not one per stream.
      expect(gameUpdatesExecuted() - before).toBe(2);

      const [gone, ...staying] = scoreboard;
      gone.close();
      const afterLeaving = gameUpdatesExecuted();
      const next = await goal(301);
      const stayed = await Promise.all([...staying, ...ticker].map(async (subscription) => (await subscription.next(20_000)).data?.gameUpdated?.version));
      expect(stayed).toEqual([...staying, ...ticker].map(() => next));
      expect(gameUpdatesExecuted() - afterLeaving).toBe(2);
    } finally {
      for (const subscription of everyone) subscription.close();
    }
  });

  it('ends every open stream with CHANGES_MISSED when the feed may have missed changes, and completes it', async () => {
    const streams = await Promise.all([openRaw(baseUrl), openRaw(baseUrl), openRaw(baseUrl)]);
    expect(streams.map((stream) => stream.status)).toEqual([200, 200, 200]);
    feed.publish({ kind: 'data' });
    for (const text of await Promise.all(streams.map(untilStreamEnds))) {
      // The game's snapshot may come first: the stream's last update is the error.
      const next = [...text.matchAll(/event: next\ndata: (.*)\n/g)].at(-1);
      const payload = JSON.parse(next?.[1] ?? '{}') as Update;
      expect(payload.errors?.[0]).toMatchObject({
        message: expect.stringContaining('fetch the current state and subscribe again'),
        extensions: { code: 'CHANGES_MISSED' },
      });
      expect(text).toMatch(/event: complete\n/);
    }
    // A stream opened after it hears the next write as usual.
    const [after] = await subscribeAll(1);
    try {
      const version = await goal(200);
      expect((await after.next()).data?.gameUpdated?.version).toBe(version);
    } finally {
      after.close();
    }
  });

  it('refuses a subscription past SUBSCRIPTIONS_MAX with 503, Retry-After and SUBSCRIPTIONS_FULL', async () => {
    const small = await buildApp({ database: league.db, clock: league.clock, logLevel: 'silent', subscriptionsMax: 2 });
    const smallUrl = await small.listen({ host: '127.0.0.1', port: 0 });
    const open = await subscribeAll(2, smallUrl);
    try {
      const refused = await openRaw(smallUrl);
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toBe('15');
      const text = await untilStreamEnds(refused);
      expect(JSON.parse(/data: (.*)\n/.exec(text)?.[1] ?? '{}')).toMatchObject({
        errors: [{ message: expect.stringContaining('as many subscriptions as it can (2)'), extensions: { code: 'SUBSCRIPTIONS_FULL' } }],
      });
    } finally {
      for (const subscription of open) subscription.close();
      await small.close();
    }
  });
});
