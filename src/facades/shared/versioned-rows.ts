import { LRUCache } from 'lru-cache';
import { isCurrent, type ChangeFeed } from '../../live/changes.js';

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
}

/** Rows kept per list at most: a few days' games of every league at scale 10. */
const MAX_ROWS = 5000;

/**
 * The rows of a large list document kept across requests by record id, each with the version it
 * was read at. A list a write superseded (the day's games, after a goal anywhere) lists its
 * records' ids and versions, which is cheap, and reads again only the records whose version moved:
 * one game after a goal, instead of a thousand, so refreshing the day's games after every goal
 * costs what one game costs.
 *
 * A live write raises its game's version; data changed wholesale (an import, which does not) forgets
 * every row; while the change feed may be missing changes, no row is taken from here. With the
 * response cache off (a TTL of 0), nothing is kept either.
 */
export class VersionedRows<Row extends Versioned> {
  private readonly rows: LRUCache<number, Row> | undefined;
  private readonly feed: Pick<ChangeFeed, 'state'> | undefined;

  constructor(options: RowCacheOptions | undefined) {
    this.feed = options?.changes;
    if (!options || options.ttlMs <= 0) return;
    const rows = new LRUCache<number, Row>({ max: MAX_ROWS, ttl: options.ttlMs });
    this.rows = rows;
    options.changes.subscribe((change) => {
      if (change.kind === 'data') rows.clear();
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
      const held = rows?.get(id);
      if (held && held.version >= version) found.set(id, held);
      else missing.push(id);
    }
    if (missing.length > 0) {
      for (const row of await read(missing)) {
        found.set(row.id, row);
        this.rows?.set(row.id, row);
      }
    }
    return listed.flatMap(({ id }) => found.get(id) ?? []);
  }
}
