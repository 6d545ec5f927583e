/**
 * The second-level answer store (SHARED_ANSWER_STORE=database): answers of the public caches kept
 * in PostgreSQL (table "SharedAnswer"), so that an answer is built once per change for the whole
 * deployment. Each cache uses a space of its own (`space`: `public` for the app-wide cache of
 * /api, `legacy` for the legacy interface's, `graphql` for GraphQL's results), and every key of a
 * space begins with the build's version (src/cache/answer-version.ts), so that instances of two
 * builds during a rolling deploy never serve each other's answers. A miss in one process that
 * another already built costs one statement; misses of one answer in several processes at once
 * build it once (table "SharedAnswerClaim"): the look-up claims the build in the same statement,
 * and the store frees the claim in its own.
 *
 * Nothing in it is ever wrong, only missing:
 * - a row remembers the position in the change log (src/live/change-journal.ts) its build had heard
 *   when it began (`builtAfterSeq`, `heardAbove`: ChangePosition), and is valid while no change it
 *   had not heard touches its scope. A fetch checks that in the same statement (the change log
 *   keeps each change's tags), so a row a change made stale is never served, whether or not its
 *   deletion has run yet; a row whose position the log no longer covers (pruned) is a miss;
 * - a store is conditional in the same way: a build that straddled a write is not stored;
 * - every instance, on hearing changes, deletes the rows they touch (so they do not take room), in
 *   one statement for the changes heard within half a second;
 * - a row past `freshUntil` (the answer's horizon, src/cache/answer-horizon.ts) is a miss;
 * - while the instance's feed is not current, it neither fetches nor stores (`usable`).
 *
 * It is an optimisation: every statement has a short timeout (100 ms), and a failure makes the
 * caller behave as without the store (logged once per outage, then skipped for a second).
 *
 * A scope is stored as its tags, and an answer read from anywhere as the tag `*`, so that every
 * deletion is one GIN-indexed `scope && tags` (NULL would need a scan).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import type { ChangeScope } from '../live/change-scope.js';
import { tagsOfChange } from '../live/change-scope.js';
import { isCurrent, type ChangeFeed, type ChangePosition, type LeagueChange } from '../live/changes.js';
import type { ContentEncoding } from '../http/compression.js';

/** The tag of an answer read from anywhere: every change touches it. */
const ANYWHERE = '*';

export interface SharedAnswer {
  body: Buffer;
  contentType: string;
  etag: string;
  variants: Partial<Record<ContentEncoding, Buffer>>;
  scope: ChangeScope;
  /** ms on the cache clock until which the answer is fresh. */
  freshUntil: number;
}

export interface SharedAnswerStoreOptions {
  databaseUrl: string;
  /** The build's version (src/cache/answer-version.ts), first in every key of a space; `unversioned` if absent. */
  version?: string;
  /** Bytes of bodies and variants the table keeps; the least recently stored go first. */
  maxBytes: number;
  feed: Pick<ChangeFeed, 'subscribe' | 'state' | 'position'>;
  log: { warn(details: object, message: string): void; info(details: object, message: string): void };
  /** The database's circuit breaker: while it is open the store is not asked. */
  isDatabaseDown?: () => boolean;
  /** statement_timeout and lock_timeout of the store's statements. */
  statementTimeoutMs?: number;
  /** How long a claim to build holds (a builder that died frees it then). */
  claimMs?: number;
  /** How long a miss waits for another process's build before it builds itself. */
  waitMs?: number;
  /** How often the byte bound is enforced (when something was stored since). */
  trimIntervalMs?: number;
  poolSize?: number;
  /** The cache clock `freshUntil` is on (the trim lets go of rows past it); `Date.now` by default. */
  now?: () => number;
}

export interface SharedAnswerStats {
  hits: number;
  misses: number;
  /** Hits that waited for another process's build. */
  waited: number;
  stored: number;
  /** Stores refused: a change the build had not heard touched its scope. */
  refused: number;
  errors: number;
}

/** What `obtain` found: an answer, or that this process should build it (`claimed`: the build is this process's to store). */
export type Obtained = { answer: SharedAnswer; waited: boolean } | { answer?: undefined; claimed: boolean };

