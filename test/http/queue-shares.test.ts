import pg from 'pg';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { fixedClock } from '../../src/clock.js';
import { openDatabase, type Database } from '../../src/db/database.js';
import { loadDemoLeague } from '../../src/data/demo/index.js';
import { TEST_NOW } from '../support/app.js';
import { createServerDatabase } from '../support/database.js';

// A table locked by another session needs a PostgreSQL server: the embedded database lives in the process.
const serverUrl = process.env.DATABASE_URL;

const BUSY = 'The service is busy; try again shortly';

describe.skipIf(!serverUrl)('the request queue while one table is locked', () => {
  let server: { url: string; drop(): Promise<void> };
  let direct: Database;
  let served: Database;
  let app: FastifyInstance;
  let gameId: number;

  beforeAll(async () => {
    server = await createServerDatabase(serverUrl as string);
    direct = await openDatabase({ databaseUrl: server.url, poolSize: 2 });
    await loadDemoLeague(direct.prisma, { seed: 7, scale: 0.1, now: TEST_NOW });
    gameId = (await direct.prisma.game.findFirstOrThrow({ select: { id: true }, orderBy: { id: 'asc' } })).id;
    // lock_timeout frees the slots the game requests hold every 2 s (the default); the queue outwaits it.
    served = await openDatabase({ databaseUrl: server.url, migrate: false, poolSize: 8, lockTimeoutMs: 2000, statementTimeoutMs: 3000 });
    app = await buildApp({
      database: served,
      clock: fixedClock(TEST_NOW),
      logLevel: 'silent',
      maxInFlight: 4,
      maxInFlightPerRoute: 2,
      maxQueue: 20,
      maxQueuePerRoute: 10,
      queueTimeoutMs: 15_000,
    });
  });
  afterAll(async () => {
    await app?.close();
    await served?.close();
    await direct?.close();
    await server?.drop();
  });

  it('keeps serving a route that never reads it, and readiness, however hard the routes that read it are pressed', async () => {
    // Five routes that read games: between them they would fill the queue many times over.
    const gameRoutes = [
      () => app.inject({ url: `/api/games/${gameId}` }),
      () => app.inject({ url: '/api/games?mode=list' }),
      () => app.inject({ url: `/api/game_events/${gameId}` }),
      () => app.inject({ url: `/api/games/${gameId}/summary` }),
      () => app.inject({ method: 'POST', url: '/graphql', payload: { query: `{ game(id: ${gameId}) { id } }` } }),
    ];
    const locker = new pg.Client({ connectionString: server.url });
    await locker.connect();
    let locked = true;
    // A refused client tries again once the next /api/seasons answer is in: pressure throughout, without a busy loop.
    let afterNextSeasons: (() => void)[] = [];
    const gameStatuses: number[] = [];
    const busyRefusals: string[] = [];
    const client = async (send: () => Promise<LightMyRequestResponse>) => {
      while (locked) {
        const response = await send();
        gameStatuses.push(response.statusCode);
        if (response.statusCode === 503 && response.headers['retry-after'] === '1') {
          busyRefusals.push(response.json().data?.message ?? response.json().errors?.[0]?.message);
          await new Promise<void>((resolve) => afterNextSeasons.push(resolve));
        }
      }
    };
    let clients: Promise<void>[] = [];
    const seasons: number[] = [];
    const readiness: number[] = [];
    try {
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE "Game" IN ACCESS EXCLUSIVE MODE');
      // Twelve clients per route: 60 requests against 4 slots and 20 places.
      clients = gameRoutes.flatMap((send) => Array.from({ length: 12 }, () => client(send)));
      for (let round = 0; round < 6; round += 1) {
        const answer = await app.inject({ url: '/api/seasons' });
        seasons.push(answer.statusCode);
        readiness.push((await app.inject({ url: '/health/ready' })).statusCode);
        const waiting = afterNextSeasons;
        afterNextSeasons = [];
        for (const retry of waiting) retry();
      }
    } finally {
      locked = false;
      for (const retry of afterNextSeasons) retry();
      await locker.query('ROLLBACK');
      await locker.end();
    }
    await Promise.all(clients);
    expect(seasons).toEqual(Array(6).fill(200));
    expect(readiness).toEqual(Array(6).fill(200));
    // The game routes were pressed well past their shares: many were refused at once, the rest ran into the lock.
    expect(busyRefusals.length).toBeGreaterThan(30);
    expect(new Set(busyRefusals)).toEqual(new Set([BUSY]));
    expect(gameStatuses.every((status) => status === 503 || status === 200)).toBe(true);
    expect(served.availability?.isDown).toBe(false);
    expect((await app.inject({ url: `/api/games/${gameId}` })).statusCode).toBe(200);
  });
});
