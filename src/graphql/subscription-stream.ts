import type { FastifyRequest } from 'fastify';
import { type DocumentNode, parse } from 'graphql';
import { hasSmallBody } from '../http/concurrency-limit.js';
import { chosenOperation } from '../http/graphql-session-sids.js';

/**
 * Whether a request is a GraphQL subscription streamed over SSE: `true`, `false`, or
 * `'once-parsed'` while that depends on a POST body not parsed yet.
 */
export type SubscriptionStreamDecision = boolean | 'once-parsed';

/**
 * Decides, once per request, whether it is a GraphQL subscription streamed over SSE: open as long
 * as its client listens, so it holds no request slot and has no deadline. The Accept header alone
 * does not say so: any operation may be sent with `Accept: text/event-stream`, and a heavy query
 * sent that way must wait for a slot and keep its deadline like any other (a crowd of them once
 * took the whole connection pool). The operation's type is read from its document: the `query`
 * parameter of a GET, available at once, or a POST's body, once it is parsed. A POST body too
 * large to be read before a slot (`hasSmallBody`) is decided `false` at once, so the limit and the
 * deadline cannot disagree about it; no subscription document is that large.
 */
export function subscriptionStreams(options: { path: string; maxTokens: number }): (request: FastifyRequest) => SubscriptionStreamDecision {
  const decided = new WeakMap<FastifyRequest, boolean>();
  return (request) => {
    const known = decided.get(request);
    if (known !== undefined) return known;
    let answer: boolean;
    if (!asksForStream(request, options.path)) answer = false;
    else if (request.method === 'GET' || request.method === 'HEAD') answer = isSubscription(request.query, options.maxTokens);
    else if (request.method !== 'POST' || !hasSmallBody(request)) answer = false;
    else if (request.body === undefined) return 'once-parsed';
    else answer = isSubscription(request.body, options.maxTokens);
    decided.set(request, answer);
    return answer;
  };
}

function asksForStream(request: FastifyRequest, path: string): boolean {
  return request.url.split('?')[0] === path && String(request.headers.accept ?? '').includes('text/event-stream');
}

/** Whether the operation a GraphQL request would run (chosen by operationName as yoga chooses it) is a subscription. */
function isSubscription(params: unknown, maxTokens: number): boolean {
  if (!params || typeof params !== 'object' || Array.isArray(params)) return false;
  const { query, operationName } = params as Record<string, unknown>;
  // Most documents sent this way are queries that do not even contain the word: no parse for them.
  if (typeof query !== 'string' || !query.includes('subscription')) return false;
  let document: DocumentNode;
  try {
    // yoga's token limit: an unbounded parse of a large document costs megabytes; one over it is refused by yoga anyway.
    document = parse(query, { maxTokens, noLocation: true });
  } catch {
    return false; // yoga answers the syntax error at once
  }
  return chosenOperation(document, operationName)?.operation === 'subscription';
}
