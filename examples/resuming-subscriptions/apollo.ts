/**
 * Apollo Client 4: a terminating link over graphql-ws, used in place of `GraphQLWsLink`, whose
 * subscriptions resume where they stopped (./resuming-subscribe.ts). Apollo hands a link frozen
 * copies of the variables, so the position cannot be written into them from the app: the link
 * keeps its own payload, which graphql-ws resends after a reconnect.
 *
 *   const link = new ResumingWsLink(createClient({ url: 'wss://league.example/graphql' }));
 *   const client = new ApolloClient({ link, cache: new InMemoryCache() });
 */
import { ApolloLink } from '@apollo/client';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { print } from 'graphql';
import type { Client } from 'graphql-ws';
import { Observable } from 'rxjs';
import { subscribeResuming } from './resuming-subscribe.js';

export class ResumingWsLink extends ApolloLink {
  constructor(private readonly client: Client) {
    super();
  }

  override request(operation: ApolloLink.Operation): Observable<ApolloLink.Result> {
    return new Observable<ApolloLink.Result>((observer) => {
      const { query, variables, operationName, extensions } = operation;
      return subscribeResuming(
        this.client,
        { query: print(query), variables, operationName, extensions },
        {
          next: (result) => observer.next(result as ApolloLink.Result),
          complete: () => observer.complete(),
          // As GraphQLWsLink does: an Error as it is, a socket's close as an Error, GraphQL errors combined.
          error: (error) => {
            if (error instanceof Error) return observer.error(error);
            if (error && typeof error === 'object' && 'code' in error) return observer.error(new Error(`Socket closed with event ${String(error.code)}`));
            observer.error(new CombinedGraphQLErrors({ errors: Array.isArray(error) ? error : [error] }));
          },
        },
      );
    });
  }
}
