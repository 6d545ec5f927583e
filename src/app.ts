import Fastify, { type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import formbody from '@fastify/formbody';
import type { HeapAdmission } from './cache/heap-pressure.js';
import { registerAnswerHorizons } from './cache/answer-horizon.js';
import { BRAKE_CLOSED_MESSAGE } from './http/key-check-brake.js';
import { TooManyRequestsError } from './http/too-many-requests.js';
import { horizonNoting, systemClock, type Clock } from './clock.js';
import { DEFAULT_SHARED_ANSWER_STORE_MAX_BYTES, DEFAULT_SPONSOR_PATH, type Config } from './config.js';
import type { Database } from './db/database.js';
import { registerRestFacade } from './facades/rest/index.js';
import { MAIN_INTERFACE } from './facades/rest/interface.js';
import { registerV3Facade } from './facades/v3/index.js';
import { registerLegacyFacade } from './facades/legacy/index.js';
import { registerBoFacade } from './facades/bo/index.js';
import { registerOpenApi } from './facades/openapi/index.js';
import { mountGraphQL } from './graphql.js';
import { DEFAULT_GRAPHQL_LIMITS, type GraphQLLimits } from './graphql/limits.js';
import { subscriptionStreams } from './graphql/subscription-stream.js';
import { GRAPHQL_PATH } from './graphql/interface.js';
import { registerCompression } from './http/compression.js';
import { type ConcurrencyState, registerConcurrencyLimit } from './http/concurrency-limit.js';
import { registerCallerResolution } from './http/caller.js';
import { registerCors } from './http/cors.js';
import { registerRequestDeadline } from './http/deadline.js';
import { preRoutingErrors, registerErrorHandling } from './http/error-handling.js';
import { registerHealth, registerStartupGate } from './http/health.js';
import { registerJwks } from './http/jwks.js';
import { InterfaceTable, isOperatorRequest } from './http/interface-policy.js';
import { requireDeclarations } from './http/interfaces.js';
import { type GracefulClose, gracefulCloseOptions, registerGracefulClose } from './http/graceful-close.js';
import { registerInputGuard } from './http/input-guard.js';
import { registerLoadShedding } from './http/load-shedding.js';
import { registerMetrics } from './http/metrics.js';
import { registerRateLimits } from './http/rate-limit.js';
import { requestIpReader, trustProxyOption } from './http/client-address.js';
import { registerPrivateAnswers } from './http/private-answers.js';
import { loggingOptions, requestLogLine } from './http/request-log.js';
import { RequestPipeline } from './http/request-pipeline.js';
import { registerResponseCache } from './http/response-cache.js';
import { HitFastPath } from './http/hit-fast-path.js';
import { SharedAnswerStore } from './cache/shared-answer-store.js';
import { answerVersion, runningBuild } from './cache/answer-version.js';
import { createLocalChangeFeed, type ChangeFeed } from './live/changes.js';
import { LiveUpdates } from './live/updates.js';
import { webhookEngine, type WebhookEngine, type WebhookOptions } from './live/webhooks/service.js';
import { mediaRoutes } from './media/routes.js';
import { getSchema } from './schema/index.js';
import type { ContextDependencies } from './schema/context.js';
import { GAME_GOAL_ROWS, type GameGoals } from './schema/game-goals.js';
import { VersionedRows } from './cache/versioned-rows.js';
import { traceRequests } from './http/tracing.js';
import { schedulePurge } from './sessions/purge-timer.js';

/**
 * The settings of `Config` the HTTP app reads, under Config's names and documented there once.
 * GraphQL limits may be given in part: the unset ones keep their defaults.
 */
export type AppSettings = Pick<
  Config,
  | 'publicBaseUrl'
  | 'logLevel'
  | 'production'
  | 'responseCacheTtlMs'
  | 'responseCacheRefreshAheadMs'
  | 'responseCacheMaxBytes'
  | 'sharedAnswerStore'
  | 'sharedAnswerStoreMaxBytes'
  | 'databaseUrl'
  | 'staleIfErrorMs'
  | 'maxInFlight'
  | 'maxInFlightPerRoute'
  | 'maxQueue'
  | 'maxQueuePerRoute'
  | 'queueTimeoutMs'
  | 'requestTimeoutMs'
  | 'healthCheckTimeoutMs'
  | 'sponsorPath'
  | 'rateLimits'
  | 'trustProxy'
  | 'corsOrigins'
  | 'metrics'
  | 'eventLoopMaxDelayMs'
  | 'subscriptionsPerClient'
  | 'subscriptionsMax'
  | 'streamResumeWindowMs'
  | 'streamResumeMaxChanges'
  | 'gameStartWindow'
  | 'trustedDocuments'
  | 'tracing'
> & { graphql: Partial<GraphQLLimits> };

/**
 * What the app is built from: any of the configured settings — an absent one is off (no rate
 * limits, no cache, no slots, no deadline, no load shedding), so a test turns on only what it
 * exercises — and what only a running service or a test supplies.
 */
export interface AppOptions extends Partial<AppSettings> {
  database: Database;
  clock?: Clock;
  /** Where log lines go (tests capture them); standard output by default. */
  logStream?: DestinationStream;
  /** The response caches', the GraphQL result cache's and the kept rows' clock in ms (TTLs, stale-if-error), for tests; `Date.now` by default. */
  cacheClock?: () => number;
  /** Whether the database is migrated and loaded; until then every request but health is a 503. Started by default. */
  isStarted?: () => boolean;
  /**
   * Where committed writes are announced and heard (src/live): this process only by default; PostgreSQL LISTEN/NOTIFY across instances.
   * While its `state()` is not `listening`, readiness says no and the caches serve no fresh hits.
   */
  changes?: ChangeFeed;
  /** The embedded database's per-start operator token, which administers keys (src/auth/api-keys.ts); none on PostgreSQL. */
  operatorToken?: string;
  /**
   * Webhooks (Config.webhooks, docs/webhooks.md) and what a test replaces (clock, retry policy, jitter,
   * sweep). Absent: webhooks are managed but this app delivers none.
   */
  webhooks?: WebhookOptions;
  /** Whether the heap has room for a new stream, socket or expensive operation (src/cache/heap-pressure.ts): the process's own by default, a test's own measure in tests. */
  heap?: HeapAdmission;
  /** Told each change of the request slots' state, so that a test waits for a request to queue instead of for time to pass; none by default. */
  onConcurrencyChange?: (state: ConcurrencyState) => void;
  /**
   * The version of this build's answers in the shared answer store (src/cache/answer-version.ts):
   * computed from the package, the GraphQL schema and the migrations by default; a test gives two
   * apps different ones to play a rolling deploy.
   */
  answerVersion?: string;
  /** The clock in ms that times answers for the request slots' shares (src/http/concurrency-limit.ts): `performance.now` by default; a test's own, so that how fast the machine is does not decide which answer was quick. */
  concurrencyClock?: () => number;
}

/** The request slots as registerConcurrencyLimit gives them: their state, and `acquire` for work outside fastify. */
type RequestSlots = ReturnType<typeof registerConcurrencyLimit>;

/** What the stages of buildApp share: the app, its options, and what every stage reads. */
interface Assembly {
  app: FastifyInstance;
  options: AppOptions;
  /** What every request passes, whichever path answers it (src/http/request-pipeline.ts). */
  pipeline: RequestPipeline;
  /** In front of fastify's request handler: replays cache hits (src/http/hit-fast-path.ts). */
  fastHits: HitFastPath;
  changes: ChangeFeed;
  live: LiveUpdates;
  webhooks: WebhookEngine;
  deps: ContextDependencies;
  isStarted: () => boolean;
}

/** Builds the HTTP application without listening; tests drive it with inject(). */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const assembly = assemble(options);
  // The stages, in the order their hooks must run (fastify runs the hooks of one kind in the order
  // they were added, and a hook wraps only the routes registered after it):
  // 1. observe: every request has its span, its id, its log line and metrics, its errors in its
  //    interface's format, and counts for the drain on close — whatever answers it, early or late;
  // 2. admit: CORS first (every early answer carries its headers), then the refusals and answers
  //    that cost least before those that cost more: startup gate, budgets, caller, response cache,
  //    load shedding, request slots, deadline;
  // 3. shape answers: what wraps every route's answer (input guard, privacy, compression, metrics);
  // 4. interfaces: each on its own scope, declaring what it is; the OpenAPI document before those it documents;
  // 5. background work of the app's own.
  const { lifecycle } = observeRequests(assembly);
  const { concurrency } = await admitRequests(assembly, lifecycle);
  await shapeAnswers(assembly);
  await mountInterfaces(assembly, { lifecycle, concurrency });
  runInBackground(assembly);
  return assembly.app;
}

