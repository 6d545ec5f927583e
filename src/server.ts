// Wiring only: configuration, database, demo data on an empty database, HTTP listener, shutdown.
import { buildApp } from './app.js';
import { systemClock } from './clock.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { openDatabase } from './db/database.js';
import { loadDemoLeague } from './data/demo/index.js';

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
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.dbPoolSize,
    connectTimeoutMs: config.dbConnectTimeoutMs,
  });
  const app = await buildApp({
    database,
    clock: systemClock,
    publicBaseUrl: config.publicBaseUrl,
    logLevel: config.logLevel,
    production: config.production,
    responseCacheTtlMs: config.responseCacheTtlMs,
    maxInFlight: config.maxInFlight,
    sponsorPath: config.sponsorPath,
  });
  app.addHook('onClose', () => database.close());

  if (config.demoOnEmpty && (await database.prisma.season.count()) === 0) {
    app.log.info({ seed: config.demoSeed, scale: config.demoScale }, 'empty database: loading the demo league');
    const summary = await loadDemoLeague(database.prisma, { seed: config.demoSeed, scale: config.demoScale, now: systemClock.now() });
    app.log.info({ summary }, 'demo league loaded');
  }

  let closing = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (closing) return;
      closing = true;
      app.log.info({ signal }, 'shutting down');
      app.close().then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
    });
  }
  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
