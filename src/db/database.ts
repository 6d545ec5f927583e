import { PrismaClient } from '../generated/prisma/client.js';
import { openAdapter, type DatabaseTarget } from './adapter.js';
import type { DatabaseAvailability } from './availability.js';
import { applyMigrations, readMigrations } from './schema-engine.js';

export type { PrismaClient };

export interface Database {
  prisma: PrismaClient;
  kind: 'postgresql' | 'pglite';
  /** The PostgreSQL server's circuit breaker (src/db/availability.ts); absent for the embedded database. */
  availability?: DatabaseAvailability;
  /** SQL statements sent so far; tests read it to prove that query counts stay bounded. */
  queryCount(): number;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions extends DatabaseTarget {
  /** Apply pending migrations before returning (the default). */
  migrate?: boolean;
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
  let count = 0;
  prisma.$on('query', () => {
    count += 1;
  });
  return {
    prisma,
    kind: adapter.kind,
    availability: adapter.availability,
    queryCount: () => count,
    close: async () => {
      await prisma.$disconnect();
      await adapter.close();
    },
  };
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
