import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import type { NpmScript } from './db/data-dir-lock.js';
import { DEFAULT_START_WINDOW, type StartWindow } from './domain/live-game.js';
import { resolve } from 'node:path';
import { defaultMaxPerRoute, defaultMaxQueuePerRoute } from './http/concurrency-limit.js';
import type { CorsOrigins } from './http/cors.js';
import { DEFAULT_GRAPHQL_LIMITS, type GraphQLLimits } from './graphql/limits.js';
import { manifestFrom, TRUSTED_DOCUMENTS_MODES, type TrustedDocuments, type TrustedDocumentsMode } from './graphql/persisted-documents.js';
import type { MetricsOptions } from './http/metrics.js';
import type { TrustProxy } from './http/client-address.js';
import type { RateLimitConfig } from './http/rate-limit.js';
import { DEFAULT_RESUME_MAX_CHANGES, DEFAULT_RESUME_WINDOW_MS } from './live/resume-window.js';
import { DEFAULT_WEBHOOK_SETTINGS, type WebhookSettings } from './live/webhooks/service.js';
import { TracingConfigError, tracingSettings, type TracingSettings } from './tracing/settings.js';

/** Every environment variable the service reads, parsed and validated once at start-up. */
export interface Config {
  port: number;
  host: string;
  /** PostgreSQL connection string; absent → embedded PGlite under dataDir. */
  databaseUrl: string | undefined;
  /** PostgreSQL streaming replicas of DATABASE_URL that serve public reads while caught up (secrets: never logged). */
  databaseReplicaUrls: string[];
  /** A replica further behind the primary than this serves no reads. */
  databaseReplicaMaxLagMs: number;
  dataDir: string;
  /** shared_buffers of the embedded database (MB): most of its share of the RSS. */
  embeddedSharedBuffersMb: number;
  /** PostgreSQL connections at most; by default MAX_IN_FLIGHT + 2, at least 10. */
  dbPoolSize: number;
  /** How long opening a connection, or waiting for a free one from a full pool, may take. */
  dbConnectTimeoutMs: number;
  /** How long a connection may sit unused in the pool before it is closed; 0 keeps them open. */
  dbIdleTimeoutMs: number;
  /** How long a SIGTERM/SIGINT waits for the requests in flight before the process exits anyway. */
  shutdownTimeoutMs: number;
  /** Processes serving requests on the one port (node:cluster); more than one needs PostgreSQL. */
  workers: number;
  /** Mean event-loop delay above which requests get an early 503; 0 turns load shedding off. */
  eventLoopMaxDelayMs: number;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  production: boolean;
  /** The npm script that started this process (npm_lifecycle_event, npm_lifecycle_script), which the embedded database's lock file names; none outside npm. */
  npmScript: NpmScript | undefined;
  /** Load the demo league on start when the database holds no season. */
  demoOnEmpty: boolean;
  demoSeed: number;
  demoScale: number;
  /** Absolute base URL used in links and image URLs the service hands out. */
  publicBaseUrl: string;
  /** Another path segment of the sponsor's top-scorer tables, /api/topscorers/<sponsorPath>(-highlight), beside `mobiliar`, which is always served. */
  sponsorPath: string;
  /** Lifetime of the shared response cache of public GET endpoints; 0 turns it off. Writes drop it sooner. */
  responseCacheTtlMs: number;
  /** How long /api readers may get the answer a write superseded while its rebuild runs (refresh-ahead); 0 turns it off. */
  responseCacheRefreshAheadMs: number;
  /** GraphQL subscriptions one client may hold open at once. */
  subscriptionsPerClient: number;
  /** GraphQL subscriptions this instance holds open at once, from all clients; one more is refused. */
  subscriptionsMax: number;
  /** How old the first missed change may be for a subscription resumed from a position (`after:`, Last-Event-ID) to replay what it missed. */
  streamResumeWindowMs: number;
  /** Missed changes a resumed subscription replays at most; more, and it is told to refetch. */
  streamResumeMaxChanges: number;
  /** When a game may be started around its scheduled start (a federation key may start it at any time). */
  gameStartWindow: StartWindow;
  /** How long committed changes stay numbered in the change log, for an instance whose feed was away to catch up. */
  changeLogRetentionMs: number;
  /** Webhooks' delivery (WEBHOOK_DELIVERY, WEBHOOK_ALLOWED_HOSTS, WEBHOOK_TIMEOUT_MS, WEBHOOK_CONCURRENCY; docs/webhooks.md). */
  webhooks: WebhookSettings;
  /** OpenTelemetry traces to an OTLP endpoint (the standard OTEL_* variables); null, the default, is off. */
  tracing: TracingSettings | null;
  /** Redis that carries writes' announcements between instances instead of PostgreSQL NOTIFY. */
  redisUrl: string | undefined;
  /** Requests worked on at once; more wait their turn. 0 leaves them unbounded. */
  maxInFlight: number;
  /** Of those, the slots one route may hold. */
  maxInFlightPerRoute: number;
  /** Requests that may wait for a slot; one more gets 503. */
  maxQueue: number;
  /** Of those, the requests of one route that may wait: a route stuck on a locked table fills only its share. */
  maxQueuePerRoute: number;
  /** How long a request may wait for a slot before it gets 503. */
  queueTimeoutMs: number;
  /** Per-request deadline; 0 turns it off. */
  requestTimeoutMs: number;
  /** PostgreSQL statement_timeout of the service's connections; 0 turns it off. */
  dbStatementTimeoutMs: number;
  /** PostgreSQL lock_timeout of the service's connections; 0 turns it off. */
  dbLockTimeoutMs: number;
  /** Bytes of answers the response caches keep. */
  responseCacheMaxBytes: number;
  /**
   * SHARED_ANSWER_STORE: `database` keeps the /api public answers in PostgreSQL too, shared by every
   * worker and instance (src/cache/shared-answer-store.ts); `off` (the default), each process its own.
   */
  sharedAnswerStore: SharedAnswerStoreMode;
  /** SHARED_ANSWER_STORE_MAX_MB: bytes of answers (bodies and their compressed variants) the shared store keeps. */
  sharedAnswerStoreMaxBytes: number;
  /** How long past its TTL a cached public answer may replace a 503. */
  staleIfErrorMs: number;
  /** How long the readiness probe waits for the database. */
  healthCheckTimeoutMs: number;
  /** fastify's trustProxy: which proxies' X-Forwarded-For names the client (false: the socket's address). */
  trustProxy: TrustProxy;
  /** Per-client budgets; a limit of 0 is off. */
  rateLimits: RateLimitConfig;
  /** What /graphql accepts from one request and how long it works on it (GRAPHQL_*). */
  graphql: GraphQLLimits;
  /** Which documents /graphql runs: any, automatic persisted queries too (the default), or only an allow-list's (GRAPHQL_TRUSTED_DOCUMENTS, _FILE). */
  trustedDocuments: TrustedDocuments;
  /** Which browser pages' origins may read the public interfaces (CORS_ORIGINS): `*` or a list. */
  corsOrigins: CorsOrigins;
  /** Prometheus metrics: where, and the bearer token a scrape needs (METRICS_PATH, METRICS_TOKEN); undefined = off. */
  metrics: MetricsOptions | undefined;
}

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
  }
  return value;
}

