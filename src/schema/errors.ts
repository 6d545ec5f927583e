import { GraphQLError } from 'graphql';
import { ConflictError, ForbiddenError, InvalidInputError, NotFoundError, UnauthenticatedError, type DomainError } from '../domain/errors.js';

/**
 * The error codes clients and the facades read (src/facades/shared/execute.ts turns BAD_USER_INPUT
 * into 400 and NOT_FOUND into 404). Messages pass through unchanged: clients show them.
 */
export function badUserInput(message: string, field?: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT', ...(field ? { field } : {}) } });
}

export function notFound(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'NOT_FOUND' } });
}

/**
 * The one mapping of domain errors to GraphQL errors: a missing record is NOT_FOUND, a missing or
 * refused credential UNAUTHENTICATED or FORBIDDEN, a stale version CONFLICT (naming the current
 * one), any other refusal the client's input.
 */
export function graphQLErrorOf(error: DomainError): GraphQLError {
  if (error instanceof NotFoundError) return notFound(error.message);
  if (error instanceof UnauthenticatedError) return new GraphQLError(error.message, { extensions: { code: 'UNAUTHENTICATED' } });
  if (error instanceof ForbiddenError) return new GraphQLError(error.message, { extensions: { code: 'FORBIDDEN' } });
  if (error instanceof ConflictError) return new GraphQLError(error.message, { extensions: { code: 'CONFLICT', currentVersion: error.currentVersion } });
  return badUserInput(error.message, error instanceof InvalidInputError ? error.field : undefined);
}
