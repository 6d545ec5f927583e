import { GraphQLError, type ASTNode } from 'graphql';
import { maskError as maskUnexpectedError } from 'graphql-yoga';
import { databaseFailureOf } from '../db/failures.js';
import { publicMessage, retryAfterOf } from '../http/errors.js';

/**
 * A request error of the GraphQL-over-HTTP spec: the request cannot run as sent (it does not parse,
 * does not validate, its variables do not fit, it is too deep or too costly), so the answer has no
 * `data`. Status 400 under `application/graphql-response+json`; under `application/json` 200, as
 * the spec asks for every well-formed request (`spec: true` tells yoga so), so that a client reads
 * the errors from the body whichever media type it asked for.
 */
export function requestError(message: string, code: string, options: { nodes?: readonly ASTNode[]; extensions?: Record<string, unknown> } = {}): GraphQLError {
  return new GraphQLError(message, { nodes: options.nodes, extensions: { code, ...options.extensions, http: { status: 400, spec: true } } });
}

/**
 * A request refused for what the client sent: a request error (above), or with another status an
 * HTTP-level refusal that keeps its status under every media type (413: a document longer than the
 * limit, 415: a mutation in a form body); `status: 200` answers in the body only (APQ's
 * PersistedQueryNotFound, which clients expect so).
 */
export function refusal(message: string, code: string, options: { status?: number; nodes?: readonly ASTNode[] } = {}): GraphQLError {
  const status = options.status ?? 400;
  if (status === 400) return requestError(message, code, { nodes: options.nodes });
  return new GraphQLError(message, {
    nodes: options.nodes,
    extensions: { code, http: { status, spec: false } },
  });
}

/** The service cannot answer now (database away or slow, deadline passed): 503 and when to come back. */
export function unavailable(message: string, code: string, retryAfterSeconds: number, located?: GraphQLError): GraphQLError {
  return new GraphQLError(message, {
    nodes: located?.nodes,
    path: located?.path,
    extensions: { code, http: { status: 503, headers: { 'Retry-After': String(retryAfterSeconds) } } },
  });
}

/**
 * yoga's error masking, with database failures told apart: they are the service's trouble, not a
 * bug, so the client gets 503, Retry-After and the same text as every other interface. Errors we
 * did not write stay "Unexpected error." with no stack, as yoga masks them.
 */
export function maskError(error: unknown, message: string, isDev?: boolean): Error {
  const failure = databaseFailureOf(error);
  if (failure && error instanceof Error) {
    const located = error instanceof GraphQLError ? error : undefined;
    return unavailable(publicMessage(error, 503), 'SERVICE_UNAVAILABLE', retryAfterOf(error) ?? 5, located);
  }
  return maskUnexpectedError(error, message, isDev);
}
