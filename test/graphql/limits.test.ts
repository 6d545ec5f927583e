import { complexityFromQuery } from '@pothos/plugin-complexity';
import type { FastifyInstance } from 'fastify';
import { getNamedType, isObjectType, parse } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { garbageCollector, heapUsedAfterGc } from '../support/heap.js';
import { buildApp, type AppOptions } from '../../src/app.js';
import { openDatabase, type Database, type PrismaClient } from '../../src/db/database.js';
import { BoundedLru } from '../../src/cache/bounded.js';
import { createParseCaches, DOCUMENT_CACHE_BYTES, documentWeight } from '../../src/graphql/parse-caches.js';
import { createBoundedResponseCache, SCOPED_KEY_PREFIX } from '../../src/graphql/response-cache-store.js';
import type { LeagueChange } from '../../src/live/changes.js';
import { DEFAULT_MAX_COMPLEXITY } from '../../src/schema/builder.js';
import { COMPUTED, OBJECT_COST } from '../../src/schema/costs.js';
import { getSchema } from '../../src/schema/index.js';
import { countQueries, graphql as post, openTestLeague, type GraphQLResponse, type TestLeague } from '../support/app.js';

/**
 * Asks for application/graphql-response+json, under which a refusal is the spec's 400; under
 * application/json (and with no Accept) it is a 200 with no data (test/graphql/wrong-requests.test.ts).
 */
const SPEC_ACCEPT = 'application/graphql-response+json';
const graphql = <T = Record<string, unknown>>(app: FastifyInstance, query: string, variables?: Record<string, unknown>) =>
  post<T>(app, query, variables, { accept: SPEC_ACCEPT });

let league: TestLeague;
const extraApps: FastifyInstance[] = [];

beforeAll(async () => {
  league = await openTestLeague();
});
afterAll(async () => {
  await Promise.all(extraApps.map((app) => app.close()));
  await league?.close();
});

/** Another app on the test league's database, with other options. */
async function appWith(options: Partial<AppOptions>, database: Database = league.db): Promise<FastifyInstance> {
  const app = await buildApp({ database, clock: league.clock, logLevel: 'silent', publicBaseUrl: 'http://test.local', ...options });
  extraApps.push(app);
  return app;
}

async function get(app: FastifyInstance, query: string, variables?: Record<string, unknown>): Promise<GraphQLResponse & { headers: Record<string, unknown> }> {
  const search = new URLSearchParams({ query, ...(variables ? { variables: JSON.stringify(variables) } : {}) });
  const response = await app.inject({ method: 'GET', url: `/graphql?${search}`, headers: { accept: SPEC_ACCEPT } });
  return { status: response.statusCode, headers: response.headers, ...response.json() };
}

const codeOf = (result: GraphQLResponse) => result.errors?.[0]?.extensions?.code;
const aliases = (count: number) => `{ ${Array.from({ length: count }, (_, i) => `a${i}: __typename`).join(' ')} }`;

describe('the heap attack: many large distinct documents', () => {
  it('refuses 15 documents of 9,000 aliases (161 KB each) with a 413 before parsing, and the heap stays put', async () => {
    const gc = garbageCollector();
    await graphql(league.app, '{ seasons { id } }');
    const before = heapUsedAfterGc(gc);
    for (let i = 0; i < 15; i += 1) {
      const result = await graphql(league.app, `# ${i}\n${aliases(9000)}`);
      expect(result.status).toBe(413);
      expect(codeOf(result)).toBe('DOCUMENT_TOO_LARGE');
      expect(result.errors![0].message).toMatch(/longer than 32768 bytes/);
    }
    // Unbounded, yoga kept ~7 MB of parsed document per request: 100 MB for these 15.
    expect(heapUsedAfterGc(gc) - before).toBeLessThan(5 * 1024 * 1024);
  });

  it('keeps at most its byte budget of parsed documents, however many dense ones arrive', async () => {
    const gc = garbageCollector();
    const before = heapUsedAfterGc(gc);
    // 990 tokens in 2 KB each: ~0.5 MB of AST apiece, 30 MB for all 60 if the cache counted entries only (or source bytes).
    for (let i = 0; i < 60; i += 1) {
      const result = await graphql(league.app, `# ${i}\n{ ${Array.from({ length: 989 }, () => 'a').join(' ')} }`);
      expect(result.errors?.length).toBeGreaterThan(0);
    }
    expect(heapUsedAfterGc(gc) - before).toBeLessThan(DOCUMENT_CACHE_BYTES + 6 * 1024 * 1024);
  });
});

