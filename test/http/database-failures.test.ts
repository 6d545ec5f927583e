import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { fixedClock } from '../../src/clock.js';
import { openDatabase, type Database } from '../../src/db/database.js';
import { loadDemoLeague } from '../../src/data/demo/index.js';
import { TEST_NOW } from '../support/app.js';
import { createServerDatabase } from '../support/database.js';
import { createKey } from '../support/keys.js';
import { TcpProxy } from '../support/tcp-proxy.js';

// An outage and a lock need a PostgreSQL server: the embedded database lives in the process.
const serverUrl = process.env.DATABASE_URL;

/** The database behind a TCP proxy the test can stop and start: an outage without touching the server. */
async function behindProxy(url: string): Promise<{ proxy: TcpProxy; served: Database }> {
  const target = new URL(url);
  const proxy = await TcpProxy.onFreePort({ host: target.hostname, port: Number(target.port || 5432) });
  await proxy.start();
  const served = await openDatabase({ databaseUrl: proxy.urlFor(url), migrate: false, poolSize: 4, connectTimeoutMs: 1000 });
  return { proxy, served };
}

describe.skipIf(!serverUrl)('PostgreSQL away, locked or slow', () => {
  let server: { url: string; drop(): Promise<void> };
  let direct: Database;
  let apiKey: string;
  let gameIds: number[];

  beforeAll(async () => {
    server = await createServerDatabase(serverUrl as string);
    direct = await openDatabase({ databaseUrl: server.url, poolSize: 4 });
    await loadDemoLeague(direct.prisma, { seed: 7, scale: 0.1, now: TEST_NOW });
    apiKey = (await createKey(direct, 'outage test')).key;
    gameIds = (await direct.prisma.game.findMany({ select: { id: true }, take: 8, orderBy: { id: 'asc' } })).map((game) => game.id);
  });
  afterAll(async () => {
    await direct?.close();
    await server?.drop();
  });

  describe('the database stops and starts again', () => {
    let proxy: TcpProxy;
    let served: Database;
    let app: FastifyInstance;
    const logLines: string[] = [];
    // The response caches' clock: moved past the TTL by hand, never by waiting.
    let cacheNow = 0;

    beforeAll(async () => {
      ({ proxy, served } = await behindProxy(server.url));
      app = await buildApp({
        database: served,
        clock: fixedClock(TEST_NOW),
        logLevel: 'info',
        logStream: { write: (line: string) => void logLines.push(line) },
        responseCacheTtlMs: 50,
        staleIfErrorMs: 60_000,
        cacheClock: () => cacheNow,
      });
    });
    afterAll(async () => {
      await app?.close();
      await served?.close();
      await proxy?.stop();
    });

    it('answers 503 within 2 s in each interface’s format, serves cached answers stale, logs once, and recovers within 5 s', async () => {
      expect((await app.inject({ url: '/api/seasons' })).statusCode).toBe(200);
      expect((await app.inject({ url: '/api/games?mode=list' })).statusCode).toBe(200);

      await proxy.stop();
      const wentAway = performance.now();
      cacheNow += 60; // past the caches' 50 ms TTL, well within stale-if-error
      const api = await app.inject({ url: '/api/teams' });
      expect(performance.now() - wentAway).toBeLessThan(2000);
      expect(api.statusCode).toBe(503);
      expect(api.headers['retry-after']).toBe('5');
      expect(api.json()).toMatchObject({ type: 'Error', object: 'error', data: { code: 503, message: 'The database is not available; try again shortly' } });

      const legacy = await app.inject({ url: `/rest/v1.0/clubs?apikey=${apiKey}` });
      expect(legacy.statusCode).toBe(503);
      expect(legacy.headers['content-type']).toMatch(/xml/);
      expect(legacy.body).toMatch(/<error><code>503<\/code><message>The database is not available/);

      const v3 = await app.inject({ url: `/api/v3/games/${gameIds[0]}/teams/1/lineup_candidates`, headers: { authorization: `Bearer ${apiKey}` } });
      expect(v3.statusCode).toBe(503);
      expect(v3.json()).toMatchObject({ errors: [{ status: '503', title: 'Service Unavailable' }] });

      const graphql = await app.inject({ method: 'POST', url: '/graphql', payload: { query: '{ seasons { id } }' } });
      expect(graphql.statusCode).toBe(503);
      expect(graphql.headers['retry-after']).toBeDefined();

      const stale = await app.inject({ url: '/api/games?mode=list' });
      expect(stale.statusCode).toBe(200);
      expect(stale.headers['x-cache']).toBe('stale');

      // A burst on every interface: each answers 503, and the log tells of it once per cause, not once per request.
      const burst = await Promise.all([
        ...Array.from({ length: 40 }, (_, i) => app.inject({ url: `/api/games/${gameIds[i % gameIds.length]}` })),
        ...Array.from({ length: 20 }, (_, i) =>
          app.inject({ method: 'POST', url: '/graphql', payload: { query: `{ game(id: ${gameIds[i % gameIds.length]}) { id } }` } }),
        ),
        ...Array.from({ length: 10 }, () => app.inject({ url: `/rest/v1.0/clubs?apikey=${apiKey}` })),
        ...Array.from({ length: 10 }, () =>
          app.inject({ url: `/api/v3/games/${gameIds[0]}/teams/1/lineup_candidates`, headers: { authorization: `Bearer ${apiKey}` } }),
        ),
      ]);
      expect(new Set(burst.map((response) => response.statusCode))).toEqual(new Set([503]));
      expect((await app.inject({ url: '/health/ready' })).statusCode).toBe(503);
      expect((await app.inject({ url: '/health/live' })).statusCode).toBe(200);

      const outageLog = logLines.join('');
      expect(outageLog.match(/database unreachable/g)).toHaveLength(1);
      expect((outageLog.match(/answering 503/g) ?? []).length).toBeLessThanOrEqual(3);
      // Besides the access log (a line per request, at info), a handful of lines for 80 refused requests.
      const warnings = logLines.filter((line) => (JSON.parse(line) as { level: number }).level >= 40);
      expect(warnings.length, warnings.join('')).toBeLessThanOrEqual(4);
      expect(outageLog).not.toMatch(/"stack"/);

      // The breaker's probe (backoff up to 2 s) finds the database back: then requests are served again.
      const up = new Promise<void>((resolve) => served.availability?.onChange((event) => event.state === 'up' && resolve()));
      await proxy.start();
      const cameBack = performance.now();
      await up;
      expect(performance.now() - cameBack).toBeLessThan(5000);
      expect((await app.inject({ url: '/api/teams' })).statusCode).toBe(200);
      expect((await app.inject({ url: '/health/ready' })).statusCode).toBe(200);
      expect(logLines.join('')).toMatch(/database reachable again/);
    });
  });

  describe('a desk retrying its write through an outage', () => {
    let proxy: TcpProxy;
    let served: Database;
    let app: FastifyInstance;
    let deskKey: string;
    let gameId: number;

    beforeAll(async () => {
      const game = await direct.prisma.game.findFirstOrThrow({ where: { status: 'SCHEDULED' }, orderBy: { startsAt: 'asc' }, select: { id: true } });
      gameId = game.id;
      deskKey = (await createKey(direct, 'retrying desk', null, ['games:write'])).key;
      ({ proxy, served } = await behindProxy(server.url));
      app = await buildApp({
        database: served,
        clock: fixedClock(TEST_NOW),
        logLevel: 'silent',
        rateLimits: { publicPerMinute: 0, keyPerMinute: 3, authFailures: 3, authFailureWindowMs: 600_000, sessionsPerHour: 0 },
      });
    });
    afterAll(async () => {
      await app?.close();
      await served?.close();
      await proxy?.stop();
    });

    const start = () =>
      app.inject({
        method: 'POST',
        url: '/graphql',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${deskKey}` },
        payload: {
          query: 'mutation ($input: StartGameInput!) { startGame(input: $input) { version replayed } }',
          variables: { input: { gameId, idempotencyKey: 'start-through-outage' } },
        },
      });

    it('its 503s cost nothing of its key’s budget, and it writes as soon as the database is back', async () => {
      await proxy.stop();
      const cameBack = new Promise<void>((resolve) => served.availability?.onChange((event) => event.state === 'up' && resolve()));
      for (let attempt = 0; attempt < 6; attempt++) expect((await start()).statusCode).toBe(503);
      await proxy.start();
      await cameBack;
      const written = await start();
      expect(written.statusCode).toBe(200);
      expect(written.json()).toMatchObject({ data: { startGame: { version: 1, replayed: false } } });
      expect((await direct.prisma.game.findUniqueOrThrow({ where: { id: gameId } })).status).toBe('LIVE');
    });
  });

  describe('a table locked by another session', () => {
    let served: Database;
    let app: FastifyInstance;

    beforeAll(async () => {
      // lock_timeout leaves /api/seasons seconds to answer while the games wait, however busy the machine;
      // the queue waits out three rounds of it.
      served = await openDatabase({ databaseUrl: server.url, migrate: false, poolSize: 6, lockTimeoutMs: 2000, statementTimeoutMs: 3000 });
      app = await buildApp({
        database: served,
        clock: fixedClock(TEST_NOW),
        logLevel: 'silent',
        maxInFlight: 4,
        maxInFlightPerRoute: 2,
        queueTimeoutMs: 15_000,
      });
    });
    afterAll(async () => {
      await app?.close();
      await served?.close();
    });

    it('gives up on it after lock_timeout with a 503, while endpoints that never read it go on answering', async () => {
      const locker = new pg.Client({ connectionString: server.url });
      await locker.connect();
      try {
        await locker.query('BEGIN');
        await locker.query('LOCK TABLE "Game" IN ACCESS EXCLUSIVE MODE');
        const finished: string[] = [];
        const games = gameIds.slice(0, 6).map((id) =>
          app.inject({ url: `/api/games/${id}` }).then((response) => {
            finished.push(`game ${response.statusCode}`);
            return response;
          }),
        );
        // The games are stuck once their statements wait for the lock (PostgreSQL shows it; nothing tells the test).
        const waitingForLock = async () => {
          await locker.query('SELECT pg_stat_clear_snapshot()'); // else the transaction keeps reading its first snapshot
          return Number(
            (await locker.query<{ n: string }>(`SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`))
              .rows[0].n,
          );
        };
        for (const deadline = performance.now() + 10_000; (await waitingForLock()) === 0; ) {
          if (performance.now() > deadline) throw new Error('the game requests did not reach the locked table within 10 s');
        }
        const seasons = await app.inject({ url: '/api/seasons' });
        finished.push(`seasons ${seasons.statusCode}`);
        const ready = await app.inject({ url: '/health/ready' });
        expect(seasons.statusCode).toBe(200);
        expect(ready.statusCode).toBe(200);
        expect(finished[0]).toBe('seasons 200'); // before any request stuck behind the lock

        const stuck = await Promise.all(games);
        expect(stuck.map((response) => response.statusCode)).toEqual([503, 503, 503, 503, 503, 503]);
        expect(stuck[0].headers['retry-after']).toBe('2');
        expect(stuck[0].json().data.message).toBe('The database took too long to answer; try again shortly');
      } finally {
        await locker.query('ROLLBACK');
        await locker.end();
      }
      expect((await app.inject({ url: `/api/games/${gameIds[0]}` })).statusCode).toBe(200);
    });
  });
});
