import type { ErrorFormat } from './error-format.js';

/** Codes for HTTP-level refusals, in the `extensions.code` style GraphQL clients already read from yoga. */
const GRAPHQL_CODES: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  429: 'RATE_LIMITED',
  431: 'BAD_REQUEST',
  503: 'SERVICE_UNAVAILABLE',
};

/**
 * /graphql's errors outside yoga (rate limits, a full queue, an unknown path below it): a GraphQL
 * response with no data. Kept in src/http beside the app's other HTTP-level answers, as yoga
 * renders everything it handles itself.
 */
export const graphqlErrorFormat: ErrorFormat = (status, message, requestId) => {
  const code = GRAPHQL_CODES[status] ?? (status >= 500 ? 'INTERNAL_SERVER_ERROR' : 'BAD_REQUEST');
  return {
    contentType: 'application/json; charset=utf-8',
    body: JSON.stringify({ errors: [{ message, extensions: { code, ...(requestId ? { requestId } : {}) } }] }),
  };
};