function positiveNumber(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new ConfigError(`${name} must be a positive number, got "${raw}"`);
  return value;
}

function flag(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw.toLowerCase())) return true;
  if (['0', 'false', 'no', 'off'].includes(raw.toLowerCase())) return false;
  throw new ConfigError(`${name} must be true or false, got "${raw}"`);
}

/** Six hours: a Saturday's pages are built once per change, not once a minute. */
export const DEFAULT_RESPONSE_CACHE_TTL_MS = 6 * 60 * 60 * 1000;

export const DEFAULT_SPONSOR_PATH = 'sponsor';

/**
 * SPONSOR_PATH: a path segment of lowercase letters, digits and inner dashes; `main` and `su` are the
 * main table's. It adds a name: the sponsor tables are always served at `mobiliar` too, the path the
 * federation's deployed clients call (src/facades/rest/topscorers.ts, DEPLOYED_SPONSOR_PATH).
 */
export function sponsorPathFrom(env: Env): string {
  const raw = env.SPONSOR_PATH || DEFAULT_SPONSOR_PATH;
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(raw) || raw === 'main' || raw === 'su') {
    throw new ConfigError(`SPONSOR_PATH must be lowercase letters, digits and dashes (not "main" or "su"), got "${raw}"`);
  }
  return raw;
}

