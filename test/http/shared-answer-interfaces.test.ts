import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SharedAnswerStore } from '../../src/cache/shared-answer-store.js';
import { openDatabase } from '../../src/db/database.js';
import { loadDemoLeague } from '../../src/data/demo/index.js';
import { sha256Hex } from '../../src/graphql/persisted-documents.js';
import { countQueries, TEST_NOW } from '../support/app.js';
import { createServerDatabase } from '../support/database.js';
import { createKey } from '../support/keys.js';
import { postGraphQL, scheduledGameWithSheet, WRITE_RESULT } from '../support/live.js';
import {
  type Instance,
  onPostgres,
  serverUrl,
  silent,
  sql,
  startInstance,
  storeKey,
  storesUsable,
  storeStats,
  TEST_BUILD,
  until,
} from '../support/shared-answers.js';

// The shared answer store behind the legacy interface's cache and GraphQL's result cache, as
// behind /api's (test/http/shared-answers.test.ts): two instances of one build on one PostgreSQL
// database, and a third of another build.

const cacheNow = TEST_NOW.getTime();
const GAME = 'query SharedGame($id: Int!) { game(id: $id) { id status homeTeam { name } awayTeam { name } } }';
/** A document both instances know by its hash (a manifest beside APQ), asked for by hash alone. */
const PERSISTED = 'query PersistedClubs { clubs(first: 3) { edges { node { id name } } } }';

const graphqlRequest = (url: string, query: string, variables: Record<string, unknown> = {}, key?: string) =>
  fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json', ...(key ? { authorization: `Bearer ${key}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });

const persistedGet = (url: string) =>
  fetch(`${url}/graphql?extensions=${encodeURIComponent(JSON.stringify({ persistedQuery: { version: 1, sha256Hash: sha256Hex(PERSISTED) } }))}`, {
    headers: { accept: 'application/graphql-response+json' },
  });

const legacyGet = (url: string, path: string, key: string | undefined, accept?: string) =>
  fetch(`${url}${path}${key === undefined ? '' : `?apikey=${key}`}`, { headers: accept ? { accept } : {} });

/** Rows of a space whose body holds `text`, or whose scope meets `tags` (a row of an answer read from anywhere meets every write). */
async function rows(space: 'graphql' | 'legacy', where: { holding?: string; touchedBy?: string[] } = {}): Promise<number> {
  const found = await sql<{ count: number }>(
    server.url,
    `SELECT count(*)::int AS count FROM "SharedAnswer"
     WHERE key LIKE $1 AND ($2::text IS NULL OR position($2::text IN convert_from(body, 'UTF8')) > 0) AND ($3::text[] IS NULL OR scope && $3::text[])`,
    [`${TEST_BUILD} ${space} %`, where.holding ?? null, where.touchedBy ? [...where.touchedBy, '*'] : null],
  );
  return found[0].count;
}

/** How a stored result of GAME begins. */
const gameJson = (id: number) => `"game":{"id":${id},`;

let server: Awaited<ReturnType<typeof createServerDatabase>>;