/** The fastify instance and what every stage reads: the live updates, the dependencies of the interfaces. */
function assemble(options: AppOptions): Assembly {
  // The interfaces each declare themselves on their scope; the main one, also served at the root,
  // answers every URL no interface claims.
  const interfaces = new InterfaceTable(MAIN_INTERFACE);
  const fastHits = new HitFastPath();
  const app = Fastify({
    serverFactory: fastHits.serverFactory,
    ...loggingOptions(options.logLevel ?? 'info', options.logStream),
    bodyLimit: 256 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    trustProxy: trustProxyOption(options.trustProxy ?? false),
    ...gracefulCloseOptions,
    ...preRoutingErrors(interfaces),
  });
  registerErrorHandling(app, interfaces);
  requireDeclarations(app);
  if (options.cacheClock) app.decorate('responseCacheClock', options.cacheClock);
  const changes = options.changes ?? createLocalChangeFeed();
  // First of the feed's listeners: from the moment a write is heard of, no replica that lacks it serves a read (src/db/replicas.ts).
  const replicas = options.database.replicas;
  const stopNotingWrites = replicas ? changes.subscribe((change) => replicas.noteWrite(change.kind === 'game' ? change.game.lsn : undefined)) : undefined;
  if (stopNotingWrites) app.addHook('onClose', async () => stopNotingWrites());
  const live = new LiveUpdates(changes, {
    maxPerClient: options.subscriptionsPerClient,
    maxTotal: options.subscriptionsMax,
    heap: options.heap,
    resumeWindowMs: options.streamResumeWindowMs,
    resumeMaxChanges: options.streamResumeMaxChanges,
  });
  options.database.availability?.onChange((event) => {
    if (event.state === 'down') app.log.error({ reason: event.reason }, 'database unreachable: answering 503 until it is back');
    else app.log.warn({ downForMs: event.downForMs, refused: event.refused }, 'database reachable again');
  });
  const publicBaseUrl = options.publicBaseUrl ?? 'http://localhost:3000';
  const webhooks = webhookEngine({
    prisma: options.database.prisma,
    databaseUrl: options.database.kind === 'postgresql' ? options.databaseUrl : undefined,
    publicBaseUrl,
    changes,
    log: app.log,
    options: options.webhooks ?? { delivery: false },
  });
  return {
    app,
    options,
    webhooks,
    pipeline: new RequestPipeline(requestIpReader(options.trustProxy ?? false)),
    fastHits,
    changes,
    live,
    deps: {
      prisma: options.database.prisma,
      replicas,
      // Every read of the clock while an answer is built is noted on its horizon (src/clock.ts).
      clock: horizonNoting(options.clock ?? systemClock),
      publicBaseUrl,
      live,
      startWindow: options.gameStartWindow,
      webhooks,
      // Kept as long as the response cache keeps answers, on its clock, told of the same writes.
      keptGoals: new VersionedRows<GameGoals>({ ttlMs: options.responseCacheTtlMs ?? 0, changes, now: options.cacheClock }, GAME_GOAL_ROWS),
    },
    isStarted: options.isStarted ?? (() => true),
  };
}

