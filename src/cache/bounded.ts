import { LRUCache } from 'lru-cache';
import { type HeapPressure, processHeapPressure, type Shedding } from './heap-pressure.js';

/**
 * "Now" in milliseconds for a cache's TTLs and ages: `Date.now()` by default, a number a test moves
 * by hand otherwise. Any origin will do (tests start at 0); only differences count.
 */
export type CacheClock = () => number;

/** `Date.now()` as it is when called, so that a test that fakes `Date` (vi.useFakeTimers) is heard too. */
export const wallClock: CacheClock = () => Date.now();

/**
 * Why a cache let an entry go: `expired`, it outlived its TTL; `evicted`, the bounds pushed it out,
 * least recently used first; `replaced`, a newer value was stored under its key; `changed`, a write
 * touched what it was read from; `deleted`, its owner dropped it for another reason.
 */
export type DropReason = 'expired' | 'evicted' | 'replaced' | 'changed' | 'deleted';

export interface BoundedOptions<V extends {}> {
  /** Entries kept at most. */
  maxEntries: number;
  /** Bound on the sum of `weigh`; an entry heavier than this alone is not kept at all. */
  maxBytes: number;
  /** The heap bytes an entry really holds (see each cache's measured weight), key included if it counts. */
  weigh(value: V, key: string): number;
  /** How long an entry lives by default: absent or Infinity, until the bounds push it out; not positive, it is not kept. Each `set` may say otherwise. */
  ttlMs?: number;
  now?: CacheClock;
  /** Told of every entry that goes, and why (`deleted` unless the deleter names another reason). */
  dropped?: (reason: DropReason, key: string, value: V) => void;
  /** Whom it asks before storing whether the heap is near its limit (then it sheds); the process's by default. */
  heapPressure?: HeapPressure;
}

/**
 * What lru-cache holds for a value: a box with its weight, weighed once (lru-cache's
 * `sizeCalculation` reads it), and new for a value weighed again (lru-cache weighs a value only
 * when a different one is set under its key).
 */
interface Box<V> {
  value: V;
  bytes: number;
}

const REASONS: Record<LRUCache.DisposeReason, DropReason> = { evict: 'evicted', expire: 'expired', set: 'replaced', delete: 'deleted', fetch: 'deleted' };

/**
 * lru-cache's TTL options for a time to live in ms: 0 is "forever" to lru-cache, so a non-positive
 * TTL never reaches it. lru-cache holds a value while its age is at most its TTL; a value kept for
 * `ttlMs` is gone once it is that old (an answer that changes at a moment is not served at that
 * moment), so lru-cache is given a millisecond less (the clocks count whole milliseconds).
 */
function ttlOption(ttlMs: number | undefined): number {
  return ttlMs === undefined || !Number.isFinite(ttlMs) ? 0 : Math.max(1, Math.ceil(ttlMs) - 1);
}

/**
 * A least-recently-used map on lru-cache, bounded by entry count and by the heap bytes its entries
 * hold (a count alone does not bound memory: one entry can be a 160 KB document or a 1 MB result,
 * and the service runs under a 160 MB heap cap), with TTLs on an injectable clock. This is the one
 * store under every cache of the service: the parse caches use it as it is, ScopedCache
 * (./scoped-cache.ts) adds change scopes, generations and single-flight builds.
 *
 * An entry heavier than the whole byte bound is not stored, and what was stored under its key stays
 * (lru-cache alone would delete it).
 */
export class BoundedLru<V extends {}> implements Shedding {
  private readonly lru: LRUCache<string, Box<V>>;
  /** The reason of a delete that is under way, for `dropped`. */
  private deleting: DropReason | undefined;
  private readonly defaultTtlMs: number | undefined;
  private readonly heapPressure: HeapPressure;

  constructor(private readonly options: BoundedOptions<V>) {
    const now = options.now ?? wallClock;
    const dropped = options.dropped;
    this.defaultTtlMs = options.ttlMs;
    this.heapPressure = options.heapPressure ?? processHeapPressure;
    this.heapPressure.join(this);
    this.lru = new LRUCache<string, Box<V>>({
      max: Math.max(1, options.maxEntries),
      maxSize: Math.max(1, options.maxBytes),
      sizeCalculation: (box) => box.bytes,
      // lru-cache takes a start time of 0 for "no TTL": shifted by one, a clock may start at 0.
      // ttlResolution 0 reads the clock on every check (no timer keeps an old "now" for a millisecond).
      perf: { now: () => now() + 1 },
      ttlResolution: 0,
      dispose: dropped && ((box, key, reason) => dropped(this.deleting ?? REASONS[reason], key, box.value)),
    });
  }

  private sizeOf(value: V, key: string): number {
    return Math.max(1, Math.ceil(this.options.weigh(value, key)));
  }

  /** The fresh value, now the most recently used; an expired one is dropped. */
  get(key: string): V | undefined {
    return this.lru.get(key)?.value;
  }

  /** Whether `key` is held and fresh, without counting as a use. */
  has(key: string): boolean {
    return this.lru.has(key);
  }

  /** The fresh value without counting as a use. */
  peek(key: string): V | undefined {
    return this.lru.peek(key)?.value;
  }

  /** Stores `value` unless it alone outweighs the byte bound (or the TTL is not positive); says whether it did. */
  set(key: string, value: V, ttlMs = this.defaultTtlMs): boolean {
    if (this.options.maxEntries <= 0 || (ttlMs !== undefined && ttlMs <= 0)) return false;
    const bytes = this.sizeOf(value, key);
    if (bytes > this.options.maxBytes) return false;
    this.heapPressure.check();
    this.lru.set(key, { value, bytes }, { ttl: ttlOption(ttlMs) });
    return true;
  }

  /**
   * Weighs a held value again after it grew (or shrank) in place, keeping its TTL; evicts others if
   * it now takes their room, or lets it go itself if it alone outgrew the bound. Nothing if `key`
   * holds another value by now.
   */
  reweigh(key: string, value: V): void {
    if (this.lru.peek(key)?.value !== value) return;
    const bytes = this.sizeOf(value, key);
    if (bytes > this.options.maxBytes) this.delete(key, 'evicted');
    // A new box for the same value: weighed again, its TTL kept, and nobody told it went.
    else this.lru.set(key, { value, bytes }, { noUpdateTTL: true, noDisposeOnSet: true });
  }

  delete(key: string, reason: DropReason = 'deleted'): boolean {
    this.deleting = reason;
    try {
      return this.lru.delete(key);
    } finally {
      this.deleting = undefined;
    }
  }

  /** Drops every fresh entry whose value matches (an expired one goes as `expired` on its next look-up). */
  deleteWhere(matches: (value: V, key: string) => boolean, reason: DropReason = 'deleted'): void {
    const doomed: string[] = [];
    for (const [key, box] of this.lru.entries()) if (matches(box.value, key)) doomed.push(key);
    for (const key of doomed) this.delete(key, reason);
  }

  /** The fresh values, without counting as uses (to update held values in place). */
  *values(): IterableIterator<V> {
    for (const [, box] of this.lru.entries()) yield box.value;
  }

  /** Under heap pressure: the least recently used entries go (as `evicted`) until at most `keep` of the bytes remain. */
  shed(keep: number): void {
    const target = this.lru.calculatedSize * keep;
    while (this.lru.size > 0 && this.lru.calculatedSize > target) this.lru.pop();
  }

  get size(): number {
    return this.lru.size;
  }

  /** The heap held, as weighed. */
  get totalBytes(): number {
    return this.lru.calculatedSize;
  }
}