/**
 * One cache's part of the store: the store's operations with every key in the space's namespace
 * and the build's version. A cache asks only its space, so it can neither find nor overwrite another's answers.
 */
export interface SharedAnswerSpace {
  /** The store's statistics (every space's together). */
  readonly stats: SharedAnswerStats;
  position(): ChangePosition | undefined;
  obtain(key: string, now: () => number): Promise<Obtained>;
  release(key: string): Promise<void>;
  store(key: string, answer: SharedAnswer, position: ChangePosition, releaseClaim?: boolean): Promise<boolean>;
  addVariant(key: string, etag: string, encoding: ContentEncoding, bytes: Buffer): Promise<void>;
  forget(key: string, etag: string): Promise<void>;
}

const toBuffer = (value: unknown): Buffer | undefined => (value === null || value === undefined ? undefined : Buffer.from(value as Uint8Array));

/** The answer a row of "SharedAnswer" (as the look-ups select it) holds; undefined for the empty side of their outer join. */
function answerOf(row: Record<string, unknown>): SharedAnswer | undefined {
  if (row.body === null || row.body === undefined) return undefined;
  const scope = row.scope as string[];
  return {
    body: toBuffer(row.body) as Buffer,
    contentType: String(row.contentType),
    etag: String(row.etag),
    variants: { ...(row.gzip ? { gzip: toBuffer(row.gzip) } : {}), ...(row.br ? { br: toBuffer(row.br) } : {}) },
    scope: scope.includes(ANYWHERE) ? undefined : (scope as unknown as ChangeScope),
    freshUntil: Number(row.freshUntil),
  };
}

/** How long the rows the changes heard touched wait to be deleted together (they are never served meanwhile). */
const DELETION_DELAY_MS = 500;

/** The change-log rows a build at this position had not heard of that touch this scope (SQL over $after, $heard, $scope). */
const UNHEARD_TOUCHING = (after: string, heard: string, scope: string) => `
  EXISTS (SELECT 1 FROM "ChangeLogEntry" e
          WHERE e.seq > ${after} AND NOT (e.seq = ANY(${heard}))
            AND (e.tags IS NULL OR (e.tags || '{${ANYWHERE}}'::text[]) && ${scope}))
  OR ${after} + 1 < coalesce((SELECT min(seq) FROM "ChangeLogEntry"), 0)`;

/** What the look-ups read of a row `a` of "SharedAnswer" (`answerOf` turns it into an answer). */
const ANSWER_COLUMNS = `a.body, a.gzip, a.br, a."contentType", a.etag, a.scope, (extract(epoch FROM a."freshUntil") * 1000)::float8 AS "freshUntil"`;

/** Whether the row `a` may be served at $2 (the cache clock, ms): fresh, and no change its build had not heard touches its scope. */
const SERVABLE_ROW = `a."freshUntil" > to_timestamp($2::float8 / 1000) AND NOT (${UNHEARD_TOUCHING('a."builtAfterSeq"', 'a."heardAbove"', 'a.scope')})`;

export class SharedAnswerStore {
  readonly stats: SharedAnswerStats = { hits: 0, misses: 0, waited: 0, stored: 0, refused: 0, errors: 0 };
  private readonly pool: pg.Pool;
  private readonly claimMs: number;
  private readonly waitMs: number;
  /** Until when (performance.now()) the store is not asked, after a failure. */
  private pausedUntil = 0;
  private failing = false;
  private dirty = false;
  private closed = false;
  /** The tags of the changes heard since the last deletion (`ANYWHERE` among them), or every row. */
  private pendingDeletion: Set<string> | 'everything' | undefined;
  private deletion: NodeJS.Timeout | undefined;
  /** Resolves once the deletion last scheduled (if any) has run, or the store closed; `endDeletion` ends it. */
  private deletionDone: Promise<void> = Promise.resolve();
  private endDeletion: (() => void) | undefined;
  private readonly trimmer: NodeJS.Timeout;
  private readonly stopListening: () => void;

