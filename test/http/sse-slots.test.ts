import pg from 'pg';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type AppOptions } from '../../src/app.js';
import { fixedClock } from '../../src/clock.js';
import { openDatabase, type Database } from '../../src/db/database.js';
import { loadDemoLeague } from '../../src/data/demo/index.js';
import { TEST_NOW } from '../support/app.js';
import { createServerDatabase } from '../support/database.js';
import { subscribe } from '../support/sse.js';

// Queries held on a locked table need a PostgreSQL server: the embedded database lives in the process.
const serverUrl = process.env.DATABASE_URL;

const HEAVY = 'query Heavy { games(first: 5) { edges { node { id } } } }';
const SSE = { accept: 'text/event-stream' };

/** Sends the heavy query over SSE, by GET or by POST, as a client of `graphql-sse` or an EventSource would. */
function heavyOverSse(app: FastifyInstance, n: number): Promise<LightMyRequestResponse> {
  if (n % 2 === 0) return app.inject({ method: 'GET', url: `/graphql?query=${encodeURIComponent(HEAVY)}`, headers: SSE });
  return app.inject({ method: 'POST', url: '/graphql', headers: SSE, payload: { query: HEAVY } });
}

describe.skipIf(!serverUrl)('queries sent as event streams', () => {
  let server: { url: string; drop(): Promise<void> };
  let direct: Database;
  let locker: pg.Client;

  beforeAll(async () => {
    server = await createServerDatabase(serverUrl as string);
    direct = await openDatabase({ databaseUrl: server.url, poolSize: 2 });
    await loadDemoLeague(direct.prisma, { seed: 7, scale: 0.1, now: TEST_NOW });
    locker = new pg.Client({ connectionString: server.url });
    await locker.connect();
  });
  afterAll(async () => {
    await locker?.end();
    await direct?.close();
    await server?.drop();
  });

  /** Statements of this database waiting for a lock, as PostgreSQL shows them (nothing tells the test). */
  const waitingForLock = async () => {
    await locker.query('SELECT pg_stat_clear_snapshot()'); // else the transaction keeps reading its first snapshot
    const { rows } = await locker.query<{ n: string }>(
      `SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
    );
    return Number(rows[0].n);
  };
  const untilWaitingForLock = async (count: number) => {
    for (const deadline = performance.now() + 10_000; (await waitingForLock()) < count; ) {
      if (performance.now() > deadline) throw new Error(`${await waitingForLock()} of ${count} statements reached the locked table within 10 s`);
    }
  };

  async function appOn(settings: Partial<AppOptions>): Promise<{ app: FastifyInstance; served: Database; address: string }> {
    // lock_timeout outlasts the test's bounds: the statements wait until the test releases the table.
    const served = await openDatabase({ databaseUrl: server.url, migrate: false, poolSize: 4, lockTimeoutMs: 20_000, statementTimeoutMs: 25_000 });
    const app = await buildApp({ database: served, clock: fixedClock(TEST_NOW), logLevel: 'silent', ...settings });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    return { app, served, address };
  }

  /** Resolves once `count` of `answered` are in; fails after 10 s. */
  function untilAnswered(answered: LightMyRequestResponse[], count: number, heard: { check: () => void }): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${answered.length} of ${count} answers within 10 s`)), 10_000);
      heard.check = () => {
        if (answered.length < count) return;
        clearTimeout(timer);
        resolve();
      };
      heard.check();
    });
  }

  it('holds them to the request slots, so the pool and the breaker never see the crowd, and still opens a subscription', async () => {
    const { app, served, address } = await appOn({ maxInFlight: 2, maxInFlightPerRoute: 2, maxQueue: 4, maxQueuePerRoute: 2, queueTimeoutMs: 30_000 });
    const answered: LightMyRequestResponse[] = [];
    const heard = { check: () => {} };
    let crowd: Promise<LightMyRequestResponse>[] = [];
    try {
      await locker.query('BEGIN');
      try {
        await locker.query('LOCK TABLE "Game" IN ACCESS EXCLUSIVE MODE');
        crowd = Array.from({ length: 12 }, (_, n) =>
          heavyOverSse(app, n).then((response) => {
            answered.push(response);
            heard.check();
            return response;
          }),
        );
        // Two run (and wait for the table), two wait for a slot in /graphql's share of the queue, eight are refused at once.
        await untilAnswered(answered, 8, heard);
        expect(answered.map((response) => response.statusCode)).toEqual(Array(8).fill(503));
        expect(answered[0].headers['retry-after']).toBe('1');
        expect(answered[0].json().errors[0].message).toBe('The service is busy; try again shortly');
        await untilWaitingForLock(2);
        expect(await waitingForLock()).toBe(2); // the slots' two, not twelve

        expect(served.availability?.isDown).toBe(false);
        expect((await app.inject({ url: '/health/ready' })).statusCode).toBe(200);

        // Both slots are taken and /graphql's share of the queue is full, yet a subscription opens: it needs neither.
        // Its first update is the snapshot of the games live now, read from the table like any read: one
        // statement more waits for it, the subscription's own, not the crowd's.
        const subscription = await subscribe(address, 'subscription Live { liveGames { __typename } }');
        try {
          expect(subscription.status).toBe(200);
          await subscription.untilPings(1);
        } finally {
          subscription.close();
        }
        await untilWaitingForLock(3);
        expect(await waitingForLock()).toBe(3);
        expect(answered.length).toBe(8);
      } finally {
        await locker.query('ROLLBACK');
      }
      // Once the table is free, the four let in are answered: the two that ran, then the two that waited.
      const responses = await Promise.all(crowd);
      expect(responses.filter((response) => response.statusCode === 200).length).toBe(4);
      for (const response of responses.filter((r) => r.statusCode === 200)) {
        expect(response.headers['content-type']).toMatch(/^text\/event-stream/);
        expect(response.body).toContain('"games"');
      }
      expect(served.availability?.isDown).toBe(false);
    } finally {
      await app.close();
      await served.close();
    }
  });

  it('keeps the deadline for them, and none for a subscription', async () => {
    const { app, served, address } = await appOn({ maxInFlight: 4, requestTimeoutMs: 500 });
    try {
      const subscription = await subscribe(address, 'subscription Live { liveGames { __typename } }');
      try {
        expect(subscription.status).toBe(200);
        await locker.query('BEGIN');
        try {
          await locker.query('LOCK TABLE "Game" IN ACCESS EXCLUSIVE MODE');
          const [byGet, byPost] = await Promise.all([heavyOverSse(app, 0), heavyOverSse(app, 1)]);
          for (const response of [byGet, byPost]) {
            expect(response.statusCode).toBe(503);
            expect(response.json().errors[0].message).toBe('The request took too long; try again shortly');
          }
        } finally {
          await locker.query('ROLLBACK');
        }
        // A ping every 300 ms under test: the eighth proves the stream stayed open past four deadlines.
        await subscription.untilPings(8);
      } finally {
        subscription.close();
      }
    } finally {
      await app.close();
      await served.close();
    }
  });
});
