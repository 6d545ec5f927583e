import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { SharedAnswerStore } from '../../src/cache/shared-answer-store.js';
import { fixedClock } from '../../src/clock.js';
import { ConfigError, loadConfig } from '../../src/config.js';
import { loadDemoLeague } from '../../src/data/demo/index.js';
import { openDatabase } from '../../src/db/database.js';
import { announceDataChange } from '../../src/live/announce.js';
import { countQueries, TEST_NOW } from '../support/app.js';
import { createServerDatabase } from '../support/database.js';
import { createKey } from '../support/keys.js';
import { postGraphQL, scheduledGameWithSheet, WRITE_RESULT } from '../support/live.js';
import {
  DAY_MS,
  type Instance,
  onPostgres,
  serverUrl,
  silent,
  sql,
  startInstance,
  storeKey,
  storesUsable,
  storeStats,
  until,
} from '../support/shared-answers.js';

/** The cache clock of both instances: tests move it to see a row expire. */
let cacheNow = TEST_NOW.getTime();

describe('the embedded database and SHARED_ANSWER_STORE', () => {
  it('refuses SHARED_ANSWER_STORE=database without DATABASE_URL, with a message that says why', () => {
    expect(() => loadConfig({ SHARED_ANSWER_STORE: 'database' })).toThrow(ConfigError);
    expect(() => loadConfig({ SHARED_ANSWER_STORE: 'database' })).toThrow(/SHARED_ANSWER_STORE=database needs DATABASE_URL \(PostgreSQL\)/);
    expect(() => loadConfig({ SHARED_ANSWER_STORE: 'redis' })).toThrow(/SHARED_ANSWER_STORE must be one of off, database/);
    expect(loadConfig({}).sharedAnswerStore).toBe('off');
    expect(loadConfig({ DATABASE_URL: 'postgresql://x/y', SHARED_ANSWER_STORE: 'database', SHARED_ANSWER_STORE_MAX_MB: '64' })).toMatchObject({
      sharedAnswerStore: 'database',
      sharedAnswerStoreMaxBytes: 64 * 1024 * 1024,
    });
  });

  it('runs without it by default, and an app on it refuses the store', { timeout: 60_000 }, async () => {
    const database = await openDatabase({ dataDir: 'memory://' });
    try {
      await loadDemoLeague(database.prisma, { seed: 7, scale: 0.1, now: TEST_NOW });
      const app = await buildApp({ database, clock: fixedClock(TEST_NOW), logLevel: 'silent', responseCacheTtlMs: 60_000 });
      expect(app.sharedAnswers).toBeUndefined();
      expect((await app.inject('/api/rankings')).statusCode).toBe(200);
      expect((await app.inject('/api/rankings')).headers['x-cache']).toBe('hit');
      await app.close();
      await expect(buildApp({ database, logLevel: 'silent', responseCacheTtlMs: 60_000, sharedAnswerStore: 'database' })).rejects.toThrow(
        /SHARED_ANSWER_STORE=database needs the PostgreSQL server/,
      );
    } finally {
      await database.close();
    }
  });
});

