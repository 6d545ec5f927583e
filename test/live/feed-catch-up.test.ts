import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { fixedClock } from '../../src/clock.js';
import { loadDemoLeague } from '../../src/data/demo/index.js';
import { openDatabase, type Database } from '../../src/db/database.js';
import type { ChangeFeedState, RemoteChangeFeed } from '../../src/live/changes.js';
import { createPostgresChangeFeed, notifyThrough } from '../../src/live/pg-feed.js';
import { TEST_NOW } from '../support/app.js';
import { createServerDatabase } from '../support/database.js';
import { createKey } from '../support/keys.js';
import { postGraphQL, scheduledGameWithSheet, WRITE_RESULT } from '../support/live.js';
import { subscribe, type SseSubscription } from '../support/sse.js';
import { TcpProxy } from '../support/tcp-proxy.js';

const serverUrl = process.env.DATABASE_URL;
const silent = { warn: () => undefined, info: () => undefined };
/** Generous: the feed tries again within 2 s of the database's return. */
const LISTEN_WITHIN_MS = 10_000;

interface Instance {
  database: Database;
  feed: RemoteChangeFeed;
  app: FastifyInstance;
  url: string;
}

/**
 * One service instance as src/service.ts wires it: its pool at `databaseUrl`, its feed listening at
 * `feedUrl` (the same URL, unless a test cuts the feed alone).
 */
async function startInstance(databaseUrl: string, feedUrl = databaseUrl): Promise<Instance> {
  const database = await openDatabase({ databaseUrl, migrate: false, poolSize: 4, connectTimeoutMs: 1000 });
  const feed = createPostgresChangeFeed({ databaseUrl: feedUrl, log: silent, notify: notifyThrough(database), availability: database.availability });
  const app = await buildApp({
    database,
    clock: fixedClock(TEST_NOW),
    logLevel: 'silent',
    publicBaseUrl: 'http://test.local',
    responseCacheTtlMs: 60_000,
    staleIfErrorMs: 60_000,
    changes: feed,
  });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return { database, feed, app, url };
}

async function stopInstance(instance: Instance | undefined): Promise<void> {
  await instance?.app.close();
  await instance?.feed.close();
  await instance?.database.close();
}

/** Resolves when the feed is in `state` (at once if it is already). */
function untilState(feed: RemoteChangeFeed, state: ChangeFeedState, timeoutMs = LISTEN_WITHIN_MS): Promise<void> {
  if (feed.state() === state) return Promise.resolve();
  return new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`the feed was not ${state} within ${timeoutMs} ms (it is ${feed.state()})`));
    }, timeoutMs);
    const stop = feed.onStateChange((now) => {
      if (now !== state) return;
      clearTimeout(timer);
      stop();
      resolve();
    });
  });
}

/** Resolves once the instance's pool reaches the database (its circuit breaker closed). */
function untilDatabaseUp(database: Database): Promise<void> {
  const availability = database.availability;
  if (!availability?.isDown) return Promise.resolve();
  return new Promise<void>((resolve) => availability.onChange((event) => event.state === 'up' && resolve()));
}

async function proxyTo(url: string): Promise<TcpProxy> {
  const target = new URL(url);
  const proxy = await TcpProxy.onFreePort({ host: target.hostname, port: Number(target.port || 5432) });
  await proxy.start();
  return proxy;
}

const GAME_QUERY = 'query ($id: Int!) { game(id: $id) { id version homeScore awayScore } }';
interface GameAnswer {
  game: { id: number; version: number; homeScore: number | null; awayScore: number | null };
}
type Update = { data?: { gameUpdated: { version: number; kind: string; game: { homeScore: number } } } };

