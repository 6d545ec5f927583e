import type pg from 'pg';
import { PrismaClient } from '../generated/prisma/client.js';
import { openAdapter, type DatabaseTarget, type PoolStats } from './adapter.js';
import type { DatabaseAvailability } from './availability.js';
import type { DataDirLock } from './data-dir-lock.js';
import { ReadReplicas, registerReplicas } from './replicas.js';
import { applyMigrations, readMigrations } from './schema-engine.js';

export type { PrismaClient, PoolStats };

/** Told of each SQL statement that succeeded (Prisma reports no failed ones): its text and how long it took. */
export type QueryListener = (query: { sql: string; durationMs: number }) => void;

export interface Database {
  prisma: PrismaClient;
  kind: 'postgresql' | 'pglite';
  /** The PostgreSQL server's circuit breaker (src/db/availability.ts); absent for the embedded database. */
  availability?: DatabaseAvailability;
  /** SQL statements sent so far; tests read it to prove that query counts stay bounded. */
  queryCount(): number;
  /** Calls `listener` after every statement (the metrics time them); returns what stops it. */
  onQuery(listener: QueryListener): () => void;
  /** The PostgreSQL pool's connections right now; absent for the embedded database, which has no pool. */
  poolStats?: () => PoolStats;
  /** The embedded database directory's lock, held until close(); absent in memory and on PostgreSQL. */
  dataDirLock?: DataDirLock;
  /** The embedded database packed as a gzipped tarball (`npm run db:template`); absent on PostgreSQL. */
  dumpDataDir?: () => Promise<Blob>;
  /** The read replicas public reads may go to (src/db/replicas.ts); absent without DATABASE_REPLICA_URLS. */
  replicas?: ReadReplicas;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions extends DatabaseTarget {
  /** Apply pending migrations before returning (the default). */
  migrate?: boolean;
  /** PostgreSQL streaming replicas of `databaseUrl` (DATABASE_REPLICA_URLS), opened with the same pool settings. */
  replicaUrls?: string[];
  /** DATABASE_REPLICA_MAX_LAG_MS. */
  replicaMaxLagMs?: number;
  /** How often the replica monitor runs; 0 only when asked (tests). */
  replicaMonitorIntervalMs?: number;
  /** The replica monitor's clock (tests stop it to look at one state); `Date.now` by default. */
  replicaClock?: () => number;
}

/** The only place a PrismaClient is built. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  const adapter = await openAdapter(options);
  const prisma = new PrismaClient({ adapter: adapter.factory, log: [{ emit: 'event', level: 'query' }] });
  try {
    if (options.migrate !== false && (await hasPendingMigrations(prisma))) await applyMigrations(adapter.factory);
  } catch (error) {
    await prisma.$disconnect();
    await adapter.close();
    throw error;
  }
  const replicas = options.databaseUrl && adapter.connect ? await openReplicas(options, adapter.connect) : [];
  const readReplicas =
    options.databaseUrl && replicas.length > 0
      ? new ReadReplicas({
          primaryUrl: options.databaseUrl,
          replicas: replicas.map((replica) => ({ url: replica.url, prisma: replica.prisma, availability: replica.adapter.availability })),
          maxLagMs: options.replicaMaxLagMs ?? DEFAULT_REPLICA_MAX_LAG_MS,
          intervalMs: options.replicaMonitorIntervalMs,
          now: options.replicaClock,
        })
      : undefined;
  if (readReplicas) registerReplicas(prisma, readReplicas);
  let count = 0;
  const listeners = new Set<QueryListener>();
  // A replica's statements are the service's statements too: counted and timed with the primary's.
  for (const client of [prisma, ...replicas.map((replica) => replica.prisma)])
    client.$on('query', (event) => {
      count += 1;
      for (const listener of listeners) listener({ sql: event.query, durationMs: event.duration });
    });
  return {
    prisma,
    kind: adapter.kind,
    availability: adapter.availability,
    queryCount: () => count,
    onQuery: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    poolStats: adapter.poolStats,
    dataDirLock: adapter.dataDirLock,
    dumpDataDir: adapter.dumpDataDir,
    replicas: readReplicas,
    close: async () => {
      await readReplicas?.close();
      for (const replica of replicas) {
        await replica.prisma.$disconnect();
        await replica.adapter.close();
      }
      await prisma.$disconnect();
      await adapter.close();
    },
  };
}

export const DEFAULT_REPLICA_MAX_LAG_MS = 500;

/** A client per replica, made as the primary's; a statement a replica cannot take runs on the primary's pool. */
async function openReplicas(options: OpenDatabaseOptions, primaryConnect: () => Promise<pg.PoolClient>) {
  const opened = [];
  for (const [index, url] of (options.replicaUrls ?? []).entries()) {
    const adapter = await openAdapter({ ...options, databaseUrl: url, fallbackConnect: primaryConnect, statementNamePrefix: `replica${index}_` });
    opened.push({ url, adapter, prisma: new PrismaClient({ adapter: adapter.factory, log: [{ emit: 'event', level: 'query' }] }) });
  }
  return opened;
}

/**
 * Whether any committed migration is not applied yet. Checked with one plain query so that a
 * started database (and several instances starting at once) never waits for the schema engine's lock.
 */
async function hasPendingMigrations(prisma: PrismaClient): Promise<boolean> {
  const wanted = readMigrations().migrationDirectories.map((d) => d.path);
  try {
    const applied = await prisma.$queryRawUnsafe<{ migration_name: string }[]>(
      'SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL',
    );
    const done = new Set(applied.map((row) => row.migration_name));
    return wanted.some((name) => !done.has(name));
  } catch {
    return true; // no migrations table yet: a new database
  }
}
