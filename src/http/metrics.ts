import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AnsweredRequest, RequestPipeline } from './request-pipeline.js';
import type { CacheInvalidation, ResponseSharing } from './response-cache.js';
import type { SharedAnswerStats } from '../cache/shared-answer-store.js';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database, PoolStats } from '../db/database.js';
import type { ReadReplicas } from '../db/replicas.js';
import { HttpError } from './errors.js';
import { TooManyRequestsError } from './too-many-requests.js';
import { declareServiceEndpoints } from './interfaces.js';
import { interfaceOf } from './interface-policy.js';

export interface MetricsOptions {
  /** Where Prometheus scrapes (METRICS_PATH). */
  path: string;
  /** When set (METRICS_TOKEN), a scrape must send `Authorization: Bearer <token>`. */
  token?: string;
}

/**
 * Latency buckets in seconds: a response-cache hit takes well under a millisecond, a large uncached
 * table tens of milliseconds, and nothing may take longer than REQUEST_TIMEOUT_MS (15 s by default).
 */
const REQUEST_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15];
/** Statements end by DB_STATEMENT_TIMEOUT_MS (5 s by default); PGlite answers point reads in well under 1 ms. */
const QUERY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

let processRegistry: Registry | undefined;

/**
 * Heap, event-loop lag, GC, CPU, handles: facts of the process, not of one app, so collected once per
 * process into a registry of their own (never prom-client's global one). prom-client's event-loop
 * monitor and GC observer cannot be stopped, so one set per app built (tests build many) would pile up.
 */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

const STATEMENTS = new Set(['select', 'insert', 'update', 'delete']);

/**
 * A statement's kind from its first word; a `WITH` is the first write it does (the bulk imports are
 * `WITH written AS (INSERT …)`), else a select. Anything else (a comment, SET, ANALYZE, …) is `other`.
 */
export function statementOf(sql: string): string {
  const word = /^\s*([A-Za-z]+)/.exec(sql)?.[1].toLowerCase() ?? '';
  if (word === 'with') return /\b(insert|update|delete)\b/i.exec(sql)?.[1].toLowerCase() ?? 'select';
  return STATEMENTS.has(word) ? word : 'other';
}

function sha256(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}

/** Whether the request carries the token; compared as digests, so neither content nor length leaks through timing. */
function bearerMatches(request: FastifyRequest, expected: Buffer): boolean {
  const header = request.headers.authorization;
  const presented = typeof header === 'string' ? /^Bearer +(\S+) *$/i.exec(header)?.[1] : undefined;
  return presented !== undefined && timingSafeEqual(sha256(presented), expected);
}

function poolGauges(registry: Registry, stats: () => PoolStats): void {
  const gauge = (name: string, help: string, read: (pool: PoolStats) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(read(stats()));
      },
    });
  gauge('db_pool_connections', 'Connections the PostgreSQL pool holds open, idle or in use.', (pool) => pool.total);
  gauge('db_pool_idle_connections', 'Open connections of the PostgreSQL pool that no statement uses.', (pool) => pool.idle);
  gauge('db_pool_waiting_clients', 'Queries waiting for a connection because the whole pool is in use.', (pool) => pool.waiting);
  gauge('db_pool_max_connections', 'The PostgreSQL pool size (DB_POOL_SIZE).', (pool) => pool.max);
}

/** What the shared answer store (SHARED_ANSWER_STORE=database) did, by result, read from its counts at each scrape. */
function sharedAnswerCounters(registry: Registry, stats: SharedAnswerStats): void {
  new Counter({
    name: 'shared_answer_store_results_total',
    help: 'Lookups, stores and failures of the shared answer store: hit (waited: a hit after waiting for another process), miss, stored, refused (a change the build had not heard touched it), error.',
    labelNames: ['result'],
    registers: [registry],
    collect() {
      this.reset();
      for (const result of ['hits', 'misses', 'waited', 'stored', 'refused', 'errors'] as const) {
        this.inc({ result: result === 'hits' ? 'hit' : result === 'misses' ? 'miss' : result === 'errors' ? 'error' : result }, stats[result]);
      }
    },
  });
}