describe.skipIf(!onPostgres)('the shared answer store behind the legacy and GraphQL caches (needs DATABASE_URL on PostgreSQL)', () => {
  let a: Instance;
  let b: Instance;
  /** An instance of another build (a rolling deploy) on the same database. */
  let next: Instance;
  let gameId: number;
  let homeClubId: number;
  let otherGameIds: number[];
  let otherClubIds: number[];
  let writeKey: string;
  let legacyKeys: [string, string];
  let federationKey: string;

  beforeAll(async () => {
    server = await createServerDatabase(serverUrl!);
    const loader = await openDatabase({ databaseUrl: server.url, poolSize: 2 });
    await loadDemoLeague(loader.prisma, { seed: 7, scale: 0.1, now: TEST_NOW });
    const { game } = await scheduledGameWithSheet(loader);
    gameId = game.id;
    homeClubId = game.homeTeam!.clubId!;
    otherGameIds = (await loader.prisma.game.findMany({ where: { id: { not: gameId } }, select: { id: true }, orderBy: { id: 'asc' }, take: 4 })).map(
      (row) => row.id,
    );
    otherClubIds = (await loader.prisma.club.findMany({ where: { id: { not: homeClubId } }, select: { id: true }, orderBy: { id: 'asc' }, take: 3 })).map(
      (row) => row.id,
    );
    writeKey = (await createKey(loader, 'desk', null, ['games:write'])).key;
    legacyKeys = [(await createKey(loader, 'club website one')).key, (await createKey(loader, 'club website two')).key];
    federationKey = (await createKey(loader, 'federation reader')).key;
    await loader.close();
    const trustedDocuments = { mode: 'apq' as const, manifest: new Map([[sha256Hex(PERSISTED), PERSISTED]]) };
    a = await startInstance(server.url, () => cacheNow, TEST_BUILD, { trustedDocuments });
    b = await startInstance(server.url, () => cacheNow, TEST_BUILD, { trustedDocuments });
    next = await startInstance(server.url, () => cacheNow, 'next-build', { trustedDocuments });
  });

  afterAll(async () => {
    for (const instance of [a, b, next]) await instance?.close();
    await server?.drop();
  });

  describe('GraphQL results', () => {
    it('serves a public result one instance built to the other: a fetch, no SQL, the same bytes and tag', async () => {
      let built: Response | undefined;
      const buildQueries = await countQueries(a.database, async () => (built = await graphqlRequest(a.url, GAME, { id: otherGameIds[0] })));
      expect(built!.status).toBe(200);
      expect(buildQueries).toBeGreaterThan(0);
      const body = await built!.text();
      expect(JSON.parse(body).data.game.id).toBe(otherGameIds[0]);
      await until(async () => (await rows('graphql', { holding: gameJson(otherGameIds[0]) })) === 1);
      let fetched: Response | undefined;
      expect(await countQueries(b.database, async () => (fetched = await graphqlRequest(b.url, GAME, { id: otherGameIds[0] })))).toBe(0);
      expect(await fetched!.text()).toBe(body);
      expect(fetched!.headers.get('etag')).toBe(built!.headers.get('etag'));
      expect(b.store.stats.hits).toBeGreaterThan(0);
    });

    it('serves a persisted GET one instance built to the other, with the tag a 304 is judged against', async () => {
      let built: Response | undefined;
      expect(await countQueries(a.database, async () => (built = await persistedGet(a.url)))).toBeGreaterThan(0);
      expect(built!.status).toBe(200);
      expect(built!.headers.get('cache-control')).toMatch(/^public/);
      const body = await built!.text();
      await until(async () => (await rows('graphql', { holding: '"clubs"' })) === 1);
      let fetched: Response | undefined;
      expect(await countQueries(b.database, async () => (fetched = await persistedGet(b.url)))).toBe(0);
      expect(await fetched!.text()).toBe(body);
      expect(fetched!.headers.get('cache-control')).toBe(built!.headers.get('cache-control'));
      const revalidated = await fetch(
        `${b.url}/graphql?extensions=${encodeURIComponent(JSON.stringify({ persistedQuery: { version: 1, sha256Hash: sha256Hex(PERSISTED) } }))}`,
        {
          headers: { accept: 'application/graphql-response+json', 'if-none-match': built!.headers.get('etag')! },
        },
      );
      expect(revalidated.status).toBe(304);
    });

    it('builds a result once when both instances miss it at the same time', async () => {
      const queries = { a: -1, b: -1 };
      const bodies: string[] = [];
      await storesUsable(a, b);
      await Promise.all([
        countQueries(a.database, async () => bodies.push(await (await graphqlRequest(a.url, GAME, { id: otherGameIds[1] })).text())).then(
          (count) => (queries.a = count),
        ),
        countQueries(b.database, async () => bodies.push(await (await graphqlRequest(b.url, GAME, { id: otherGameIds[1] })).text())).then(
          (count) => (queries.b = count),
        ),
      ]);
      expect(Math.min(queries.a, queries.b), storeStats(a, b)).toBe(0);
      expect(Math.max(queries.a, queries.b)).toBeGreaterThan(0);
      expect(bodies[0]).toBe(bodies[1]);
    });

    it('neither stores nor keeps claimed a result a key decided', async () => {
      const query = `{ lineupCandidates(gameId: ${gameId}, teamId: ${(await a.database.prisma.game.findUniqueOrThrow({ where: { id: gameId } })).homeTeamId}) { licenseId } }`;
      const answered = await graphqlRequest(a.url, query, {}, federationKey);
      expect(answered.status).toBe(200);
      expect((await answered.json()).data.lineupCandidates.length).toBeGreaterThan(0);
      expect(answered.headers.get('cache-control')).toBe('private, no-store');
      await until(async () => (await sql(server.url, `SELECT 1 FROM "SharedAnswerClaim" WHERE key LIKE $1`, [`${TEST_BUILD} graphql %`])).length === 0);
      expect(await rows('graphql', { holding: 'lineupCandidates' })).toBe(0);
    });
  });

  describe('legacy answers', () => {
    it('serves an answer built for one key to another valid key on the other instance, after its own key check, as a fetch', async () => {
      const path = `/rest/v1.0/clubs/${otherClubIds[0]}`;
      let built: Response | undefined;
      const buildQueries = await countQueries(a.database, async () => (built = await legacyGet(a.url, path, legacyKeys[0])));
      expect(built!.status).toBe(200);
      expect(built!.headers.get('x-cache')).toBe('miss');
      const body = await built!.text();
      await until(async () => (await sql(server.url, `SELECT 1 FROM "SharedAnswer" WHERE key = $1`, [storeKey('legacy', `xml ${path}?`)])).length === 1);
      let fetched: Response | undefined;
      const fetchQueries = await countQueries(b.database, async () => (fetched = await legacyGet(b.url, path, legacyKeys[1])));
      expect(fetched!.headers.get('x-cache')).toBe('hit');
      expect(fetched!.headers.get('x-cache-shared')).toBe('hit');
      expect(fetched!.headers.get('cache-control')).toBe('private, no-cache');
      expect(await fetched!.text()).toBe(body);
      // What a fetch costs B is its key check, as a hit of its own cache: nothing of the build.
      const hitQueries = await countQueries(b.database, async () =>
        expect((await legacyGet(b.url, path, legacyKeys[1])).headers.get('x-cache-shared')).toBeNull(),
      );
      expect(fetchQueries).toBe(hitQueries);
      expect(fetchQueries).toBeLessThan(buildQueries);
      // Without a valid key, the stored answer is never sent.
      for (const key of [undefined, 'fbk_not-a-key-anybody-has']) {
        const refused = await legacyGet(b.url, path, key);
        expect(refused.status).toBe(401);
        expect(await refused.text()).not.toBe(body);
      }
      // JSON is an answer of its own.
      const json = await legacyGet(b.url, path, legacyKeys[1], 'application/json');
      expect(json.headers.get('x-cache')).toBe('miss');
    });

    it('builds an answer once when both instances miss it at the same time', async () => {
      const path = `/rest/v1.0/clubs/${otherClubIds[1]}`;
      const responses: Response[] = [];
      const queries = { a: -1, b: -1 };
      await storesUsable(a, b);
      await Promise.all([
        countQueries(a.database, async () => responses.push(await legacyGet(a.url, path, legacyKeys[0]))).then((count) => (queries.a = count)),
        countQueries(b.database, async () => responses.push(await legacyGet(b.url, path, legacyKeys[1]))).then((count) => (queries.b = count)),
      ]);
      expect(responses.map((response) => response.headers.get('x-cache-shared')).sort(), storeStats(a, b)).toEqual(['hit', null]);
      expect(Math.min(queries.a, queries.b)).toBeLessThan(Math.max(queries.a, queries.b));
      const bodies = await Promise.all(responses.map((response) => response.text()));
      expect(bodies[0]).toBe(bodies[1]);
    });
  });

  it('drops the GraphQL and legacy answers a write touches on both instances, so the next reader builds again', async () => {
    const clubPath = `/rest/v1.0/clubs/${homeClubId}`;
    const before = await (await graphqlRequest(a.url, GAME, { id: gameId })).json();
    expect(before.data.game.status).toBe('SCHEDULED');
    expect((await legacyGet(a.url, clubPath, legacyKeys[0])).status).toBe(200);
    await until(async () => (await rows('graphql', { touchedBy: [`game:${gameId}`] })) >= 1);
    await until(async () => (await sql(server.url, `SELECT 1 FROM "SharedAnswer" WHERE key = $1`, [storeKey('legacy', `xml ${clubPath}?`)])).length === 1);
    const heard = b.nextChange();
    const written = await postGraphQL(
      a.url,
      `mutation ($input: StartGameInput!) { startGame(input: $input) { ${WRITE_RESULT} } }`,
      { input: { gameId, idempotencyKey: 'start-shared-interfaces' } },
      writeKey,
    );
    expect(written.errors).toBeUndefined();
    await heard;
    await until(async () => (await rows('graphql', { touchedBy: [`game:${gameId}`] })) === 0);
    await until(async () => (await sql(server.url, `SELECT 1 FROM "SharedAnswer" WHERE key = $1`, [storeKey('legacy', `xml ${clubPath}?`)])).length === 0);
    let rebuilt: Response | undefined;
    expect(await countQueries(b.database, async () => (rebuilt = await graphqlRequest(b.url, GAME, { id: gameId })))).toBeGreaterThan(0);
    const after = await rebuilt!.json();
    expect(after.data.game.status).not.toBe('SCHEDULED');
    expect((await (await graphqlRequest(a.url, GAME, { id: gameId })).json()).data.game.status).toBe(after.data.game.status);
    const legacyRebuilt = await legacyGet(b.url, clubPath, legacyKeys[1]);
    expect(legacyRebuilt.headers.get('x-cache')).toBe('miss');
    expect(legacyRebuilt.headers.get('x-cache-shared')).toBeNull();
  });

  describe('two builds on one database (a rolling deploy)', () => {
    it('never serve each other’s answers, on any interface', async () => {
      const gamePath = `/api/games/${otherGameIds[2]}`;
      expect((await fetch(`${a.url}${gamePath}`)).headers.get('x-cache')).toBe('miss');
      expect((await graphqlRequest(a.url, GAME, { id: otherGameIds[2] })).status).toBe(200);
      const clubPath = `/rest/v1.0/clubs/${otherClubIds[2]}`;
      expect((await legacyGet(a.url, clubPath, legacyKeys[0])).status).toBe(200);
      await until(async () => (await sql(server.url, `SELECT 1 FROM "SharedAnswer" WHERE key = $1`, [storeKey('legacy', `xml ${clubPath}?`)])).length === 1);
      await until(async () => (await rows('graphql', { holding: gameJson(otherGameIds[2]) })) === 1);

      const api = await fetch(`${next.url}${gamePath}`);
      expect(api.headers.get('x-cache')).toBe('miss');
      expect(api.headers.get('x-cache-shared')).toBeNull();
      expect(await countQueries(next.database, () => graphqlRequest(next.url, GAME, { id: otherGameIds[2] }))).toBeGreaterThan(0);
      const legacy = await legacyGet(next.url, clubPath, legacyKeys[1]);
      expect(legacy.headers.get('x-cache-shared')).toBeNull();
      // Each build keeps rows of its own.
      expect((await sql(server.url, `SELECT 1 FROM "SharedAnswer" WHERE key = $1`, [storeKey('public', gamePath, 'next-build')])).length).toBe(1);
      // B, of A's build, fetches what A built.
      expect((await fetch(`${b.url}${gamePath}`)).headers.get('x-cache-shared')).toBe('hit');
    });

    it('keeps the spaces of two versions and of two caches apart in the store itself', async () => {
      const stores = ['v1', 'v1', 'v2'].map(
        (version) => new SharedAnswerStore({ databaseUrl: server.url, version, maxBytes: 1_000_000, feed: a.feed, log: silent, now: () => cacheNow }),
      );
      try {
        const [builder, sameBuild, otherBuild] = stores;
        const answer = {
          body: Buffer.from('built by v1'),
          contentType: 'text/plain',
          etag: 'W/"v1"',
          variants: {},
          scope: undefined,
          freshUntil: cacheNow + 60_000,
        };
        expect(await builder.space('public').store('/api/answer', answer, builder.position()!)).toBe(true);
        expect((await sameBuild.space('public').obtain('/api/answer', () => cacheNow)).answer?.etag).toBe('W/"v1"');
        const elsewhere = [otherBuild.space('public'), sameBuild.space('legacy')];
        for (const space of elsewhere) {
          expect((await space.obtain('/api/answer', () => cacheNow)).answer).toBeUndefined();
          await space.release('/api/answer');
        }
      } finally {
        await Promise.all(stores.map((store) => store.close()));
      }
    });
  });
});
