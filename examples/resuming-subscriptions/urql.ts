/**
 * urql: the subscription exchange over graphql-ws whose subscriptions resume where they stopped
 * (./resuming-subscribe.ts), in place of urql's documented `subscriptionExchange` setup.
 *
 *   const ws = createClient({ url: 'wss://league.example/graphql' });
 *   const client = new Client({ url, exchanges: [cacheExchange, resumingSubscriptionExchange(ws), fetchExchange] });
 */
import { type ExecutionResult, subscriptionExchange } from '@urql/core';
import type { Client } from 'graphql-ws';
import { subscribeResuming } from './resuming-subscribe.js';

export function resumingSubscriptionExchange(ws: Client) {
  return subscriptionExchange({
    forwardSubscription(request) {
      return {
        subscribe(sink) {
          const unsubscribe = subscribeResuming(
            ws,
            { ...request, query: request.query ?? '' },
            { next: (result) => sink.next(result as ExecutionResult), error: (error) => sink.error(error), complete: () => sink.complete() },
          );
          return { unsubscribe };
        },
      };
    },
  });
}
