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
  /**
   * For the schema engine's catalog queries only: report PostgreSQL's internal `"char"` columns as
   * text, a type @prisma/adapter-pg refuses to read (ARCHITECTURE.md).
   */
  charAsText?: boolean;
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
    if (target.charAsText) pool.on('connect', reportCharAsText);
    return { kind: 'postgresql', factory: new PrismaPg(pool), close: () => pool.end() };
  }
  const dataDir = target.dataDir ?? 'memory://';
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create({ dataDir });
  return { kind: 'pglite', factory: new PrismaPGlite(client), close: () => client.close() };
}

const PG_CHAR_OID = 18;
const PG_TEXT_OID = 25;

type QueryResultLike = { fields?: { dataTypeID: number }[] } | undefined;

function relabelChar(result: QueryResultLike): QueryResultLike {
  for (const field of result?.fields ?? []) if (field.dataTypeID === PG_CHAR_OID) field.dataTypeID = PG_TEXT_OID;
  return result;
}

function reportCharAsText(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const last = args[args.length - 1];
    if (typeof last === 'function') {
      const callback = last as (error: Error | null, result: QueryResultLike) => void;
      return query(...args.slice(0, -1), (error: Error | null, result: QueryResultLike) => callback(error, relabelChar(result)));
    }
    const result = query(...args);
    return result instanceof Promise ? result.then(relabelChar) : result;
  };
}