/** Stage 1: what sees every request. Returns the count of requests in flight, for the drain and readiness. */
function observeRequests({ app, options, pipeline, live }: Assembly): { lifecycle: GracefulClose } {
  // First of all hooks: everything a request runs is inside its span.
  if (options.tracing) traceRequests(app);
  pipeline.registerHooks(app);
  pipeline.onAnswered(requestLogLine(app.log));
  const lifecycle = registerGracefulClose(app);
  // Subscriptions last as long as their clients listen: a shutdown ends them, so the drain need not wait.
  app.addHook('preClose', (done) => {
    live.close();
    done();
  });
  return { lifecycle };
}

/** Health probes and metrics scrapes (operators' endpoints) pass the startup gate and are never shed, queued or cut: they are most wanted when the service is busiest. */
const isOperational = isOperatorRequest;

/** Stage 2: what may refuse or answer a request before its route runs, cheapest first. Returns the request slots, which health and WebSocket read. */
async function admitRequests(assembly: Assembly, lifecycle: GracefulClose): Promise<{ concurrency: RequestSlots }> {
  const { app, options, pipeline, fastHits, deps, isStarted } = assembly;
  await registerCors(app, { origins: options.corsOrigins });
  registerStartupGate(app, isStarted);
  // Before the response cache and the concurrency limit: cache hits count, refused requests never queue.
  const budgets = await registerRateLimits(app, options.rateLimits, {
    ...deps,
    graphqlMaxTokens: options.graphql?.maxTokens ?? DEFAULT_GRAPHQL_LIMITS.maxTokens,
  });
  if (budgets.takePublic) pipeline.chargePublicTo(budgets.takePublic);
  // One caller identity for every interface: resolved once, under the failed-key brake the rate limits set up.
  registerCallerResolution(app, { prisma: deps.prisma, clock: deps.clock, operatorToken: options.operatorToken });
  // Closed whenever a hit must pass a hook the fast path does not stand in for: a span, `Connection: close`.
  fastHits.configure({ open: () => !options.tracing && isStarted() && !lifecycle.closing(), pipeline });
  registerResponseCache(app, {
    fastPath: fastHits,
    ttlMs: options.responseCacheTtlMs ?? 0,
    refreshAheadMs: options.responseCacheRefreshAheadMs,
    maxBytes: options.responseCacheMaxBytes,
    staleIfErrorMs: options.staleIfErrorMs,
    isDatabaseDown: () => options.database.availability?.isDown ?? false,
    sharing: 'public',
    changes: assembly.changes,
    shared: sharedAnswerStore(assembly)?.space('public'),
  });
  // After the cache (a hit costs no more than the 503), before the queue (a refused request never waits).
  if (options.eventLoopMaxDelayMs) await registerLoadShedding(app, { maxEventLoopDelayMs: options.eventLoopMaxDelayMs, exempt: isOperational, isStarted });
  // A GraphQL subscription over SSE lasts as long as its client listens: no slot, no deadline. Decided once per request, for both.
  const subscriptionStream = subscriptionStreams({ path: GRAPHQL_PATH, maxTokens: options.graphql?.maxTokens ?? DEFAULT_GRAPHQL_LIMITS.maxTokens });
  const concurrency = registerConcurrencyLimit(app, {
    maxInFlight: options.maxInFlight ?? 0,
    maxPerRoute: options.maxInFlightPerRoute,
    maxQueue: options.maxQueue,
    maxQueuePerRoute: options.maxQueuePerRoute,
    maxWaitMs: options.queueTimeoutMs,
    exempt: (request) => isOperational(request) || subscriptionStream(request),
    onChange: options.onConcurrencyChange,
    now: options.concurrencyClock,
  });
  // What GraphQL over WebSocket applies itself, since no fastify hook sees its upgrade or its operations (src/graphql/websocket.ts):
  // the origin and client address rules, and the request slots (the budgets and the brake it reads from `clientLimits`).
  app.decorate('webSocketSettings', {
    corsOrigins: options.corsOrigins,
    trustProxy: options.trustProxy,
    operatorToken: options.operatorToken,
    requestSlot: concurrency.acquire,
  });
  registerRequestDeadline(app, {
    timeoutMs: options.requestTimeoutMs ?? 0,
    exempt: (request) => isOperational(request) || subscriptionStream(request) === true,
  });
  return { concurrency };
}

