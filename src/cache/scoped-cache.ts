import type { ChangeScope } from '../live/change-scope.js';
import { isCurrent, type ChangeFeed, type LeagueChange } from '../live/changes.js';
import { BoundedLru, wallClock, type CacheClock, type DropReason } from './bounded.js';
import { ChangeLog, changeTouches } from './change-log.js';

export interface ScopedCacheOptions<V extends {}> {
  maxEntries: number;
  /** Bound on the heap the values hold, as `weigh` counts it. */
  maxBytes: number;
  /** The heap bytes a value really holds: measured for each kind of value (see its adapter). */
  weigh(value: V, key: string): number;
  /** How long a value is kept by default (each `store` may say otherwise). */
  ttlMs?: number;
  now?: CacheClock;
  /** Told of every value that goes, and why: `changed` when a write touched its scope. */
  dropped?: (reason: DropReason) => void;
  /**
   * The change feed the cache hears writes from, for its state only (the adapter passes its
   * changes to `changed`): while it is not `listening`, a change may be missed, so no value is a
   * fresh hit until the feed caught up (see `lookup`). Absent: every change is heard.
   */
  feed?: Pick<ChangeFeed, 'state'>;
  /**
   * Refresh-ahead: a write that touches a value read in the last READ_RECENTLY_MS does not drop it
   * but marks it superseded, and the adapter may serve it for up to this long while one rebuild
   * runs (`lookup` says how long ago it was superseded). Absent or 0: every touched value is dropped.
   */
  refreshAheadMs?: number;
}

/** How recently a value must have been read for a write to refresh it ahead instead of dropping it. */
export const READ_RECENTLY_MS = 1000;

interface Held<V> {
  value: V;
  /** What the value was read from: which writes drop it (src/live/change-scope.ts). */
  scope: ChangeScope;
  /** The clock when it was stored. */
  storedAt: number;
  /** The generation its build began in: of two builds, the later one holds the newer data. */
  builtIn: number;
  /** The clock when it was last looked up. */
  readAt: number;
  /** The clock when a write touched it, while its rebuild is under way (refresh-ahead). */
  supersededAt?: number;
}

interface Build<V> {
  /** The generation the build began in. */
  generation: number;
  /** Its value, or undefined if it built nothing that may be shared. */
  answer: Promise<V | undefined>;
}

/**
 * The one shared-answer cache of the service: the REST response caches (src/http/response-cache.ts,
 * `public` for /api and `keyed` for the legacy interface) and the GraphQL result store
 * (src/graphql/response-cache-store.ts) are thin adapters around it. It holds
 *
 * - values bounded by count and by the heap they hold (BoundedLru on lru-cache), each with a TTL on
 *   an injectable clock;
 * - each value's change scope: a committed write (`changed`) drops the values of the records it
 *   touched and every value read from anywhere (scope undefined);
 * - generations: the number of the latest write heard of. A build notes the generation it began in
 *   (`generation`), and `store` does not keep its value if a write since touched its scope: it may
 *   hold data from before the write;
 * - single-flight builds: a build registers (`lead`), and requests that miss the same key meanwhile
 *   wait for its value (`join`) instead of building it again, unless a write that touched their
 *   scope came between the build's start and theirs;
 * - the feed's state (`feed`): while the instance may be missing changes (its feed across
 *   instances is away or catching up), nothing is a fresh hit.
 *
 * Privacy is the adapters' business: they never hand it an answer that belongs to its caller.
 */
export class ScopedCache<V extends {}> {
  private readonly held: BoundedLru<Held<V>>;
  private readonly log = new ChangeLog();
  private readonly builds = new Map<string, Build<V>>();
  private readonly now: CacheClock;
  private readonly feed: Pick<ChangeFeed, 'state'> | undefined;
  private readonly refreshAheadMs: number;

  constructor(options: ScopedCacheOptions<V>) {
    this.now = options.now ?? wallClock;
    this.feed = options.feed;
    this.refreshAheadMs = options.refreshAheadMs ?? 0;
    const dropped = options.dropped;
    this.held = new BoundedLru<Held<V>>({
      maxEntries: options.maxEntries,
      maxBytes: options.maxBytes,
      weigh: (held, key) => options.weigh(held.value, key),
      ttlMs: options.ttlMs,
      now: this.now,
      dropped: dropped && ((reason) => dropped(reason)),
    });
  }

  /** The generation a build beginning now begins in. */
  get generation(): number {
    return this.log.generation;
  }

  /**
   * Whether every change committed so far has reached `changed`. While the feed is away (or reads
   * what it missed) a value may hold data a missed change altered; once it caught up, the missed
   * changes have dropped what they touched, and the values left are as good as before.
   */
  get current(): boolean {
    return isCurrent(this.feed);
  }

