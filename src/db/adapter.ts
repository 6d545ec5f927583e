import { mkdirSync } from 'node:fs';
import { PrismaPg } from '@prisma/adapter-pg';
import type { SqlMigrationAwareDriverAdapterFactory, SqlQuery } from '@prisma/driver-adapter-utils';
import pg from 'pg';
import { DatabaseAvailability, DatabaseRefusedError } from './availability.js';
import { acquireDataDirLock, type DataDirLock, type NpmScript } from './data-dir-lock.js';
import { databaseFailureOf, DatabasePoolBusyError } from './failures.js';
import { templateFor } from './pglite-template.js';

export interface DatabaseTarget {
  /** PostgreSQL connection string; undefined → embedded PGlite. */
  databaseUrl?: string;
  /** PGlite data directory; 'memory://' keeps it in memory (tests). */
  dataDir?: string;
  /** The npm script that started this process (Config.npmScript): the embedded database's lock file names it to whoever finds the directory taken. */
  npmScript?: NpmScript;
  /** The embedded database's shared_buffers in MB; PGlite's own 128 MB when absent. */
  sharedBuffersMb?: number;
  poolSize?: number;
  /** How long opening a connection, or waiting for one from a full pool, may take (pg's connectionTimeoutMillis covers both). */
  connectTimeoutMs?: number;
  /** How long an unused connection stays open; 0 never closes it. */
  idleTimeoutMs?: number;
  /** PostgreSQL `statement_timeout` of every connection; also bounds a frozen server's reply (client side). */
  statementTimeoutMs?: number;
  /** PostgreSQL `lock_timeout`: how long a statement waits for a table another session locked. */
  lockTimeoutMs?: number;
  /**
   * For the schema engine's catalog queries only: report PostgreSQL's internal `"char"` columns as
   * text, a type @prisma/adapter-pg refuses to read (ARCHITECTURE.md).
   */
  charAsText?: boolean;
  /** A new embedded database starts from the packed template (src/db/pglite-template.ts) unless this is false; `npm run db:template` packs it from initdb. */
  fromTemplate?: boolean;
  /**
   * A read replica's: where a statement goes when the replica cannot be reached (the primary's
   * pool), so that a replica that went down fails no request before the monitor skips it.
   */
  fallbackConnect?: () => Promise<pg.PoolClient>;
  /** Its prepared statements' names start with this: a replica's must differ from the primary's, whose connections it may borrow. */
  statementNamePrefix?: string;
}

/** A connection pool's state right now, as pg.Pool counts it. */
export interface PoolStats {
  /** Connections open, idle or in use. */
  total: number;
  idle: number;
  /** Requests waiting for a connection because all `max` are in use. */
  waiting: number;
  max: number;
}

export interface OpenAdapter {
  kind: 'postgresql' | 'pglite';
  factory: SqlMigrationAwareDriverAdapterFactory;
  /** The PostgreSQL pool's state (read by the metrics); none for the embedded database, which has no pool. */
  poolStats?: () => PoolStats;
  /** The circuit breaker of a PostgreSQL server; none for the embedded database, which cannot go away. */
  availability?: DatabaseAvailability;
  /** The embedded database directory's lock (src/db/data-dir-lock.ts); none in memory or on PostgreSQL. */
  dataDirLock?: DataDirLock;
  /** The embedded database's data directory packed as a gzipped tarball (`npm run db:template`); none on PostgreSQL. */
  dumpDataDir?: () => Promise<Blob>;
  /** A connection from the PostgreSQL pool, through its circuit breaker (a replica's fallback). */
  connect?: () => Promise<pg.PoolClient>;
  close(): Promise<void>;
}

