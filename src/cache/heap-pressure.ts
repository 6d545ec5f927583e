import { getHeapStatistics } from 'node:v8';

/** What sheds under pressure: a cache that lets its least recently used part go. */
export interface Shedding {
  /** Lets go of its least recently used entries until at most `keep` (0 to 1) of its bytes remain. */
  shed(keep: number): void;
}

export interface HeapPressureOptions {
  /** The heap in use, as a share of the heap's limit (`--max-old-space-size`); V8's own figures by default. */
  usedShare?: () => number;
  /** Above this share the caches shed; 0.75 by default. */
  highMark?: number;
  /** The share of their bytes the caches keep when they shed; a half by default. */
  keep?: number;
  /** How often the heap is looked at, at most (ms): a look costs a few microseconds, a store can come every few. */
  minIntervalMs?: number;
  now?: () => number;
}

const v8UsedShare = () => {
  const heap = getHeapStatistics();
  return heap.used_heap_size / heap.heap_size_limit;
};

/**
 * The caches' common defence against the heap limit. Each cache is bounded on its own (bytes
 * weighed as measured), but their bounds add up, and what requests hold at the same time comes on
 * top: near the limit, V8 spends its time collecting and then aborts the process. So every cache
 * asks before it stores, at most every `minIntervalMs`, and past the high mark every cache sheds its
 * least recently used half. The heap figure counts garbage not yet collected, so it may shed a
 * little early; the caches then refill on the next misses, which is cheaper than an abort.
 */
export class HeapPressure {
  private readonly members = new Set<WeakRef<Shedding>>();
  private readonly usedShare: () => number;
  private readonly highMark: number;
  private readonly keep: number;
  private readonly minIntervalMs: number;
  private readonly now: () => number;
  private lastLook = Number.NEGATIVE_INFINITY;
  /** Times the caches shed, for the metrics and tests. */
  shedCount = 0;

  constructor(options: HeapPressureOptions = {}) {
    this.usedShare = options.usedShare ?? v8UsedShare;
    this.highMark = options.highMark ?? 0.75;
    this.keep = options.keep ?? 0.5;
    this.minIntervalMs = options.minIntervalMs ?? 250;
    this.now = options.now ?? Date.now;
  }

  /** Held weakly: a cache of an app that was closed goes with its app. */
  join(member: Shedding): void {
    this.members.add(new WeakRef(member));
  }

  /** Called before a store: sheds every cache when the heap is past the high mark. */
  check(): void {
    const now = this.now();
    if (now - this.lastLook < this.minIntervalMs) return;
    this.lastLook = now;
    if (this.usedShare() <= this.highMark) return;
    this.shedCount += 1;
    for (const reference of this.members) {
      const member = reference.deref();
      if (member) member.shed(this.keep);
      else this.members.delete(reference);
    }
  }
}

/** The process's one heap: every cache of every app in it joins this unless given its own (tests). */
export const processHeapPressure = new HeapPressure();
