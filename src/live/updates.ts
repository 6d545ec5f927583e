import { GraphQLError } from 'graphql';
import { HEAP_FULL_CODE, HEAP_FULL_RETRY_AFTER_S, type HeapAdmission, processHeapPressure } from '../cache/heap-pressure.js';
import type { ChangeFeed, GameChange, LeagueChange } from './changes.js';
import { ChangeMemo } from './change-memo.js';
import { DEFAULT_RESUME_MAX_CHANGES, DEFAULT_RESUME_WINDOW_MS, type ResumeWindow } from './resume-window.js';

/** Subscriptions one client (one address) may hold open at once (SUBSCRIPTIONS_PER_CLIENT). */
export const DEFAULT_SUBSCRIPTIONS_PER_CLIENT = 20;
/**
 * Subscriptions one instance holds open at once, from all clients (SUBSCRIPTIONS_MAX; config.ts has
 * the same default). An open SSE stream holds about 32 KB of heap (measured with `npm run bench --
 * --only subscribers`): 1,500 of them take some 48 MB over the 64 MB an idle instance holds, which
 * leaves the rest of `npm run serve`'s 160 MB to requests and garbage collection.
 */
export const DEFAULT_SUBSCRIPTIONS_MAX = 1_500;
/** What a client refused for a full instance is told to wait: long enough for others to leave, or for a balancer to pick another instance. */
export const SUBSCRIPTIONS_FULL_RETRY_AFTER_S = 15;

/**
 * Changes one subscriber may have pending before it is cut off. A reader that keeps up has none
 * pending: a push reaches its waiting pull at once, so the buffer only fills while its socket is
 * full, that is while the client has not read the last few hundred KB. A synchronous burst (a
 * replay of changes missed on a reconnect) lands in the buffer before anyone can pull, so the bound
 * must hold a whole game's changes (start, some 20 goals and 20 penalties, period ends, the final
 * whistle: 50 to 80) with room to spare. Pending items are references to the one delivery of a
 * change that every subscriber shares, 8 bytes a slot: 128 of them cost 1 KB per subscriber at
 * worst, against the unbounded queue this replaced.
 */
export const DEFAULT_SUBSCRIBER_BUFFER = 128;

/**
 * Queues handed an item per turn of the event loop. A hand-out to a stream's queue wakes the
 * stream, which serialises its result and writes it to its socket, some tens of µs; the same slice
 * bounds a turn when each hand-out still starts a GraphQL execution (a stream that is its own source).
 */
export const DEFAULT_HAND_OUT_SLICE = 250;

/** A change as every subscriber of it receives it: the one memo of what they load to answer it. */
export interface Delivery {
  readonly change: GameChange;
  readonly memo: ChangeMemo;
}

/** The last item of a stream that the server ends: the subscriber gets the error, then the stream completes. */
export interface StreamEnd {
  readonly end: GraphQLError;
}

export type LiveItem = Delivery | StreamEnd;

export const isStreamEnd = <T extends object>(item: T | StreamEnd): item is StreamEnd => 'end' in item;

export interface LiveUpdatesOptions {
  /** SUBSCRIPTIONS_PER_CLIENT. */
  maxPerClient?: number;
  /** SUBSCRIPTIONS_MAX. */
  maxTotal?: number;
  /** Whether the heap has room for another stream or socket, whatever the caps say; the process's own by default (tests pass theirs). */
  heap?: HeapAdmission;
  /** Pending changes per subscriber before it is cut off (DEFAULT_SUBSCRIBER_BUFFER). */
  bufferSize?: number;
  /** Subscribers handed a change per turn of the event loop (DEFAULT_HAND_OUT_SLICE). */
  handOutSlice?: number;
  /** How far back a stream resumed from a position replays (STREAM_RESUME_WINDOW_MS, src/live/resume-window.ts). */
  resumeWindowMs?: number;
  /** Changes a resumed stream replays at most (STREAM_RESUME_MAX_CHANGES). */
  resumeMaxChanges?: number;
}

/** A change (or the end of every stream) on its way to the queues it was for when it came. */
interface Outgoing {
  size: number;
  next: number;
  handAt: (index: number) => void;
}

/** What the instance keeps of every queue: enough to count what it holds and to end it. */
interface Queue {
  readonly buffered: number;
  return(): Promise<unknown>;
}

