import { GraphQLError } from 'graphql';
import { NotFoundError, type DomainError } from '../domain/errors.js';

/**
 * The error codes clients and the facades read (src/facades/shared/execute.ts turns BAD_USER_INPUT
 * into 400 and NOT_FOUND into 404). Messages pass through unchanged: clients show them.
 */
export function badUserInput(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT' } });
}

export function notFound(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'NOT_FOUND' } });
}

/** The one mapping of domain errors to GraphQL errors: a missing record is NOT_FOUND, any other refusal the client's input. */
export function graphQLErrorOf(error: DomainError): GraphQLError {
  return error instanceof NotFoundError ? notFound(error.message) : badUserInput(error.message);
}
