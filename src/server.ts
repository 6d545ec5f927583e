// Wiring only: configuration, database, HTTP listener, background preparation, shutdown.
import { constants } from 'node:os';
import { newOperatorToken } from './auth/operator-token.js';
import { isClusterPrimary, runPrimary } from './cluster.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { buildConfiguredService, localServiceUrl } from './service.js';
import { openServiceDatabase } from './startup.js';
import { startTracing } from './tracing/setup.js';

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
  if (isClusterPrimary(config)) return runPrimary(config);
  // Before the database opens, so its first statements are traced too.
  const tracing = config.tracing ? startTracing(config.tracing) : undefined;
  const database = await openServiceDatabase(config);
  let started = false;
  // Only a file-backed embedded database has a lock file to hand the token to `npm run keys` through.
  const { dataDirLock } = database.serving;
  const operatorToken = dataDirLock ? newOperatorToken() : undefined;
  const server = await buildConfiguredService(config, database.serving, () => started, { operatorToken });
  server.addHook('onClose', async () => {
    database.stop();
    await database.serving.close();
    // Last: the spans of the drain itself are sent too.
    await tracing?.shutdown();
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
        server.log.error(
          { openRequests: server.openRequests?.(), timeoutMs: config.shutdownTimeoutMs },
          'shutdown timed out: exiting with requests still open',
        );
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
  if (dataDirLock && operatorToken) {
    // The port actually bound (PORT=0 picks one). Advertised before the database is prepared: a CLI
    // that comes during a demo load is told by the service that it is not ready yet.
    dataDirLock.advertise({ url: localServiceUrl(server.addresses()), operatorToken });
    server.log.info({ lockFile: dataDirLock.path }, 'npm run keys and npm run audit reach this service through the lock file');
  }
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
