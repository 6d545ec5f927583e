import { LRUCache } from 'lru-cache';

/** What a client has left in its current window. */
export interface WindowState {
  limit: number;
  remaining: number;
  /** Seconds until the window ends and the budget is full again (at least 1 while it runs). */
  resetSeconds: number;
}

interface Window {
  used: number;
  startMs: number;
}

/**
 * Counts per client in fixed windows. Unlike the store of @fastify/rate-limit it takes several
 * units at once (all or nothing) and gives units back, so an action can be paid for before it runs
 * (concurrent requests cannot all slip through on the same last unit) and refunded when it turned
 * out to cost nothing. Memory is bounded: beyond `maxClients` the least recently used client goes
 * (lru-cache; a client counts as used when it takes units, not when its state is read). A window's
 * end is the counter's own rule, on its clock, not a TTL of the cache.
 *
 * On lru-cache directly, not on the cache toolkit (src/cache): a window is a client's spending, not
 * a value that can be read again, and dropping it forgives the client. BoundedLru sheds under heap
 * pressure, which would hand every client a fresh budget just when a flood fills the heap; and a
 * byte bound adds nothing, since an entry is a bucket (an address, or a key's 22-character hash)
 * and two numbers: the count bounds the bytes.
 */
export class FixedWindowCounter {
  private readonly windows: LRUCache<string, Window>;

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    maxClients = 20_000,
    private readonly now: () => number = Date.now,
  ) {
    this.windows = new LRUCache<string, Window>({ max: Math.max(1, maxClients) });
  }

  state(client: string): WindowState {
    const window = this.current(client);
    const now = this.now();
    return {
      limit: this.limit,
      remaining: Math.max(0, this.limit - (window?.used ?? 0)),
      resetSeconds: window ? Math.max(1, Math.ceil((window.startMs + this.windowMs - now) / 1000)) : Math.ceil(this.windowMs / 1000),
    };
  }

  /** Takes `units` when that many are left and says whether it did. */
  take(client: string, units: number): boolean {
    const window = this.current(client) ?? { used: 0, startMs: this.now() };
    if (window.used + units > this.limit) return false;
    window.used += units;
    this.touch(client, window);
    return true;
  }

  /** Gives back units taken in the current window (a window that ended has nothing to give back to). */
  giveBack(client: string, units: number): void {
    const window = this.current(client);
    if (window) window.used = Math.max(0, window.used - units);
  }

  private current(client: string): Window | undefined {
    const window = this.windows.peek(client);
    if (window && window.startMs + this.windowMs <= this.now()) {
      this.windows.delete(client);
      return undefined;
    }
    return window;
  }

  private touch(client: string, window: Window): void {
    // The most recently used now; a new client beyond maxClients pushes out the least recently used.
    this.windows.set(client, window);
  }
}
