import { performance } from 'node:perf_hooks';
import { finished } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Whether the route's own cache holds the answer, asked once its body is parsed: a route whose
     * cache key is in the body (GraphQL's POST) cannot be answered before the queue as URL-keyed
     * caches are, so it is admitted after parsing, and a cached answer needs no slot.
     */
    answeredFromCache?: (request: FastifyRequest) => Promise<boolean>;
  }
}
import { serviceUnavailable } from './errors.js';

export interface ConcurrencyLimitOptions {
  /** Requests worked on at once; the rest wait. */
  maxInFlight: number;
  /** Of those, at most this many for one route, so one slow route cannot take every slot; all by default. */
  maxPerRoute?: number;
  /** Requests that may wait; one more is answered 503 at once. */
  maxQueue?: number;
  /**
   * Of those, at most this many for one route; given, it also keeps a reserve of the queue for
   * quiet routes (see `queueShares`). Without it, one route may fill the whole queue.
   */
  maxQueuePerRoute?: number;
  /** How long a request may wait for a slot before it is answered 503. */
  maxWaitMs?: number;
  /**
   * Requests that never wait (health checks, a GraphQL subscription's stream). `'once-parsed'`:
   * cannot tell before the body is parsed; a request with a small body is then asked again once
   * it is, one with a large body waits for a slot as any other.
   */
  exempt?: (request: FastifyRequest) => boolean | 'once-parsed';
  /**
   * Told the new state each time a request takes a slot, gives one back, starts or stops waiting,
   * so that a caller (a test) can wait for the state it needs instead of for time to pass. Must
   * not throw; none by default.
   */
  onChange?: (state: ConcurrencyState) => void;
  /** The clock in ms that times answers (`moving`), so that a test moves it instead of waiting; `performance.now` by default. */
  now?: () => number;
}

export interface ConcurrencyState {
  inFlight: number;
  waiting: number;
  /**
   * The whole queue is full, its reserve included: even a route with nothing waiting would be
   * refused, so the service as a whole is saturated. Routes that each fill their own share, even
   * several stuck behind one locked table, cannot make it so: they leave the reserve to the rest,
   * which go on being served, and a balancer that took this instance out would only move the
   * served traffic elsewhere without helping the stuck one.
   */
  saturated: boolean;
}

/** The limit as the app holds it: its state (readiness, tests), and a slot for work that no fastify request carries. */
export interface ConcurrencyLimit {
  (): ConcurrencyState;
  /**
   * Takes a slot for `route` (a name of its own, which has its share of the slots and the queue as
   * a route has), waiting as a request does: resolves with the slot's release once it is taken, or
   * rejects with the 503 a request would get (the queue full, waited too long, or `abandoned`
   * fired while waiting). Without a limit it resolves at once. Used by GraphQL over WebSocket
   * (src/graphql/websocket.ts), whose operations pass no fastify hook.
   */
  acquire(route: string, abandoned?: AbortSignal): Promise<() => void>;
}

/** How the queue's places are shared between routes. */
export interface QueueShares {
  /** Places one route may hold. */
  perRoute: number;
  /** Places at the end of the queue that only quiet routes may take. */
  reserve: number;
  /** A quiet route holds fewer places than this. */
  quietBelow: number;
}

/**
 * The queue's shares: no route holds more than `maxQueuePerRoute`, and the last quarter of the
 * queue is a reserve that only quiet routes may take: routes holding fewer than a few places (a
 * 32nd of the queue, at least one) that keep answering quickly (`moving`, in
 * `ConcurrencyLimiter`). A per-route share alone does not protect the rest: a locked `Game`
 * table blocks every route that reads games (`/api/games/:id`, `/api/games`, the match centre,
 * `/graphql`, …), and their shares together fill the queue. Routes stuck behind it therefore stop
 * where the reserve begins, whatever their number, even those holding few places each (when the
 * stuck routes are many, each holds few), and a route that is being served (its few waiting
 * requests move on) still finds a place. A quiet route may hold a few
 * places rather than one, so a burst on it is not refused while its first request waits for a
 * slot. The reserve holds eight routes' whole quiet allowance before it is full; with that many
 * routes crowding it besides those that filled the rest, the service as a whole is overloaded.
 */
