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
  let ids: {
    games: number[];
    teams: number[];
    players: number[];
    clubs: number[];
    groups: { seasonId: number; leagueId: number; gameClassId: number; name: string }[];
  };

  beforeAll(async () => {
    server = await createServerDatabase(serverUrl as string);
    direct = await openDatabase({ databaseUrl: server.url, poolSize: 2 });
    await loadDemoLeague(direct.prisma, { seed: 7, scale: 0.1, now: TEST_NOW });
    gameId = (await direct.prisma.game.findFirstOrThrow({ select: { id: true }, orderBy: { id: 'asc' } })).id;
    const idsOf = (rows: { id: number }[]) => rows.map((row) => row.id);
    ids = {
      games: idsOf(await direct.prisma.game.findMany({ select: { id: true }, orderBy: { id: 'asc' } })),
      teams: idsOf(await direct.prisma.team.findMany({ select: { id: true }, orderBy: { id: 'asc' } })),
      players: idsOf(await direct.prisma.player.findMany({ select: { id: true }, orderBy: { id: 'asc' } })),
      clubs: idsOf(await direct.prisma.club.findMany({ select: { id: true }, orderBy: { id: 'asc' } })),
      groups: await direct.prisma.leagueGroup.findMany({ select: { seasonId: true, leagueId: true, gameClassId: true, name: true }, orderBy: { id: 'asc' } }),
    };
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

  it('answers the routes that never read it while requests on many routes that do arrive regardless, and every one of those waits', async () => {
    // No lock timeout: a game request waits until the lock is given back, so that any answer of a
    // quiet route that came through did so while every game request waited.
    const patient = await openDatabase({ databaseUrl: server.url, migrate: false, poolSize: 12 });
    // The defaults of MAX_IN_FLIGHT, MAX_IN_FLIGHT_PER_ROUTE, MAX_QUEUE, MAX_QUEUE_PER_ROUTE and QUEUE_TIMEOUT_MS;
    // no response cache (none configured), so that every answer is worked out.
    const service = await buildApp({
      database: patient,
      clock: fixedClock(TEST_NOW),
      logLevel: 'silent',
      maxInFlight: 8,
      maxInFlightPerRoute: 6,
      maxQueue: 100,
      maxQueuePerRoute: 50,
      queueTimeoutMs: 5000,
      // Answers are timed in slow motion (a second of the limiter's is 20 of the wall clock), so that a
      // loaded machine answering a quiet route in more than a second does not decide the outcome: the
      // game requests never answer while the lock is held, whatever the clock's pace.
      concurrencyClock: () => performance.now() / 20,
    });
    const pick = <T>(list: T[], n: number) => list[n % list.length];
    const group = (n: number) => pick(ids.groups, n);
    // Twelve routes that read games, each request with ids of its own; three that never read them.
    const gameRoutes: ((n: number) => Promise<LightMyRequestResponse>)[] = [
      (n) => service.inject({ url: `/api/games/${pick(ids.games, n)}` }),
      (n) => service.inject({ url: `/api/games?mode=club&club_id=${pick(ids.clubs, n)}&season=${group(n).seasonId}` }),
      (n) => service.inject({ url: `/api/game_events/${pick(ids.games, n)}` }),
      (n) => service.inject({ url: `/api/games/${pick(ids.games, n)}/summary` }),
      (n) => service.inject({ url: `/api/games/${pick(ids.games, n)}/teams/${n % 2}/lineup` }),
      (n) => service.inject({ url: `/api/teams/${pick(ids.teams, n)}/statistics` }),
      (n) => service.inject({ url: `/api/teams/${pick(ids.teams, n)}/players` }),
      (n) => service.inject({ url: `/api/players/${pick(ids.players, n)}/statistics` }),
      (n) => service.inject({ url: `/api/clubs/${pick(ids.clubs, n)}/statistics` }),
      (n) => {
        const { seasonId, leagueId, gameClassId, name } = group(n);
        return service.inject({ url: `/api/rankings?season=${seasonId}&league=${leagueId}&game_class=${gameClassId}&group=${encodeURIComponent(name)}` });
      },
      (n) => service.inject({ method: 'POST', url: '/graphql', payload: { query: `{ game(id: ${pick(ids.games, n)}) { id status } }` } }),
      (n) => service.inject({ url: `/api/cups?probe=${n}` }),
    ];
    const quietRoutes: ((n: number) => Promise<LightMyRequestResponse>)[] = [
      (n) => service.inject({ url: `/api/seasons?locale=${pick(['de', 'fr', 'it', 'en'], n)}` }),
      (n) => service.inject({ url: `/api/clubs?season=${group(n).seasonId}` }),
      (n) => service.inject({ url: `/api/teams/${pick(ids.teams, n)}` }),
    ];
    const locker = new pg.Client({ connectionString: server.url });
    await locker.connect();
    let released = false;
    const gameAnswers: Promise<{ status: number; busy: boolean; beforeRelease: boolean }>[] = [];
    const sendGame = (route: (n: number) => Promise<LightMyRequestResponse>, n: number) =>
      gameAnswers.push(
        route(n).then((response) => ({
          status: response.statusCode,
          busy: response.statusCode === 503 && response.body.includes(BUSY),
          beforeRelease: !released,
        })),
      );
    const quietStatuses: number[] = [];
    try {
      // The service has been answering every route (quickly) before the lock.
      const before = await Promise.all([...gameRoutes, ...quietRoutes].map((route) => route(0)));
      expect(before.map((response) => response.statusCode)).toEqual(Array(before.length).fill(200));
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE "Game" IN ACCESS EXCLUSIVE MODE');
      // As the lock begins, the quiet routes are still being asked: each answers once after the first
      // game request has begun to wait on the lock, which shows that they are not held up by it.
      sendGame(gameRoutes[0], 0);
      const lockWaits = async () =>
        Number((await locker.query(`SELECT count(*) AS n FROM pg_locks WHERE NOT granted AND relation = '"Game"'::regclass`)).rows[0].n);
      while ((await lockWaits()) === 0);
      quietStatuses.push(...(await Promise.all(quietRoutes.map((route) => route(0)))).map((response) => response.statusCode));
      // Ten waves. In each, every game route gets a request, sent without waiting for its answer (an
      // open loop: 120 against 8 slots and 100 places), among three of /api/seasons and one of each
      // other quiet route, sent together; the next wave follows once the quiet ones are answered.
      for (let wave = 1; wave <= 10; wave += 1) {
        sendGame(gameRoutes[0], wave);
        const quiet = [...quietRoutes, quietRoutes[0], quietRoutes[0]].map((route) => route(wave));
        for (const route of gameRoutes.slice(1)) sendGame(route, wave);
        quietStatuses.push(...(await Promise.all(quiet)).map((response) => response.statusCode));
        if (quietStatuses.some((status) => status !== 200)) break; // failed already: no need to wait out the other waves
      }
    } finally {
      released = true;
      await locker.query('ROLLBACK').catch(() => undefined);
      await locker.end();
      await Promise.allSettled(gameAnswers);
      await service.close();
      await patient.close();
    }
    const games = await Promise.all(gameAnswers);
    expect(quietStatuses).toEqual(Array(53).fill(200));
    // While the lock was held no game request was answered, but those the queue refused at once.
    expect(games.filter((answer) => answer.beforeRelease && !answer.busy)).toEqual([]);
    expect(games.filter((answer) => answer.busy).length).toBeGreaterThan(0);
    expect(games.every((answer) => answer.busy || answer.status === 200)).toBe(true);
  });
});