  constructor(private readonly options: SharedAnswerStoreOptions) {
    const timeoutMs = options.statementTimeoutMs ?? 100;
    this.claimMs = options.claimMs ?? 5000;
    this.waitMs = options.waitMs ?? 1000;
    this.pool = new pg.Pool({
      connectionString: options.databaseUrl,
      application_name: 'shared-answers',
      max: options.poolSize ?? 4,
      connectionTimeoutMillis: Math.max(500, timeoutMs),
      idleTimeoutMillis: 30_000,
      options: `-c statement_timeout=${timeoutMs} -c lock_timeout=${timeoutMs}`,
      query_timeout: timeoutMs + 100,
    });
    this.pool.on('error', (error) => this.failed(error));
    this.stopListening = options.feed.subscribe((change) => this.changed(change));
    this.trimmer = setInterval(() => {
      if (this.dirty) void this.trim();
    }, options.trimIntervalMs ?? 1000);
    this.trimmer.unref();
  }

  /** The space of one cache: its keys are `<version> <namespace> <key>`. */
  space(namespace: string): SharedAnswerSpace {
    const prefix = `${this.options.version ?? 'unversioned'} ${namespace} `;
    return {
      stats: this.stats,
      position: () => this.position(),
      obtain: (key, now) => this.obtain(prefix + key, now),
      release: (key) => this.release(prefix + key),
      store: (key, answer, position, releaseClaim) => this.store(prefix + key, answer, position, releaseClaim),
      addVariant: (key, etag, encoding, bytes) => this.addVariant(prefix + key, etag, encoding, bytes),
      forget: (key, etag) => this.forget(prefix + key, etag),
    };
  }

  /** The position of a build beginning now, if the store may be used: the feed is current, the database and the store are up. */
  position(): ChangePosition | undefined {
    if (this.closed || !isCurrent(this.options.feed) || this.options.isDatabaseDown?.() || performance.now() < this.pausedUntil) return undefined;
    return this.options.feed.position?.();
  }

  /**
   * The answer under `key` if a valid one is stored; else whether this process should build it:
   * it claims the build, and if another process holds the claim, waits for its row (up to
   * `waitMs`, or until the claim is gone) and builds itself past that (unclaimed).
   */
  async obtain(key: string, now: () => number): Promise<Obtained> {
    const first = await this.fetchOrClaim(key, now());
    if (first?.answer) {
      this.stats.hits += 1;
      return { answer: first.answer, waited: false };
    }
    this.stats.misses += 1;
    if (!first) return { claimed: false };
    if (first.mine) return { claimed: true };
    const deadline = performance.now() + this.waitMs;
    let delayMs = 10;
    while (performance.now() < deadline) {
      await sleep(delayMs);
      delayMs = Math.min(delayMs * 2, 100);
      if (!this.position()) break;
      const found = await this.fetch(key, now());
      if (found?.answer) {
        this.stats.hits += 1;
        this.stats.waited += 1;
        return { answer: found.answer, waited: true };
      }
      if (!found?.claimed) break;
    }
    return { claimed: false };
  }

  /** Frees this process's claim to build `key`. */
  async release(key: string): Promise<void> {
    await this.query(`DELETE FROM "SharedAnswerClaim" WHERE key = $1`, [key]);
  }