export function queueShares(maxQueue: number, maxQueuePerRoute: number | undefined): QueueShares {
  if (maxQueuePerRoute === undefined) return { perRoute: maxQueue, reserve: 0, quietBelow: 0 };
  if (!Number.isFinite(maxQueue)) return { perRoute: maxQueuePerRoute, reserve: 0, quietBelow: 0 };
  return {
    perRoute: Math.min(maxQueue, maxQueuePerRoute),
    reserve: Math.floor(maxQueue / 4),
    quietBelow: Math.max(1, Math.floor(maxQueue / 32)),
  };
}

/** What a request refused by the queue learns: come back in a second. */
const BUSY_RETRY_AFTER_SECONDS = 1;

interface Waiter {
  route: string;
  enqueuedAt: number;
  start(): void;
}

/** A request holding a slot. */
interface Run {
  route: string;
  startedAt: number;
}

/**
 * An answer that took longer than this is not quick: its route may not take the slots and places
 * kept for quick routes until it answers quickly again. Below the 2 s a statement waits for a
 * locked table (DB_LOCK_TIMEOUT_MS), above what the routes that never wait take on a loaded machine.
 */
const QUICK_ANSWER_MS = 1000;

/** The answer a request or an `acquire` refused by the queue gets. */
const busy = () => serviceUnavailable('The service is busy; try again shortly', BUSY_RETRY_AFTER_SECONDS);

/**
 * Bounds the requests being worked on at once. What a request holds while it runs (rows, GraphQL
 * results, response objects) is then bounded too, which is what makes the heap cap of
 * `npm run serve` safe (docs/operations.md "Memory"). Responses from the response cache never wait: its
 * hook answers first. A route whose cache is keyed by its body (`config.answeredFromCache`) is
 * admitted once a small body is parsed, and not at all if its cache holds the answer.
 *
 * Waiting is bounded in length and in time; past either, an early 503 with Retry-After beats a
 * queue that grows without end (11,664 requests and 100 MB were measured behind a locked table).
 * A free slot goes to the waiting route with the fewest requests running, and no route may hold
 * more than `maxPerRoute` slots: requests stuck on one slow table cannot starve the endpoints that
 * never touch it. Routes stuck together (a locked table is read by many) are held back the same
 * way: the slots one route may not take, and the queue's reserve (`queueShares`), stay for routes
 * that have shown they keep answering quickly while the others wait (`moving`).
 *
 * Built by `registerConcurrencyLimit`, which hooks `onRequest` and `preHandler` into fastify;
 * only for a limit of at least one slot (`maxInFlight` > 0).
 */
class ConcurrencyLimiter {
  private readonly max: number;
  private readonly maxPerRoute: number;
  /**
   * The slots one route may not take are kept, likewise, for quick routes with nothing running
   * (`mayStart`): several routes stuck behind one locked table would otherwise take them all between them.
   */
  private readonly slotReserve: number;
  private readonly maxQueue: number;
  private readonly shares: QueueShares;
  private readonly maxWaitMs: number;
  private readonly now: () => number;
  private inFlight = 0;
  private waiting = 0;
  /** The requests holding slots, in the order they took them: the first is the oldest. */
  private readonly runs = new Set<Run>();
  /** Per route that has answered: when its latest answer was sent if it was quick, else -Infinity. */
  private readonly quickAnswer = new Map<string, number>();
  /** The earliest start of the requests answered slowly in the last QUICK_ANSWER_MS, and when that window ends. */
  private slowSince = Number.POSITIVE_INFINITY;
  private slowUntil = Number.NEGATIVE_INFINITY;
  private readonly runningByRoute = new Map<string, number>();
  private readonly waitingByRoute = new Map<string, Waiter[]>();
  /** Requests let past onRequest to be admitted once their body is parsed. */
  private readonly admittedAfterBody = new WeakSet<FastifyRequest>();

  constructor(private readonly options: ConcurrencyLimitOptions) {
    this.max = options.maxInFlight;
    this.maxPerRoute = Math.min(this.max, options.maxPerRoute ?? this.max);
    this.slotReserve = this.max - this.maxPerRoute;
    this.maxQueue = options.maxQueue ?? Number.POSITIVE_INFINITY;
    this.shares = queueShares(this.maxQueue, options.maxQueuePerRoute);
    this.maxWaitMs = options.maxWaitMs ?? 0;
    this.now = options.now ?? (() => performance.now());
  }

