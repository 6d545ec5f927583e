import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { fixedClock } from '../../src/clock.js';
import { loadDemoLeague } from '../../src/data/demo/index.js';
import { openDatabase, type Database } from '../../src/db/database.js';
import type { ChangeFeed, LeagueChange } from '../../src/live/changes.js';
import { announceDataChange } from '../../src/live/announce.js';
import { createPostgresChangeFeed, notifyThrough } from '../../src/live/pg-feed.js';
import { TEST_NOW } from '../support/app.js';
import { createServerDatabase } from '../support/database.js';
import { createKey } from '../support/keys.js';
import { postGraphQL, scheduledGameWithSheet, WRITE_RESULT } from '../support/live.js';
import { subscribe } from '../support/sse.js';

const serverUrl = process.env.DATABASE_URL;
const silent = { warn: () => undefined, info: () => undefined };

interface Instance {
  database: Database;
  feed: ChangeFeed;
  app: FastifyInstance;
  url: string;
  /** Resolves with the next change this instance hears from the feed. */
  nextChange(): Promise<LeagueChange>;
}

/** One service instance on the shared PostgreSQL database, as src/server.ts wires it. */
async function startInstance(databaseUrl: string): Promise<Instance> {
  const database = await openDatabase({ databaseUrl, poolSize: 5 });
  const feed = createPostgresChangeFeed({ databaseUrl, log: silent, notify: notifyThrough(database) });
  await feed.listening;
  const app = await buildApp({
    database,
    clock: fixedClock(TEST_NOW),
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
  return { database, feed, app, url, nextChange };
}

// Several instances exist only on a PostgreSQL server; the embedded database is one process.
describe.skipIf(!serverUrl)('two instances on one PostgreSQL', () => {
  let server: Awaited<ReturnType<typeof createServerDatabase>>;
  let a: Instance;
  let b: Instance;
  let key: string;
  let gameId: number;

  beforeAll(async () => {
    server = await createServerDatabase(serverUrl!);
    const loader = await openDatabase({ databaseUrl: server.url, poolSize: 2 });
    await loadDemoLeague(loader.prisma, { seed: 7, scale: 0.1, now: TEST_NOW });
    gameId = (await scheduledGameWithSheet(loader)).game.id;
    key = (await createKey(loader, 'desk', null, ['games:write'])).key;
    await loader.close();
    a = await startInstance(server.url);
    b = await startInstance(server.url);
  });

  afterAll(async () => {
    for (const instance of [a, b]) {
      await instance?.app.close();
      await instance?.feed.close();
      await instance?.database.close();
    }
    await server?.drop();
  });

  it('serves a write through one instance fresh from the other’s REST cache on the next request', async () => {
    const detail = `${b.url}/api/games/${gameId}`;
    const before = await fetch(detail).then((response) => response.text());
    expect((await fetch(detail)).headers.get('x-cache')).toBe('hit');
    const heard = b.nextChange();
    const written = await postGraphQL(
      a.url,
      `mutation ($input: StartGameInput!) { startGame(input: $input) { ${WRITE_RESULT} } }`,
      { input: { gameId, idempotencyKey: 'start-on-a' } },
      key,
    );
    expect(written.errors).toBeUndefined();
    expect(await heard).toMatchObject({ kind: 'game', game: { gameId, kind: 'STARTED', version: 1 } });
    const after = await fetch(detail);
    expect(after.headers.get('x-cache')).toBe('miss');
    expect(await after.text()).not.toBe(before);
  });

  it('pushes a write through one instance to a subscriber of the other', async () => {
    const subscription = await subscribe<{ data?: { gameUpdated: { kind: string; game: { homeScore: number } } } }>(
      b.url,
      'subscription ($id: Int!) { gameUpdated(id: $id) { kind game { homeScore } } }',
      { id: gameId },
    );
    try {
      // The stream begins with the game's snapshot, read once it listens: what is written next comes after it.
      expect((await subscription.next()).data?.gameUpdated?.kind).toBe('SNAPSHOT');
      const written = await postGraphQL(
        a.url,
        `mutation ($input: RecordGoalInput!) { recordGoal(input: $input) { ${WRITE_RESULT} } }`,
        { input: { gameId, idempotencyKey: 'goal-on-a', side: 'HOME', second: 30 } },
        key,
      );
      expect(written.errors).toBeUndefined();
      expect((await subscription.next()).data?.gameUpdated).toMatchObject({ kind: 'EVENT_ADDED', game: { homeScore: 1 } });
    } finally {
      subscription.close();
    }
  });

  it('drops every instance’s cached answers when the import CLI announces a change', async () => {
    const rankings = `${a.url}/api/rankings`;
    await fetch(rankings);
    expect((await fetch(rankings)).headers.get('x-cache')).toBe('hit');
    const heard = a.nextChange();
    await announceDataChange(b.database, undefined);
    expect(await heard).toEqual({ kind: 'data' });
    expect((await fetch(rankings)).headers.get('x-cache')).toBe('miss');
  });
});