  /**
   * Stores an answer built at `position` (what the instance had heard when the build began), unless
   * a change it had not heard touched its scope by now. Says whether it was stored. `releaseClaim`:
   * this process's claim to build it is freed in the same statement, stored or not.
   */
  async store(key: string, answer: SharedAnswer, position: ChangePosition, releaseClaim = false): Promise<boolean> {
    const variants = answer.variants;
    const bytes = answer.body.length + (variants.gzip?.length ?? 0) + (variants.br?.length ?? 0);
    if (bytes > this.options.maxBytes) {
      if (releaseClaim) await this.release(key);
      return false;
    }
    // One round trip per build stored: the claim goes with the row (a data-modifying WITH always runs).
    const rows = await this.query(
      `WITH released AS (DELETE FROM "SharedAnswerClaim" WHERE $12::boolean AND key = $1)
       INSERT INTO "SharedAnswer" (key, scope, "builtAfterSeq", "heardAbove", "freshUntil", "contentType", etag, body, gzip, br, bytes, "storedAt")
       SELECT $1, $2::text[], $3::int, $4::int[], to_timestamp($5::float8 / 1000), $6, $7, $8, $9, $10, $11, clock_timestamp()
       WHERE NOT (${UNHEARD_TOUCHING('$3::int', '$4::int[]', '$2::text[]')})
       ON CONFLICT (key) DO UPDATE SET scope = EXCLUDED.scope, "builtAfterSeq" = EXCLUDED."builtAfterSeq", "heardAbove" = EXCLUDED."heardAbove",
         "freshUntil" = EXCLUDED."freshUntil", "contentType" = EXCLUDED."contentType", etag = EXCLUDED.etag, body = EXCLUDED.body,
         gzip = EXCLUDED.gzip, br = EXCLUDED.br, bytes = EXCLUDED.bytes, "storedAt" = EXCLUDED."storedAt"
       RETURNING key`,
      [
        key,
        answer.scope ? [...answer.scope] : [ANYWHERE],
        position.after,
        [...position.heard],
        answer.freshUntil,
        answer.contentType,
        answer.etag,
        answer.body,
        variants.gzip ?? null,
        variants.br ?? null,
        bytes,
        releaseClaim,
      ],
    );
    if (!rows) return false;
    if (rows.length === 0) {
      this.stats.refused += 1;
      return false;
    }
    this.stats.stored += 1;
    this.dirty = true;
    return true;
  }

  /** Adds a compressed variant to the stored answer of that body (its tag), once. */
  async addVariant(key: string, etag: string, encoding: ContentEncoding, bytes: Buffer): Promise<void> {
    const column = encoding === 'gzip' ? 'gzip' : 'br';
    await this.query(`UPDATE "SharedAnswer" SET ${column} = $3, bytes = bytes + $4 WHERE key = $1 AND etag = $2 AND ${column} IS NULL`, [
      key,
      etag,
      bytes,
      bytes.length,
    ]);
    this.dirty = true;
  }

  /** Deletes the stored answer of that body (its builder heard, while storing it, of a change that touches it). */
  async forget(key: string, etag: string): Promise<void> {
    await this.query(`DELETE FROM "SharedAnswer" WHERE key = $1 AND etag = $2`, [key, etag]);
  }