  /** The slots taken, the requests waiting, and whether the whole queue is full. */
  snapshot(): ConcurrencyState {
    return { inFlight: this.inFlight, waiting: this.waiting, saturated: this.waiting >= this.maxQueue };
  }

  /**
   * The `onRequest` hook: lets through what never waits, and what is admitted once its small body
   * is parsed (`preHandler`); admits the rest.
   */
  onRequest(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) {
    const exempt = this.options.exempt?.(request) ?? false;
    if (exempt === true) return done();
    if ((exempt === 'once-parsed' || request.routeOptions.config.answeredFromCache) && hasSmallBody(request)) {
      this.admittedAfterBody.add(request);
      return done();
    }
    this.admit(request, reply, done);
  }

  /**
   * The `preHandler` hook: admits, now that their body is parsed, the requests `onRequest` let
   * through for it, unless they never wait after all or their route's cache holds the answer.
   */
  preHandler(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) {
    if (!this.admittedAfterBody.has(request)) return done();
    if (this.options.exempt?.(request) === true) return done();
    const answeredFromCache = request.routeOptions.config.answeredFromCache;
    if (!answeredFromCache) return this.admit(request, reply, done);
    answeredFromCache(request).then(
      (cached) => (cached ? done() : this.admit(request, reply, done)),
      () => this.admit(request, reply, done),
    );
  }

  /**
   * The same admission as `admit`'s, for work no fastify request carries: it waits in the same
   * queue under its own route name, and gives its slot back when `release` is called. See
   * `ConcurrencyLimit.acquire`.
   */
  acquire(route: string, abandoned?: AbortSignal): Promise<() => void> {
    return new Promise((resolve, reject) => {
      let state: 'waiting' | 'working' | 'closed' = 'waiting';
      let timer: NodeJS.Timeout | undefined;
      const refuse = () => {
        state = 'closed';
        abandoned?.removeEventListener('abort', leave);
        reject(busy());
      };
      const leave = () => {
        if (state !== 'waiting') return;
        clearTimeout(timer);
        this.leaveQueue(waiter);
        refuse();
      };
      const waiter: Waiter = {
        route,
        enqueuedAt: Date.now(),
        start: () => {
          clearTimeout(timer);
          abandoned?.removeEventListener('abort', leave);
          state = 'working';
          const run = this.begin(route);
          resolve(() => {
            if (state !== 'working') return;
            state = 'closed';
            this.end(run, true);
          });
        },
      };
      if (abandoned?.aborted) return refuse();
      if (this.mayStart(route)) return waiter.start();
      if (!this.mayWait(route)) return refuse();
      this.enqueue(waiter);
      abandoned?.addEventListener('abort', leave, { once: true });
      if (this.maxWaitMs > 0) timer = setTimeout(leave, this.maxWaitMs);
    });
  }

  /** Gives `request` a slot now, a place in the queue until one is free, or a 503. */
  private admit(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) {
    const route = routeOf(request);
    let state: 'waiting' | 'working' | 'closed' = 'waiting';
    let timer: NodeJS.Timeout | undefined;
    let run: Run | undefined;
    const waiter: Waiter = {
      route,
      enqueuedAt: Date.now(),
      start: () => {
        clearTimeout(timer);
        state = 'working';
        run = this.begin(route);
        done();
      },
    };
    // Once: after the response is sent, or when the client goes away, waiting or not; also when it
    // went away before this hook ran (a request that waited in the response cache for another's
    // build), which a listener on 'close' would miss, leaking the slot.
    finished(reply.raw, () => {
      clearTimeout(timer);
      if (state === 'working' && run) this.end(run, request.routeOptions.url !== undefined);
      else if (state === 'waiting') this.leaveQueue(waiter);
      state = 'closed';
    });
    if (this.mayStart(route)) return waiter.start();
    if (!this.mayWait(route)) {
      state = 'closed';
      return done(busy());
    }
    this.enqueue(waiter);
    if (this.maxWaitMs > 0) {
      timer = setTimeout(() => {
        if (state !== 'waiting') return;
        this.leaveQueue(waiter);
        state = 'closed';
        done(busy());
      }, this.maxWaitMs);
    }
  }

