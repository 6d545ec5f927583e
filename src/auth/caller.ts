import type { ApiCredential } from '../domain/access.js';

/**
 * How the request's credential was judged: `none`, it presented no key; `valid`, its key was found
 * and not revoked; `invalid`, it presented a key that is unknown, revoked or malformed.
 */
export type Authentication = 'none' | 'valid' | 'invalid';

/** Who sent a request, resolved once per request and read by every interface, rate limit and resolver. */
export interface Caller {
  authentication: Authentication;
  /** The key's permissions when `authentication` is `valid`; null otherwise. */
  credential: ApiCredential | null;
  /** The client's address as the budgets count it; subscriptions are capped per client. */
  clientId: string;
}

export const ANONYMOUS_IN_PROCESS: Caller = Object.freeze({ authentication: 'none', credential: null, clientId: 'in-process' });

export function anonymousCaller(clientId: string): Caller {
  return { authentication: 'none', credential: null, clientId };
}