const tooSlow = (bufferSize: number) =>
  new GraphQLError(`This subscriber fell ${bufferSize} changes behind and was cut off: fetch the current state and subscribe again`, {
    extensions: { code: 'SUBSCRIBER_TOO_SLOW' },
  });

const changesMissed = () =>
  new GraphQLError('Changes may have been missed (the server lost its change feed for a while): fetch the current state and subscribe again', {
    extensions: { code: 'CHANGES_MISSED' },
  });

type Pull<T> = (result: IteratorResult<T | StreamEnd, undefined>) => void;
const DONE: IteratorResult<never, undefined> = { done: true, value: undefined };

/**
 * A bounded queue between the fan-out and the stream that pulls from it: an open subscription's
 * (its items the changes, or the results of a shared execution of them), or a shared execution's
 * source. Deliberately small: one of these per open stream is what an arena of subscribers multiplies.
 */
export class Subscriber<T = Delivery> implements AsyncIterator<T | StreamEnd, undefined> {
  private pending: (T | StreamEnd)[] = [];
  private waiting: Pull<T> | null = null;
  /** Nothing more is pushed; what is pending is still pulled, then the stream completes. */
  private ended = false;
  private released = false;

  constructor(
    readonly wanted: ((change: GameChange) => boolean) | null,
    private readonly bufferSize: number,
    private readonly unregister: (subscriber: Subscriber<T>) => void,
    private readonly releaseSlot: () => void,
  ) {}

  get buffered(): number {
    return this.pending.length;
  }

  push(item: T): void {
    if (this.ended) return;
    if (this.waiting) this.hand({ done: false, value: item });
    else if (this.pending.length >= this.bufferSize) this.cutOff();
    else this.pending.push(item);
  }

  /** How many changes it may fall behind before it is cut off. */
  get bound(): number {
    return this.bufferSize;
  }

  /** Ends a reader that fell `bound` changes behind (SUBSCRIBER_TOO_SLOW), dropping what it has pending. */
  cutOff(): void {
    this.endWith(tooSlow(this.bufferSize), true);
  }

  /** Nothing more comes: what is pending is still pulled, then the stream completes. */
  complete(): void {
    if (this.ended) return;
    this.ended = true;
    this.unregister(this);
    if (this.waiting) this.hand(DONE);
  }

  /**
   * Ends the stream with `error` as its last item. A slow reader's pending changes are dropped, its
   * memory released now; the slot stays taken until the stream takes the error or closes, so a
   * client that stopped reading cannot open more streams than its cap.
   */
  endWith(error: GraphQLError, dropPending: boolean): void {
    if (this.ended) return;
    this.ended = true;
    this.unregister(this);
    if (dropPending) this.pending = [];
    if (this.waiting) this.hand({ done: false, value: { end: error } });
    else this.pending.push({ end: error });
  }

  next(): Promise<IteratorResult<T | StreamEnd, undefined>> {
    const item = this.pending.shift();
    if (item) {
      if (this.ended && this.pending.length === 0) this.release();
      return Promise.resolve({ done: false, value: item });
    }
    if (this.ended) {
      this.release();
      return Promise.resolve(DONE);
    }
    // One pull at a time: graphql-js asks for the next item only once the last one is resolved.
    return new Promise((resolve) => (this.waiting = resolve));
  }

  /** Not an async generator's: that would wait for the pending next(), that is for the next change, before the slot counted as free. */
  return(): Promise<IteratorResult<T | StreamEnd, undefined>> {
    this.ended = true;
    this.unregister(this);
    this.pending = [];
    this.release();
    if (this.waiting) this.hand(DONE);
    return Promise.resolve(DONE);
  }

  throw(): Promise<IteratorResult<T | StreamEnd, undefined>> {
    return this.return();
  }

  private hand(result: IteratorResult<T | StreamEnd, undefined>): void {
    const waiting = this.waiting;
    this.waiting = null;
    if (this.ended) this.release();
    waiting?.(result);
  }

  private release(): void {
    if (this.released) return;
    this.released = true;
    this.releaseSlot();
  }
}

