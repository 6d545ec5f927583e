import { isCurrent, type ChangeFeed } from '../live/changes.js';
import { BoundedLru, type CacheClock } from './bounded.js';

/** A record as a list lists it: its id, and the version it is at (Game.version, raised by every live write). */
export interface Versioned {
  id: number;
  version: number;
}

/** Where the rows of a list may be kept across requests: as long as the response cache keeps answers, told of the same writes. */
export interface RowCacheOptions {
  /** RESPONSE_CACHE_TTL_MS: 0 keeps nothing, so every request reads every row, as the uncached service does. */
  ttlMs: number;
  changes: Pick<ChangeFeed, 'subscribe' | 'state'>;
  /** The response caches' clock (`buildApp({ cacheClock })`), so that a test moves time for the rows too. */
  now?: CacheClock;
}

/** What a list keeps of its rows at most, and what one row weighs: the list's own, measured for its rows (see its adapter). */
export interface RowBounds<Row> {
  maxRows: number;
  maxBytes: number;
  /** The heap bytes a kept row really holds. */
  weigh(row: Row): number;
}

/**
 * The rows of a large list document kept across requests by record id, each with the version it
 * was read at. A list a write superseded (the day's games, after a goal anywhere) lists its
 * records' ids and versions, which is cheap, and reads again only the records whose version moved:
 * one game after a goal, instead of a thousand, so refreshing the day's games after every goal
 * costs what one game costs.
 *
 * A live write raises its game's version, so it drops nothing here: a row older than listed is read
 * again. Data changed wholesale (an import, which does not raise versions) drops every row; while
 * the change feed may be missing changes, no row is taken from here. With the response cache off
 * (a TTL of 0), nothing is kept either. The rows are a BoundedLru: bounded by count and by the heap
 * they hold, on the caches' clock, and shed under heap pressure like every cache.
 */
export class VersionedRows<Row extends Versioned> {
  private readonly rows: BoundedLru<Row> | undefined;
  private readonly feed: Pick<ChangeFeed, 'state'> | undefined;

  constructor(options: RowCacheOptions | undefined, bounds: RowBounds<Row>) {
    this.feed = options?.changes;
    if (!options || options.ttlMs <= 0) return;
    const rows = new BoundedLru<Row>({
      maxEntries: bounds.maxRows,
      maxBytes: bounds.maxBytes,
      weigh: (row) => bounds.weigh(row),
      ttlMs: options.ttlMs,
      now: options.now,
    });
    this.rows = rows;
    options.changes.subscribe((change) => {
      if (change.kind === 'data') rows.deleteWhere(() => true, 'changed');
    });
  }

  /** Whether rows are kept at all: without, a list is read whole, as one document. */
  get enabled(): boolean {
    return this.rows !== undefined;
  }

  /**
   * The rows of `listed`, in its order: those held at least as new as listed, and the rest read by
   * `read` (whose rows are kept). A record `read` no longer finds is left out.
   */
  async assemble(listed: readonly Versioned[], read: (ids: number[]) => Promise<readonly Row[]>): Promise<Row[]> {
    const rows = this.rows && isCurrent(this.feed) ? this.rows : undefined;
    const found = new Map<number, Row>();
    const missing: number[] = [];
    for (const { id, version } of listed) {
      const held = rows?.get(String(id));
      if (held && held.version >= version) found.set(id, held);
      else missing.push(id);
    }
    if (missing.length > 0) {
      for (const row of await read(missing)) {
        found.set(row.id, row);
        this.rows?.set(String(row.id), row);
      }
    }
    return listed.flatMap(({ id }) => found.get(id) ?? []);
  }

  /** Rows kept and the heap they hold as weighed, for tests and diagnostics. */
  stats(): { rows: number; bytes: number } {
    return { rows: this.rows?.size ?? 0, bytes: this.rows?.totalBytes ?? 0 };
  }
}