  /** Keeps the table within its byte bound (least recently stored first), and lets go of expired rows and claims. */
  async trim(now = (this.options.now ?? Date.now)()): Promise<void> {
    this.dirty = false;
    await this.query(
      `WITH ranked AS (SELECT key, sum(bytes) OVER (ORDER BY "storedAt" DESC, key ROWS UNBOUNDED PRECEDING) AS total, "freshUntil" FROM "SharedAnswer")
       DELETE FROM "SharedAnswer" a USING ranked r WHERE a.key = r.key AND (r.total > $1 OR r."freshUntil" < to_timestamp($2::float8 / 1000))`,
      [this.options.maxBytes, now],
    );
    await this.query(`DELETE FROM "SharedAnswerClaim" WHERE until < clock_timestamp()`, []);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.trimmer);
    clearTimeout(this.deletion);
    this.endDeletion?.();
    this.stopListening();
    await this.pool.end().catch(() => undefined);
  }

  /**
   * A change was heard: the rows it touches go, together with those of the changes heard in the
   * next DELETION_DELAY_MS. A row a change made stale is never served (every fetch checks the change
   * log), so its deletion only gives its room back: one statement for a burst of writes (a Saturday's
   * five goals a second) instead of one per write in every process.
   */
  private changed(change: LeagueChange): void {
    if (this.closed) return;
    const tags = tagsOfChange(change);
    if (tags === 'everything') this.pendingDeletion = 'everything';
    else if (this.pendingDeletion !== 'everything') {
      this.pendingDeletion ??= new Set([ANYWHERE]);
      for (const tag of tags) this.pendingDeletion.add(tag);
    }
    if (this.deletion) return;
    // Each deletion ends its own promise: a change heard while one runs schedules the next with its own.
    let end: () => void = () => undefined;
    this.deletionDone = new Promise((resolve) => (end = resolve));
    this.endDeletion = end;
    this.deletion = setTimeout(() => void this.deleteTouched().finally(end), DELETION_DELAY_MS);
  }

  /** Resolves once the rows the changes heard so far touched are deleted (or the store closed): for tests that must not overlap a deletion. */
  deletionsDone(): Promise<void> {
    return this.deletionDone;
  }

  /** Deletes the rows the changes heard since the last deletion touched. */
  private async deleteTouched(): Promise<void> {
    const touched = this.pendingDeletion;
    this.pendingDeletion = undefined;
    this.deletion = undefined;
    if (touched === 'everything') await this.query(`DELETE FROM "SharedAnswer"`, []);
    else if (touched) await this.query(`DELETE FROM "SharedAnswer" WHERE scope && $1::text[]`, [[...touched]]);
  }

  /**
   * The row of `key` if valid and fresh at `now`; if there is none, this process claims its build
   * unless another holds an unexpired claim (`mine`). One round trip for a miss's look-up and claim.
   * Undefined if the store failed.
   */
  private async fetchOrClaim(key: string, now: number): Promise<{ answer?: SharedAnswer; mine: boolean } | undefined> {
    const rows = await this.query<Record<string, unknown>>(
      `WITH found AS (
         SELECT ${ANSWER_COLUMNS} FROM "SharedAnswer" a WHERE a.key = $1 AND ${SERVABLE_ROW}),
       claim AS (
         INSERT INTO "SharedAnswerClaim" (key, until)
         SELECT $1, clock_timestamp() + $3::int * interval '1 millisecond' WHERE NOT EXISTS (SELECT 1 FROM found)
         ON CONFLICT (key) DO UPDATE SET until = EXCLUDED.until WHERE "SharedAnswerClaim".until < clock_timestamp()
         RETURNING key)
       SELECT f.*, EXISTS (SELECT 1 FROM claim) AS mine FROM (SELECT 1) one LEFT JOIN found f ON true`,
      [key, now, this.claimMs],
    );
    if (!rows) return undefined;
    const row = rows[0];
    return { mine: row?.mine === true, answer: row ? answerOf(row) : undefined };
  }

  /** The row of `key` if valid and fresh at `now`, and whether a build of it is claimed; undefined if the store failed. */
  private async fetch(key: string, now: number): Promise<{ answer?: SharedAnswer; claimed: boolean } | undefined> {
    const rows = await this.query<Record<string, unknown>>(
      `SELECT ${ANSWER_COLUMNS},
              EXISTS (SELECT 1 FROM "SharedAnswerClaim" c WHERE c.key = $1 AND c.until > clock_timestamp()) AS claimed
       FROM (SELECT 1) one
       LEFT JOIN "SharedAnswer" a ON a.key = $1 AND ${SERVABLE_ROW}`,
      [key, now],
    );
    if (!rows) return undefined;
    const row = rows[0];
    return { claimed: row?.claimed === true, answer: row ? answerOf(row) : undefined };
  }

  /** Runs a statement; on failure, undefined (logged once per outage, and the store is skipped for a second). */
  private async query<R extends Record<string, unknown>>(text: string, values: unknown[]): Promise<R[] | undefined> {
    if (this.closed) return undefined;
    try {
      const result = await this.pool.query<R>(text, values);
      if (this.failing) {
        this.failing = false;
        this.options.log.info({}, 'shared answer store available again');
      }
      return result.rows;
    } catch (error) {
      this.failed(error);
      return undefined;
    }
  }

  private failed(error: unknown): void {
    this.stats.errors += 1;
    this.pausedUntil = performance.now() + 1000;
    if (this.failing || this.closed) return;
    this.failing = true;
    this.options.log.warn(
      { err: error instanceof Error ? error.message : String(error) },
      'shared answer store unavailable: answering from each process’s own cache until it is back',
    );
  }
}
