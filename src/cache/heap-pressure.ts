import { constants, PerformanceObserver } from 'node:perf_hooks';
import { getHeapSpaceStatistics, getHeapStatistics } from 'node:v8';

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
  /**
   * The heap that stays in use, as a share of what V8 can hold before it aborts: what admission
   * (`admits`) reads. By default the old generation as the last full collection left it, against
   * `--max-old-space-size`; `usedShare` when only that is given (tests).
   */
  liveShare?: () => number;
  /** Above this share `admits` refuses; 0.85 by default (HEAP_ADMISSION_MARK). */
  admissionMark?: number;
}

/**
 * Past this share of the old generation's cap, in use after a full collection, nothing new that
 * holds heap for long is admitted: a stream, a WebSocket, an expensive GraphQL operation. The rest
 * (24 MB of the shipped 160) is the room what was admitted still needs while it runs, and what the
 * collector needs to work without thrashing: V8 aborts with "Reached heap limit" when full
 * collections no longer free enough, not when the heap is full to the byte.
 */
export const HEAP_ADMISSION_MARK = 0.85;

/** What a client refused by the heap is told to wait: the caches shed at the refusal, and a collection or two later the room shows. */
export const HEAP_FULL_RETRY_AFTER_S = 10;

/** The code of a refusal by the heap, on every interface (503 with Retry-After). */
export const HEAP_FULL_CODE = 'HEAP_FULL';

/** Whether there is room for more: what a stream, a socket or an expensive operation asks before it starts (`HeapPressure` is one). */
export interface HeapAdmission {
  admits(): boolean;
  /** Whether `admits` would refuse now; asks nothing else of anyone (an operation asks it before it weighs its own cost). */
  nearLimit(): boolean;
}

const v8UsedShare = () => {
  const heap = getHeapStatistics();
  return heap.used_heap_size / heap.heap_size_limit;
};

const MB = 1024 * 1024;

/**
 * The old generation's cap, which is what V8 aborts at: `--max-old-space-size` as node was started
 * (on its command line, else in NODE_OPTIONS). `heap_size_limit` adds the young generation's
 * reserve on top (48 MB on 64-bit node: 208 MB for 160), which holds no lasting data: against it,
 * 85% of the shipped heap would lie past the point where V8 gives up. Without the flag the default
 * cap is gigabytes, and the reserve in `heap_size_limit` a rounding error.
 */
function oldGenerationCap(): number {
  const limit = getHeapStatistics().heap_size_limit;
  const flagIn = (args: readonly string[]): number | undefined => {
    let megabytes: number | undefined;
    args.forEach((arg, index) => {
      const match = /^--max[-_]old[-_]space[-_]size(?:=(\d+))?$/.exec(arg);
      if (match) megabytes = Number(match[1] ?? args[index + 1]);
    });
    return megabytes !== undefined && megabytes > 0 ? megabytes * MB : undefined;
  };
  const cap = flagIn(process.execArgv) ?? flagIn((process.env.NODE_OPTIONS ?? '').split(/\s+/));
  return cap === undefined ? limit : Math.min(cap, limit);
}

/** Bytes in the old generation now: every space but the young generation's, garbage included. */
function oldGenerationUsed(): number {
  let used = 0;
  for (const space of getHeapSpaceStatistics()) if (!space.space_name.startsWith('new_')) used += space.space_used_size;
  return used;
}

/**
 * The old generation as the last full collection left it, as a share of its cap. The heap in use
 * now counts garbage not yet collected, up to most of the cap between two collections of a busy
 * process: admission by that figure would refuse a healthy process. What a full collection left
 * is what the process holds. It is noted as each one ends (a `gc` performance entry, a few
 * microseconds each), so reading it costs nothing; before the first, the heap in use stands in.
 */
function v8LiveShare(): () => number {
  let cap: number | undefined;
  let afterFullCollection: number | undefined;
  let observing = false;
  return () => {
    if (!observing) {
      observing = true;
      cap = oldGenerationCap();
      new PerformanceObserver((list) => {
        const entries = list.getEntries() as (PerformanceEntry & { detail?: { kind?: number } })[];
        if (entries.some((entry) => entry.detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR)) {
          afterFullCollection = oldGenerationUsed();
        }
      }).observe({ entryTypes: ['gc'] });
    }
    return (afterFullCollection ?? oldGenerationUsed()) / (cap as number);
  };
}

/**
 * The caches' common defence against the heap limit. Each cache is bounded on its own (bytes
 * weighed as measured), but their bounds add up, and what requests hold at the same time comes on
 * top: near the limit, V8 spends its time collecting and then aborts the process. So every cache
 * asks before it stores, at most every `minIntervalMs`, and past the high mark every cache sheds its
 * least recently used half. The heap figure counts garbage not yet collected, so it may shed a
 * little early; the caches then refill on the next misses, which is cheaper than an abort.
 *
 * The caches' bounds are not all the heap holds: open streams and sockets (each some 30 KB as long
 * as it lasts) and expensive operations (their answers) are counted by settings that know nothing
 * of the heap. So they ask `admits` first, which refuses past the admission mark, whatever the
 * settings say, and lets the caches' half go on the way: what was cached is cheaper to lose than a
 * client.
 */
export class HeapPressure implements HeapAdmission {
  private readonly members = new Set<WeakRef<Shedding>>();
  private readonly usedShare: () => number;
  private readonly highMark: number;
  private readonly keep: number;
  private readonly minIntervalMs: number;
  private readonly now: () => number;
  private readonly liveShare: () => number;
  private readonly admissionMark: number;
  private lastLook = Number.NEGATIVE_INFINITY;
  private lastShed = Number.NEGATIVE_INFINITY;
  /** Times the caches shed, for the metrics and tests. */
  shedCount = 0;
  /** Times `admits` refused, for the metrics and tests. */
  refusedCount = 0;

  constructor(options: HeapPressureOptions = {}) {
    this.usedShare = options.usedShare ?? v8UsedShare;
    this.highMark = options.highMark ?? 0.75;
    this.keep = options.keep ?? 0.5;
    this.minIntervalMs = options.minIntervalMs ?? 250;
    this.now = options.now ?? Date.now;
    this.liveShare = options.liveShare ?? options.usedShare ?? v8LiveShare();
    this.admissionMark = options.admissionMark ?? HEAP_ADMISSION_MARK;
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
    this.shed(now);
  }

  nearLimit(): boolean {
    return this.liveShare() > this.admissionMark;
  }

  /**
   * Whether something that holds heap for long may start now: no past the admission mark. A
   * refusal sheds the caches first (at most once per `minIntervalMs`, so a burst of refusals does
   * not empty them); their room shows after the next full collection, which is why this one is
   * refused all the same and its client told to come back (HEAP_FULL_RETRY_AFTER_S).
   */
  admits(): boolean {
    if (!this.nearLimit()) return true;
    this.refusedCount += 1;
    const now = this.now();
    if (now - this.lastShed >= this.minIntervalMs) this.shed(now);
    return false;
  }

  private shed(now: number): void {
    this.lastShed = now;
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