/** The one place that decides between a PostgreSQL server and the embedded PGlite database. */
export async function openAdapter(target: DatabaseTarget): Promise<OpenAdapter> {
  if (target.databaseUrl) {
    const pool = new pg.Pool(poolConfig(target));
    if (target.charAsText) pool.on('connect', reportCharAsText);
    const availability = guardPool(pool);
    if (target.fallbackConnect) fallBackWhenUnreachable(pool, target.fallbackConnect);
    const factory = new PrismaPg(
      pool,
      target.charAsText ? undefined : { statementNameGenerator: preparedStatementNames(undefined, target.statementNamePrefix) },
    );
    return {
      kind: 'postgresql',
      factory,
      availability,
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: pool.options.max }),
      connect: () => pool.connect(),
      close: () => {
        availability.stop();
        return pool.end();
      },
    };
  }
  const dataDir = target.dataDir ?? 'memory://';
  const inMemory = dataDir.startsWith('memory://');
  if (!inMemory) mkdirSync(dataDir, { recursive: true });
  // Loaded only here: the embedded database's WebAssembly costs about 40 MB that a server deployment never needs.
  const [{ PGlite }, { PrismaPGlite }, { pg_trgm }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('pglite-prisma-adapter'),
    import('@electric-sql/pglite/contrib/pg_trgm'), // the club search index (migration `club_search_name`)
  ]);
  const extensions = { pg_trgm };
  // Its WebAssembly memory only grows, and shared_buffers is most of what it grows by (docs/operations.md "Memory").
  const startParams = target.sharedBuffersMb ? [...PGlite.defaultStartParams, '-c', `shared_buffers=${target.sharedBuffersMb}MB`] : undefined;
  // Before PGlite touches the files: a second process on them would damage the database.
  const dataDirLock = inMemory ? undefined : acquireDataDirLock(dataDir, { npmScript: target.npmScript });
  const client = await PGlite.create({ dataDir, extensions, startParams, loadDataDir: target.fromTemplate === false ? undefined : templateFor(dataDir) }).catch(
    (error: unknown) => {
      dataDirLock?.release();
      throw error;
    },
  );
  // The adapter's own shadow database (migration diffs) would lack the extensions the migrations create.
  class PGliteWithExtensions extends PrismaPGlite {
    override async connectToShadowDb() {
      return new PrismaPGlite(await PGlite.create({ dataDir: 'memory://shadow', extensions })).connect();
    }
  }
  const close = async () => {
    try {
      await client.close();
    } finally {
      dataDirLock?.release();
    }
  };
  return { kind: 'pglite', factory: new PGliteWithExtensions(client), dataDirLock, dumpDataDir: () => client.dumpDataDir('gzip'), close };
}

/** The pg.Pool settings of a PostgreSQL target (docs/operations.md "Pool settings (PostgreSQL)"). */
export function poolConfig(target: DatabaseTarget): pg.PoolConfig {
  return {
    connectionString: target.databaseUrl,
    max: target.poolSize ?? 10,
    connectionTimeoutMillis: target.connectTimeoutMs ?? 5000,
    idleTimeoutMillis: target.idleTimeoutMs ?? 30_000,
    ...(target.statementTimeoutMs ? { statement_timeout: target.statementTimeoutMs, query_timeout: target.statementTimeoutMs + FROZEN_SERVER_GRACE_MS } : {}),
    ...(target.lockTimeoutMs ? { lock_timeout: target.lockTimeoutMs } : {}),
  };
}

/** How long past statement_timeout a reply may take before the server counts as frozen. */
const FROZEN_SERVER_GRACE_MS = 2000;

type ConnectCallback = (error: Error | undefined, client?: pg.PoolClient, done?: (release?: unknown) => void) => void;

/** pg-pool's text for a wait for a connection that outlasted connectionTimeoutMillis (a new connection's own timeout reads otherwise). */
const POOL_WAIT_TIMEOUT = /timeout exceeded when trying to connect/i;

/**
 * Puts the circuit breaker in front of the pool: every way into the database (pool.query and the
 * adapter's transactions both go through `connect`) is refused at once while the breaker is open,
 * and every failed connection, and every error on an idle connection (a server shutting down
 * ends them), is reported to it.
 *
 * A wait for a connection that timed out is told apart here, where the pool's state is known: if
 * every one of its `max` connections was checked out by other work when the wait ended, the
 * database was answering them and the service is merely busy (DatabasePoolBusyError, which never
 * opens the breaker). If not, some of its connections were still being opened and did not come in
 * time, which is the server's trouble and stays "unreachable".
 */
