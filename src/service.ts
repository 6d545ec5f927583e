// The service as configured by the environment: one place that turns a Config into the app, for
// `npm run serve` (src/server.ts) and for scripts that run the service in their own process.
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { systemClock } from './clock.js';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import { createLocalChangeFeed, type ChangeFeed } from './live/changes.js';
import { pruneJournal, sqlThrough } from './live/change-journal.js';
import { createPostgresChangeFeed, notifyThrough } from './live/pg-feed.js';
import { createRedisChangeFeed } from './live/redis-feed.js';

/**
 * Instances on one PostgreSQL hear each other's writes through LISTEN/NOTIFY, or through Redis
 * when REDIS_URL is set; the embedded database has one process.
 */
function changeFeedFor(config: Config, database: Database, logger: () => FastifyBaseLogger | undefined): ChangeFeed {
  const log = {
    warn: (details: object, message: string) => logger()?.warn(details, message),
    info: (details: object, message: string) => logger()?.info(details, message),
  };
  // Both catch up from the database's change log after an absence (src/live/change-journal.ts).
  if (config.redisUrl) return createRedisChangeFeed({ redisUrl: config.redisUrl, log, journal: sqlThrough(database.prisma) });
  if (!config.databaseUrl) return createLocalChangeFeed();
  return createPostgresChangeFeed({ databaseUrl: config.databaseUrl, notify: notifyThrough(database), log, availability: database.availability });
}

/**
 * Prunes the change log past CHANGE_LOG_RETENTION_MS, off the request path: a few times per
 * retention, so that the log holds at most about 1.25 times it (one indexed DELETE each time).
 */
function scheduleChangeLogPrune(app: FastifyInstance, database: Database, retentionMs: number): void {
  const prune = () => {
    pruneJournal(database.prisma, retentionMs).then(
      (count) => count > 0 && app.log.debug({ count }, 'pruned the change log'),
      (error: unknown) => app.log.warn({ err: error instanceof Error ? error.message : String(error) }, 'change log prune failed'),
    );
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(prune, Math.max(retentionMs / 4, 10_000));
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}

export interface ServiceOptions {
  /** The embedded database's per-start operator token (src/auth/operator-token.ts); none on PostgreSQL. */
  operatorToken?: string;
}

/** Builds the app on `database` with every setting of `config`; `isStarted` gates requests until the database is prepared. */
export async function buildConfiguredService(
  config: Config,
  database: Database,
  isStarted: () => boolean,
  options: ServiceOptions = {},
): Promise<FastifyInstance> {
  // The feed starts before the app, whose logger it then uses.
  let appLog: FastifyBaseLogger | undefined;
  // Not waited for: the service listens (not ready) while PostgreSQL or Redis is still away.
  const changes = changeFeedFor(config, database, () => appLog);
  // Config carries more than the app reads (port, database, workers); the app takes its settings by their Config names.
  const app = await buildApp({ ...config, database, clock: systemClock, isStarted, changes, operatorToken: options.operatorToken });
  appLog = app.log;
  // The feed was made here, so it closes with the app (before the database, whose hook comes later).
  app.addHook('onClose', () => changes.close());
  scheduleChangeLogPrune(app, database, config.changeLogRetentionMs);
  return app;
}

/**
 * Where a CLI on this machine reaches the listening service: the bound address itself, or the
 * loopback of its family when it listens on every interface. Prefers IPv4 when both are bound.
 */
export function localServiceUrl(bound: readonly (AddressInfo | string)[]): string {
  const addresses = bound.filter((candidate): candidate is AddressInfo => typeof candidate !== 'string');
  const address = addresses.find((candidate) => candidate.family === 'IPv4') ?? addresses[0];
  if (!address) throw new Error('The service listens on no TCP address');
  const host = { '0.0.0.0': '127.0.0.1', '::': '::1' }[address.address] ?? address.address;
  return `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
}
