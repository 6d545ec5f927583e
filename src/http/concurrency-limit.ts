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
  /** How long a request may wait for a slot before it is answered 503. */
  maxWaitMs?: number;
  /** Requests that never wait (health checks). */
  exempt?: (url: string, request: FastifyRequest) => boolean;
  /**
   * Told the new state each time a request takes a slot, gives one back, starts or stops waiting,
   * so that a caller (a test) can wait for the state it needs instead of for time to pass. Must
   * not throw; none by default.
   */
  onChange?: (state: ConcurrencyState) => void;
}

export interface ConcurrencyState {
  inFlight: number;
  waiting: number;
  /** The queue is full: the next request would be refused. */
  saturated: boolean;
}

/** What a request refused by the queue learns: come back in a second. */
const BUSY_RETRY_AFTER_SECONDS = 1;

interface Waiter {
  route: string;
  enqueuedAt: number;
  start(): void;
}

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
 * never touch it.
 */
export function registerConcurrencyLimit(app: FastifyInstance, options: ConcurrencyLimitOptions): () => ConcurrencyState {
  const max = options.maxInFlight;
  if (max <= 0) return () => ({ inFlight: 0, waiting: 0, saturated: false });
  const maxPerRoute = Math.min(max, options.maxPerRoute ?? max);
  const maxQueue = options.maxQueue ?? Number.POSITIVE_INFINITY;
  const maxWaitMs = options.maxWaitMs ?? 0;
  let inFlight = 0;
  let waiting = 0;
  const runningByRoute = new Map<string, number>();
  const waitingByRoute = new Map<string, Waiter[]>();
  const snapshot = (): ConcurrencyState => ({ inFlight, waiting, saturated: waiting >= maxQueue });
  const changed = () => options.onChange?.(snapshot());

  const running = (route: string) => runningByRoute.get(route) ?? 0;
  const begin = (route: string) => {
    inFlight += 1;
    runningByRoute.set(route, running(route) + 1);
    changed();
  };
  const end = (route: string) => {
    inFlight -= 1;
    const left = running(route) - 1;
    if (left > 0) runningByRoute.set(route, left);
    else runningByRoute.delete(route);
    startWaiting();
    changed();
  };
  const startWaiting = () => {
    while (inFlight < max) {
      let chosen: Waiter[] | undefined;
      for (const queue of waitingByRoute.values()) {
        const candidate = queue[0];
        if (running(candidate.route) >= maxPerRoute) continue;
        const best = chosen?.[0];
        if (
          !best ||
          running(candidate.route) < running(best.route) ||
          (running(candidate.route) === running(best.route) && candidate.enqueuedAt < best.enqueuedAt)
        ) {
          chosen = queue;
        }
      }
      if (!chosen) return;
      const waiter = chosen.shift() as Waiter;
      if (chosen.length === 0) waitingByRoute.delete(waiter.route);
      waiting -= 1;
      waiter.start();
    }
  };
  const leaveQueue = (waiter: Waiter) => {
    const queue = waitingByRoute.get(waiter.route);
    const index = queue?.indexOf(waiter) ?? -1;
    if (!queue || index < 0) return;
    queue.splice(index, 1);
    if (queue.length === 0) waitingByRoute.delete(waiter.route);
    waiting -= 1;
    changed();
  };

  const admit = (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    const route = routeOf(request);
    let state: 'waiting' | 'working' | 'closed' = 'waiting';
    let timer: NodeJS.Timeout | undefined;
    const waiter: Waiter = {
      route,
      enqueuedAt: Date.now(),
      start: () => {
        clearTimeout(timer);
        state = 'working';
        begin(route);
        done();
      },
    };
    // 'close' comes once: after the response is sent, or when the client goes away, waiting or not.
    reply.raw.once('close', () => {
      clearTimeout(timer);
      if (state === 'working') end(route);
      else if (state === 'waiting') leaveQueue(waiter);
      state = 'closed';
    });
    if (inFlight < max && running(route) < maxPerRoute) return waiter.start();
    if (waiting >= maxQueue) {
      state = 'closed';
      return done(serviceUnavailable('The service is busy; try again shortly', BUSY_RETRY_AFTER_SECONDS));
    }
    const queue = waitingByRoute.get(route) ?? [];
    queue.push(waiter);
    waitingByRoute.set(route, queue);
    waiting += 1;
    changed();
    if (maxWaitMs > 0) {
      timer = setTimeout(() => {
        if (state !== 'waiting') return;
        leaveQueue(waiter);
        state = 'closed';
        done(serviceUnavailable('The service is busy; try again shortly', BUSY_RETRY_AFTER_SECONDS));
      }, maxWaitMs);
    }
  };

  /** Requests let past onRequest to be admitted once their body is parsed. */
  const admittedAfterBody = new WeakSet<FastifyRequest>();
  app.addHook('onRequest', (request, reply, done) => {
    if (options.exempt?.(request.url, request)) return done();
    if (request.routeOptions.config.answeredFromCache && hasSmallBody(request)) {
      admittedAfterBody.add(request);
      return done();
    }
    admit(request, reply, done);
  });
  app.addHook('preHandler', (request, reply, done) => {
    const answeredFromCache = request.routeOptions.config.answeredFromCache;
    if (!answeredFromCache || !admittedAfterBody.has(request)) return done();
    answeredFromCache(request).then(
      (cached) => (cached ? done() : admit(request, reply, done)),
      () => admit(request, reply, done),
    );
  });

  return snapshot;
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
 * half to every other route.
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

function hasSmallBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  if (length === undefined) return request.headers['transfer-encoding'] === undefined;
  return Number(length) <= MAX_BODY_BEFORE_SLOT_BYTES;
}

/** The route pattern (`/api/games/:id`), so all games share one share of the slots whatever their id. */
function routeOf(request: FastifyRequest): string {
  return request.routeOptions.url ?? request.url.split('?')[0];
}