const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

function isProxyAddress(entry: string): boolean {
  if (PROXY_NAMES.includes(entry)) return true;
  const [address, prefix, extra] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/** TRUST_PROXY: `false` (default), `true`, a hop count, or a comma-separated list of addresses, CIDRs and proxy-addr's names. */
export function trustProxyFrom(env: Env): TrustProxy {
  const raw = (env.TRUST_PROXY ?? '').trim();
  if (raw === '' || raw.toLowerCase() === 'false') return false;
  if (raw.toLowerCase() === 'true') return true;
  if (/^\d+$/.test(raw)) {
    const hops = Number(raw);
    if (hops > 32) throw new ConfigError(`TRUST_PROXY as a hop count must be from 0 to 32, got "${raw}"`);
    return hops === 0 ? false : hops;
  }
  const entries = raw.split(',').map((entry) => entry.trim());
  const bad = entries.find((entry) => !isProxyAddress(entry));
  if (bad !== undefined) {
    throw new ConfigError(
      `TRUST_PROXY must be true, false, a hop count or comma-separated IP addresses/CIDRs (or loopback, linklocal, uniquelocal), got "${bad}"`,
    );
  }
  return entries;
}

/** GRAPHQL_*: the public GraphQL endpoint's limits; suggestions default to on outside production only. */
export function graphqlLimitsFrom(env: Env): GraphQLLimits {
  const defaults = DEFAULT_GRAPHQL_LIMITS;
  return {
    maxDocumentBytes: integer(env, 'GRAPHQL_MAX_DOCUMENT_BYTES', defaults.maxDocumentBytes, 256, 1024 * 1024),
    maxTokens: integer(env, 'GRAPHQL_MAX_TOKENS', defaults.maxTokens, 50, 100_000),
    maxAliases: integer(env, 'GRAPHQL_MAX_ALIASES', defaults.maxAliases, 0, 10_000),
    maxDirectives: integer(env, 'GRAPHQL_MAX_DIRECTIVES', defaults.maxDirectives, 0, 10_000),
    maxComplexity: integer(env, 'GRAPHQL_MAX_COMPLEXITY', defaults.maxComplexity, 100, 100_000_000),
    timeoutMs: integer(env, 'GRAPHQL_TIMEOUT_MS', defaults.timeoutMs, 0, 600_000),
    introspection: flag(env, 'GRAPHQL_INTROSPECTION', defaults.introspection),
    suggestions: flag(env, 'GRAPHQL_SUGGESTIONS', env.NODE_ENV !== 'production'),
  };
}

/**
 * CORS_ORIGINS: `*` (the default), or a comma-separated list of origins as browsers send them
 * (`scheme://host[:port]`, no path); a trailing slash is forgiven.
 */
/** WEBHOOK_ALLOWED_HOSTS: host names or addresses (no scheme, no port) that may be reached over http and at private addresses. */
export function webhookSettingsFrom(env: Env): WebhookSettings {
  const allowedHosts = (env.WEBHOOK_ALLOWED_HOSTS ?? '')
    .split(',')
    .map((host) =>
      host
        .trim()
        .toLowerCase()
        .replace(/^\[(.*)\]$/, '$1'),
    )
    .filter((host) => host !== '');
  const malformed = allowedHosts.find((host) => /[/:]/.test(host) && isIP(host) !== 6);
  if (malformed) throw new ConfigError(`WEBHOOK_ALLOWED_HOSTS lists host names or addresses without scheme or port, got "${malformed}"`);
  return {
    delivery: flag(env, 'WEBHOOK_DELIVERY', DEFAULT_WEBHOOK_SETTINGS.delivery),
    allowedHosts,
    timeoutMs: integer(env, 'WEBHOOK_TIMEOUT_MS', DEFAULT_WEBHOOK_SETTINGS.timeoutMs, 100, 30_000),
    concurrency: integer(env, 'WEBHOOK_CONCURRENCY', DEFAULT_WEBHOOK_SETTINGS.concurrency, 1, 100),
  };
}

export function corsOriginsFrom(env: Env): CorsOrigins {
  const raw = (env.CORS_ORIGINS ?? '').trim();
  if (raw === '' || raw === '*') return '*';
  const entries = raw
    .split(',')
    .map((entry) => entry.trim().replace(/\/$/, ''))
    .filter((entry) => entry !== '');
  if (entries.length === 0) throw new ConfigError(`CORS_ORIGINS must be * or comma-separated origins, got "${raw}"`);
  for (const entry of entries) {
    let origin: string | undefined;
    try {
      const url = new URL(entry);
      origin = url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
    } catch {
      origin = undefined;
    }
    if (origin !== entry) {
      const hint = origin ? ` (did you mean "${origin}"?)` : '';
      throw new ConfigError(
        `CORS_ORIGINS must be * or comma-separated origins like https://club.example (http or https, host, optional port, no path), got "${entry}"${hint}`,
      );
    }
  }
  return [...new Set(entries)];
}

/** First path segments of the interfaces and probes: the metrics may not hide one of their URLs. */
const RESERVED_SEGMENTS = ['api', 'graphql', 'rest', 'media', 'health'];

export const DEFAULT_METRICS_PATH = '/metrics';

/**
 * METRICS_PATH: `/metrics` by default, empty or `off` for no metrics endpoint; a path of plain
 * segments outside the interfaces. METRICS_TOKEN: the bearer token a scrape must send, if any; its
 * value never appears in a message.
 */
export function metricsFrom(env: Env): MetricsOptions | undefined {
  const raw = env.METRICS_PATH?.trim();
  if (raw === '' || raw?.toLowerCase() === 'off') return undefined;
  const path = raw ?? DEFAULT_METRICS_PATH;
  if (!/^(\/[A-Za-z0-9._~-]+)+$/.test(path) || path.split('/').some((segment) => segment === '.' || segment === '..')) {
    throw new ConfigError(`METRICS_PATH must be a path like /metrics (segments of letters, digits and ._~-), or off, got "${raw}"`);
  }
  const first = path.split('/')[1].toLowerCase();
  if (RESERVED_SEGMENTS.includes(first))
    throw new ConfigError(`METRICS_PATH must not be under /${first}, which an interface or the probes answer, got "${raw}"`);
  const token = env.METRICS_TOKEN || undefined;
  if (token !== undefined && !/^[A-Za-z0-9._~+/-]{16,}=*$/.test(token)) {
    throw new ConfigError(
      'METRICS_TOKEN must be at least 16 characters of letters, digits and ._~+/- (e.g. `openssl rand -hex 32`); the value given is not shown',
    );
  }
  return { path, token };
}

/**
 * DB_POOL_SIZE's default: a connection for every request worked on at once and two for the rest
 * (readiness probe, session purge, the breaker's probe), so a request seldom waits for one; at
 * least 10, pg's own default, for requests that run sibling statements side by side.
 */
export function defaultPoolSize(maxInFlight: number): number {
  return Math.max(10, maxInFlight + 2);
}

export const SHARED_ANSWER_STORE_MODES = ['off', 'database'] as const;
export const DEFAULT_SHARED_ANSWER_STORE_MAX_BYTES = 256 * 1024 * 1024;
export type SharedAnswerStoreMode = (typeof SHARED_ANSWER_STORE_MODES)[number];

/** SHARED_ANSWER_STORE: `off` (default) or `database`, which needs PostgreSQL (DATABASE_URL). */
export function sharedAnswerStoreFrom(env: Env, databaseUrl: string | undefined): SharedAnswerStoreMode {
  const mode = (env.SHARED_ANSWER_STORE || 'off').trim().toLowerCase() as SharedAnswerStoreMode;
  if (!SHARED_ANSWER_STORE_MODES.includes(mode)) {
    throw new ConfigError(`SHARED_ANSWER_STORE must be one of ${SHARED_ANSWER_STORE_MODES.join(', ')}, got "${env.SHARED_ANSWER_STORE}"`);
  }
  if (mode === 'database' && !databaseUrl) {
    throw new ConfigError(
      'SHARED_ANSWER_STORE=database needs DATABASE_URL (PostgreSQL): the embedded database serves one process, whose own response cache is all it needs; unset SHARED_ANSWER_STORE or set it to off',
    );
  }
  return mode;
}

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** DATABASE_REPLICA_URLS: comma-separated; an error names a URL by its place only, since URLs carry passwords. */
function replicaUrlsFrom(env: Env, databaseUrl: string | undefined): string[] {
  const urls = (env.DATABASE_REPLICA_URLS ?? '')
    .split(',')
    .map((url) => url.trim())
    .filter((url) => url !== '');
  if (urls.length === 0) return [];
  if (!databaseUrl) throw new ConfigError('DATABASE_REPLICA_URLS needs DATABASE_URL: replicas are of a PostgreSQL primary');
  for (const [index, url] of urls.entries()) {
    if (!/^postgres(ql)?:\/\//.test(url)) throw new ConfigError(`DATABASE_REPLICA_URLS: URL number ${index + 1} must start with postgres:// or postgresql://`);
  }
  return urls;
}

function redisUrlFrom(env: Env): string | undefined {
  const url = env.REDIS_URL || undefined;
  if (url && !/^rediss?:\/\//.test(url)) throw new ConfigError(`REDIS_URL must start with redis:// or rediss://, got "${url}"`);
  return url;
}

/**
 * npm_lifecycle_event and npm_lifecycle_script: the npm script that started this process, as npm
 * (and npx) sets them for the process it runs and every process below it; which process is the
 * script's own is told apart where the lock file is written (src/db/data-dir-lock.ts).
 */
export function npmScriptFrom(env: Env): NpmScript | undefined {
  const name = env.npm_lifecycle_event;
  return name ? { name, command: env.npm_lifecycle_script ?? '' } : undefined;
}

/** A service named on the command line (`--url`, `--key`) or in the environment (SERVICE_URL, ADMIN_KEY). */
export interface ServiceTarget {
  url?: string;
  key?: string;
}

/**
 * SERVICE_URL and ADMIN_KEY: the running service `npm run keys` and `npm run audit` administer
 * (src/data/cli/admin-client.ts). The CLIs' own settings, outside Config, so that an admin key never
 * sits among the service's.
 */
export function serviceTargetFrom(env: Env = process.env): ServiceTarget {
  return { url: env.SERVICE_URL || undefined, key: env.ADMIN_KEY || undefined };
}

export function loadConfig(env: Env = process.env): Config {
  const port = integer(env, 'PORT', 3000, 0, 65535);
  const host = env.HOST || '0.0.0.0';
  const databaseUrl = env.DATABASE_URL || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must start with postgres:// or postgresql://');
  }
  const logLevel = (env.LOG_LEVEL || 'info') as Config['logLevel'];
  if (!logLevels.includes(logLevel)) throw new ConfigError(`LOG_LEVEL must be one of ${logLevels.join(', ')}`);
  const publicBaseUrl = (env.PUBLIC_BASE_URL || `http://localhost:${port}`).replace(/\/+$/, '');
  try {
    new URL(publicBaseUrl);
  } catch {
    throw new ConfigError(`PUBLIC_BASE_URL must be an absolute URL, got "${env.PUBLIC_BASE_URL}"`);
  }
  const maxInFlight = integer(env, 'MAX_IN_FLIGHT', 8, 0, 10_000);
  const maxQueue = integer(env, 'MAX_QUEUE', 100, 0, 100_000);
  const workers = integer(env, 'WORKERS', 1, 1, 64);
  if (workers > 1 && !databaseUrl) {
    throw new ConfigError('WORKERS above 1 needs DATABASE_URL: the embedded database can be open in one process only');
  }
  return {
    port,
    host,
    databaseUrl,
    databaseReplicaUrls: replicaUrlsFrom(env, databaseUrl),
    // Well under the 1 s in which a write must show everywhere (docs/operations.md "Read replicas").
    databaseReplicaMaxLagMs: integer(env, 'DATABASE_REPLICA_MAX_LAG_MS', 500, 10, 60_000),
    dataDir: resolve(env.DATA_DIR || 'data'),
    embeddedSharedBuffersMb: integer(env, 'EMBEDDED_DB_SHARED_BUFFERS_MB', 16, 1, 4096),
    dbPoolSize: integer(env, 'DB_POOL_SIZE', defaultPoolSize(maxInFlight), 1, 500),
    dbConnectTimeoutMs: integer(env, 'DB_CONNECT_TIMEOUT_MS', 5000, 100, 120000),
    dbIdleTimeoutMs: integer(env, 'DB_IDLE_TIMEOUT_MS', 30_000, 0, 3_600_000),
    shutdownTimeoutMs: integer(env, 'SHUTDOWN_TIMEOUT_MS', 10_000, 100, 600_000),
    workers,
    eventLoopMaxDelayMs: integer(env, 'EVENT_LOOP_MAX_DELAY_MS', 1000, 0, 60_000),
    logLevel,
    production: env.NODE_ENV === 'production',
    npmScript: npmScriptFrom(env),
    demoOnEmpty: flag(env, 'DEMO_ON_EMPTY', true),
    demoSeed: integer(env, 'DEMO_SEED', 2025, 0, 2 ** 31 - 1),
    demoScale: positiveNumber(env, 'DEMO_SCALE', 1),
    publicBaseUrl,
    // Every committed write drops the answers it alters (src/live/changes.ts), and each answer is kept
    // no longer than what it read from the clock holds (src/cache/answer-horizon.ts): this bound is
    // only a safety net for changes nobody announced (a hand edit in the database).
    responseCacheTtlMs: integer(env, 'RESPONSE_CACHE_TTL_MS', DEFAULT_RESPONSE_CACHE_TTL_MS, 0, 86_400_000),
    // A quarter of the 1 s freshness target: a hot page's rebuild rarely takes longer.
    responseCacheRefreshAheadMs: integer(env, 'RESPONSE_CACHE_REFRESH_AHEAD_MS', 250, 0, 1_000),
    subscriptionsPerClient: integer(env, 'SUBSCRIPTIONS_PER_CLIENT', 20, 1, 10_000),
    subscriptionsMax: integer(env, 'SUBSCRIPTIONS_MAX', 1_500, 1, 1_000_000),
    // Replayed from the change log, which keeps changes CHANGE_LOG_RETENTION_MS: a longer window finds them pruned (and says refetch).
    streamResumeWindowMs: integer(env, 'STREAM_RESUME_WINDOW_MS', DEFAULT_RESUME_WINDOW_MS, 0, 7 * 86_400_000),
    // Below a subscriber's buffer of 128 changes (src/live/updates.ts), into which a replay lands at once.
    streamResumeMaxChanges: integer(env, 'STREAM_RESUME_MAX_CHANGES', DEFAULT_RESUME_MAX_CHANGES, 0, 127),
    gameStartWindow: {
      earlyMinutes: integer(env, 'GAME_START_EARLY_MINUTES', DEFAULT_START_WINDOW.earlyMinutes, 0, 7 * 24 * 60),
      lateMinutes: integer(env, 'GAME_START_LATE_MINUTES', DEFAULT_START_WINDOW.lateMinutes, 0, 7 * 24 * 60),
    },
    changeLogRetentionMs: integer(env, 'CHANGE_LOG_RETENTION_MS', 3_600_000, 60_000, 7 * 86_400_000),
    webhooks: webhookSettingsFrom(env),
    redisUrl: redisUrlFrom(env),
    maxInFlight,
    maxInFlightPerRoute: integer(env, 'MAX_IN_FLIGHT_PER_ROUTE', defaultMaxPerRoute(maxInFlight), 1, 10_000),
    maxQueue,
    maxQueuePerRoute: integer(env, 'MAX_QUEUE_PER_ROUTE', defaultMaxQueuePerRoute(maxQueue), 0, 100_000),
    queueTimeoutMs: integer(env, 'QUEUE_TIMEOUT_MS', 5000, 0, 600_000),
    requestTimeoutMs: integer(env, 'REQUEST_TIMEOUT_MS', 15_000, 0, 600_000),
    dbStatementTimeoutMs: integer(env, 'DB_STATEMENT_TIMEOUT_MS', 5000, 0, 600_000),
    dbLockTimeoutMs: integer(env, 'DB_LOCK_TIMEOUT_MS', 2000, 0, 600_000),
    responseCacheMaxBytes: integer(env, 'RESPONSE_CACHE_MAX_MB', 32, 1, 4096) * 1024 * 1024,
    sharedAnswerStore: sharedAnswerStoreFrom(env, databaseUrl),
    sharedAnswerStoreMaxBytes: integer(env, 'SHARED_ANSWER_STORE_MAX_MB', DEFAULT_SHARED_ANSWER_STORE_MAX_BYTES / 1024 / 1024, 1, 1_048_576) * 1024 * 1024,
    staleIfErrorMs: integer(env, 'RESPONSE_CACHE_STALE_IF_ERROR_MS', 3_600_000, 0, 86_400_000),
    healthCheckTimeoutMs: integer(env, 'HEALTH_CHECK_TIMEOUT_MS', 1000, 50, 60_000),
    trustProxy: trustProxyFrom(env),
    rateLimits: {
      publicPerMinute: integer(env, 'RATE_LIMIT_PUBLIC_PER_MINUTE', 1200, 0, 1_000_000),
      keyPerMinute: integer(env, 'RATE_LIMIT_KEY_PER_MINUTE', 1200, 0, 1_000_000),
      authFailures: integer(env, 'RATE_LIMIT_AUTH_FAILURES', 10, 0, 10_000),
      authFailureWindowMs: integer(env, 'RATE_LIMIT_AUTH_FAILURE_WINDOW_MS', 600_000, 1000, 86_400_000),
      sessionsPerHour: integer(env, 'SESSIONS_PER_CLIENT_PER_HOUR', 60, 0, 100_000),
    },
    sponsorPath: sponsorPathFrom(env),
    graphql: graphqlLimitsFrom(env),
    trustedDocuments: trustedDocumentsFrom(env),
    corsOrigins: corsOriginsFrom(env),
    metrics: metricsFrom(env),
    tracing: tracingFrom(env),
  };
}

function tracingFrom(env: Env): TracingSettings | null {
  try {
    return tracingSettings(env);
  } catch (error) {
    if (error instanceof TracingConfigError) throw new ConfigError(error.message);
    throw error;
  }
}

/**
 * GRAPHQL_TRUSTED_DOCUMENTS (off, apq, allow-list) and the manifest GRAPHQL_TRUSTED_DOCUMENTS_FILE
 * names, read and checked now: a service that would refuse every document, or run documents under
 * hashes that are not theirs, does not start.
 */
export function trustedDocumentsFrom(env: Env): TrustedDocuments {
  const mode = (env.GRAPHQL_TRUSTED_DOCUMENTS || 'apq') as TrustedDocumentsMode;
  if (!TRUSTED_DOCUMENTS_MODES.includes(mode)) {
    throw new ConfigError(`GRAPHQL_TRUSTED_DOCUMENTS must be one of ${TRUSTED_DOCUMENTS_MODES.join(', ')}, got "${env.GRAPHQL_TRUSTED_DOCUMENTS}"`);
  }
  const file = env.GRAPHQL_TRUSTED_DOCUMENTS_FILE || undefined;
  if (!file) {
    if (mode === 'allow-list')
      throw new ConfigError('GRAPHQL_TRUSTED_DOCUMENTS=allow-list needs GRAPHQL_TRUSTED_DOCUMENTS_FILE, the manifest of allowed documents');
    return { mode, manifest: new Map() };
  }
  if (mode === 'off')
    throw new ConfigError('GRAPHQL_TRUSTED_DOCUMENTS_FILE is set but GRAPHQL_TRUSTED_DOCUMENTS is off: set apq or allow-list, or drop the file');
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new ConfigError(`GRAPHQL_TRUSTED_DOCUMENTS_FILE "${file}" cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
  try {
    const manifest = manifestFrom(text);
    if (mode === 'allow-list' && manifest.size === 0) throw new Error('lists no document, so every request would be refused');
    return { mode, manifest };
  } catch (error) {
    throw new ConfigError(`GRAPHQL_TRUSTED_DOCUMENTS_FILE "${file}" ${(error as Error).message}`);
  }
}
