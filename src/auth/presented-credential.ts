import type { IncomingHttpHeaders } from 'node:http';

/** Where a request carried its key; the order of CREDENTIAL_CARRIERS is the precedence. */
export type CredentialCarrier = 'bearer' | 'x-api-key' | 'auth_token' | 'apikey';

/**
 * One precedence for every interface: `Authorization: Bearer`, then `X-Api-Key`, then the
 * federation's documented `auth_token` parameter, then the legacy `apikey` parameter; a parameter
 * is read from the query string first, then from a form or JSON body. The first one present wins,
 * even if it turns out to be wrong: a request is never checked against two keys.
 */
export const CREDENTIAL_CARRIERS: readonly CredentialCarrier[] = ['bearer', 'x-api-key', 'auth_token', 'apikey'];

/**
 * Every parameter name whose value opens something: the keys' carriers above, the back office's
 * login fields (`api_key` with `secret`, `anlass_id` with `password`), a favorite session's `sid`,
 * and the spellings other clients use for a key. The request log redacts their values in URLs
 * (src/http/request-log.ts), matched after decoding and in any case, so no spelling of a name the
 * service reads as a credential writes the credential into a log.
 */
export const SECRET_PARAMETER_NAMES: readonly string[] = [
  'auth_token',
  'apikey',
  'api_key',
  'api-key',
  'access_token',
  'token',
  'key',
  'secret',
  'password',
  'sid',
];

export interface PresentedCredential {
  /** The key as sent. Never logged, never kept past the request. */
  secret: string;
  carrier: CredentialCarrier;
}

/** The parts of a request a credential may be in; `body` only once it is parsed, and only where the interface reads bodies. */
export interface CredentialSources {
  headers: IncomingHttpHeaders;
  query?: unknown;
  body?: unknown;
}

/**
 * A credential sent as a list or an object (`auth_token=a&auth_token=b`, `{"auth_token": ["a"]}`):
 * which of its values would be the key is not for the service to guess, so the request is refused
 * naming the parameter (src/http/caller.ts turns this into the interface's 400).
 */
export class CredentialShapeError extends Error {
  constructor(readonly parameter: string) {
    super(`${parameter} takes one value, got a list or an object: send the key once`);
    this.name = 'CredentialShapeError';
  }
}

function text(value: unknown, name: string): string | undefined {
  if (value !== null && typeof value === 'object') throw new CredentialShapeError(name);
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

function field(container: unknown, name: string): string | undefined {
  return container && typeof container === 'object' && Object.hasOwn(container, name) ? text((container as Record<string, unknown>)[name], name) : undefined;
}

function secretIn(sources: CredentialSources, carrier: CredentialCarrier): string | undefined {
  switch (carrier) {
    case 'bearer': {
      const authorization = text(sources.headers.authorization, 'Authorization');
      return authorization && /^bearer\s/i.test(authorization) ? text(authorization.slice(7), 'Authorization') : undefined;
    }
    case 'x-api-key':
      return text(sources.headers['x-api-key'], 'X-Api-Key');
    case 'auth_token':
    case 'apikey':
      return field(sources.query, carrier) ?? field(sources.body, carrier);
  }
}

/** The credential a request presents, by the one precedence; undefined when it presents none. */
export function presentedCredential(sources: CredentialSources): PresentedCredential | undefined {
  for (const carrier of CREDENTIAL_CARRIERS) {
    const secret = secretIn(sources, carrier);
    if (secret !== undefined) return { secret, carrier };
  }
  return undefined;
}
