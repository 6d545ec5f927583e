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

function text(value: unknown): string | undefined {
  const first = Array.isArray(value) ? value[0] : value;
  if (typeof first !== 'string') return undefined;
  const trimmed = first.trim();
  return trimmed === '' ? undefined : trimmed;
}

function field(container: unknown, name: string): string | undefined {
  return container && typeof container === 'object' ? text((container as Record<string, unknown>)[name]) : undefined;
}

function secretIn(sources: CredentialSources, carrier: CredentialCarrier): string | undefined {
  switch (carrier) {
    case 'bearer': {
      const authorization = text(sources.headers.authorization);
      return authorization && /^bearer\s/i.test(authorization) ? text(authorization.slice(7)) : undefined;
    }
    case 'x-api-key':
      return text(sources.headers['x-api-key']);
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