  private changed(): void {
    this.options.onChange?.(this.snapshot());
  }

  private running(route: string): number {
    return this.runningByRoute.get(route) ?? 0;
  }

  /**
   * When the requests that may be held up began: the oldest of those running, or of those that
   * ended slowly within the last QUICK_ANSWER_MS. The latter bridge the moment a lock's timeout ends
   * a batch of stuck requests and the next batch, from the queue, takes their slots: the quick
   * routes that were answered all along do not start again from nothing.
   */
  private heldUpSince(): number {
    const oldest: Run | undefined = this.runs.values().next().value;
    const slow = this.now() <= this.slowUntil ? this.slowSince : Number.POSITIVE_INFINITY;
    const since = Math.min(oldest?.startedAt ?? Number.POSITIVE_INFINITY, slow);
    return since === Number.POSITIVE_INFINITY ? Number.NEGATIVE_INFINITY : since;
  }

  /**
   * Whether `route` has shown that it is not held up by what holds the others: its latest answer
   * was quick and was sent after they began (`heldUpSince`). Routes stuck behind one locked table
   * cannot: their answers are slow, or were sent before the requests now waiting on the lock began.
   * How many requests of a route wait says nothing, since a quick route's requests wait as long as
   * the slots are taken. Undefined for a route that has not answered yet.
   */
  private overtook(route: string): boolean | undefined {
    const answered = this.quickAnswer.get(route);
    return answered === undefined ? undefined : answered >= this.heldUpSince();
  }

  /** A route that has not answered yet is given the benefit of the doubt. */
  private moving(route: string): boolean {
    return this.overtook(route) ?? true;
  }

  /**
   * Whether a request of `route` may start now. The last `slotReserve` slots go to a moving route
   * with nothing running: one each, since a route that answers one request quickly may still send
   * others that wait on the lock (`/graphql` carries every query).
   */
  private mayStart(route: string): boolean {
    const running = this.running(route);
    if (this.inFlight >= this.max || running >= this.maxPerRoute) return false;
    return this.inFlight < this.max - this.slotReserve || (running === 0 && this.moving(route));
  }

  /** Whether a request of `route` may wait for a slot: the queue's end is the reserve of quiet, moving routes (`queueShares`). */
  private mayWait(route: string): boolean {
    if (this.waiting >= this.maxQueue) return false;
    const held = this.waitingByRoute.get(route)?.length ?? 0;
    if (held >= this.shares.perRoute) return false;
    return this.waiting < this.maxQueue - this.shares.reserve || (held < this.shares.quietBelow && this.moving(route));
  }

  /** Takes a slot for `route`. */
  private begin(route: string): Run {
    const run = { route, startedAt: this.now() };
    this.runs.add(run);
    this.inFlight += 1;
    this.runningByRoute.set(route, this.running(route) + 1);
    this.changed();
    return run;
  }

  /**
   * Gives `run`'s slot back, remembers how quickly it answered, and starts whom the slot lets start.
   * `remember`: whether the route is a registered one; paths no route matched are not remembered, so that they cannot grow the map.
   */
  private end(run: Run, remember: boolean): void {
    const { route, startedAt } = run;
    this.runs.delete(run);
    const answered = this.now();
    const quick = answered - startedAt <= QUICK_ANSWER_MS;
    if (remember) this.quickAnswer.set(route, quick ? answered : Number.NEGATIVE_INFINITY);
    if (!quick) {
      this.slowSince = answered <= this.slowUntil ? Math.min(this.slowSince, startedAt) : startedAt;
      this.slowUntil = answered + QUICK_ANSWER_MS;
    }
    this.inFlight -= 1;
    const left = this.running(route) - 1;
    if (left > 0) this.runningByRoute.set(route, left);
    else this.runningByRoute.delete(route);
    this.startWaiting();
    this.changed();
  }

  // The route with the fewest requests running first; among those, the one whose latest quick
  // answer was sent last (one that has not answered yet first, one whose latest answer was slow last):
  // a route stuck behind a locked table answered slowly, or last before the lock, while a quick
  // route crowded out of the slots answered just before. How many wait says little (a busy quick
  // route has the most waiting), so it only breaks ties; then the oldest request.
  private order(a: Waiter[], b: Waiter[]): number {
    return (
      this.running(a[0].route) - this.running(b[0].route) ||
      // NaN (both never answered, or both slow) is falsy: the next rule decides.
      this.latestQuick(b[0].route) - this.latestQuick(a[0].route) ||
      a.length - b.length ||
      a[0].enqueuedAt - b[0].enqueuedAt
    );
  }

