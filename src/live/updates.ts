import { GraphQLError } from 'graphql';
import type { ChangeFeed, GameChange, LeagueChange } from './changes.js';
import { ChangeMemo } from './change-memo.js';

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

/** Subscribers handed a change per turn of the event loop: some 25 ms of GraphQL execution at 0.1 ms each. */
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

export const isStreamEnd = (item: LiveItem): item is StreamEnd => 'end' in item;

export interface LiveUpdatesOptions {
  /** SUBSCRIPTIONS_PER_CLIENT. */
  maxPerClient?: number;
  /** SUBSCRIPTIONS_MAX. */
  maxTotal?: number;
  /** Pending changes per subscriber before it is cut off (DEFAULT_SUBSCRIBER_BUFFER). */
  bufferSize?: number;
  /** Subscribers handed a change per turn of the event loop (DEFAULT_HAND_OUT_SLICE). */
  handOutSlice?: number;
}

/** A change (or the end of every stream) on its way to the subscribers it was for when it came. */
interface Outgoing {
  targets: Subscriber[];
  next: number;
  hand: (subscriber: Subscriber) => void;
}

const tooSlow = (bufferSize: number) =>
  new GraphQLError(`This subscriber fell ${bufferSize} changes behind and was cut off: fetch the current state and subscribe again`, {
    extensions: { code: 'SUBSCRIBER_TOO_SLOW' },
  });

const changesMissed = () =>
  new GraphQLError('Changes may have been missed (the server lost its change feed for a while): fetch the current state and subscribe again', {
    extensions: { code: 'CHANGES_MISSED' },
  });

type Pull = (result: IteratorResult<LiveItem, undefined>) => void;
const DONE: IteratorResult<LiveItem, undefined> = { done: true, value: undefined };

/**
 * One open subscription: a bounded queue between the fan-out and the stream that pulls from it.
 * Deliberately small: one of these per open stream is what an arena of subscribers multiplies.
 */
class Subscriber implements AsyncIterator<LiveItem, undefined> {
  private pending: LiveItem[] = [];
  private waiting: Pull | null = null;
  /** Nothing more is pushed; what is pending is still pulled, then the stream completes. */
  private ended = false;
  private released = false;

  constructor(
    readonly wanted: ((change: GameChange) => boolean) | null,
    private readonly bufferSize: number,
    private readonly unregister: (subscriber: Subscriber) => void,
    private readonly releaseSlot: () => void,
  ) {}

  get buffered(): number {
    return this.pending.length;
  }

