import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { announceDataChange } from '../../src/live/announce.js';
import type { ChangeFeed, LeagueChange } from '../../src/live/changes.js';
import { createRedisChangeFeed } from '../../src/live/redis-feed.js';
import { openTestLeague, type TestLeague } from '../support/app.js';
import { createKey } from '../support/keys.js';
import { postGraphQL, scheduledGameWithSheet, WRITE_RESULT } from '../support/live.js';
import { subscribe } from '../support/sse.js';

// The Redis server every machine of this project runs (README "Tests"); REDIS_URL names another.
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const silent = { warn: () => undefined, info: () => undefined };

interface Instance {
  feed: ChangeFeed;
  app: FastifyInstance;
  url: string;
  nextChange(): Promise<LeagueChange>;
}

let league: TestLeague;
let a: Instance;
let b: Instance;
let key: string;
let gameId: number;

/** An instance whose writes and caches are told through Redis, as REDIS_URL sets it up. */
async function startInstance(): Promise<Instance> {
  const feed = createRedisChangeFeed({ redisUrl, log: silent });
  await feed.listening;
  const app = await buildApp({
    database: league.db,
    clock: league.clock,
    logLevel: 'silent',
    publicBaseUrl: 'http://test.local',
    responseCacheTtlMs: 60_000,
    changes: feed,
  });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  const nextChange = () =>
    new Promise<LeagueChange>((resolve) => {
      const stop = feed.subscribe((change) => {
        stop();
        resolve(change);
      });
    });
  return { feed, app, url, nextChange };
}

// Two instances on one database, as on PostgreSQL; here they share the test database in one process,
// so only Redis can tell the other instance's caches and subscribers of a write.
describe('instances told through Redis (REDIS_URL)', () => {
  beforeAll(async () => {
    league = await openTestLeague();
    gameId = (await scheduledGameWithSheet(league.db)).game.id;
    key = (await createKey(league.db, 'desk', null, ['games:write'])).key;
    a = await startInstance();
    b = await startInstance();
  });

  afterAll(async () => {
    for (const instance of [a, b]) {
      await instance?.app.close();
      await instance?.feed.close();
    }
    await league?.close();
  });

  it('serves a write through one instance fresh from the other’s cache, and pushes it to the other’s subscriber', async () => {
    const detail = `${b.url}/api/games/${gameId}`;
    const before = await fetch(detail).then((response) => response.text());
    expect((await fetch(detail)).headers.get('x-cache')).toBe('hit');
    const subscription = await subscribe<{ data?: { gameUpdated: { kind: string; game: { status: string } } } }>(
      b.url,
      'subscription ($id: Int!) { gameUpdated(id: $id) { kind game { status } } }',
      { id: gameId },
    );
    try {
      // The stream begins with the game's snapshot, read once it listens: what is written next comes after it.
      expect((await subscription.next()).data?.gameUpdated?.kind).toBe('SNAPSHOT');
      const heard = b.nextChange();
      const written = await postGraphQL(
        a.url,
        `mutation ($input: StartGameInput!) { startGame(input: $input) { ${WRITE_RESULT} } }`,
        { input: { gameId, idempotencyKey: `redis-${Date.now()}` } },
        key,
      );
      expect(written.errors).toBeUndefined();
      expect(await heard).toMatchObject({ kind: 'game', game: { gameId, kind: 'STARTED' } });
      const after = await fetch(detail);
      expect(after.headers.get('x-cache')).toBe('miss');
      expect(await after.text()).not.toBe(before);
      expect((await subscription.next()).data?.gameUpdated).toEqual({ kind: 'STARTED', game: { status: 'LIVE' } });
    } finally {
      subscription.close();
    }
  });

  it('drops the caches when the import CLI announces a change on Redis', async () => {
    const rankings = `${a.url}/api/rankings`;
    await fetch(rankings);
    expect((await fetch(rankings)).headers.get('x-cache')).toBe('hit');
    const heard = a.nextChange();
    await announceDataChange(league.db, redisUrl);
    expect(await heard).toEqual({ kind: 'data' });
    expect((await fetch(rankings)).headers.get('x-cache')).toBe('miss');
  });
});