  private latestQuick(route: string): number {
    return this.quickAnswer.get(route) ?? Number.POSITIVE_INFINITY;
  }

  /** Starts waiting requests, first in `order` among the routes that `mayStart`, while slots are free. */
  private startWaiting(): void {
    while (this.inFlight < this.max) {
      let chosen: Waiter[] | undefined;
      for (const queue of this.waitingByRoute.values()) {
        if (!this.mayStart(queue[0].route)) continue;
        if (!chosen || this.order(queue, chosen) < 0) chosen = queue;
      }
      if (!chosen) return;
      const waiter = chosen.shift() as Waiter;
      if (chosen.length === 0) this.waitingByRoute.delete(waiter.route);
      this.waiting -= 1;
      waiter.start();
    }
  }

  /** Puts `waiter` at the end of its route's queue. */
  private enqueue(waiter: Waiter): void {
    const queue = this.waitingByRoute.get(waiter.route) ?? [];
    queue.push(waiter);
    this.waitingByRoute.set(waiter.route, queue);
    this.waiting += 1;
    this.changed();
  }

  /** Takes `waiter` out of the queue, if it is still in it. */
  private leaveQueue(waiter: Waiter): void {
    const queue = this.waitingByRoute.get(waiter.route);
    const index = queue?.indexOf(waiter) ?? -1;
    if (!queue || index < 0) return;
    queue.splice(index, 1);
    if (queue.length === 0) this.waitingByRoute.delete(waiter.route);
    this.waiting -= 1;
    this.changed();
  }
}

/**
 * Hooks a `ConcurrencyLimiter` into `app` (`onRequest`, then `preHandler`) and returns its state,
 * with `acquire` for work no fastify request carries. Without a limit (`maxInFlight` ≤ 0) nothing
 * is hooked: the state stays empty, and `acquire` resolves at once.
 */
export function registerConcurrencyLimit(app: FastifyInstance, options: ConcurrencyLimitOptions): ConcurrencyLimit {
  if (options.maxInFlight <= 0) return Object.assign(() => ({ inFlight: 0, waiting: 0, saturated: false }), { acquire: async () => () => undefined });
  const limit = new ConcurrencyLimiter(options);
  app.addHook('onRequest', (request, reply, done) => limit.onRequest(request, reply, done));
  app.addHook('preHandler', (request, reply, done) => limit.preHandler(request, reply, done));
  const acquire = (route: string, abandoned?: AbortSignal) => limit.acquire(route, abandoned);
  return Object.assign(() => limit.snapshot(), { acquire });
}

/**
 * MAX_IN_FLIGHT_PER_ROUTE's default: all but two slots, so one slow route leaves two for every
 * other and a single busy route still gets most; with three slots or fewer, all of them.
 */
export function defaultMaxPerRoute(maxInFlight: number): number {
  return maxInFlight > 3 ? maxInFlight - 2 : maxInFlight;
}

/**
 * MAX_QUEUE_PER_ROUTE's default: half the queue, so requests stuck on one route leave the other
 * half to every other route (and routes stuck together leave at least the reserve, `queueShares`).
 */
export function defaultMaxQueuePerRoute(maxQueue: number): number {
  return Math.max(1, Math.floor(maxQueue / 2));
}

/**
 * Bodies read before a slot is taken are held while the request waits: only small ones, with a
 * declared length (a GraphQL document is at most 32 KB), so that a full queue of them stays small
 * under the heap cap. Larger or chunked bodies wait for a slot before they are read, as all did.
 */
const MAX_BODY_BEFORE_SLOT_BYTES = 64 * 1024;

export function hasSmallBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  if (length === undefined) return request.headers['transfer-encoding'] === undefined;
  return Number(length) <= MAX_BODY_BEFORE_SLOT_BYTES;
}

/** The route pattern (`/api/games/:id`), so all games share one share of the slots whatever their id. */
function routeOf(request: FastifyRequest): string {
  return request.routeOptions.url ?? request.url.split('?')[0];
}
