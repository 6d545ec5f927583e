import { PrismaClient } from '../generated/prisma/client.js';
import { openAdapter, type DatabaseTarget } from './adapter.js';
import { applyMigrations } from './schema-engine.js';

export type { PrismaClient };

export interface Database {
  prisma: PrismaClient;
  kind: 'postgresql' | 'pglite';
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
  if (options.migrate !== false) await applyMigrations(adapter.factory);
  const prisma = new PrismaClient({ adapter: adapter.factory, log: [{ emit: 'event', level: 'query' }] });
  let count = 0;
  prisma.$on('query', () => {
    count += 1;
  });
  return {
    prisma,
    kind: adapter.kind,
    queryCount: () => count,
    close: async () => {
      await prisma.$disconnect();
      await adapter.close();
    },
  };
}
