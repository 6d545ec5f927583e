import { createServer, type Server, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { fixedClock } from '../../src/clock.js';
import { openDatabase, type Database } from '../../src/db/database.js';
import { databaseFailureOf } from '../../src/db/failures.js';
import { TEST_NOW } from '../support/app.js';
import { createServerDatabase } from '../support/database.js';

// A pool and its connect timeout exist only on PostgreSQL: the embedded database has no pool.
const serverUrl = process.env.DATABASE_URL;

/** Fails the test if `promise` has not settled after `ms` (an upper bound, never a pause). */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} not settled within ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

describe.skipIf(!serverUrl)('a pool with every connection in use', () => {
  let server: { url: string; drop(): Promise<void> };
  let served: Database;
  let app: FastifyInstance;

  beforeAll(async () => {
    server = await createServerDatabase(serverUrl as string);
    // One connection, and a wait for it bounded well below the test's bounds.
    served = await openDatabase({ databaseUrl: server.url, poolSize: 1, connectTimeoutMs: 300 });
    app = await buildApp({ database: served, clock: fixedClock(TEST_NOW), logLevel: 'silent', healthCheckTimeoutMs: 5000 });
  });
  afterAll(async () => {
    await app?.close();
    await served?.close();
    await server?.drop();
  });

  it('answers 503 busy with Retry-After, never opens the breaker, and readiness does not call the database down', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let holding = () => {};
    const isHolding = new Promise<void>((resolve) => {
      holding = resolve;
    });
    // The pool's one connection, held in a transaction until the test lets it go.
    const transaction = served.prisma.$transaction(
      async (tx) => {
        await tx.$queryRaw`SELECT 1`;
        holding();
        await held;
      },
      { timeout: 60_000 },
    );
    try {
      await within(isHolding, 10_000, 'the transaction');
      expect(served.poolStats?.()).toMatchObject({ total: 1, idle: 0, max: 1 });

      const rest = await within(app.inject({ url: '/api/seasons' }), 10_000, '/api/seasons');
      expect(rest.statusCode).toBe(503);
      expect(rest.headers['retry-after']).toBe('1');
      expect(rest.json()).toMatchObject({ data: { code: 503, message: 'The service is busy; try again shortly' } });

      const graphql = await within(app.inject({ method: 'POST', url: '/graphql', payload: { query: '{ seasons { id } }' } }), 10_000, '/graphql');
      expect(graphql.statusCode).toBe(503);
      expect(graphql.headers['retry-after']).toBe('1');
      expect(graphql.json().errors[0]).toMatchObject({ message: 'The service is busy; try again shortly', extensions: { code: 'SERVICE_UNAVAILABLE' } });

      const failure = await served.prisma.$queryRaw`SELECT 1`.then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(databaseFailureOf(failure)).toBe('busy');
      expect(served.availability?.isDown).toBe(false);

      // Readiness's own check finds no connection either, but never says the database is down.
      const ready = await within(app.inject({ url: '/health/ready' }), 10_000, 'readiness');
      expect(ready.json().reason).not.toBe('database unreachable');
      expect(served.availability?.isDown).toBe(false);
    } finally {
      release();
      await transaction;
    }
    expect((await app.inject({ url: '/api/seasons' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/health/ready' })).statusCode).toBe(200);
  });
});

describe.skipIf(!serverUrl)('a server that accepts connections and never answers', () => {
  let silent: Server;
  const sockets = new Set<Socket>();
  let port = 0;

  beforeAll(async () => {
    silent = createServer((socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    port = (silent.address() as { port: number }).port;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
  });

  it('is unreachable, for the request opening a connection and for the one waiting behind it', async () => {
    const database = await openDatabase({ databaseUrl: `postgresql://postgres@127.0.0.1:${port}/none`, migrate: false, poolSize: 1, connectTimeoutMs: 300 });
    try {
      const failureOf = () =>
        database.prisma.$queryRaw`SELECT 1`.then(
          () => 'answered',
          (error: unknown) => databaseFailureOf(error),
        );
      // The second waits for the pool's one connection while it is still being opened: not busy, the server did not answer.
      const [opening, waiting] = await within(Promise.all([failureOf(), failureOf()]), 10_000, 'the queries');
      expect([opening, waiting]).toEqual(['unreachable', 'unreachable']);
      expect(database.availability?.isDown).toBe(true);
    } finally {
      await database.close();
    }
  });
});
