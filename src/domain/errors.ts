/**
 * Errors a rule throws when a request cannot be answered. The domain says what is wrong; the API
 * layer decides how to tell the client (src/schema/domain-errors.ts maps them to GraphQL error
 * codes, which the facades turn into HTTP statuses).
 */
export abstract class DomainError extends Error {}

/** What the request names does not exist, or does not belong to what it is asked about. */
export class NotFoundError extends DomainError {
  override readonly name = 'NotFoundError';
}

/**
 * The request asks for something the rules do not allow (a malformed favorite, a full session).
 * `field` names the input field the rule is about, as the client sent it (`second`,
 * `scorerLicenseId`), where it is about one: a form can show the message beside it.
 */
export class InvalidInputError extends DomainError {
  override readonly name: string = 'InvalidInputError';
  constructor(
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

/** The request carries no credential, or one that is unknown or revoked. */
export class UnauthenticatedError extends DomainError {
  override readonly name = 'UnauthenticatedError';
}

/** The credential is valid but does not allow this (a read-only key, another club's game). */
export class ForbiddenError extends DomainError {
  override readonly name = 'ForbiddenError';
}

/** The write was based on a version of the record that another write has replaced since. */
export class ConflictError extends DomainError {
  override readonly name = 'ConflictError';
  constructor(
    message: string,
    readonly currentVersion: number,
  ) {
    super(message);
  }
}
