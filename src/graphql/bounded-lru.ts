/**
 * A least-recently-used map bounded by entry count and by an estimate of the heap its entries hold.
 * A count alone does not bound memory: one entry can be a 160 KB document or a 1 MB result, and the
 * service runs under a 160 MB heap cap.
 */
export interface BoundedLruOptions<V> {
  maxEntries: number;
  /** Bound on the sum of `weigh`; an entry heavier than this alone is not kept at all. */
  maxBytes: number;
  /** Estimated heap bytes an entry holds, key included. */
  weigh(key: string, value: V): number;
}

interface Entry<V> {
  value: V;
  bytes: number;
  /** Date.now() after which the entry is gone; Infinity without a TTL. */
  expiresAt: number;
}

export class BoundedLru<V> {
  // A Map iterates in insertion order: re-inserting on every hit keeps the least recently used first.
  private readonly entries = new Map<string, Entry<V>>();
  private bytes = 0;

  constructor(private readonly options: BoundedLruOptions<V>) {}

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= Date.now()) {
      this.delete(key);
      return undefined;
    }
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /** Whether `key` is held and fresh, without counting as a use. */
  has(key: string): boolean {
    const entry = this.entries.get(key);
    return entry !== undefined && entry.expiresAt > Date.now();
  }

  set(key: string, value: V, ttlMs = Infinity): void {
    this.delete(key);
    const bytes = this.options.weigh(key, value);
    if (bytes > this.options.maxBytes || this.options.maxEntries <= 0 || ttlMs <= 0) return;
    this.entries.set(key, { value, bytes, expiresAt: Date.now() + ttlMs });
    this.bytes += bytes;
    for (const [oldest] of this.entries) {
      if (this.entries.size <= this.options.maxEntries && this.bytes <= this.options.maxBytes) break;
      this.delete(oldest);
    }
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }

  /** Drops every entry whose value matches. */
  deleteWhere(matches: (value: V) => boolean): void {
    for (const [key, entry] of this.entries) if (matches(entry.value)) this.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }

  /** The estimated heap held, as weighed on insertion. */
  get totalBytes(): number {
    return this.bytes;
  }
}
