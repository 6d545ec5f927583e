import { mkdirSync } from 'node:fs';
import { PrismaPg } from '@prisma/adapter-pg';
import type { SqlMigrationAwareDriverAdapterFactory, SqlQuery } from '@prisma/driver-adapter-utils';
import pg from 'pg';

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
    const factory = new PrismaPg(pool, target.charAsText ? undefined : { statementNameGenerator: preparedStatementNames() });
    return { kind: 'postgresql', factory, close: () => pool.end() };
  }
  const dataDir = target.dataDir ?? 'memory://';
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  // Loaded only here: the embedded database's WebAssembly costs about 40 MB that a server deployment never needs.
  const [{ PGlite }, { PrismaPGlite }, { pg_trgm }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('pglite-prisma-adapter'),
    import('@electric-sql/pglite/contrib/pg_trgm'), // the club search index (migration `club_search_name`)
  ]);
  const extensions = { pg_trgm };
  const client = await PGlite.create({ dataDir, extensions });
  // The adapter's own shadow database (migration diffs) would lack the extensions the migrations create.
  class PGliteWithExtensions extends PrismaPGlite {
    override async connectToShadowDb() {
      return new PrismaPGlite(await PGlite.create({ dataDir: 'memory://shadow', extensions })).connect();
    }
  }
  return { kind: 'pglite', factory: new PGliteWithExtensions(client), close: () => client.close() };
}

/**
 * Names SQL texts so that pg prepares each once per connection and PostgreSQL can reuse its plan:
 * planning the facades' many-join statements cost more than running them (README "Performance").
 * Statements with an `IN (…)` list stay unnamed and are planned for their actual values: how many
 * rows a list of ids selects is what decides the plan, and a generic plan cannot know it (it walked
 * every game in start order for one club's schedule). They are also the texts that come in many
 * variants, one per list length. Only the first `limit` distinct texts get a name, which bounds the
 * statements every connection keeps on the server.
 */
export function preparedStatementNames(limit = 500): (query: SqlQuery) => string {
  const names = new Map<string, string>();
  return ({ sql }) => {
    const known = names.get(sql);
    if (known !== undefined) return known;
    if (names.size >= limit || IN_LIST.test(sql)) return ''; // pg's unnamed statement: planned every time
    const name = `prisma_${names.size}`;
    names.set(sql, name);
    return name;
  };
}

const IN_LIST = /\sIN \(\$/;

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