/** Each read replica by its place in DATABASE_REPLICA_URLS (never its URL): how far behind, and whether reads go to it. */
function replicaGauges(registry: Registry, replicas: ReadReplicas): void {
  new Gauge({
    name: 'db_replica_lag_seconds',
    help: 'How far a read replica is behind the primary at most, as the replica monitor measured it; absent before it answered once.',
    labelNames: ['replica'],
    registers: [registry],
    collect() {
      this.reset();
      for (const status of replicas.status()) if (status.lagMs !== null) this.set({ replica: String(status.replica) }, status.lagMs / 1000);
    },
  });
  new Gauge({
    name: 'db_replica_in_use',
    help: 'Whether public reads go to the read replica now (1): caught up within DATABASE_REPLICA_MAX_LAG_MS, answering, past the newest write.',
    labelNames: ['replica'],
    registers: [registry],
    collect() {
      for (const status of replicas.status()) this.set({ replica: String(status.replica) }, status.inUse ? 1 : 0);
    },
  });
}

type RequestLabels = { interface: string; method: string; route: string; status: number };

/** Hits of one route waiting to be counted: the labels are made once per route, not once per hit. */
interface HitTally {
  labels: RequestLabels;
  pending: number;
}

const CACHE_RESULTS: ReadonlySet<string> = new Set(['hit', 'miss', 'stale', 'refreshing']);

/**
 * The service's Prometheus metrics: requests by interface, route pattern and status, their latency,
 * SQL statement latency, the PostgreSQL pool and replicas, the response caches, rate-limit
 * refusals, and the process (heap, event-loop lag).
 */
export class ServiceMetrics {
  private readonly registry = new Registry();
  private readonly requests: Counter<keyof RequestLabels>;
  private readonly latency: Histogram<keyof RequestLabels>;
  private readonly cacheAnswers: Counter<'interface' | 'result'>;
  private readonly invalidations: Counter<'cache' | 'reason'>;
  private readonly refusals: Counter<'interface' | 'limiter'>;
  /** Fresh hits by route, counted when a scrape reads the counters (their `collect`). */
  private readonly hits = new Map<string, HitTally>();
  private readonly scraped: Registry;
  private readonly stopTiming: () => void;

