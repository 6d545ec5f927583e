import { gunzipSync } from 'node:zlib';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type AppOptions } from '../../src/app.js';
import { fixedClock } from '../../src/clock.js';
import type { RateLimitConfig } from '../../src/http/rate-limit.js';
import { DatabaseAvailability, DatabaseRefusedError } from '../../src/db/availability.js';
import type { Database } from '../../src/db/database.js';
import { loadDemoLeague } from '../../src/data/demo/index.js';
import { statementOf } from '../../src/http/metrics.js';
import { TEST_NOW } from '../support/app.js';
import { openTestDatabase } from '../support/database.js';
import { createKey } from '../support/keys.js';

let db: Database;
let apiKey: string;
let lineupUrl: string;
const apps: FastifyInstance[] = [];

const NO_LIMITS: RateLimitConfig = { publicPerMinute: 0, keyPerMinute: 0, authFailures: 0, authFailureWindowMs: 600_000, sessionsPerHour: 0 };
const PROMETHEUS_TEXT = 'text/plain; version=0.0.4; charset=utf-8';
const REQUEST_BUCKETS = ['0.001', '0.0025', '0.005', '0.01', '0.025', '0.05', '0.1', '0.25', '0.5', '1', '2.5', '5', '10', '15', '+Inf'];

async function appWith(options: Partial<AppOptions>): Promise<FastifyInstance> {
  const app = await buildApp({ database: db, clock: fixedClock(TEST_NOW), logLevel: 'silent', publicBaseUrl: 'http://test.local', ...options });
  apps.push(app);
  return app;
}

