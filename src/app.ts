import Fastify, { type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import formbody from '@fastify/formbody';
import { systemClock, type Clock } from './clock.js';
import { DEFAULT_SPONSOR_PATH } from './config.js';
import type { Database } from './db/database.js';
import { registerRestFacade } from './facades/rest/index.js';
import { envelopeErrorFormat } from './facades/shared/errors.js';
import { registerV3Facade } from './facades/v3/index.js';
import { registerLegacyFacade } from './facades/legacy/index.js';
import { registerOpenApi } from './facades/openapi/index.js';
import { mountGraphQL } from './graphql.js';
import { DEFAULT_GRAPHQL_LIMITS, type GraphQLLimits } from './graphql/limits.js';
import { registerCompression } from './http/compression.js';
import { registerConcurrencyLimit } from './http/concurrency-limit.js';
import { registerCallerResolution } from './http/caller.js';
import { registerCors, type CorsOrigins } from './http/cors.js';
import { registerRequestDeadline } from './http/deadline.js';
import { ErrorFormats } from './http/error-format.js';
import { preRoutingErrors, registerErrorHandling, useErrorFormat } from './http/error-handling.js';
import { graphqlErrorFormat } from './http/graphql-error-format.js';
import { HEALTH_PATHS, registerHealth, registerStartupGate } from './http/health.js';
import { gracefulCloseOptions, registerGracefulClose } from './http/graceful-close.js';
import { registerInputGuard } from './http/input-guard.js';
import { registerLoadShedding, type LoadSheddingOptions } from './http/load-shedding.js';
import { registerMetrics, type MetricsOptions } from './http/metrics.js';
import { registerRateLimits, trustProxyOption, type RateLimitConfig, type TrustProxy } from './http/rate-limit.js';
import { registerPrivateAnswers } from './http/private-answers.js';
import { loggingOptions, registerRequestLog } from './http/request-log.js';
import { registerResponseCache } from './http/response-cache.js';
import { createLocalChangeFeed, type ChangeFeed } from './live/changes.js';
import { LiveUpdates } from './live/updates.js';
import { mediaRoutes } from './media/routes.js';
import { getSchema } from './schema/index.js';
import { schedulePurge } from './sessions/purge-timer.js';

export interface AppOptions {
  database: Database;
  clock?: Clock;
  publicBaseUrl?: string;
  logLevel?: string;
  /** Where log lines go (tests capture them); standard output by default. */
  logStream?: DestinationStream;
  production?: boolean;
  /** Shared response cache lifetime for public GET endpoints; 0 (the default) turns it off. */
  responseCacheTtlMs?: number;
  /** Requests worked on at once (MAX_IN_FLIGHT); 0 (the default) leaves them unbounded. */
  maxInFlight?: number;
  /** Path segment of the sponsor's top-scorer tables (SPONSOR_PATH); default `sponsor`. */
  sponsorPath?: string;
  /** Bytes the response caches keep at most (RESPONSE_CACHE_MAX_BYTES). */
  responseCacheMaxBytes?: number;
  /** How long past its TTL a cached answer may stand in for a 503 (RESPONSE_CACHE_STALE_IF_ERROR_MS); 0 (the default) never. */
  staleIfErrorMs?: number;
  /** The response caches' and the GraphQL result cache's clock in ms (TTLs, stale-if-error), for tests; `Date.now` by default. */
  cacheClock?: () => number;
  /** Of MAX_IN_FLIGHT, the slots one route may hold (MAX_IN_FLIGHT_PER_ROUTE); default all but two. */
  maxInFlightPerRoute?: number;
  /** Requests that may wait for a slot (MAX_QUEUE); unbounded by default. */
  maxQueue?: number;
  /** How long a request may wait for a slot (QUEUE_TIMEOUT_MS); 0 (the default) without limit. */
  queueTimeoutMs?: number;
  /** Per-request deadline (REQUEST_TIMEOUT_MS); 0 (the default) none. */
  requestTimeoutMs?: number;
  /** How long readiness waits for the database's `SELECT 1` (HEALTH_CHECK_TIMEOUT_MS). */
  healthCheckTimeoutMs?: number;
  /** Whether the database is migrated and loaded; until then every request but health is a 503. Started by default. */
  isStarted?: () => boolean;
  /** Per-client budgets (RATE_LIMIT_*, SESSIONS_PER_CLIENT_PER_HOUR); absent (the default) = no rate limits. */
  rateLimits?: RateLimitConfig;
  /** fastify's trustProxy (TRUST_PROXY): whose X-Forwarded-For names the client; default false. */
  trustProxy?: TrustProxy;
  /** /graphql's document, cost and time limits, introspection and suggestions (GRAPHQL_*); unset ones keep their defaults, limits on. */
  graphqlLimits?: Partial<GraphQLLimits>;
  /** Origins whose pages may read the public interfaces (CORS_ORIGINS); `*` (the default) = every origin. */
  corsOrigins?: CorsOrigins;
  /** Early 503 while the event loop lags (EVENT_LOOP_MAX_DELAY_MS); absent (the default) = off. */
  loadShedding?: Omit<LoadSheddingOptions, 'exempt' | 'isStarted'>;
  /** Prometheus metrics at `path`, behind a bearer token when one is given (METRICS_PATH, METRICS_TOKEN); absent (the default) = none. */
  metrics?: MetricsOptions;
  /** Where committed writes are announced and heard (src/live): this process only by default; PostgreSQL LISTEN/NOTIFY across instances. */
  changes?: ChangeFeed;
  /** GraphQL subscriptions one client may hold open (SUBSCRIPTIONS_PER_CLIENT). */
  subscriptionsPerClient?: number;
  /** The embedded database's per-start operator token, which administers keys (src/auth/api-keys.ts); none on PostgreSQL. */
  operatorToken?: string;
}

/** A GraphQL subscription over SSE: open as long as its client listens, so it holds no request slot. */
function isSubscriptionStream(url: string, accept: string | string[] | undefined): boolean {
  return url.split('?')[0] === '/graphql' && String(accept ?? '').includes('text/event-stream');
}

/** Builds the HTTP application without listening; tests drive it with inject(). */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  // The main interface is also served at the root: its format answers every URL no interface claims.
  const errorFormats = new ErrorFormats(envelopeErrorFormat);
  const app = Fastify({
    ...loggingOptions(options.logLevel ?? 'info', options.logStream),
    bodyLimit: 256 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    trustProxy: trustProxyOption(options.trustProxy ?? false),
    ...gracefulCloseOptions,
    ...preRoutingErrors(errorFormats),
  });
  if (options.cacheClock) app.decorate('responseCacheClock', options.cacheClock);
  const schema = getSchema();
  const changes = options.changes ?? createLocalChangeFeed();
  const live = new LiveUpdates(changes, options.subscriptionsPerClient);
  const deps = {
    prisma: options.database.prisma,
    clock: options.clock ?? systemClock,
    publicBaseUrl: options.publicBaseUrl ?? 'http://localhost:3000',
    live,
  };

  const isHealthCheck = (url: string) => HEALTH_PATHS.has(url.split('?')[0]);
  // Like the probes, a scrape passes the startup gate and never waits for a slot: it is most wanted when the service is busiest.
  const isMetricsScrape = (url: string) => options.metrics !== undefined && url.split('?')[0] === options.metrics.path;
  const isStarted = options.isStarted ?? (() => true);
  const isDatabaseDown = () => options.database.availability?.isDown ?? false;
  options.database.availability?.onChange((event) => {
    if (event.state === 'down') app.log.error({ reason: event.reason }, 'database unreachable: answering 503 until it is back');
    else app.log.warn({ downForMs: event.downForMs, refused: event.refused }, 'database reachable again');
  });

  registerRequestLog(app);
  registerErrorHandling(app, errorFormats);
  // Counts every request received, for the drain on close.
  const lifecycle = registerGracefulClose(app);
  // Subscriptions last as long as their clients listen: a shutdown ends them, so the drain need not wait.
  app.addHook('preClose', (done) => {
    live.close();
    done();
  });
  // First of the onRequest hooks that answer early (startup gate, rate limits, response cache), so their answers carry CORS headers.
  await registerCors(app, { origins: options.corsOrigins });
  registerStartupGate(app, isStarted, isMetricsScrape);
  // Before the response cache and the concurrency limit: cache hits count, refused requests never queue.
  await registerRateLimits(app, options.rateLimits, { ...deps, graphqlMaxTokens: options.graphqlLimits?.maxTokens ?? DEFAULT_GRAPHQL_LIMITS.maxTokens });
  // One caller identity for every interface: resolved once, under the failed-key brake the rate limits set up.
  registerCallerResolution(app, { prisma: deps.prisma, operatorToken: options.operatorToken });
  registerResponseCache(app, {
    ttlMs: options.responseCacheTtlMs ?? 0,
    maxBytes: options.responseCacheMaxBytes,
    staleIfErrorMs: options.staleIfErrorMs,
    isDatabaseDown,
    sharing: 'public',
    changes,
  });
  // After the cache (a hit costs no more than the 503), before the queue (a refused request never waits).
  if (options.loadShedding)
    await registerLoadShedding(app, { ...options.loadShedding, exempt: (url) => isHealthCheck(url) || isMetricsScrape(url), isStarted });
  const concurrency = registerConcurrencyLimit(app, {
    maxInFlight: options.maxInFlight ?? 0,
    maxPerRoute: options.maxInFlightPerRoute,
    maxQueue: options.maxQueue,
    maxWaitMs: options.queueTimeoutMs,
    exempt: (url, request) => isHealthCheck(url) || isMetricsScrape(url) || isSubscriptionStream(url, request.headers.accept),
  });
  registerRequestDeadline(app, {
    timeoutMs: options.requestTimeoutMs ?? 0,
    exempt: (url, request) => isHealthCheck(url) || isSubscriptionStream(url, request.headers.accept),
  });
  registerInputGuard(app);
  registerPrivateAnswers(app);
  // Before every route: @fastify/compress hooks into the routes registered after it.
  await registerCompression(app);
  // Before every route, so its hooks count them all; after the compression, which then compresses scrapes.
  if (options.metrics) registerMetrics(app, options.database, options.metrics);
  await app.register(formbody);
  await app.register(mediaRoutes);
  registerHealth(app, {
    database: options.database,
    isStarted,
    concurrency,
    checkTimeoutMs: options.healthCheckTimeoutMs ?? 1000,
    isClosing: lifecycle.closing,
  });
  await app.register(async (graphql) => {
    useErrorFormat(graphql, graphqlErrorFormat, { urls: '/graphql' });
    mountGraphQL(graphql, schema, deps, {
      production: options.production ?? false,
      responseCacheTtlMs: options.responseCacheTtlMs ?? 0,
      limits: options.graphqlLimits,
    });
  });
  // Before the interfaces: the document is built from the routes registered after it.
  await registerOpenApi(app, { publicBaseUrl: deps.publicBaseUrl, sponsorPath: options.sponsorPath ?? DEFAULT_SPONSOR_PATH });
  await registerV3Facade(app, { ...deps, schema });
  await registerLegacyFacade(app, { ...deps, schema }, { responseCacheTtlMs: options.responseCacheTtlMs ?? 0, changes });
  await registerRestFacade(app, { ...deps, schema }, { sponsorPath: options.sponsorPath ?? DEFAULT_SPONSOR_PATH });
  schedulePurge(app, deps.prisma, deps.clock);
  // A feed the app made is the app's to close; one passed in belongs to whoever made it.
  if (!options.changes) app.addHook('onClose', () => changes.close());
  return app;
}