describe('bounded caches', () => {
  it('evicts the least recently used entries by count and by bytes', () => {
    const cache = new BoundedLru<string>({ maxEntries: 3, maxBytes: 100, weigh: (value) => value.length });
    cache.set('a', 'x'.repeat(10));
    cache.set('b', 'x'.repeat(10));
    cache.set('c', 'x'.repeat(10));
    cache.get('a'); // now b is the least recently used
    cache.set('d', 'x'.repeat(10));
    expect([cache.has('a'), cache.has('b'), cache.has('c'), cache.has('d')]).toEqual([true, false, true, true]);
    cache.set('e', 'x'.repeat(90)); // 120 bytes: the two least recently used go
    expect([cache.has('a'), cache.has('c'), cache.has('d'), cache.has('e')]).toEqual([false, false, true, true]);
    expect(cache.totalBytes).toBe(100);
    cache.set('huge', 'x'.repeat(101)); // heavier than the whole budget: not kept, nothing evicted for it
    expect([cache.has('huge'), cache.has('d'), cache.has('e')]).toEqual([false, true, true]);
  });

  it('forgets entries once they are as old as their TTL, on its clock', () => {
    let now = 0;
    const cache = new BoundedLru<number>({ maxEntries: 10, maxBytes: 10, weigh: () => 1, now: () => now });
    cache.set('short', 1, 20);
    cache.set('long', 2);
    now = 19;
    expect([cache.get('short'), cache.get('long')]).toEqual([1, 2]);
    now = 20;
    expect([cache.get('short'), cache.get('long')]).toEqual([undefined, 2]);
  });

  it('weighs a parsed document by its tokens, not its length', () => {
    const dense = '{ a a a a a a a a a a }';
    const spaced = `{ a${' '.repeat(1000)}a }`;
    expect(documentWeight(dense, parse(dense))).toBeGreaterThan(documentWeight(spaced, parse(spaced)));
    const { documentCache } = createParseCaches();
    for (let i = 0; i < 100; i += 1) {
      const source = `# ${i}\n{ ${Array.from({ length: 900 }, () => 'a').join(' ')} }`;
      documentCache.set(source, parse(source));
    }
    expect(documentCache.totalBytes).toBeLessThanOrEqual(DOCUMENT_CACHE_BYTES);
    expect(documentCache.size).toBeLessThan(100);
    expect(documentCache.size).toBeGreaterThan(0);
  });

  it('bounds the response cache by bytes and invalidates by type name', () => {
    const cache = createBoundedResponseCache({ maxEntries: 100, maxBytes: 50_000 });
    const big = { data: { rows: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Team ${i}` })) } };
    // As the plugin does: a lookup (a miss) before the execution, then the result stored.
    const store = (id: string, result: { data: Record<string, unknown> }, typename: string) => {
      cache.get(id);
      cache.set(id, result, [{ typename, id: 1 }], 60_000);
    };
    for (let i = 0; i < 20; i += 1) store(`q${i}`, big, 'Team');
    expect(cache.stats().bytes).toBeLessThanOrEqual(50_000);
    expect(cache.stats().entries).toBeLessThan(20);
    store('club', { data: { club: { id: 1 } } }, 'Club');
    cache.invalidate([{ typename: 'Team', id: 3 }]);
    expect(cache.get('q19')).toBeNull();
    expect(cache.get('club')).toEqual({ data: { club: { id: 1 } } });
  });

  const write = (gameId: number): LeagueChange => ({
    kind: 'game',
    game: {
      gameId,
      version: 2,
      kind: 'EVENT_ADDED',
      eventId: 9,
      status: 'LIVE',
      homeScore: 1,
      awayScore: 0,
      scoreChanged: true,
      groupId: 50,
      homeTeamId: 1,
      awayTeamId: 2,
      homeClubId: 10,
      awayClubId: 20,
      affects: { teamIds: [1, 2], clubIds: [10, 20], playerIds: [100], leagueIds: [3] },
    },
  });

  it('drops every unscoped result on a write, and does not keep a result whose execution began before it', () => {
    const cache = createBoundedResponseCache();
    cache.get('before');
    cache.set('before', { data: { a: 1 } }, [], 60_000);
    cache.get('during'); // the execution starts…
    cache.changed(write(7)); // …a write commits…
    cache.set('during', { data: { a: 2 } }, [], 60_000); // …and its result, read before, comes back
    expect(cache.get('before')).toBeNull();
    expect(cache.get('during')).toBeNull();
    cache.set('during', { data: { a: 3 } }, [], 60_000);
    expect(cache.get('during')).toEqual({ data: { a: 3 } });
  });

  it('keeps the results of scoped documents that show no record the write touched', () => {
    const cache = createBoundedResponseCache();
    const stored = (id: string, entities: { typename: string; id: number }[]) => {
      cache.get(id);
      cache.set(id, { data: { id } }, entities, 60_000);
    };
    stored(`${SCOPED_KEY_PREFIX}other-game`, [
      { typename: 'Game', id: 8 },
      { typename: 'Team', id: 3 },
    ]);
    stored(`${SCOPED_KEY_PREFIX}the-game`, [{ typename: 'Game', id: 7 }]);
    stored(`${SCOPED_KEY_PREFIX}its-group`, [{ typename: 'LeagueGroup', id: 50 }]);
    stored(`${SCOPED_KEY_PREFIX}its-scorer`, [{ typename: 'Player', id: 100 }]);
    stored('top-scorers', [{ typename: 'Player', id: 555 }]);
    cache.get(`${SCOPED_KEY_PREFIX}straddling`);
    cache.changed(write(7));
    cache.set(`${SCOPED_KEY_PREFIX}straddling`, { data: {} }, [{ typename: 'Game', id: 9 }], 60_000);
    const kept = ['other-game', 'the-game', 'its-group', 'its-scorer', 'straddling'].map((id) => cache.get(`${SCOPED_KEY_PREFIX}${id}`) !== null);
    expect(kept).toEqual([true, false, false, false, true]);
    expect(cache.get('top-scorers')).toBeNull();
    cache.changed({ kind: 'data' });
    expect(cache.get(`${SCOPED_KEY_PREFIX}other-game`)).toBeNull();
  });
});

describe('static cost', () => {
  const HEAVY = '{ teams(first: 100) { edges { node { id seasonRecords { season { id } } members(season: 2026) { player { statistics { goals } } } } } } }';

  it('refuses the 100-team statistics query before any SQL, as a 400', async () => {
    let result: GraphQLResponse | undefined;
    expect(await countQueries(league.db, async () => (result = await graphql(league.app, HEAVY)))).toBe(0);
    expect(result!.status).toBe(400);
    expect(codeOf(result!)).toBe('QUERY_TOO_COMPLEX');
    expect(result!.errors![0].message).toMatch(/maximum complexity \(complexity: \d+, max: 20000\)/);
  });

  it('counts the page size: the same selection for 5 teams runs', async () => {
    const result = await graphql(league.app, HEAVY.replace('first: 100', 'first: 5'));
    expect(result.errors).toBeUndefined();
  });

  it('follows GRAPHQL_MAX_COMPLEXITY', async () => {
    // 100 clubs' ids cost 72 units (an edge and a node of 0.3 and a value of 0.03 each, the page query 8.3), 10 of them 15.
    const strict = await appWith({ graphql: { maxComplexity: 50 } });
    const result = await graphql(strict, '{ clubs(first: 100) { edges { node { id } } } }');
    expect(codeOf(result)).toBe('QUERY_TOO_COMPLEX');
    expect((await graphql(strict, '{ clubs(first: 10) { edges { node { id } } } }')).errors).toBeUndefined();
  });

  it('gives every connection a page-size cost and does not multiply its edges again', () => {
    const schema = getSchema();
    const connections: string[] = [];
    for (const type of Object.values(schema.getTypeMap())) {
      if (!isObjectType(type) || type.name.startsWith('__')) continue;
      for (const field of Object.values(type.getFields())) {
        const named = getNamedType(field.type);
        if (!named.name.endsWith('Connection')) continue;
        connections.push(`${type.name}.${field.name}`);
        expect(typeof field.extensions.complexity, `${type.name}.${field.name}`).toBe('function');
        if (isObjectType(named)) expect(named.getFields().edges.extensions.complexity).toEqual({ field: OBJECT_COST, multiplier: 1 });
      }
    }
    expect(connections.length).toBeGreaterThanOrEqual(9);
  });
});

describe('the cost model (calibrated with npm run bench:cost)', () => {
  const costOf = (query: string) => complexityFromQuery(query, { schema: getSchema() }).complexity;
  const EVENT = 'second type side homeScore awayScore player { id firstName lastName } assist { id firstName lastName }';

  it("runs a day's games with their events: a page of 100, about 0.15 s of work at scale 10", async () => {
    const query = `{ games(first: 100, filter: { from: "2026-11-22T00:00:00Z", to: "2026-11-23T00:00:00Z" }) {
      edges { node { id startsAt status homeScore awayScore homeTeam { id name } awayTeam { id name } events { ${EVENT} } } } } }`;
    // 53,401 units, and refused, when every value cost as much as an object (1 each, lists 10–40 long).
    expect(costOf(query)).toBeGreaterThan(2000);
    expect(costOf(query)).toBeLessThan(DEFAULT_MAX_COMPLEXITY / 4);
    const result = await graphql<{ games: { edges: { node: { events: unknown[] } }[] } }>(league.app, query);
    expect(result.errors).toBeUndefined();
    expect(result.data!.games.edges.some((edge) => edge.node.events.length > 0)).toBe(true);
  });

  it("refuses every group's games with their events and lineups, before any SQL", async () => {
    const query = `{ leagueGroups(first: 100) { edges { node { name games(first: 100) {
      edges { node { id homeScore awayScore events { ${EVENT} } lineup { number player { id lastName } } } } } } } } }`;
    expect(costOf(query)).toBeGreaterThan(DEFAULT_MAX_COMPLEXITY * 10);
    let result: GraphQLResponse | undefined;
    expect(await countQueries(league.db, async () => (result = await graphql(league.app, query)))).toBe(0);
    expect([result!.status, codeOf(result!)]).toEqual([400, 'QUERY_TOO_COMPLEX']);
  });

  it('charges a computed field its measured cost: 100 teams with their season records cost more than 100 with their names', () => {
    const names = costOf('{ teams(first: 100) { edges { node { id name } } } }');
    const records = costOf('{ teams(first: 100) { edges { node { id seasonRecords { qualificationRank } } } } }');
    expect(records - names).toBeGreaterThan(100 * COMPUTED.teamSeasonRecords);
  });
});

describe('document limits', () => {
  it('refuses more than 1,000 tokens, GET and POST alike', async () => {
    // `{ seasons {` and `} }` are five tokens.
    const tokens = (count: number) => `{ seasons { ${Array.from({ length: count - 5 }, () => 'id').join(' ')} } }`;
    const post = await graphql(league.app, tokens(1001));
    expect([post.status, codeOf(post)]).toEqual([400, 'TOO_MANY_TOKENS']);
    const viaGet = await get(league.app, tokens(1001));
    expect([viaGet.status, codeOf(viaGet)]).toEqual([400, 'TOO_MANY_TOKENS']);
    expect(codeOf(await graphql(league.app, tokens(1000)))).not.toBe('TOO_MANY_TOKENS');
  });

  it('refuses a query text over the byte limit, GET and POST alike', async () => {
    const small = await appWith({ graphql: { maxDocumentBytes: 1024 } });
    const query = `{ seasons { id } } # ${'x'.repeat(1100)}`;
    const post = await graphql(small, query);
    const viaGet = await get(small, query);
    expect([post.status, codeOf(post), viaGet.status, codeOf(viaGet)]).toEqual([413, 'DOCUMENT_TOO_LARGE', 413, 'DOCUMENT_TOO_LARGE']);
    expect((await graphql(small, '{ seasons { id } }')).errors).toBeUndefined();
  });

  it('refuses more than 30 aliases and more than 30 directives', async () => {
    expect((await graphql(league.app, aliases(30))).errors).toBeUndefined();
    const tooMany = await graphql(league.app, aliases(31));
    expect([tooMany.status, codeOf(tooMany)]).toEqual([400, 'TOO_MANY_ALIASES']);
    const directives = (count: number) => `{ seasons { ${Array.from({ length: count }, () => 'id @include(if: true)').join(' ')} } }`;
    expect((await graphql(league.app, directives(30))).errors).toBeUndefined();
    const refused = await graphql(league.app, directives(31));
    expect([refused.status, codeOf(refused)]).toEqual([400, 'TOO_MANY_DIRECTIVES']);
  });
});

describe('NUL characters', () => {
  // A raw NUL in the request (JSON body, URL) never reaches GraphQL: the HTTP input guard refuses it first.
  it('in a string literal: 400 BAD_USER_INPUT before any SQL', async () => {
    for (const literal of ['"a\\u0000"', '"a\\u{0}"']) {
      let result: GraphQLResponse | undefined;
      const statements = await countQueries(
        league.db,
        async () => (result = await graphql(league.app, `{ clubs(nameContains: ${literal}) { edges { node { id } } } }`)),
      );
      expect(statements).toBe(0);
      expect([result!.status, codeOf(result!)]).toEqual([400, 'BAD_USER_INPUT']);
      expect(result!.errors![0].message).toMatch(/NUL/);
    }
  });

  it('in a variable: 400 before any SQL, GET and POST', async () => {
    const query = 'query ($q: String) { clubs(nameContains: $q) { edges { node { id } } } }';
    let viaGet: GraphQLResponse | undefined;
    expect(await countQueries(league.db, async () => (viaGet = await get(league.app, query, { q: 'a\u0000' })))).toBe(0);
    expect([viaGet!.status, codeOf(viaGet!)]).toEqual([400, 'BAD_USER_INPUT']);
    let post: GraphQLResponse | undefined;
    expect(await countQueries(league.db, async () => (post = await graphql(league.app, query, { q: 'a\u0000' })))).toBe(0);
    expect(post!.status).toBe(400);
    expect(post!.errors![0].message).toMatch(/NUL/);
  });
});

describe('cursors', () => {
  const encode = (text: string) => Buffer.from(text).toString('base64');

  it.each([
    ['zzz'],
    [encode('GPC:S:abc')],
    [encode('GPC:N:99999999999')],
    [encode('GPC:D:0')],
    [encode('GPC:Z:')],
    [encode('GPC:O:{}')],
    [encode('GPC:N:NaN')],
  ])('a crafted cursor %s is a user error, not "Unexpected error"', async (cursor) => {
    const root = await graphql(league.app, 'query ($c: String) { players(first: 2, after: $c) { edges { node { id } } } }', { c: cursor });
    expect(codeOf(root)).toBe('BAD_USER_INPUT');
    const nested = await graphql(
      league.app,
      'query ($c: String) { teams(first: 1) { edges { node { homeGames(first: 1, after: $c) { edges { node { id } } } } } } }',
      { c: cursor },
    );
    expect(codeOf(nested)).toBe('BAD_USER_INPUT');
    const before = await graphql(league.app, 'query ($c: String) { clubs(last: 2, before: $c) { edges { node { id } } } }', { c: cursor });
    expect(codeOf(before)).toBe('BAD_USER_INPUT');
  });

  it('still pages with the cursors it hands out', async () => {
    const first = await graphql<{ players: { pageInfo: { endCursor: string } } }>(league.app, '{ players(first: 2) { pageInfo { endCursor } } }');
    const next = await graphql(league.app, 'query ($c: String) { players(first: 2, after: $c) { edges { node { id } } } }', {
      c: first.data!.players.pageInfo.endCursor,
    });
    expect(next.errors).toBeUndefined();
  });
});

describe('introspection and suggestions', () => {
  const INTROSPECTION = '{ __schema { queryType { name } } }';
  const TYPO = '{ seasons { idd } }';

  it('answers introspection by default, in production too, within the same limits', async () => {
    const production = await appWith({ production: true });
    expect((await graphql(production, INTROSPECTION)).data).toEqual({ __schema: { queryType: { name: 'Query' } } });
    const deep = `{ __schema { types { fields { type { fields { type { fields { type { fields { name } } } } } } } } } }`;
    expect((await graphql(production, deep)).errors![0].message).toMatch(/introspection depth/i);
  });

  it('refuses introspection when GRAPHQL_INTROSPECTION is off', async () => {
    const closed = await appWith({ graphql: { introspection: false } });
    const result = await graphql(closed, INTROSPECTION);
    expect(result.errors![0].message).toMatch(/introspection has been disabled/);
    expect((await graphql(closed, '{ __typename }')).data).toEqual({ __typename: 'Query' });
  });

  it('suggests names outside production only, unless told otherwise', async () => {
    expect((await graphql(league.app, TYPO)).errors![0].message).toMatch(/Did you mean "id"/);
    const production = await appWith({ production: true });
    const quiet = await graphql(production, TYPO);
    expect(quiet.errors![0].message).toBe('Cannot query field "idd" on type "Season".');
    const variable = await graphql(production, 'query ($s: [GameStatus!]) { games(first: 1, filter: { status: $s }) { edges { node { id } } } }', {
      s: ['FINISHD'],
    });
    expect(variable.errors![0].message).not.toMatch(/Did you mean/);
    const told = await appWith({ production: true, graphql: { suggestions: true } });
    expect((await graphql(told, TYPO)).errors![0].message).toMatch(/Did you mean "id"/);
  });
});

/** The test league's database with one model's `findMany` replaced: to fail, or to be slow. */
function withFindMany(model: 'season' | 'leagueGroup', findMany: (original: (args: unknown) => Promise<unknown>, args: unknown) => Promise<unknown>): Database {
  const prisma = league.db.prisma;
  const delegate = prisma[model] as unknown as { findMany(args: unknown): Promise<unknown> };
  const replaced = new Proxy(delegate, {
    get: (target, prop) => {
      if (prop === 'findMany') return (args: unknown) => findMany((a) => target.findMany(a), args);
      const value: unknown = Reflect.get(target, prop);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  const proxied = new Proxy(prisma, {
    get: (target, prop) => {
      if (prop === model) return replaced;
      const value: unknown = Reflect.get(target, prop);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  }) as PrismaClient;
  return { ...league.db, prisma: proxied, close: async () => undefined };
}

describe('failures', () => {
  it('answers 503, Retry-After and SERVICE_UNAVAILABLE when the database cannot be reached', async () => {
    const unreachable = await openDatabase({ databaseUrl: 'postgresql://postgres@127.0.0.1:1/x', migrate: false, connectTimeoutMs: 500 });
    try {
      const app = await appWith({ production: true }, unreachable);
      const response = await app.inject({ method: 'POST', url: '/graphql', payload: { query: '{ seasons { id } }' } });
      expect(response.statusCode).toBe(503);
      expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      const body = response.json();
      expect(body.errors[0].extensions.code).toBe('SERVICE_UNAVAILABLE');
      expect(body.errors[0].message).toMatch(/^The database is not available; try again shortly/);
      expect(response.body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|\.ts:\d+/);
    } finally {
      await unreachable.close();
    }
  });

  it('answers 503 for a statement timeout, and keeps other errors masked without a stack', async () => {
    const timeout = Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' });
    const slowDb = await appWith(
      { production: true },
      withFindMany('season', () => Promise.reject(timeout)),
    );
    const slow = await slowDb.inject({ method: 'POST', url: '/graphql', payload: { query: '{ seasons { id } }' } });
    expect(slow.statusCode).toBe(503);
    expect(slow.headers['retry-after']).toBeDefined();
    expect(slow.json().errors[0].extensions.code).toBe('SERVICE_UNAVAILABLE');

    const bug = await appWith(
      { production: true },
      withFindMany('season', () => Promise.reject(new Error('boom in /srv/app/src/secret.ts:12'))),
    );
    const masked = await bug.inject({ method: 'POST', url: '/graphql', payload: { query: '{ seasons { id } }' } });
    expect(masked.json().errors[0].message).toBe('Unexpected error.');
    expect(masked.body).not.toMatch(/boom|secret|stack|\.ts:\d+/);
  });

  it('stops at the deadline: 503 TIMEOUT with Retry-After, and no resolver starts afterwards', async () => {
    const query = '{ leagueGroups(first: 5) { edges { node { name standings { rank team { name } } } } } }';
    const full = await countQueries(league.db, () => graphql(league.app, query));
    const slowStatements: Promise<unknown>[] = [];
    const slowGroups = withFindMany('leagueGroup', (original, args) => {
      const statement = new Promise((resolve) => setTimeout(resolve, 300)).then(() => original(args));
      slowStatements.push(statement);
      return statement;
    });
    const app = await appWith({ graphql: { timeoutMs: 50 } }, slowGroups);
    let response: Awaited<ReturnType<FastifyInstance['inject']>> | undefined;
    let answeredAfterMs = Infinity;
    const statements = await countQueries(league.db, async () => {
      const started = Date.now();
      response = await app.inject({ method: 'POST', url: '/graphql', payload: { query } });
      answeredAfterMs = Date.now() - started;
      // The slow statement finishes meanwhile; whatever would follow it has a few turns of the loop
      // to be sent, and one more statement's round trip to be answered (and counted) before it.
      await Promise.allSettled(slowStatements);
      for (let turn = 0; turn < 10; turn += 1) await new Promise((resolve) => setImmediate(resolve));
      await league.db.prisma.$queryRaw`SELECT 1`;
    });
    expect(response!.statusCode).toBe(503);
    expect(response!.headers['retry-after']).toBe('5');
    expect(response!.json().errors[0].extensions.code).toBe('TIMEOUT');
    expect(answeredAfterMs).toBeLessThan(250); // not waiting for the 300 ms statement
    // The groups' statement was sent before the deadline; the standings and teams after it never were
    // (less the SELECT 1 that waited for them).
    expect(statements - 1).toBeLessThan(full);
  });
});
