import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Config } from './config.js';
import { openDatabase, type Database } from './db/database.js';
import { loadDemoLeague } from './data/demo/index.js';
import { BurstLog } from './http/burst-log.js';

export interface ServiceDatabase {
  /** The database requests are served from (with the statement and lock timeouts). */
  serving: Database;
  /** Resolves once migrations are applied and, on an empty database, the demo league is loaded; retries until then. */
  prepare(log: FastifyBaseLogger): Promise<void>;
  /** Stops retrying (shutdown before the database came). */
  stop(): void;
}

const RETRY_BACKOFF_MS = { first: 500, max: 5000 };

/**
 * Opens the database without waiting for it, and prepares it in the background: a service started
 * while PostgreSQL is down listens, reports not ready, and retries with backoff until the database
 * answers, instead of exiting. Migrations and the demo load run on a connection of their own without
 * the serving timeouts, which a long import statement could exceed.
 */
export async function openServiceDatabase(config: Config): Promise<ServiceDatabase> {
  const serving = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    npmScript: config.npmScript,
    sharedBuffersMb: config.embeddedSharedBuffersMb,
    poolSize: config.dbPoolSize,
    connectTimeoutMs: config.dbConnectTimeoutMs,
    idleTimeoutMs: config.dbIdleTimeoutMs,
    statementTimeoutMs: config.dbStatementTimeoutMs || undefined,
    lockTimeoutMs: config.dbLockTimeoutMs || undefined,
    replicaUrls: config.databaseReplicaUrls,
    replicaMaxLagMs: config.databaseReplicaMaxLagMs,
    migrate: !config.databaseUrl, // the embedded database is here already: migrate it at once
  });
  let stopped = false;
  const prepareWithRetry = async (log: FastifyBaseLogger) => {
    const failures = new BurstLog(30_000);
    let wait = RETRY_BACKOFF_MS.first;
    for (;;) {
      try {
        await prepare(config, serving, log);
        return;
      } catch (error) {
        if (stopped) throw error;
        const reason = error instanceof Error ? error.message.split('\n').filter(Boolean).pop() : String(error);
        failures.note('prepare', (suppressed) => log.warn({ reason, retryInMs: wait, failedAttemptsBefore: suppressed }, 'database not ready yet; retrying'));
        await new Promise((resolve) => setTimeout(resolve, wait));
        wait = Math.min(wait * 2, RETRY_BACKOFF_MS.max);
      }
    }
  };
  return {
    serving,
    prepare: prepareWithRetry,
    stop: () => {
      stopped = true;
    },
  };
}

/** Any number: what matters is that every instance of the service takes the same lock. */
const PREPARATION_LOCK = 7_262_025;

/**
 * Instances or workers started at once (WORKERS, `docker compose up --scale`): one migrates and
 * loads the demo league while the others wait on a PostgreSQL advisory lock, then find it done.
 */
async function withPreparationLock<T>(databaseUrl: string, connectTimeoutMs: number, work: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: connectTimeoutMs });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [PREPARATION_LOCK]);
    return await work();
  } finally {
    await client.end(); // ending the session releases the lock
  }
}

async function prepare(config: Config, serving: Database, log: FastifyBaseLogger): Promise<void> {
  const { databaseUrl } = config;
  if (!databaseUrl) return loadDemoIfEmpty(config, serving, log);
  await withPreparationLock(databaseUrl, config.dbConnectTimeoutMs, async () => {
    const admin = await openDatabase({ databaseUrl, poolSize: 2, connectTimeoutMs: config.dbConnectTimeoutMs });
    try {
      await loadDemoIfEmpty(config, admin, log);
    } finally {
      await admin.close();
    }
  });
}

async function loadDemoIfEmpty(config: Config, database: Database, log: FastifyBaseLogger): Promise<void> {
  if (!config.demoOnEmpty || (await database.prisma.season.count()) > 0) return;
  log.info({ seed: config.demoSeed, scale: config.demoScale }, 'empty database: loading the demo league');
  const summary = await loadDemoLeague(database.prisma, { seed: config.demoSeed, scale: config.demoScale, now: new Date() });
  log.info({ summary }, 'demo league loaded');
}