function guardPool(pool: pg.Pool): DatabaseAvailability {
  const connect = pool.connect.bind(pool) as (callback?: ConnectCallback) => Promise<pg.PoolClient> | undefined;
  // totalCount − idleCount also counts connections still being opened; pg-pool pairs every 'acquire' with one 'release'.
  let checkedOut = 0;
  pool.on('acquire', () => {
    checkedOut += 1;
  });
  pool.on('release', () => {
    checkedOut -= 1;
  });
  const meaning = <E>(error: E): E | DatabasePoolBusyError => {
    const max = pool.options.max;
    return error instanceof Error && POOL_WAIT_TIMEOUT.test(error.message) && checkedOut >= max ? new DatabasePoolBusyError(max, error) : error;
  };
  const availability = new DatabaseAvailability({
    probe: async () => {
      const client = (await connect()) as pg.PoolClient;
      try {
        await client.query('SELECT 1');
        client.release();
      } catch (error) {
        client.release(true);
        throw error;
      }
    },
  });
  pool.on('error', (error) => availability.report(error));
  const guarded = (callback?: ConnectCallback) => {
    if (availability.isDown) {
      availability.noteRefused();
      const refused = new DatabaseRefusedError();
      if (!callback) return Promise.reject(refused);
      process.nextTick(() => callback(refused));
      return undefined;
    }
    if (!callback)
      return (connect() as Promise<pg.PoolClient>).catch((error: unknown) => {
        const meant = meaning(error);
        availability.report(meant);
        throw meant;
      });
    return connect((error, client, done) => {
      if (!error) return callback(error, client, done);
      const meant = meaning(error);
      availability.report(meant);
      callback(meant, client, done);
    });
  };
  (pool as unknown as { connect: typeof guarded }).connect = guarded;
  return availability;
}

/**
 * Behind the breaker of a replica's pool: a connection the replica cannot give (down, refused by its
 * open breaker) is taken from `fallback` instead, and a read that failed because the replica went
 * away under it runs again there (reads only come here: running one twice is harmless). pg-pool
 * hands every client a `release` of its own pool, so a borrowed connection goes back where it came
 * from. Without this, the requests between a replica's end and the monitor's next round would fail.
 */
function fallBackWhenUnreachable(pool: pg.Pool, fallback: () => Promise<pg.PoolClient>): void {
  const connect = pool.connect.bind(pool) as () => Promise<pg.PoolClient>;
  const attempt = () =>
    connect().catch((error: unknown) => {
      if (!lostConnection(error)) throw error;
      return fallback();
    });
  const withFallback = (callback?: ConnectCallback) => {
    if (!callback) return attempt();
    attempt().then(
      (client) => callback(undefined, client, (release?: unknown) => client.release(release as boolean | Error | undefined)),
      (error: Error) => callback(error),
    );
    return undefined;
  };
  (pool as unknown as { connect: typeof withFallback }).connect = withFallback;
  // The adapter's statements outside transactions: `pool.query(config)`, promise form.
  const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<pg.QueryResult>;
  const queryWithFallback = (...args: unknown[]) => {
    if (typeof args[args.length - 1] === 'function') return query(...args);
    return query(...args).catch(async (error: unknown) => {
      if (!lostConnection(error)) throw error;
      const client = await fallback();
      try {
        const result = await (client.query as (...queryArgs: unknown[]) => Promise<pg.QueryResult>)(...args);
        client.release();
        return result;
      } catch (retryError) {
        client.release(retryError instanceof Error ? retryError : true);
        throw retryError;
      }
    });
  };
  (pool as unknown as { query: typeof queryWithFallback }).query = queryWithFallback;
}

/** The replica could not be reached or dropped the connection: a read may go elsewhere. */
function lostConnection(error: unknown): boolean {
  return databaseFailureOf(error) === 'unreachable' || (error instanceof Error && /ECONNRESET|EPIPE|ECONNREFUSED/.test(error.message));
}

/**
 * Names SQL texts so that pg prepares each once per connection and PostgreSQL can reuse its plan:
 * planning the facades' many-join statements cost more than running them (docs/performance.md "What the speed rests on").
 * Statements with an `IN (…)` list stay unnamed and are planned for their actual values: how many
 * rows a list of ids selects is what decides the plan, and a generic plan cannot know it (it walked
 * every game in start order for one club's schedule). They are also the texts that come in many
 * variants, one per list length. Only the first `limit` distinct texts get a name, which bounds the
 * statements every connection keeps on the server.
 */
export function preparedStatementNames(limit = 500, prefix = 'prisma_'): (query: SqlQuery) => string {
  const names = new Map<string, string>();
  return ({ sql }) => {
    const known = names.get(sql);
    if (known !== undefined) return known;
    if (names.size >= limit || IN_LIST.test(sql)) return ''; // pg's unnamed statement: planned every time
    const name = `${prefix}${names.size}`;
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
