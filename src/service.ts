// The service as configured by the environment: one place that turns a Config into the app, for
// `npm run serve` (src/server.ts) and for scripts that run the service in their own process.
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { systemClock } from './clock.js';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import { createLocalChangeFeed, type ChangeFeed } from './live/changes.js';
import { createPostgresChangeFeed, notifyThrough } from './live/pg-feed.js';
import { createRedisChangeFeed } from './live/redis-feed.js';

/**
 * Instances on one PostgreSQL hear each other's writes through LISTEN/NOTIFY, or through Redis
 * when REDIS_URL is set; the embedded database has one process.
 */
function changeFeedFor(config: Config, database: Database, logger: () => FastifyBaseLogger | undefined): ChangeFeed {
  const log = { warn: (details: object, message: string) => logger()?.warn(details, message), info: (details: object, message: string) => logger()?.info(details, message) };
  if (config.redisUrl) return createRedisChangeFeed({ redisUrl: config.redisUrl, log });
  if (!config.databaseUrl) return createLocalChangeFeed();
  return createPostgresChangeFeed({ databaseUrl: config.databaseUrl, notify: notifyThrough(database), log });
}

/** Builds the app on `database` with every setting of `config`; `isStarted` gates requests until the database is prepared. */
export async function buildConfiguredService(config: Config, database: Database, isStarted: () => boolean): Promise<FastifyInstance> {
  // The feed starts before the app, whose logger it then uses.
  let appLog: FastifyBaseLogger | undefined;
  // Not waited for: the service listens (not ready) while PostgreSQL or Redis is still away.
  const changes = changeFeedFor(config, database, () => appLog);
  const app = await buildApp({
    database,
    clock: systemClock,
    publicBaseUrl: config.publicBaseUrl,
    logLevel: config.logLevel,
    production: config.production,
    responseCacheTtlMs: config.responseCacheTtlMs,
    responseCacheMaxBytes: config.responseCacheMaxBytes,
    staleIfErrorMs: config.staleIfErrorMs,
    maxInFlight: config.maxInFlight,
    maxInFlightPerRoute: config.maxInFlightPerRoute,
    maxQueue: config.maxQueue,
    queueTimeoutMs: config.queueTimeoutMs,
    requestTimeoutMs: config.requestTimeoutMs,
    healthCheckTimeoutMs: config.healthCheckTimeoutMs,
    sponsorPath: config.sponsorPath,
    rateLimits: config.rateLimits,
    trustProxy: config.trustProxy,
    graphqlLimits: config.graphql,
    corsOrigins: config.corsOrigins,
    metrics: config.metrics,
    loadShedding: { maxEventLoopDelayMs: config.eventLoopMaxDelayMs },
    isStarted,
    changes,
    subscriptionsPerClient: config.subscriptionsPerClient,
  });
  appLog = app.log;
  // The feed was made here, so it closes with the app (before the database, whose hook comes later).
  app.addHook('onClose', () => changes.close());
  return app;
}