/**
 * What a WebSocket holds of its client's and the instance's caps (SUBSCRIPTIONS_PER_CLIENT,
 * SUBSCRIPTIONS_MAX): one place while it is idle, one per stream while it has streams. Its first
 * stream takes the socket's own place, each further one a place of its own, so a socket with n
 * streams holds n places, never n + 1. Once the socket has closed, its streams (which end soon
 * after) keep theirs until they end.
 */
export class SocketHold {
  /** Releases of the places held, the socket's own first. */
  private readonly places: (() => void)[] = [];
  private streams = 0;
  private closed = false;

  /** `admit` takes a place under the caps, or throws their refusal. */
  constructor(private readonly admit: () => () => void) {
    this.places.push(admit());
  }

  /** A stream's slot, and its release: refused past the caps when the stream needs a place beyond those the socket holds. */
  streamSlot(): () => void {
    if (this.streams >= this.places.length) this.places.push(this.admit());
    this.streams += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.streams -= 1;
      this.settle();
    };
  }

  /** The socket closed: its own place is given back once no stream of it needs it. */
  close(): void {
    this.closed = true;
    this.settle();
  }

  private settle(): void {
    const needed = this.closed ? this.streams : Math.max(1, this.streams);
    while (this.places.length > needed) this.places.pop()?.();
  }
}

/**
 * What the live side of the schema needs: the change feed its writes publish to, and the
 * subscriptions fed by that same feed, whichever instance the write went through. Open
 * subscriptions are capped per client and per instance, and each buffers a bounded number of
 * items, so no client, nor all of them together, can hold the server's memory.
 *
 * Over /graphql a stream is an `openStream` queue, fed by the one execution its subscription shares
 * with every stream of the same subscription (src/graphql/shared-subscriptions.ts); that execution
 * reads the changes from an uncapped source (`gameSource`, `changeSource`). `subscribeToGame` and
 * `subscribe` are a stream that is its own source, for a subscription executed alone.
 */
export class LiveUpdates {
  /** Queues fed with the changes of one game: a change is offered to its game's queues only. */
  private readonly byGame = new Map<number, Set<Subscriber>>();
  /** Queues that decide change by change (`liveGames` with its filter). */
  private readonly filtered = new Set<Subscriber>();
  /** Open streams fed with the results of a shared execution. */
  private readonly streams = new Set<Queue>();
  private readonly openPerClient = new Map<string, number>();
  private open = 0;
  private readonly openWaiters = new Set<{ count: number; resolve: () => void }>();
  /** SUBSCRIPTIONS_PER_CLIENT: streams and WebSocket connections of one client together (`SocketHold`, src/graphql/websocket.ts). */
  readonly maxPerClient: number;
  /** SUBSCRIPTIONS_MAX: streams and WebSocket connections of this instance together. */
  readonly maxTotal: number;
  /** What a stream resumed from a position may replay. */
  readonly resumeWindow: ResumeWindow;
  private readonly bufferSize: number;
  private readonly handOutSlice: number;
  private readonly heap: HeapAdmission;
  private readonly outbox: Outgoing[] = [];
  /** A later turn of the event loop will hand out the rest of the outbox. */
  private draining = false;
  private closed = false;
  private readonly stopListening: () => void;

  constructor(
    readonly changes: ChangeFeed,
    options: LiveUpdatesOptions = {},
  ) {
    this.maxPerClient = options.maxPerClient ?? DEFAULT_SUBSCRIPTIONS_PER_CLIENT;
    this.maxTotal = options.maxTotal ?? DEFAULT_SUBSCRIPTIONS_MAX;
    this.heap = options.heap ?? processHeapPressure;
    this.bufferSize = options.bufferSize ?? DEFAULT_SUBSCRIBER_BUFFER;
    this.handOutSlice = Math.max(1, options.handOutSlice ?? DEFAULT_HAND_OUT_SLICE);
    this.resumeWindow = {
      windowMs: options.resumeWindowMs ?? DEFAULT_RESUME_WINDOW_MS,
      maxChanges: Math.min(options.resumeMaxChanges ?? DEFAULT_RESUME_MAX_CHANGES, this.bufferSize - 1),
    };
    this.stopListening = changes.subscribe((change) => this.deliver(change));
  }

  /** Every change of one game, for as long as the client listens; refused past the client's or the instance's cap. */
  subscribeToGame(clientId: string, gameId: number): AsyncIterable<LiveItem> {
    return this.register(this.admit(clientId), null, gameId);
  }

