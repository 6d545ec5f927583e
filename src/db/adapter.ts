import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { PrismaPg } from '@prisma/adapter-pg';
import type { SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import pg from 'pg';
import { PrismaPGlite } from 'pglite-prisma-adapter';

export interface DatabaseTarget {
  /** PostgreSQL connection string; undefined → embedded PGlite. */
  databaseUrl?: string;
  /** PGlite data directory; 'memory://' keeps it in memory (tests). */
  dataDir?: string;
  poolSize?: number;
  connectTimeoutMs?: number;
}

export interface OpenAdapter {
  kind: 'postgresql' | 'pglite';
  factory: SqlMigrationAwareDriverAdapterFactory;
  close(): Promise<void>;
}

/** The one place that decides between a PostgreSQL server and the embedded PGlite database. */
export async function openAdapter(target: DatabaseTarget): Promise<OpenAdapter> {
  if (target.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: target.databaseUrl,
      max: target.poolSize ?? 10,
      connectionTimeoutMillis: target.connectTimeoutMs ?? 5000,
      idleTimeoutMillis: 30_000,
    });
    return { kind: 'postgresql', factory: new PrismaPg(pool), close: () => pool.end() };
  }
  const dataDir = target.dataDir ?? 'memory://';
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create({ dataDir });
  return { kind: 'pglite', factory: new PrismaPGlite(client), close: () => client.close() };
}