// Several instances exist only on a PostgreSQL server; the embedded database is one process.
describe.skipIf(!serverUrl)('a feed that was away catches up from the change log', () => {
  let server: Awaited<ReturnType<typeof createServerDatabase>>;
  let key: string;
  let gameIds: number[];

  beforeAll(async () => {
    server = await createServerDatabase(serverUrl!);
    const loader = await openDatabase({ databaseUrl: server.url, poolSize: 2 });
    await loadDemoLeague(loader.prisma, { seed: 7, scale: 0.1, now: TEST_NOW });
    const first = (await scheduledGameWithSheet(loader)).game.id;
    const second = await loader.prisma.game.findFirstOrThrow({ where: { status: 'SCHEDULED', id: { not: first } }, orderBy: { id: 'asc' } });
    gameIds = [first, second.id];
    key = (await createKey(loader, 'desk', null, ['games:write'])).key;
    await loader.close();
  });

  afterAll(async () => {
    await server?.drop();
  });

  const write = (instance: Instance, mutation: string, input: Record<string, unknown>) =>
    postGraphQL<Record<string, { version: number }>>(
      instance.url,
      `mutation ($input: ${mutation[0].toUpperCase()}${mutation.slice(1)}Input!) { ${mutation}(input: $input) { ${WRITE_RESULT} } }`,
      { input },
      key,
    );

  describe('the second instance’s database goes away and comes back while the first one writes', () => {
    let proxy: TcpProxy;
    let a: Instance;
    let b: Instance;
    let subscription: SseSubscription<Update> | undefined;

    beforeAll(async () => {
      proxy = await proxyTo(server.url);
      a = await startInstance(server.url);
      b = await startInstance(proxy.urlFor(server.url));
      await Promise.all([a.feed.listening, b.feed.listening]);
    });
    afterAll(async () => {
      subscription?.close();
      await stopInstance(b);
      await stopInstance(a);
      await proxy?.stop();
    });

    it('delivers every missed version in order to its caches and subscriptions, is not ready until it listens, and serves no pre-outage answer as fresh', async () => {
      const gameId = gameIds[0];
      expect((await write(a, 'startGame', { gameId, idempotencyKey: 'start' })).errors).toBeUndefined();
      const detail = `${b.url}/api/games/${gameId}`;
      await fetch(detail);
      expect((await fetch(detail)).headers.get('x-cache')).toBe('hit');
      const before = await postGraphQL<GameAnswer>(b.url, GAME_QUERY, { id: gameId });
      expect(before.data?.game.version).toBe(1);
      subscription = await subscribe<Update>(b.url, 'subscription ($id: Int!) { gameUpdated(id: $id) { version kind game { homeScore } } }', { id: gameId });
      // The stream begins with the game's snapshot, read once it listens: what is written next comes after it.
      expect((await subscription.next()).data?.gameUpdated?.kind).toBe('SNAPSHOT');
      expect((await b.app.inject({ url: '/health/ready' })).statusCode).toBe(200);

      const away = untilState(b.feed, 'away');
      await proxy.stop();
      await away;
      const notReady = await b.app.inject({ url: '/health/ready' });
      expect(notReady.statusCode).toBe(503);
      expect(notReady.json().reason).toMatch(/change feed not listening|database unreachable/);

      const goals = 6;
      for (let goal = 1; goal <= goals; goal += 1) {
        const written = await write(a, 'recordGoal', { gameId, idempotencyKey: `goal-${goal}`, side: 'HOME', second: 60 * goal });
        expect(written.errors).toBeUndefined();
      }
      // While away, the cached answer is no fresh hit (the database being away too, it may come stale, and says so).
      expect((await fetch(detail)).headers.get('x-cache')).not.toBe('hit');

      const back = untilState(b.feed, 'listening');
      const backAt = performance.now();
      await proxy.start();
      await back;
      expect(performance.now() - backAt).toBeLessThan(5000);
      await untilDatabaseUp(b.database);
      expect((await b.app.inject({ url: '/health/ready' })).statusCode).toBe(200);

      const versions: number[] = [];
      for (let goal = 1; goal <= goals; goal += 1) {
        const message = await subscription.next();
        const update = message.data?.gameUpdated;
        expect(update).toMatchObject({ kind: 'EVENT_ADDED', game: { homeScore: expect.any(Number) } });
        versions.push(update?.version ?? 0);
      }
      expect(versions).toEqual([2, 3, 4, 5, 6, 7]);

      const rest = await fetch(detail);
      expect(rest.headers.get('x-cache')).toBe('miss');
      expect(await rest.text()).toBe(await fetch(`${a.url}/api/games/${gameId}`).then((response) => response.text()));
      const graphql = await postGraphQL<GameAnswer>(b.url, GAME_QUERY, { id: gameId });
      expect(graphql.data?.game).toMatchObject({ version: 1 + goals, homeScore: goals });
    });

    it('hears the next write live, once, after catching up', async () => {
      const gameId = gameIds[0];
      expect((await write(a, 'recordGoal', { gameId, idempotencyKey: 'goal-after', side: 'AWAY', second: 900 })).errors).toBeUndefined();
      expect((await subscription!.next()).data?.gameUpdated.version).toBe(8);
      const graphql = await postGraphQL<GameAnswer>(b.url, GAME_QUERY, { id: gameId });
      expect(graphql.data?.game).toMatchObject({ version: 8, awayScore: 1 });
    });
  });

  describe('only the feed’s connection is cut; the pool reaches the database', () => {
    let proxy: TcpProxy;
    let a: Instance;
    let b: Instance;

    beforeAll(async () => {
      proxy = await proxyTo(server.url);
      // The proxy is down before the second instance starts: its feed cannot listen at first.
      await proxy.stop();
      a = await startInstance(server.url);
      await a.feed.listening;
      b = await startInstance(server.url, proxy.urlFor(server.url));
    });
    afterAll(async () => {
      await stopInstance(b);
      await stopInstance(a);
      await proxy?.stop();
    });

    it('is not ready until its feed listens, at start and after a loss, and serves no cached answer as fresh meanwhile', async () => {
      const notYet = await b.app.inject({ url: '/health/ready' });
      expect([notYet.statusCode, notYet.json().reason]).toEqual([503, 'change feed not listening: writes of other instances may be missed']);

      await proxy.start();
      await b.feed.listening;
      expect((await b.app.inject({ url: '/health/ready' })).statusCode).toBe(200);

      const gameId = gameIds[1];
      const detail = `${b.url}/api/games/${gameId}`;
      const graphqlBefore = await postGraphQL<GameAnswer>(b.url, GAME_QUERY, { id: gameId });
      expect(graphqlBefore.data?.game.version).toBe(0);
      await fetch(detail);
      expect((await fetch(detail)).headers.get('x-cache')).toBe('hit');

      const away = untilState(b.feed, 'away');
      await proxy.stop();
      await away;
      expect((await b.app.inject({ url: '/health/ready' })).json().reason).toBe('change feed not listening: writes of other instances may be missed');
      expect((await write(a, 'startGame', { gameId, idempotencyKey: 'start-second' })).errors).toBeUndefined();
      // The database answers: what may have missed a change is built again from it, fresh.
      const meanwhile = await fetch(detail);
      expect(meanwhile.headers.get('x-cache')).toBe('miss');
      expect(await meanwhile.text()).toBe(await fetch(`${a.url}/api/games/${gameId}`).then((response) => response.text()));
      expect((await postGraphQL<GameAnswer>(b.url, GAME_QUERY, { id: gameId })).data?.game.version).toBe(1);

      const back = untilState(b.feed, 'listening');
      await proxy.start();
      await back;
      expect((await b.app.inject({ url: '/health/ready' })).statusCode).toBe(200);
    });
  });
});