  /** The game changes `wanted` picks, for as long as the client listens; refused past the client's or the instance's cap. */
  subscribe(clientId: string, wanted: (change: GameChange) => boolean): AsyncIterable<LiveItem> {
    return this.register(this.admit(clientId), wanted, null);
  }

  /** Every change of one game, for a shared execution: it takes no slot, its streams each take one (`openStream`). */
  gameSource(gameId: number): AsyncIterable<LiveItem> {
    return this.register(() => undefined, null, gameId);
  }

  /** The game changes `wanted` picks, for a shared execution: it takes no slot, its streams each take one. */
  changeSource(wanted: (change: GameChange) => boolean): AsyncIterable<LiveItem> {
    return this.register(() => undefined, wanted, null);
  }

  /**
   * One client's stream of items handed to it with `handOut`: bounded as a subscription's queue is
   * (SUBSCRIBER_TOO_SLOW past it), its slot counted against the client's and the instance's caps,
   * refused past them. A stream opened over a WebSocket takes its slot from the socket's hold.
   */
  openStream<T>(clientId: string, onEnd: (stream: Subscriber<T>) => void = () => undefined, socket?: SocketHold): Subscriber<T> {
    const release = socket ? socket.streamSlot() : this.admit(clientId);
    if (this.closed) {
      release();
      throw new GraphQLError('The server is shutting down', { extensions: { code: 'SUBSCRIPTIONS_FULL', http: { status: 503, spec: false } } });
    }
    const stream: Subscriber<T> = new Subscriber<T>(
      null,
      this.bufferSize,
      (ended) => {
        this.streams.delete(ended);
        onEnd(ended);
      },
      release,
    );
    this.streams.add(stream);
    return stream;
  }

  /**
   * Hands `hand` each of `targets`, paced with the changes (FIFO, a slice per turn of the event
   * loop): what is handed after a change reaches a queue after it.
   */
  handOut<T>(targets: readonly T[], hand: (target: T) => void): void {
    if (this.closed || targets.length === 0) return;
    this.outbox.push({ size: targets.length, next: 0, handAt: (index) => hand(targets[index]) });
    if (!this.draining) this.drain();
  }

  /**
   * A WebSocket's place under the client's and the instance's caps, taken at its upgrade and refused
   * past either as a stream is: an idle socket holds server memory as a stream does. Its streams
   * count in the same pool (`SocketHold`).
   */
  openSocket(clientId: string): SocketHold {
    if (this.closed) {
      throw new GraphQLError('The server is shutting down', { extensions: { code: 'SUBSCRIPTIONS_FULL', http: { status: 503, spec: false } } });
    }
    return new SocketHold(() => this.admit(clientId));
  }

  /** Resolves once at most `count` subscriptions are open: a stream's slot is freed when the server lets go of it, after its client has gone (for tests). */
  untilOpenAtMost(count: number): Promise<void> {
    if (this.open <= count) return Promise.resolve();
    return new Promise((resolve) => this.openWaiters.add({ count, resolve }));
  }

  /** Queues the changes are handed to: one per shared execution, and one per stream that is its own source (for tests and probes). */
  fedByChanges(): number {
    let fed = this.filtered.size;
    for (const ofGame of this.byGame.values()) fed += ofGame.size;
    return fed;
  }

  /** Open subscriptions, and the items they have pending in all (for tests and probes). */
  stats(): { open: number; buffered: number } {
    let buffered = 0;
    for (const subscriber of this.subscribers()) buffered += subscriber.buffered;
    return { open: this.open, buffered };
  }

  /** Stops listening and completes every open subscription, so a shutdown need not wait for their clients. */
  close(): void {
    this.closed = true;
    this.stopListening();
    this.outbox.length = 0;
    for (const subscriber of [...this.subscribers()]) void subscriber.return();
  }