describe.skipIf(!onPostgres)('the shared answer store of two instances on one PostgreSQL (needs DATABASE_URL on PostgreSQL)', () => {
  let server: Awaited<ReturnType<typeof createServerDatabase>>;
  let a: Instance;
  let b: Instance;
  let key: string;
  let gameId: number;
  let otherGameIds: number[];

  beforeAll(async () => {
    server = await createServerDatabase(serverUrl!);
    const loader = await openDatabase({ databaseUrl: server.url, poolSize: 2 });
    await loadDemoLeague(loader.prisma, { seed: 7, scale: 0.1, now: TEST_NOW });
    gameId = (await scheduledGameWithSheet(loader)).game.id;
    otherGameIds = (await loader.prisma.game.findMany({ where: { id: { not: gameId } }, select: { id: true }, orderBy: { id: 'asc' }, take: 6 })).map(
      (game) => game.id,
    );
    key = (await createKey(loader, 'desk', null, ['games:write'])).key;
    await loader.close();
    a = await startInstance(server.url, () => cacheNow);
    b = await startInstance(server.url, () => cacheNow);
  });

  afterAll(async () => {
    for (const instance of [a, b]) await instance?.close();
    await server?.drop();
  });

  it('serves a miss in one instance from what the other built: a fetch, no league SQL', async () => {
    const path = `/api/games/${otherGameIds[0]}`;
    const built = await fetch(`${a.url}${path}`);
    expect(built.headers.get('x-cache')).toBe('miss');
    const body = await built.text();
    let fetched: Response | undefined;
    expect(await countQueries(b.database, async () => (fetched = await fetch(`${b.url}${path}`)))).toBe(0);
    expect(fetched!.headers.get('x-cache')).toBe('hit');
    expect(fetched!.headers.get('x-cache-shared')).toBe('hit');
    expect(fetched!.headers.get('etag')).toBe(built.headers.get('etag'));
    expect(await fetched!.text()).toBe(body);
    expect(await (await fetch(`${b.url}/metrics`)).text()).toMatch(/shared_answer_store_results_total\{result="hit"\} [1-9]/);
    // Now in B's own cache.
    const again = await fetch(`${b.url}${path}`);
    expect(again.headers.get('x-cache')).toBe('hit');
    expect(again.headers.get('x-cache-shared')).toBeNull();
  });

  it('keeps a compressed variant once made, and serves it from the store', async () => {
    const path = `/api/games/${otherGameIds[1]}`;
    await fetch(`${a.url}${path}`, { headers: { 'accept-encoding': 'identity' } });
    const gzipped = await fetch(`${a.url}${path}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    await until(
      async () => (await sql(server.url, `SELECT 1 FROM "SharedAnswer" WHERE key = $1 AND gzip IS NOT NULL`, [storeKey('public', path)])).length === 1,
    );
    const fromStore = await fetch(`${b.url}${path}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(fromStore.headers.get('x-cache-shared')).toBe('hit');
    expect(fromStore.headers.get('content-encoding')).toBe('gzip');
  });

  it('drops the rows a write touches on every instance, so the next reader builds again', async () => {
    const path = `/api/games/${gameId}`;
    await fetch(`${a.url}${path}`);
    expect((await sql(server.url, `SELECT 1 FROM "SharedAnswer" WHERE key = $1`, [storeKey('public', path)])).length).toBe(1);
    const untouched = `/api/games/${otherGameIds[0]}`;
    const heard = b.nextChange();
    const written = await postGraphQL(
      a.url,
      `mutation ($input: StartGameInput!) { startGame(input: $input) { ${WRITE_RESULT} } }`,
      { input: { gameId, idempotencyKey: 'start-on-a' } },
      key,
    );
    expect(written.errors).toBeUndefined();
    await heard;
    await until(async () => (await sql(server.url, `SELECT 1 FROM "SharedAnswer" WHERE key = $1`, [storeKey('public', path)])).length === 0);
    const rebuilt = await fetch(`${b.url}${path}`);
    expect(rebuilt.headers.get('x-cache')).toBe('miss');
    expect(rebuilt.headers.get('x-cache-shared')).toBeNull();
    // The change log names what the write touched, and a row of another game's stays.
    const [entry] = await sql<{ tags: string[] }>(server.url, `SELECT tags FROM "ChangeLogEntry" ORDER BY seq DESC LIMIT 1`);
    expect(entry.tags).toContain(`game:${gameId}`);
    expect((await sql(server.url, `SELECT 1 FROM "SharedAnswer" WHERE key = $1`, [storeKey('public', untouched)])).length).toBe(1);
  });

  it('does not store a build that straddled a write it had not heard of, nor serve a row such a write made stale', async () => {
    const position = a.store.position()!;
    expect(position).toBeDefined();
    const answer = (scope: readonly `game:${number}`[] | undefined) => ({
      body: Buffer.from('{"built":"before the write"}'),
      contentType: 'application/json; charset=utf-8',
      etag: 'W/"before"',
      variants: {},
      scope,
      freshUntil: cacheNow + 60_000,
    });
    // Stored before the write, with the position its build began at: valid until a change it had not heard touches it.
    expect(await a.store.store('test stale-row', answer([`game:${otherGameIds[2]}`]), position)).toBe(true);
    // A write A has not heard of yet (its own feed hears it a moment later): a goal in the started game.
    const written = await postGraphQL(
      b.url,
      `mutation ($input: RecordGoalInput!) { recordGoal(input: $input) { ${WRITE_RESULT} } }`,
      { input: { gameId, idempotencyKey: 'goal-on-b', side: 'HOME', second: 30 } },
      key,
    );
    expect(written.errors).toBeUndefined();
    expect(await a.store.store('test straddled', answer([`game:${gameId}`]), position)).toBe(false);
    expect(await a.store.store('test elsewhere', answer([`game:${otherGameIds[2]}`]), position)).toBe(true);
    expect(await a.store.store('test anywhere', answer(undefined), position)).toBe(false);
    expect((await sql(server.url, `SELECT key FROM "SharedAnswer" WHERE key LIKE 'test %' ORDER BY key`)).map((row) => row.key)).toEqual([
      'test elsewhere',
      'test stale-row',
    ]);
    // A row the write made stale whose deletion was lost (written here by hand, as its builder at
    // that position would have before the write): a fetch refuses it, whatever the deletions did.
    await sql(
      server.url,
      `INSERT INTO "SharedAnswer" (key, scope, "builtAfterSeq", "heardAbove", "freshUntil", "contentType", etag, body, bytes)
       VALUES ('test lost-deletion', $1, $2, $3, to_timestamp($4::float8 / 1000), 'text/plain', 'W/"lost"', 'stale', 5)`,
      [[`game:${gameId}`], position.after, [...position.heard], cacheNow + 60_000],
    );
    expect((await a.store.obtain('test lost-deletion', () => cacheNow)).answer).toBeUndefined();
    await a.store.release('test lost-deletion');
    const fresh = await a.store.obtain('test stale-row', () => cacheNow);
    expect(fresh.answer?.etag).toBe('W/"before"');
    // A data change (an import) touches every row: each instance deletes them all. Both have heard
    // it, and both deletions have run, before the next test begins (the rows are gone once either
    // has): a deletion still to come would take a row the next test stores, and a build that began
    // before hearing the change is not stored, so the next test's instances would build twice.
    const heard = [a.nextChange(), b.nextChange()];
    await announceDataChange(b.database, undefined);
    await Promise.all(heard);
    await Promise.all([a.store.deletionsDone(), b.store.deletionsDone()]);
    expect(await sql(server.url, `SELECT 1 FROM "SharedAnswer"`)).toEqual([]);
  });

  it('builds an answer once when both instances miss it at the same time', async () => {
    const path = `/api/games/${otherGameIds[3]}`;
    let responses: Response[] = [];
    const queries = { a: 0, b: 0 };
    await storesUsable(a, b);
    await Promise.all([
      countQueries(a.database, async () => responses.push(await fetch(`${a.url}${path}`))).then((count) => (queries.a = count)),
      countQueries(b.database, async () => responses.push(await fetch(`${b.url}${path}`))).then((count) => (queries.b = count)),
    ]);
    responses = responses.filter(Boolean);
    const shared = responses.map((response) => response.headers.get('x-cache-shared'));
    expect(shared.sort(), storeStats(a, b)).toEqual(['hit', null]);
    expect(Math.min(queries.a, queries.b)).toBe(0);
    const bodies = await Promise.all(responses.map((response) => response.text()));
    expect(bodies[0]).toBe(bodies[1]);
  });

  it('lets a time-dependent answer’s row expire at its horizon', async () => {
    const path = '/api/rankings';
    const built = await fetch(`${a.url}${path}`);
    expect(built.status).toBe(200);
    const [row] = await sql<{ freshUntil: number }>(
      server.url,
      `SELECT (extract(epoch FROM "freshUntil") * 1000)::float8 AS "freshUntil" FROM "SharedAnswer" WHERE key = $1`,
      [storeKey('public', path)],
    );
    // Its reading of "today" holds until midnight: well short of the day-long TTL.
    expect(row.freshUntil).toBeGreaterThan(cacheNow);
    expect(row.freshUntil).toBeLessThan(cacheNow + DAY_MS);
    const start = cacheNow;
    try {
      cacheNow = row.freshUntil - 1;
      expect((await fetch(`${b.url}${path}`)).headers.get('x-cache-shared')).toBe('hit');
      // B keeps it no longer than what is left of its freshness either.
      cacheNow = row.freshUntil + 1;
      const expired = await fetch(`${b.url}${path}`);
      expect(expired.headers.get('x-cache')).toBe('miss');
      expect(expired.headers.get('x-cache-shared')).toBeNull();
    } finally {
      cacheNow = start;
    }
  });

  it('keeps the table within its byte bound, the newest rows first', async () => {
    const store = new SharedAnswerStore({ databaseUrl: server.url, maxBytes: 10_000, feed: a.feed, log: silent, now: () => cacheNow, trimIntervalMs: 60_000 });
    try {
      const position = store.position()!;
      for (let i = 0; i < 6; i += 1) {
        const stored = await store.store(
          `bound ${i}`,
          {
            body: Buffer.alloc(3000, i),
            contentType: 'text/plain',
            etag: `W/"${i}"`,
            variants: {},
            scope: [`game:${otherGameIds[4]}`],
            freshUntil: cacheNow + 60_000,
          },
          position,
        );
        expect(stored).toBe(true);
      }
      await store.trim();
      const rows = await sql<{ key: string; bytes: number }>(server.url, `SELECT key, bytes FROM "SharedAnswer" WHERE key LIKE 'bound %' ORDER BY key`);
      const total = (await sql<{ total: number }>(server.url, `SELECT coalesce(sum(bytes), 0)::int AS total FROM "SharedAnswer"`))[0].total;
      expect(total).toBeLessThanOrEqual(10_000);
      expect(rows.map((row) => row.key)).toEqual(['bound 3', 'bound 4', 'bound 5']);
    } finally {
      await store.close();
    }
  });

  it('costs a miss one statement to look up and claim, and one to store and free the claim', async () => {
    const store = new SharedAnswerStore({ databaseUrl: server.url, maxBytes: 1_000_000, feed: a.feed, log: silent, now: () => cacheNow });
    const other = new SharedAnswerStore({ databaseUrl: server.url, maxBytes: 1_000_000, feed: a.feed, log: silent, now: () => cacheNow, waitMs: 0 });
    const statements: string[] = [];
    const pool = (store as unknown as { pool: pg.Pool }).pool;
    const query = pool.query.bind(pool) as (text: string, values: unknown[]) => Promise<unknown>;
    (pool as unknown as { query: typeof query }).query = (text, values) => {
      statements.push(text);
      return query(text, values);
    };
    const claims = () => sql(server.url, `SELECT key FROM "SharedAnswerClaim" WHERE key = 'round trips'`);
    try {
      const position = store.position()!;
      expect(await store.obtain('round trips', () => cacheNow)).toEqual({ claimed: true });
      expect(statements).toHaveLength(1);
      expect(await claims()).toHaveLength(1);
      // Another process finds the claim held: it does not build for the store.
      expect(await other.obtain('round trips', () => cacheNow)).toEqual({ claimed: false });
      const answer = {
        body: Buffer.from('{"n":1}'),
        contentType: 'application/json',
        etag: 'W/"n"',
        variants: {},
        scope: [`game:${otherGameIds[5]}`] as const,
        freshUntil: cacheNow + 60_000,
      };
      expect(await store.store('round trips', answer, position, true)).toBe(true);
      expect(statements).toHaveLength(2);
      expect(await claims()).toHaveLength(0);
      // Found: one statement, and nothing claimed.
      expect((await other.obtain('round trips', () => cacheNow)).answer?.etag).toBe('W/"n"');
      expect(await claims()).toHaveLength(0);
    } finally {
      await store.close();
      await other.close();
    }
  });

  it('answers as without it while its table cannot be reached', async () => {
    const locker = new pg.Client({ connectionString: server.url });
    await locker.connect();
    try {
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE "SharedAnswer", "SharedAnswerClaim" IN ACCESS EXCLUSIVE MODE');
      const errorsBefore = b.store.stats.errors;
      for (const id of otherGameIds.slice(4)) {
        const response = await fetch(`${b.url}/api/games/${id}`);
        expect(response.status).toBe(200);
        expect(response.headers.get('x-cache')).toBe('miss');
      }
      expect(b.store.stats.errors).toBeGreaterThan(errorsBefore);
    } finally {
      await locker.query('ROLLBACK');
      await locker.end();
    }
  });
});