beforeAll(async () => {
  db = await openTestDatabase();
  await loadDemoLeague(db.prisma, { seed: 7, scale: 0.1, now: TEST_NOW });
  apiKey = (await createKey(db, 'club website')).key;
  const game = await db.prisma.game.findFirstOrThrow({ select: { id: true, homeTeamId: true }, orderBy: { id: 'asc' } });
  lineupUrl = `/api/v3/games/${game.id}/teams/${game.homeTeamId}/lineup_candidates`;
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await db?.close();
});

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of a text exposition (comments left out). */
function parse(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not an exposition line: ${line}`);
      const labels = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((label) => [label[1], label[2]]));
      return { name: match[1], labels, value: Number(match[3]) };
    });
}

/** The samples named `name` whose labels include `labels`. */
function select(samples: Sample[], name: string, labels: Record<string, string> = {}): Sample[] {
  return samples.filter((sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value));
}

/** The sum of those samples (0 when there is none). */
function total(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  return select(samples, name, labels).reduce((sum, sample) => sum + sample.value, 0);
}

/** The metric families the exposition declares (`# TYPE name kind`), with their kinds. */
function families(text: string): Map<string, string> {
  return new Map([...text.matchAll(/^# TYPE (\S+) (\S+)$/gm)].map((match) => [match[1], match[2]]));
}

function send(app: FastifyInstance, client: string, options: InjectOptions): Promise<LightMyRequestResponse> {
  return app.inject({ ...options, remoteAddress: client });
}
const get = (app: FastifyInstance, client: string, url: string, headers: Record<string, string> = {}) => send(app, client, { method: 'GET', url, headers });

async function scrape(app: FastifyInstance, headers: Record<string, string> = {}): Promise<{ response: LightMyRequestResponse; samples: Sample[] }> {
  const response = await get(app, '192.0.2.99', '/metrics', headers);
  return { response, samples: response.statusCode === 200 ? parse(response.body) : [] };
}

describe('labels', () => {
  it.each([
    ['SELECT "public"."Game"."id" FROM "public"."Game" WHERE 1=1', 'select'],
    ['  select 1', 'select'],
    ['INSERT INTO "FavoriteSession" ("id") VALUES ($1)', 'insert'],
    ['UPDATE "Season" SET "isCurrent" = false', 'update'],
    ['DELETE FROM "FavoriteSession" WHERE "expiresAt" < $1', 'delete'],
    ['WITH written AS (\n INSERT INTO "Game" ("id", "updatedAt") SELECT * FROM unnest($1)) SELECT count(*) FROM written', 'insert'],
    ['WITH ranked AS (SELECT "updatedAt" FROM "Game") SELECT * FROM ranked', 'select'],
    ['-- Implicit "COMMIT" query via underlying driver', 'other'],
    ['ANALYZE', 'other'],
  ])('statementOf(%j) = %s', (sql, kind) => {
    expect(statementOf(sql)).toBe(kind);
  });

  it('labels each request with the interface its route declares, or whose URLs it is in when no route matched', async () => {
    const labelled = await appWith({ metrics: { path: '/metrics' } });
    const asked: [string, string, string][] = [
      ['/api/games/1', '/api/games/:game_id', 'api'],
      ['/games/1', '/games/:game_id', 'api'],
      ['/api/v3/games/1/teams/1/lineup', '/api/v3/games/:game_id/teams/:id/lineup', 'v3'],
      ['/rest/v1.0/clubs/1', '/rest/v1.0/clubs/:clubid', 'legacy'],
      ['/graphql', '/graphql', 'graphql'],
      ['/media/clubs/1/logo.svg', '/media/clubs/:id/logo.svg', 'media'],
      ['/health/ready', '/health/ready', 'health'],
      ['/metrics', '/metrics', 'metrics'],
    ];
    for (const [url] of asked) await get(labelled, '198.51.100.9', url);
    const unmatched: [string, string][] = [
      ['/api/v3x', 'api'],
      ['/no/such/thing', 'api'],
      ['/rest/v2/anything', 'legacy'],
      ['/graphql/nothing', 'graphql'],
      ['/media/nothing', 'media'],
      ['/health/nothing', 'health'],
    ];
    for (const [url] of unmatched) await get(labelled, '198.51.100.9', url);
    const { samples: counted } = await scrape(labelled);
    for (const [url, route, name] of asked)
      expect(
        select(counted, 'http_requests_total', { route }).map((sample) => sample.labels.interface),
        url,
      ).toEqual([name]);
    const unmatchedLabels = select(counted, 'http_requests_total', { route: 'unmatched' }).map((sample) => sample.labels.interface);
    expect(unmatchedLabels.sort()).toEqual([...new Set(unmatched.map(([, name]) => name))].sort());
  });
});

describe('GET /metrics after some traffic', () => {
  let app: FastifyInstance;
  let response: LightMyRequestResponse;
  let samples: Sample[];
  let queriesSent: number;
  const answers: Record<string, number[]> = {};

  beforeAll(async () => {
    app = await appWith({ metrics: { path: '/metrics' }, responseCacheTtlMs: 60_000, rateLimits: { ...NO_LIMITS, publicPerMinute: 3 } });
    const queriesBefore = db.queryCount();
    const note = (what: string, reply: LightMyRequestResponse) => (answers[what] ??= []).push(reply.statusCode);
    note('games', await get(app, '198.51.100.1', '/api/games')); // miss
    note('games', await get(app, '198.51.100.1', '/api/games')); // hit
    note('missing game', await get(app, '198.51.100.2', '/api/games/999999'));
    note('unknown url', await get(app, '198.51.100.2', '/no/such/thing/4711'));
    for (let i = 0; i < 4; i++) note('seasons', await get(app, '198.51.100.3', '/api/seasons')); // miss, hit, hit, 429
    note('v3', await get(app, '198.51.100.4', lineupUrl, { authorization: `Bearer ${apiKey}` }));
    note('legacy', await get(app, '198.51.100.4', `/rest/v1.0/clubs?apikey=${apiKey}`)); // miss
    note('legacy', await get(app, '198.51.100.4', `/rest/v1.0/clubs?apikey=${apiKey}`)); // hit
    note('graphql', await send(app, '198.51.100.5', { method: 'POST', url: '/graphql', payload: { query: '{ seasons { id } }' } }));
    queriesSent = db.queryCount() - queriesBefore;
    ({ response, samples } = await scrape(app));
  });

  it('had the traffic it counts', () => {
    expect(answers).toEqual({
      games: [200, 200],
      'missing game': [404],
      'unknown url': [404],
      seasons: [200, 200, 200, 429],
      v3: [200],
      legacy: [200, 200],
      graphql: [200],
    });
  });

  it('answers in the Prometheus text format, not cached, with no CORS headers', () => {
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(PROMETHEUS_TEXT);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-cache']).toBeUndefined();
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('declares every family: requests, latency, cache, rate limits, queries, event loop, heap', () => {
    const declared = families(response.body);
    expect(
      Object.fromEntries(
        [
          'http_requests_total',
          'http_request_duration_seconds',
          'http_response_cache_requests_total',
          'http_response_cache_invalidations_total',
          'http_rate_limit_rejections_total',
          'db_query_duration_seconds',
          'nodejs_eventloop_lag_seconds',
          'nodejs_eventloop_lag_p99_seconds',
          'nodejs_heap_size_used_bytes',
          'process_resident_memory_bytes',
        ].map((name) => [name, declared.get(name)]),
      ),
    ).toEqual({
      http_requests_total: 'counter',
      http_request_duration_seconds: 'histogram',
      http_response_cache_requests_total: 'counter',
      http_response_cache_invalidations_total: 'counter',
      http_rate_limit_rejections_total: 'counter',
      db_query_duration_seconds: 'histogram',
      nodejs_eventloop_lag_seconds: 'gauge',
      nodejs_eventloop_lag_p99_seconds: 'gauge',
      nodejs_heap_size_used_bytes: 'gauge',
      process_resident_memory_bytes: 'gauge',
    });
    expect(total(samples, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(1024 * 1024);
    // The embedded database has no pool to report; PostgreSQL's pool is reported.
    expect(declared.has('db_pool_connections')).toBe(db.kind === 'postgresql');
  });

  it('counts requests by route pattern and status, unknown URLs under one label', () => {
    const count = (route: string, status: number, more: Record<string, string> = {}) =>
      total(samples, 'http_requests_total', { method: 'GET', route, status: String(status), ...more });
    expect(count('/api/games', 200, { interface: 'api' })).toBe(2);
    expect(count('/api/games/:game_id', 404, { interface: 'api' })).toBe(1);
    expect(count('unmatched', 404)).toBe(1);
    expect(count('/api/seasons', 200)).toBe(3);
    expect(count('/api/seasons', 429)).toBe(1);
    expect(count('/api/v3/games/:game_id/teams/:id/lineup_candidates', 200, { interface: 'v3' })).toBe(1);
    expect(count('/rest/v1.0/clubs', 200, { interface: 'legacy' })).toBe(2);
    expect(total(samples, 'http_requests_total', { method: 'POST', route: '/graphql', status: '200', interface: 'graphql' })).toBe(1);
    const routes = new Set(select(samples, 'http_requests_total').map((sample) => sample.labels.route));
    for (const route of routes) expect(route === 'unmatched' || (route.startsWith('/') && !/\d{4,}|such/.test(route)), route).toBe(true);
  });

  it('has a latency histogram per route: cumulative buckets, count and sum', () => {
    const labels = { route: '/api/games', status: '200' };
    const buckets = select(samples, 'http_request_duration_seconds_bucket', labels);
    expect(buckets.map((bucket) => bucket.labels.le)).toEqual(REQUEST_BUCKETS);
    const counts = buckets.map((bucket) => bucket.value);
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    expect(counts.at(-1)).toBe(2);
    expect(total(samples, 'http_request_duration_seconds_count', labels)).toBe(2);
    const seconds = total(samples, 'http_request_duration_seconds_sum', labels);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThan(30);
  });

  it('counts response-cache answers by interface', () => {
    const answered = (labels: Record<string, string>) => total(samples, 'http_response_cache_requests_total', labels);
    expect(answered({ interface: 'api', result: 'miss' })).toBe(2); // games, seasons
    expect(answered({ interface: 'api', result: 'hit' })).toBe(3); // games once, seasons twice
    expect(answered({ interface: 'legacy', result: 'miss' })).toBe(1);
    expect(answered({ interface: 'legacy', result: 'hit' })).toBe(1);
    expect(answered({ result: 'stale' })).toBe(0);
  });

  it('counts 429s by the limit that refused them and the interface', () => {
    expect(select(samples, 'http_rate_limit_rejections_total')).toEqual([
      { name: 'http_rate_limit_rejections_total', labels: { interface: 'api', limiter: 'public' }, value: 1 },
    ]);
  });

  it('times every SQL statement the traffic sent', () => {
    expect(queriesSent).toBeGreaterThan(0);
    expect(total(samples, 'db_query_duration_seconds_count')).toBe(queriesSent);
    const selects = select(samples, 'db_query_duration_seconds_bucket', { statement: 'select', le: '+Inf' });
    expect(selects[0]?.value).toBeGreaterThan(0);
    expect(total(samples, 'db_query_duration_seconds_sum')).toBeGreaterThan(0);
  });

  it('is not rate limited, and compresses for a scraper that accepts gzip', async () => {
    for (let i = 0; i < 5; i++) expect((await get(app, '198.51.100.3', '/metrics')).statusCode).toBe(200);
    const gzipped = await get(app, '198.51.100.3', '/metrics', { 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toContain('# TYPE http_requests_total counter');
    const { samples: later } = await scrape(app);
    expect(total(later, 'http_requests_total', { route: '/metrics', interface: 'metrics', status: '200' })).toBeGreaterThanOrEqual(7);
    expect(total(later, 'http_rate_limit_rejections_total')).toBe(1);
  });

  it('is not in the OpenAPI document', async () => {
    const document = (await get(app, '198.51.100.6', '/api/openapi.json')).json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(document.paths).length).toBeGreaterThan(10);
    expect(Object.keys(document.paths).filter((path) => path.includes('metrics'))).toEqual([]);
  });
});

describe('response cache invalidations', () => {
  it('counts answers that expired and answers the byte bound pushed out', async () => {
    const size = Buffer.byteLength((await get(await appWith({}), '198.51.100.7', '/api/seasons')).body);
    // Room for one answer, not two.
    let cacheNow = 0;
    const app = await appWith({
      metrics: { path: '/metrics' },
      responseCacheTtlMs: 50,
      staleIfErrorMs: 0,
      responseCacheMaxBytes: Math.floor(size * 1.5),
      cacheClock: () => cacheNow,
    });
    expect((await get(app, '198.51.100.7', '/api/seasons?page=1')).headers['x-cache']).toBe('miss');
    expect((await get(app, '198.51.100.7', '/api/seasons?page=2')).headers['x-cache']).toBe('miss'); // pushes page=1 out
    cacheNow += 80; // past the TTL
    expect((await get(app, '198.51.100.7', '/api/seasons?page=2')).headers['x-cache']).toBe('miss'); // expired
    const { samples } = await scrape(app);
    expect(select(samples, 'http_response_cache_invalidations_total').map(({ labels, value }) => ({ ...labels, value }))).toEqual([
      { cache: 'public', reason: 'evicted', value: 1 },
      { cache: 'public', reason: 'expired', value: 1 },
    ]);
  });

  it('counts a stale answer served while the database is away', async () => {
    const availability = new DatabaseAvailability({ probe: () => Promise.reject(new Error('still away')) });
    let cacheNow = 0;
    const app = await appWith({
      database: { ...db, availability },
      metrics: { path: '/metrics' },
      responseCacheTtlMs: 50,
      staleIfErrorMs: 60_000,
      cacheClock: () => cacheNow,
    });
    try {
      expect((await get(app, '198.51.100.8', '/api/seasons')).headers['x-cache']).toBe('miss');
      availability.report(new DatabaseRefusedError());
      cacheNow += 80; // past the TTL, well within stale-if-error
      expect((await get(app, '198.51.100.8', '/api/seasons')).headers['x-cache']).toBe('stale');
    } finally {
      availability.stop();
    }
    const { samples } = await scrape(app);
    expect(total(samples, 'http_response_cache_requests_total', { interface: 'api', result: 'stale' })).toBe(1);
    expect(total(samples, 'http_response_cache_requests_total', { interface: 'api', result: 'miss' })).toBe(1);
  });
});

describe('PostgreSQL pool gauges', () => {
  it('reports the pool the database hands over', async () => {
    const app = await appWith({ database: { ...db, poolStats: () => ({ total: 7, idle: 2, waiting: 3, max: 10 }) }, metrics: { path: '/metrics' } });
    const { samples } = await scrape(app);
    expect(
      ['db_pool_connections', 'db_pool_idle_connections', 'db_pool_waiting_clients', 'db_pool_max_connections'].map((name) => total(samples, name)),
    ).toEqual([7, 2, 3, 10]);
  });
});

describe('METRICS_TOKEN and METRICS_PATH', () => {
  const token = 'c2NyYXBlLXRva2VuLTEyMzQ1Njc4OTA';
  const logLines: string[] = [];
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await appWith({ metrics: { path: '/internal/metrics', token }, logLevel: 'info', logStream: { write: (line: string) => void logLines.push(line) } });
  });

  it('answers 401 without the bearer token, or with another one', async () => {
    const attempts: Record<string, string>[] = [
      {},
      { authorization: 'Bearer wrong-token-0123456789' },
      { authorization: `Basic ${token}` },
      { authorization: `Bearer ${token}x` },
    ];
    for (const headers of attempts) {
      const refused = await get(app, '198.51.100.9', '/internal/metrics', headers);
      expect(refused.statusCode).toBe(401);
      expect(refused.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(refused.body).not.toContain('http_requests_total');
    }
  });

  it('answers 200 with it, and never logs it', async () => {
    const { response, samples } = await scrape(app, { authorization: `Bearer ${token}` });
    expect(response.statusCode).toBe(404); // scrape() asks at /metrics, which this app does not serve
    expect(samples).toEqual([]);
    const granted = await get(app, '198.51.100.9', '/internal/metrics', { authorization: `Bearer ${token}` });
    expect(granted.statusCode).toBe(200);
    expect(granted.headers['content-type']).toBe(PROMETHEUS_TEXT);
    expect(total(parse(granted.body), 'http_requests_total', { route: '/internal/metrics', status: '401' })).toBe(4);
    expect(logLines.some((line) => line.includes('/internal/metrics'))).toBe(true);
    expect(logLines.join('\n')).not.toContain(token);
  });

  it('is served while the service is still starting, when everything else is a 503', async () => {
    const starting = await appWith({ metrics: { path: '/metrics' }, isStarted: () => false });
    expect((await get(starting, '198.51.100.10', '/api/seasons')).statusCode).toBe(503);
    const { response, samples } = await scrape(starting);
    expect(response.statusCode).toBe(200);
    expect(total(samples, 'http_requests_total', { route: '/api/seasons', status: '503' })).toBe(1);
  });

  it('is a 404 when metrics are off', async () => {
    const off = await appWith({});
    const { response } = await scrape(off);
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
  });
});
