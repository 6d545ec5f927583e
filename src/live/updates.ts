import { setMaxListeners } from 'node:events';
import { GraphQLError } from 'graphql';
import { createPubSub, filter, pipe } from 'graphql-yoga';
import type { ChangeFeed, GameChange } from './changes.js';

/** Subscriptions one client (one address) may hold open at once (SUBSCRIPTIONS_PER_CLIENT). */
export const DEFAULT_SUBSCRIPTIONS_PER_CLIENT = 20;

/**
 * Every open subscription listens on the one target: Node's default of 10 listeners would warn as
 * soon as an 11th client subscribes. SUBSCRIPTIONS_PER_CLIENT and the rate limits bound them.
 */
function unboundedEventTarget(): EventTarget {
  const target = new EventTarget();
  setMaxListeners(0, target);
  return target;
}

/**
 * What the live side of the schema needs: the change feed its writes publish to, and the
 * subscriptions fed by that same feed, whichever instance the write went through. Open
 * subscriptions are counted per client, so one client cannot hold the server's memory.
 */
export class LiveUpdates {
  private readonly pubsub = createPubSub<{ game: [GameChange] }>({ eventTarget: unboundedEventTarget() });
  private readonly openPerClient = new Map<string, number>();
  /** Every open subscription's end, so that a shutdown can end them all (their SSE streams complete). */
  private readonly enders = new Set<() => void>();
  private readonly stopListening: () => void;

  constructor(
    readonly changes: ChangeFeed,
    private readonly maxPerClient = DEFAULT_SUBSCRIPTIONS_PER_CLIENT,
  ) {
    this.stopListening = changes.subscribe((change) => {
      if (change.kind === 'game') this.pubsub.publish('game', change.game);
    });
  }

  /** The game changes `wanted` picks, for as long as the client listens; refused past the client's cap. */
  subscribe(clientId: string, wanted: (change: GameChange) => boolean): AsyncIterable<GameChange> {
    const open = this.openPerClient.get(clientId) ?? 0;
    if (open >= this.maxPerClient) {
      throw new GraphQLError(`Too many open subscriptions from this client (at most ${this.maxPerClient}): close one first`, {
        extensions: { code: 'TOO_MANY_SUBSCRIPTIONS', http: { status: 429, spec: false } },
      });
    }
    this.openPerClient.set(clientId, open + 1);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      const left = (this.openPerClient.get(clientId) ?? 1) - 1;
      if (left > 0) this.openPerClient.set(clientId, left);
      else this.openPerClient.delete(clientId);
    };
    const source = pipe(this.pubsub.subscribe('game'), filter(wanted));
    return {
      [Symbol.asyncIterator]: () => {
        const iterator = source[Symbol.asyncIterator]();
        const end = () => {
          this.enders.delete(end);
          release();
          return iterator.return?.() ?? Promise.resolve({ done: true as const, value: undefined });
        };
        this.enders.add(end);
        // Not an async generator: its return() would wait for the pending next(), that is for the
        // next change, before the subscription counted as closed.
        return {
          next: () => iterator.next(),
          return: end,
          throw: (error?: unknown) => {
            this.enders.delete(end);
            release();
            return iterator.throw?.(error) ?? Promise.reject(error);
          },
        };
      },
    };
  }

  /** Stops listening and ends every open subscription, so a shutdown need not wait for their clients. */
  close(): void {
    this.stopListening();
    for (const end of [...this.enders]) void end();
  }
}
