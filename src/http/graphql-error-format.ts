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

const SPEC_MEDIA_TYPE = 'application/graphql-response+json';
const JSON_MEDIA_TYPE = 'application/json';

const matches = (asked: string, offered: string): boolean => {
  const [askedType, askedSubtype] = asked.split('/');
  const [type, subtype] = offered.split('/');
  return (askedType === '*' || askedType === type) && (askedSubtype === '*' || askedSubtype === subtype);
};

/**
 * The media type of a GraphQL answer, negotiated as yoga negotiates its own (its result processor):
 * the first type the client lists (in order; no q-values, no charset but utf-8) that the server
 * speaks, `application/json` where both match (a wildcard), and `application/json` when none does
 * or no Accept was sent. So an error the app writes outside yoga comes in the media type a client
 * gets for a GraphQL error from yoga.
 */
export function graphqlResponseMediaType(accept: string | undefined): string {
  for (const entry of (accept || '*/*').replace(/\s/g, '').toLowerCase().split(',')) {
    const [asked, ...parameters] = entry.split(';');
    if (!asked || parameters.some((parameter) => parameter.startsWith('charset=') && parameter !== 'charset=utf-8')) continue;
    if (matches(asked, JSON_MEDIA_TYPE)) return JSON_MEDIA_TYPE;
    if (matches(asked, SPEC_MEDIA_TYPE)) return SPEC_MEDIA_TYPE;
  }
  return JSON_MEDIA_TYPE;
}

/**
 * /graphql's errors outside yoga (rate limits, a full queue, an unknown path below it): a GraphQL
 * response with no data, in the media type the client asked for. Kept in src/http beside the app's other HTTP-level answers, as yoga
 * renders everything it handles itself.
 */
export const graphqlErrorFormat: ErrorFormat = (status, message, requestId, accept) => {
  const code = GRAPHQL_CODES[status] ?? (status >= 500 ? 'INTERNAL_SERVER_ERROR' : 'BAD_REQUEST');
  return {
    contentType: `${graphqlResponseMediaType(accept)}; charset=utf-8`,
    body: JSON.stringify({ errors: [{ message, extensions: { code, ...(requestId ? { requestId } : {}) } }] }),
  };
};