  push(delivery: Delivery): void {
    if (this.ended) return;
    if (this.waiting) this.hand({ done: false, value: delivery });
    else if (this.pending.length >= this.bufferSize) this.endWith(tooSlow(this.bufferSize), true);
    else this.pending.push(delivery);
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

  next(): Promise<IteratorResult<LiveItem, undefined>> {
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
  return(): Promise<IteratorResult<LiveItem, undefined>> {
    this.ended = true;
    this.unregister(this);
    this.pending = [];
    this.release();
    if (this.waiting) this.hand(DONE);
    return Promise.resolve(DONE);
  }

  throw(): Promise<IteratorResult<LiveItem, undefined>> {
    return this.return();
  }

  private hand(result: IteratorResult<LiveItem, undefined>): void {
    const waiting = this.waiting;
    this.waiting = null;
    if (this.ended && !result.done) this.release();
    waiting?.(result);
  }

  private release(): void {
    if (this.released) return;
    this.released = true;
    this.releaseSlot();
  }
}

/**
 * What the live side of the schema needs: the change feed its writes publish to, and the
 * subscriptions fed by that same feed, whichever instance the write went through. Open
 * subscriptions are capped per client and per instance, and each buffers a bounded number of
 * changes, so no client, nor all of them together, can hold the server's memory.
 */
export class LiveUpdates {
  /** `gameUpdated` subscribers by game: a change is offered to its game's subscribers only. */
  private readonly byGame = new Map<number, Set<Subscriber>>();
  /** Subscribers that decide change by change (`liveGames` with its filter). */
  private readonly filtered = new Set<Subscriber>();
  private readonly openPerClient = new Map<string, number>();
  private open = 0;
  private readonly maxPerClient: number;
  private readonly maxTotal: number;
  private readonly bufferSize: number;
  private readonly handOutSlice: number;
  private readonly outbox: Outgoing[] = [];
  /** A later turn of the event loop will hand out the rest of the outbox. */
  private draining = false;
  private readonly stopListening: () => void;

  constructor(
    readonly changes: ChangeFeed,
    options: LiveUpdatesOptions = {},
  ) {
    this.maxPerClient = options.maxPerClient ?? DEFAULT_SUBSCRIPTIONS_PER_CLIENT;
    this.maxTotal = options.maxTotal ?? DEFAULT_SUBSCRIPTIONS_MAX;
    this.bufferSize = options.bufferSize ?? DEFAULT_SUBSCRIBER_BUFFER;
    this.handOutSlice = Math.max(1, options.handOutSlice ?? DEFAULT_HAND_OUT_SLICE);
    this.stopListening = changes.subscribe((change) => this.deliver(change));
  }

  /** Every change of one game, for as long as the client listens; refused past the client's or the instance's cap. */
  subscribeToGame(clientId: string, gameId: number): AsyncIterable<LiveItem> {
    return this.register(clientId, null, gameId);
  }

  /** The game changes `wanted` picks, for as long as the client listens; refused past the client's or the instance's cap. */
  subscribe(clientId: string, wanted: (change: GameChange) => boolean): AsyncIterable<LiveItem> {
    return this.register(clientId, wanted, null);
  }

  /** Open subscriptions, and the changes they have pending in all (for tests and probes). */
  stats(): { open: number; buffered: number } {
    let buffered = 0;
    for (const subscriber of this.subscribers()) buffered += subscriber.buffered;
    return { open: this.open, buffered };
  }

  /** Stops listening and completes every open subscription, so a shutdown need not wait for their clients. */
  close(): void {
    this.stopListening();
    this.outbox.length = 0;
    for (const subscriber of [...this.subscribers()]) void subscriber.return();
  }

  private register(clientId: string, wanted: ((change: GameChange) => boolean) | null, gameId: number | null): AsyncIterable<LiveItem> {
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
    this.open += 1;
    this.openPerClient.set(clientId, openOfClient + 1);
    const release = () => {
      this.open -= 1;
      const left = (this.openPerClient.get(clientId) ?? 1) - 1;
      if (left > 0) this.openPerClient.set(clientId, left);
      else this.openPerClient.delete(clientId);
    };
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
    if (gameId === null) this.filtered.add(subscriber);
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
      // (after what it has pending) rather than going on as if nothing happened.
      this.outbox.push({ targets: [...this.subscribers()], next: 0, hand: (subscriber) => subscriber.endWith(changesMissed(), false) });
    } else {
      const delivery: Delivery = { change: change.game, memo: new ChangeMemo() };
      const targets = [...(this.byGame.get(change.game.gameId) ?? [])];
      for (const subscriber of this.filtered) if (subscriber.wanted?.(change.game)) targets.push(subscriber);
      this.outbox.push({ targets, next: 0, hand: (subscriber) => subscriber.push(delivery) });
    }
    if (!this.draining) this.drain();
  }

  /**
   * Hands changes out FIFO, at most DEFAULT_HAND_OUT_SLICE subscribers per turn of the event loop: each
   * one handed starts a GraphQL execution (some 0.1 ms of CPU), and thousands at once would hold
   * the loop for a second, with health probes and the next write waiting behind them. Between
   * slices the loop serves I/O. Every subscriber gets its changes in the order they came, since
   * one change is handed to all before the next to any.
   */
  private drain(): void {
    this.draining = false;
    let budget = this.handOutSlice;
    while (this.outbox.length > 0 && budget > 0) {
      const batch = this.outbox[0];
      const end = Math.min(batch.targets.length, batch.next + budget);
      budget -= end - batch.next;
      for (; batch.next < end; batch.next += 1) batch.hand(batch.targets[batch.next]);
      if (batch.next >= batch.targets.length) this.outbox.shift();
    }
    if (this.outbox.length > 0) {
      this.draining = true;
      setImmediate(() => this.drain());
    }
  }

  private *subscribers(): Iterable<Subscriber> {
    for (const ofGame of this.byGame.values()) yield* ofGame;
    yield* this.filtered;
  }
}