/**
 * The second-level store of the public caches' answers (SHARED_ANSWER_STORE=database), on the
 * PostgreSQL server: refused on the embedded database, which one process serves. Its keys begin
 * with this build's version, computed once here. Closed with the app.
 */
function sharedAnswerStore({ app, options, changes }: Assembly): SharedAnswerStore | undefined {
  if ((options.sharedAnswerStore ?? 'off') === 'off' || !options.responseCacheTtlMs) return undefined;
  if (options.database.kind !== 'postgresql' || !options.databaseUrl) {
    throw new Error(
      'SHARED_ANSWER_STORE=database needs the PostgreSQL server (DATABASE_URL): the embedded database serves one process, whose own response cache is all it needs',
    );
  }
  if (!changes.position) app.log.warn({}, 'SHARED_ANSWER_STORE=database: the change feed is of this process only, so the shared store is never used');
  const database = options.database;
  const store = new SharedAnswerStore({
    databaseUrl: options.databaseUrl,
    version: options.answerVersion ?? answerVersion(runningBuild(getSchema())),
    maxBytes: options.sharedAnswerStoreMaxBytes ?? DEFAULT_SHARED_ANSWER_STORE_MAX_BYTES,
    feed: changes,
    log: app.log,
    isDatabaseDown: () => database.availability?.isDown ?? false,
    now: options.cacheClock,
  });
  app.decorate('sharedAnswers', store);
  app.addHook('onClose', () => store.close());
  return store;
}