  constructor(database: Database, sharedAnswers?: SharedAnswerStats) {
    const registers = [this.registry];
    const requestLabels = ['interface', 'method', 'route', 'status'] as const;
    const flushHits = () => this.flushHits();
    this.requests = new Counter({
      name: 'http_requests_total',
      help: 'Requests answered, by interface, method, route pattern (`unmatched` for unknown URLs) and status.',
      labelNames: requestLabels,
      registers,
      collect: flushHits,
    });
    this.latency = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from a request arriving to its answer being sent, by interface, method, route pattern and status.',
      labelNames: requestLabels,
      buckets: REQUEST_BUCKETS,
      registers,
    });
    this.cacheAnswers = new Counter({
      name: 'http_response_cache_requests_total',
      help: 'Cacheable GET requests by how the response cache answered: hit (fresh copy), miss (built and stored), stale (an old copy instead of a 503), refreshing (the copy a write superseded, while its rebuild runs).',
      labelNames: ['interface', 'result'],
      registers,
      collect: flushHits,
    });
    this.invalidations = new Counter({
      name: 'http_response_cache_invalidations_total',
      help: 'Answers the response caches dropped: expired (outlived the TTL, replaced or past the stale window) evicted (pushed out by RESPONSE_CACHE_MAX_MB) or changed (a write committed).',
      labelNames: ['cache', 'reason'],
      registers,
    });
    this.refusals = new Counter({
      name: 'http_rate_limit_rejections_total',
      help: 'Requests refused with 429, by interface and the limit that refused them (public, key, auth_failures, sessions).',
      labelNames: ['interface', 'limiter'],
      registers,
    });
    const queries = new Histogram({
      name: 'db_query_duration_seconds',
      help: 'SQL statements that succeeded, by kind: from Prisma handing one to the driver until its rows are back, a wait for a pool connection included.',
      labelNames: ['statement'],
      buckets: QUERY_BUCKETS,
      registers,
    });
    // The embedded database is one in-process connection: there is no pool to report.
    if (database.poolStats) poolGauges(this.registry, database.poolStats);
    if (database.replicas) replicaGauges(this.registry, database.replicas);
    if (sharedAnswers) sharedAnswerCounters(this.registry, sharedAnswers);
    // Merging takes the metrics registered so far.
    this.scraped = Registry.merge([processMetrics(), this.registry]);
    this.stopTiming = database.onQuery(({ sql, durationMs }) => queries.observe({ statement: statementOf(sql) }, durationMs / 1000));
  }

  /**
   * Counts an answered request (a step of the request pipeline, for both of its paths). A fresh
   * hit waits in a tally per route until a scrape reads the counters: one histogram observation is
   * all it pays, as hits are the hot path.
   */
  answered(answer: AnsweredRequest): void {
    if (answer.cache === 'hit' && answer.status === 200 && answer.method === 'GET') {
      const tally = this.tallyOf(answer);
      tally.pending += 1;
      this.latency.observe(tally.labels, answer.ms / 1000);
      return;
    }
    const labels: RequestLabels = { interface: answer.interface, method: answer.method, route: answer.route, status: answer.status };
    this.requests.inc(labels);
    this.latency.observe(labels, answer.ms / 1000);
    if (answer.cache !== undefined && CACHE_RESULTS.has(answer.cache)) this.cacheAnswers.inc({ interface: answer.interface, result: answer.cache });
  }

  invalidated(cache: ResponseSharing, reason: CacheInvalidation): void {
    this.invalidations.inc({ cache, reason });
  }

  refused(interfaceName: string, limiter: string): void {
    this.refusals.inc({ interface: interfaceName, limiter });
  }

  get contentType(): string {
    return this.scraped.contentType;
  }

  /** The text exposition of every metric. */
  scrape(): Promise<string> {
    return this.scraped.metrics();
  }

  close(): void {
    this.stopTiming();
  }

  /** A hit's tally, by its route: a hit always matched a route, and a route is of one interface. */
  private tallyOf(answer: AnsweredRequest): HitTally {
    let tally = this.hits.get(answer.route);
    if (!tally) {
      tally = { labels: { interface: answer.interface, method: 'GET', route: answer.route, status: 200 }, pending: 0 };
      this.hits.set(answer.route, tally);
    }
    return tally;
  }

  private flushHits(): void {
    for (const tally of this.hits.values()) {
      if (tally.pending === 0) continue;
      this.requests.inc(tally.labels, tally.pending);
      this.cacheAnswers.inc({ interface: tally.labels.interface, result: 'hit' }, tally.pending);
      tally.pending = 0;
    }
  }
}

/**
 * Prometheus metrics at `options.path` (ServiceMetrics): every answered request is counted as a
 * step of the request pipeline, on both of its paths. Call after the compression, which then
 * compresses scrapes too. The route is an operator's endpoint: not rate limited, cached or open to
 * other origins' pages, and no interface's, so the OpenAPI document leaves it out.
 */
export async function registerMetrics(app: FastifyInstance, database: Database, pipeline: RequestPipeline, options: MetricsOptions): Promise<void> {
  const metrics = new ServiceMetrics(database, app.sharedAnswers?.stats);
  app.addHook('onClose', async () => metrics.close());
  app.decorate('responseCacheInvalidated', (cache, reason) => metrics.invalidated(cache, reason));
  app.addHook('onError', (request, _reply, error, done) => {
    if (error instanceof TooManyRequestsError) metrics.refused(interfaceOf(request).name, error.limiter);
    done();
  });
  pipeline.onAnswered((answer) => metrics.answered(answer));

  const expected = options.token === undefined ? undefined : sha256(options.token);
  await app.register(async (scrape) => {
    declareServiceEndpoints(scrape, { name: 'metrics', claims: options.path, openToPages: false, operational: true });
    scrape.get(options.path, async (request, reply) => {
      if (expected && !bearerMatches(request, expected)) {
        reply.header('www-authenticate', 'Bearer realm="metrics"');
        throw new HttpError(401, 'This endpoint needs Authorization: Bearer <METRICS_TOKEN>');
      }
      reply.header('cache-control', 'no-store').type(metrics.contentType);
      return metrics.scrape();
    });
  });
}
