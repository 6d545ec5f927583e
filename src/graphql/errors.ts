import { GraphQLError, type ASTNode } from 'graphql';
import { maskError as maskUnexpectedError } from 'graphql-yoga';
import { databaseFailureOf } from '../db/failures.js';
import { publicMessage, retryAfterOf } from '../http/errors.js';

/**
 * A request refused for what the client sent. `spec: false` keeps the 4xx even when the client
 * accepts application/json, where yoga answers its own parse and validation errors with 200 as the
 * GraphQL-over-HTTP spec allows for legacy clients: a refused limit should never look like success.
 */
export function refusal(message: string, code: string, options: { status?: number; nodes?: readonly ASTNode[] } = {}): GraphQLError {
  return new GraphQLError(message, {
    nodes: options.nodes,
    extensions: { code, http: { status: options.status ?? 400, spec: false } },
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
