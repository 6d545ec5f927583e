import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { garbageCollector, heapUsedAfterGc } from '../support/heap.js';
import { buildApp } from '../../src/app.js';
import { createBoundedResponseCache, RESPONSE_CACHE_BYTES, RESPONSE_CACHE_ENTRIES } from '../../src/graphql/response-cache-store.js';
import { countQueries, graphql, openTestLeague, type TestLeague } from '../support/app.js';

let league: TestLeague;
let app: FastifyInstance;

beforeAll(async () => {
  league = await openTestLeague();
  // A clock that stands still: answers leave the cache because of its bounds, never because the run took long.
  app = await buildApp({
    database: league.db,
    clock: league.clock,
    cacheClock: () => 0,
    logLevel: 'silent',
    publicBaseUrl: 'http://test.local',
    responseCacheTtlMs: 60_000,
  });
});
afterAll(async () => {
  await app?.close();
  await league?.close();
});

/** Distinct documents (the alias varies), each a large public answer: 100 games with their events, ~70 KB of JSON. */
const gamesWithEvents = (n: number) => `{ a${n}: games(first: 100) { edges { node { id events { type second } } } } }`;
const DISTINCT_QUERIES = 200;
/** What the heap may grow by besides the results: the parsed documents and their validation, and noise. */
const SLACK_BYTES = 8 * 1024 * 1024;

describe('the GraphQL result cache stays within its heap bound', () => {
  it(`holds at most ${RESPONSE_CACHE_BYTES / 1024 / 1024} MB of results on the heap, however many large distinct answers it is offered`, async () => {
    const gc = garbageCollector();
    const first = await graphql<Record<string, { edges: unknown[] }>>(app, gamesWithEvents(0));
    expect(first.errors).toBeUndefined();
    expect(first.data!.a0.edges).toHaveLength(100);
    const before = heapUsedAfterGc(gc);
    for (let i = 1; i <= DISTINCT_QUERIES; i += 4) {
      const batch = await Promise.all([i, i + 1, i + 2, i + 3].map((n) => graphql(app, gamesWithEvents(n))));
      for (const result of batch) expect(result.errors).toBeUndefined();
    }
    const grown = heapUsedAfterGc(gc) - before;
    // As the plugin hands it over, each answer held ~1 MB of heap: counted at twice its JSON, the
    // old store's 16 MB held some 110 of them, over 100 MB. The store now keeps it parsed back from
    // its JSON (~130 KB) and weighs it at five times its JSON (~370 KB): some 45 of them, ~6 MB.
    expect(grown).toBeLessThan(RESPONSE_CACHE_BYTES + SLACK_BYTES);
    // The cache did keep the latest answers, and let the earliest go.
    expect(await countQueries(league.db, () => graphql(app, gamesWithEvents(DISTINCT_QUERIES)))).toBe(0);
    expect(await countQueries(league.db, () => graphql(app, gamesWithEvents(1)))).toBeGreaterThan(0);
  }, 240_000); // 200 executions of 100 games with their events

  it('accounts for no more than its bound, and keeps fewer entries than its count bound when they are heavy', async () => {
    const result = await graphql(app, gamesWithEvents(0));
    const store = createBoundedResponseCache();
    for (let i = 0; i < DISTINCT_QUERIES; i += 1) {
      store.get(`q${i}`);
      store.set(`q${i}`, { data: result.data }, [], 60_000);
    }
    const { entries, bytes } = store.stats();
    expect(bytes).toBeLessThanOrEqual(RESPONSE_CACHE_BYTES);
    expect(entries).toBeGreaterThan(0);
    expect(entries).toBeLessThan(Math.min(RESPONSE_CACHE_ENTRIES, DISTINCT_QUERIES));
    // Each weighs what it holds: far more than its JSON.
    expect(bytes / entries).toBeGreaterThan(5 * JSON.stringify({ data: result.data }).length);
  });
});
