import { graphqlErrorFormat } from '../http/graphql-error-format.js';
import type { InterfacePolicy } from '../http/interface-policy.js';

/** Where GraphQL is served: over HTTP (POST and GET, SSE for subscriptions) and over WebSocket. */
export const GRAPHQL_PATH = '/graphql';

/**
 * The canonical interface: a key is optional (headers and query; the body is the operation);
 * whether an answer may be shared is decided per operation by its route; errors are GraphQL errors.
 */
export const GRAPHQL_INTERFACE: InterfacePolicy = {
  name: 'graphql',
  credentials: 'optional',
  // POST with JSON, or GET; `Accept` names the response type.
  cors: { methods: ['GET', 'POST'], allowedHeaders: ['Accept', 'Content-Type', 'If-None-Match'] },
  errors: graphqlErrorFormat,
  claims: GRAPHQL_PATH,
};