  /** A slot under the client's and the instance's caps, and its release; refused past either. */
  private admit(clientId: string): () => void {
    const openOfClient = this.openPerClient.get(clientId) ?? 0;
    if (openOfClient >= this.maxPerClient) {
      throw new GraphQLError(`Too many open subscriptions from this client (at most ${this.maxPerClient}): close one first`, {
        extensions: { code: 'TOO_MANY_SUBSCRIPTIONS', http: { status: 429, spec: false } },
      });
    }
    if (this.open >= this.maxTotal) {
      throw new GraphQLError(`This server holds as many subscriptions as it can (${this.maxTotal}): try again in a while, or fetch instead`, {
        extensions: {
          code: 'SUBSCRIPTIONS_FULL',
          http: { status: 503, spec: false, headers: { 'Retry-After': String(SUBSCRIPTIONS_FULL_RETRY_AFTER_S) } },
        },
      });
    }
    // The caps are settings: one set above what the heap holds would let streams grow until V8 aborts the process.
    if (!this.heap.admits()) {
      throw new GraphQLError('This server is short of memory for another stream or connection: try again in a while, or fetch instead', {
        extensions: { code: HEAP_FULL_CODE, http: { status: 503, spec: false, headers: { 'Retry-After': String(HEAP_FULL_RETRY_AFTER_S) } } },
      });
    }
    this.open += 1;
    this.openPerClient.set(clientId, openOfClient + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.open -= 1;
      const left = (this.openPerClient.get(clientId) ?? 1) - 1;
      if (left > 0) this.openPerClient.set(clientId, left);
      else this.openPerClient.delete(clientId);
      for (const waiter of this.openWaiters) {
        if (this.open > waiter.count) continue;
        this.openWaiters.delete(waiter);
        waiter.resolve();
      }
    };
  }

  private register(release: () => void, wanted: ((change: GameChange) => boolean) | null, gameId: number | null): AsyncIterable<LiveItem> {
    const unregister = (subscriber: Subscriber) => {
      if (gameId === null) {
        this.filtered.delete(subscriber);
        return;
      }
      const ofGame = this.byGame.get(gameId);
      ofGame?.delete(subscriber);
      if (ofGame?.size === 0) this.byGame.delete(gameId);
    };
    const subscriber = new Subscriber(wanted, this.bufferSize, unregister, release);
    if (this.closed) void subscriber.return();
    else if (gameId === null) this.filtered.add(subscriber);
    else {
      let ofGame = this.byGame.get(gameId);
      if (!ofGame) this.byGame.set(gameId, (ofGame = new Set()));
      ofGame.add(subscriber);
    }
    // graphql-js takes the iterator once; the subscriber is already registered, so no change
    // committed after subscribe() returned is missed.
    return { [Symbol.asyncIterator]: () => subscriber };
  }

  private deliver(change: LeagueChange): void {
    if (change.kind === 'data') {
      // Anything may have changed, and which changes were missed is unknown: every stream says so
      // (after what it has pending) rather than going on as if nothing happened. A stream fed by a
      // shared execution hears it from that execution, whose source ends so.
      this.handOut(
        [...this.byGame.values(), this.filtered].flatMap((set) => [...set]),
        (subscriber) => subscriber.endWith(changesMissed(), false),
      );
    } else {
      const delivery: Delivery = { change: change.game, memo: new ChangeMemo() };
      const targets = [...(this.byGame.get(change.game.gameId) ?? [])];
      for (const subscriber of this.filtered) if (subscriber.wanted?.(change.game)) targets.push(subscriber);
      this.handOut(targets, (subscriber) => subscriber.push(delivery));
    }
  }

  /**
   * Hands items out FIFO, at most DEFAULT_HAND_OUT_SLICE queues per turn of the event loop: each one
   * handed wakes a stream (an execution, or a serialisation and a socket write), and thousands at
   * once would hold the loop, with health probes and the next write waiting behind them. Between
   * slices the loop serves I/O. Every queue gets its items in the order they came, since one item
   * is handed to all before the next to any.
   */
  private drain(): void {
    this.draining = false;
    let budget = this.handOutSlice;
    while (this.outbox.length > 0 && budget > 0) {
      const batch = this.outbox[0];
      const end = Math.min(batch.size, batch.next + budget);
      budget -= end - batch.next;
      for (; batch.next < end; batch.next += 1) batch.handAt(batch.next);
      if (batch.next >= batch.size) this.outbox.shift();
    }
    if (this.outbox.length > 0) {
      this.draining = true;
      setImmediate(() => this.drain());
    }
  }

  private *subscribers(): Iterable<Queue> {
    for (const ofGame of this.byGame.values()) yield* ofGame;
    yield* this.filtered;
    yield* this.streams;
  }
}
