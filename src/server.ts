// Wiring only: configuration, database, HTTP listener, background preparation, shutdown.
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { systemClock } from './clock.js';
import { ConfigError, loadConfig, type Config } from './config.js';
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

async function main(): Promise<void> {
  const config = readConfig();
  const database = await openServiceDatabase(config);
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
    isStarted: () => started,
  });
  const server: FastifyInstance = app;
  server.addHook('onClose', async () => {
    database.stop();
    await database.serving.close();
  });

  let closing = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (closing) return;
      closing = true;
      server.log.info({ signal }, 'shutting down');
      server.close().then(
        () => process.exit(0),
        (error: unknown) => {
          server.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
    });
  }
  await server.listen({ port: config.port, host: config.host });
  await database.prepare(server.log);
  started = true;
  server.log.info('ready');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