/** Stage 3: what wraps every route's answer; before every route, which it then sees. */
async function shapeAnswers({ app, options, pipeline }: Assembly): Promise<void> {
  // Each answer is built within its horizon, so the caches keep it no longer than what it read from the clock holds.
  registerAnswerHorizons(app);
  registerInputGuard(app);
  registerPrivateAnswers(app);
  // @fastify/compress hooks into the routes registered after it.
  await registerCompression(app);
  // After the compression, which then compresses scrapes.
  if (options.metrics) await registerMetrics(app, options.database, pipeline, options.metrics);
  await app.register(formbody);
}

/** Stage 4: the interfaces and the service's own endpoints, each on its scope, declaring what it is (src/http/interfaces.ts). */
async function mountInterfaces(assembly: Assembly, made: { lifecycle: GracefulClose; concurrency: RequestSlots }): Promise<void> {
  const { app, options, changes, isStarted } = assembly;
  // The brake the rate limits set up, for the secrets a resolver checks itself (a person's password), on every interface.
  const brake = app.clientLimits?.keyChecks;
  const secretChecks = brake && {
    closedFor: async (client: string) => {
      const closed = await brake.closedFor(client);
      return closed && { ...closed, message: new TooManyRequestsError(closed.retryAfterSeconds, 'auth_failures', BRAKE_CLOSED_MESSAGE).message };
    },
    failed: (client: string) => brake.failedFor(client, app.log),
  };
  const deps: ContextDependencies = { ...assembly.deps, secretChecks };
  const schema = getSchema({ production: options.production ?? false });
  const ttlMs = options.responseCacheTtlMs ?? 0;
  const sponsorPath = options.sponsorPath ?? DEFAULT_SPONSOR_PATH;
  await app.register(mediaRoutes);
  await registerJwks(app, options.database.prisma);
  await registerHealth(app, {
    database: options.database,
    isStarted,
    concurrency: made.concurrency,
    checkTimeoutMs: options.healthCheckTimeoutMs ?? 1000,
    isClosing: made.lifecycle.closing,
    changes,
  });
  await app.register(async (graphql) => {
    mountGraphQL(graphql, schema, deps, {
      production: options.production ?? false,
      responseCacheTtlMs: ttlMs,
      limits: options.graphql,
      trustedDocuments: options.trustedDocuments,
      tracing: Boolean(options.tracing),
      heap: options.heap,
      sharedAnswers: app.sharedAnswers?.space('graphql'),
    });
  });
  // Before the interfaces: the document is built from the routes registered after it.
  await registerOpenApi(app, { publicBaseUrl: deps.publicBaseUrl, sponsorPath });
  await registerV3Facade(app, { ...deps, schema });
  await registerLegacyFacade(app, { ...deps, schema }, { responseCacheTtlMs: ttlMs, changes, shared: app.sharedAnswers?.space('legacy') });
  await registerBoFacade(app, { ...deps, schema });
  await registerRestFacade(app, { ...deps, schema, rowCache: { ttlMs, changes, now: options.cacheClock } }, { sponsorPath });
}

/** Stage 5: the app's own background work, and what it closes. */
function runInBackground({ app, options, changes, deps, webhooks }: Assembly): void {
  schedulePurge(app, deps.prisma, deps.clock);
  // Not waited for: the app is ready while the database (or graphile-worker's schema) is still coming.
  app.addHook('onReady', async () => void webhooks.start());
  app.addHook('onClose', () => webhooks.close());
  // A feed the app made is the app's to close; one passed in belongs to whoever made it.
  if (!options.changes) app.addHook('onClose', () => changes.close());
}
