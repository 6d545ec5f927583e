/**
 * Report sessions: the back office's `auth_token`. A key (a partner's, a club's or an event desk's)
 * logs in and gets a token that speaks for it for four hours, so a desk's tablet holds a secret
 * that expires the same day rather than the key itself. Decided here, stored by
 * src/auth/session-tokens.ts.
 */
import type { ApiCredential } from './access.js';
import { ForbiddenError } from './errors.js';

/** The federation's documented lifetime of a token. */
export const SESSION_TOKEN_LIFETIME_MS = 4 * 60 * 60 * 1000;

/** A token about to be made for a stored key. */
export interface SessionGrant {
  apiKeyId: number;
  createdAt: Date;
  expiresAt: Date;
}

/**
 * A stored key logs in for a token that expires after the documented four hours. A token does not
 * log in again: a stolen token would otherwise live for ever. The embedded database's operator is
 * no stored key and logs in for nothing.
 */
export function decideSession(credential: ApiCredential, now: Date): SessionGrant {
  if (credential.session) throw new ForbiddenError('A session token cannot open another session: log in with the credentials again');
  if (credential.keyId === null) throw new ForbiddenError('The operator token is no stored key and opens no session');
  return { apiKeyId: credential.keyId, createdAt: now, expiresAt: new Date(now.getTime() + SESSION_TOKEN_LIFETIME_MS) };
}

/** Whether a stored token works now: not revoked, not expired, and its key not revoked. */
export function isTokenUsable(token: { expiresAt: Date; revokedAt: Date | null; keyRevokedAt: Date | null }, now: Date): boolean {
  return token.revokedAt === null && token.keyRevokedAt === null && token.expiresAt.getTime() > now.getTime();
}
