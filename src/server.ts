// Wiring only: configuration, database, HTTP listener, background preparation, shutdown.
import { constants } from 'node:os';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { systemClock } from './clock.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import type { Database } from './db/database.js';
import { createLocalChangeFeed, type ChangeFeed } from './live/changes.js';
import { createPostgresChangeFeed, notifyThrough } from './live/pg-feed.js';
import { openServiceDatabase } from './startup.js';

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(2);
    }
    throw error;
  }
}

/** Instances on one PostgreSQL hear each other's writes; the embedded database has one process. */
function changeFeedFor(config: Config, database: Database, log: () => FastifyBaseLogger | undefined): Promise<ChangeFeed> {
  if (!config.databaseUrl) return Promise.resolve(createLocalChangeFeed());
  return createPostgresChangeFeed({
    databaseUrl: config.databaseUrl,
    notify: notifyThrough(database),
    log: { warn: (details, message) => log()?.warn(details, message), info: (details, message) => log()?.info(details, message) },
  });
}

async function main(): Promise<void> {
  const config = readConfig();
  const database = await openServiceDatabase(config);
  // The feed starts before the app, whose logger it then uses.
  let appLog: FastifyBaseLogger | undefined;
  const changes = await changeFeedFor(config, database.serving, () => appLog);
  let started = false;
  const app = await buildApp({
    database: database.serving,
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
    isStarted: () => started,
    changes,
    subscriptionsPerClient: config.subscriptionsPerClient,
  });
  const server: FastifyInstance = app;
  appLog = app.log;
  server.addHook('onClose', async () => {
    await changes.close();
    database.stop();
    await database.serving.close();
  });

  // A drain (src/http/graceful-close.ts): no new connections, requests in flight answered, then
  // the pool closed, exit 0. Bounded, so a stuck request cannot keep the process from stopping;
  // a second signal stops it at once.
  let closing = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (closing) {
        server.log.warn({ signal, openRequests: server.openRequests?.() }, 'second signal: exiting without waiting');
        process.exit(128 + constants.signals[signal]);
      }
      closing = true;
      const began = Date.now();
      server.log.info({ signal, openRequests: server.openRequests?.(), timeoutMs: config.shutdownTimeoutMs }, 'shutting down');
      setTimeout(() => {
        server.log.error({ openRequests: server.openRequests?.(), timeoutMs: config.shutdownTimeoutMs }, 'shutdown timed out: exiting with requests still open');
        process.exit(1);
      }, config.shutdownTimeoutMs).unref();
      server.close().then(
        () => {
          server.log.info({ ms: Date.now() - began }, 'shut down');
          process.exit(0);
        },
        (error: unknown) => {
          server.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
    });
  }
  await server.listen({ port: config.port, host: config.host });
  try {
    await database.prepare(server.log);
  } catch (error) {
    if (closing) return; // the database was closed under the preparation: that is the shutdown
    throw error;
  }
  started = true;
  server.log.info('ready');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