  /**
   * The value within its TTL and its age in ms, now the most recently used; an expired one is
   * dropped (`expired`). `uncertain`: the feed is not current, so the value must not be served as a
   * fresh hit (an adapter may still serve it as stale when the database fails).
   */
  lookup(key: string): { value: V; ageMs: number; uncertain: boolean; supersededMs?: number } | undefined {
    const held = this.held.get(key);
    if (!held) return undefined;
    const now = this.now();
    held.readAt = now;
    return {
      value: held.value,
      ageMs: now - held.storedAt,
      uncertain: !this.current,
      ...(held.supersededAt === undefined ? {} : { supersededMs: now - held.supersededAt }),
    };
  }

  /** The value, if it is a fresh hit: held within its TTL while the feed is current. */
  get(key: string): V | undefined {
    const held = this.current ? this.held.get(key) : undefined;
    return held?.supersededAt === undefined ? held?.value : undefined;
  }

  /** Whether a fresh hit is held, without counting as a use. */
  holds(key: string): boolean {
    return this.current && this.held.has(key) && this.held.peek(key)?.supersededAt === undefined;
  }

  /**
   * Keeps the value of a build that began in generation `since` (at `startedAt` on the cache's
   * clock), unless a write since touched its scope, it outweighs the whole byte bound, or its TTL is
   * not positive. A value already held under the key goes (`replaced`). Says whether it was kept.
   *
   * With refresh-ahead, a build a write overtook is kept all the same, superseded from when it
   * began, if that is within the bound and nothing newer is held: it is still newer than what
   * readers are served, and under a steady stream of writes (a Saturday's goals, each touching the
   * day's games) a rebuild that took longer than the gap between two writes would otherwise never
   * be kept, and readers would fall back on building it themselves once the bound passed.
   */
  store(key: string, value: V, { scope, since, ttlMs, startedAt }: { scope: ChangeScope; since: number; ttlMs?: number; startedAt?: number }): boolean {
    const now = this.now();
    if (!this.log.touchedSince(since, scope)) return this.held.set(key, { value, scope, storedAt: now, readAt: now, builtIn: since }, ttlMs);
    if (this.refreshAheadMs === 0 || startedAt === undefined || now - startedAt > this.refreshAheadMs) return false;
    const held = this.held.peek(key);
    if (held && held.builtIn >= since) return false;
    return this.held.set(key, { value, scope, storedAt: now, readAt: held?.readAt ?? now, builtIn: since, supersededAt: startedAt }, ttlMs);
  }

  /** Weighs a held value again after it grew in place (a REST answer's compressed variant). */
  reweigh(key: string, value: V): void {
    const held = this.held.peek(key);
    if (held?.value === value) this.held.reweigh(key, held);
  }

  /** A write committed: drops the values of its scope (`changed`); builds that began before it and read its scope are not kept. */
  changed(change: LeagueChange): void {
    const touched = this.log.record(change);
    const now = this.now();
    this.held.deleteWhere((held) => {
      if (!changeTouches(touched, held.scope)) return false;
      if (this.refreshAheadMs === 0 || now - held.readAt > READ_RECENTLY_MS) return true;
      // A value being read is kept, superseded, until its rebuild is stored. A second write does
      // not extend the time it may still be served: that counts from the first.
      held.supersededAt ??= now;
      return now - held.supersededAt > this.refreshAheadMs;
    }, 'changed');
  }

  delete(key: string, reason: DropReason = 'deleted'): void {
    this.held.delete(key, reason);
  }

  deleteWhere(matches: (value: V) => boolean, reason: DropReason = 'deleted'): void {
    this.held.deleteWhere((held) => matches(held.value), reason);
  }

  /**
   * The value of the build of `key` under way, for a request that began in `generation` and reads
   * `scope`: undefined if none is under way, or if a write that touched the scope committed after
   * the build began and before the request did (the build may hold data the request must not see).
   * A write after the request began does not matter: the answer is then as fresh as when the
   * request was made, which a client cannot tell from one sent just before the write.
   */
  join(key: string, scope: ChangeScope, generation: number): Promise<V | undefined> | undefined {
    const build = this.builds.get(key);
    return build && !this.log.touchedSince(build.generation, scope, generation) ? build.answer : undefined;
  }

  /** Whether a change heard after `generation` touched the scope (a build that began then may hold data from before it). */
  touchedSince(generation: number, scope: ChangeScope): boolean {
    return this.log.touchedSince(generation, scope);
  }

  /** Whether a build of `key` is under way. */
  building(key: string): boolean {
    return this.builds.has(key);
  }

  /**
   * Registers a build of `key` that began in `generation` (replacing one that others may no longer
   * join); call the returned function once, when it ends, with its value or undefined. Those who
   * joined receive that value.
   */
  lead(key: string, generation: number): (value: V | undefined) => void {
    let done!: (value: V | undefined) => void;
    const build: Build<V> = { generation, answer: new Promise<V | undefined>((resolve) => (done = resolve)) };
    this.builds.set(key, build);
    return (value) => {
      if (this.builds.get(key) === build) this.builds.delete(key);
      done(value);
    };
  }

  /** Entries and the heap they hold as weighed, for tests and diagnostics. */
  stats(): { entries: number; bytes: number } {
    return { entries: this.held.size, bytes: this.held.totalBytes };
  }
}
