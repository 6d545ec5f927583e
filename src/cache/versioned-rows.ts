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

/** A list's ids and versions as kept: `byId` holds the same records as `listed`, which a game change updates in place. */
interface KeptListing<Extra> {
  listed: Versioned[];
  byId: Map<number, Versioned>;
  extra: Extra;
}

/** Listings kept at most: the days and filter combinations asked for recently. */
const MAX_LISTINGS = 64;
/** The heap a kept listing holds per record: its `{ id, version }` and its entry in `byId`, rounded up. */
const LISTED_RECORD_BYTES = 120;

/** What a list keeps of its rows at most, and what one row weighs: the list's own, measured for its rows (see its adapter). */
export interface RowBounds<Row> {
  maxRows: number;
  maxBytes: number;
  /** The heap bytes a kept row really holds. */
  weigh(row: Row): number;
  /** The heap bytes a kept listing holds per record, with what its `extra` holds: LISTED_RECORD_BYTES when not given. */
  listedRecordBytes?: number;
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
  private readonly listings: BoundedLru<KeptListing<unknown>> | undefined;
  private readonly feed: Pick<ChangeFeed, 'state'> | undefined;
  /** Game changes heard so far: a listing read while one arrived may predate it, and is not kept. */
  private changesHeard = 0;

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
    const listings = new BoundedLru<KeptListing<unknown>>({
      maxEntries: MAX_LISTINGS,
      maxBytes: bounds.maxBytes,
      weigh: (listing) => (bounds.listedRecordBytes ?? LISTED_RECORD_BYTES) * listing.listed.length,
      ttlMs: options.ttlMs,
      now: options.now,
    });
    this.rows = rows;
    this.listings = listings;
    options.changes.subscribe((change) => {
      if (change.kind === 'data') {
        rows.deleteWhere(() => true, 'changed');
        listings.deleteWhere(() => true, 'changed');
        return;
      }
      this.changesHeard += 1;
      const { gameId, version } = change.game;
      for (const listing of listings.values()) {
        const listed = listing.byId.get(gameId);
        if (listed && listed.version < version) listed.version = version;
      }
    });
  }

  /**
   * The ids and versions of a list (with what else its listing statement reads, `extra`), kept
   * under `key` across requests. A live write changes no list's members or order (no write moves a
   * game to another day, competition or group: only an import does, and an import drops every
   * listing), only the version of the game it wrote, which its change tells: so a kept listing is
   * brought up to date from the change feed, and a list after a goal reads no listing at all, only
   * the one row whose version moved. A listing read while a change arrived is used but not kept.
   */
  async listing<Extra>(
    key: string,
    read: () => Promise<{ listed: readonly Versioned[]; extra: Extra }>,
  ): Promise<{ listed: readonly Versioned[]; extra: Extra }> {
    const listings = this.listings && isCurrent(this.feed) ? this.listings : undefined;
    const held = listings?.get(key) as KeptListing<Extra> | undefined;
    if (held) return { listed: held.listed, extra: held.extra };
    const heardBefore = this.changesHeard;
    const fresh = await read();
    if (listings && this.changesHeard === heardBefore && isCurrent(this.feed)) {
      const listed = fresh.listed.map(({ id, version }) => ({ id, version }));
      listings.set(key, { listed, byId: new Map(listed.map((record) => [record.id, record])), extra: fresh.extra });
    }
    return fresh;
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

  /** Rows and listings kept and the heap the rows hold as weighed, for tests and diagnostics. */
  stats(): { rows: number; bytes: number; listings: number } {
    return { rows: this.rows?.size ?? 0, bytes: this.rows?.totalBytes ?? 0, listings: this.listings?.size ?? 0 };
  }
}
