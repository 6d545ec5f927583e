import { timingSafeEqual } from 'node:crypto';
import type { PrismaClient } from '../db/database.js';
import { ADMIN_SCOPE, type ApiCredential } from '../domain/access.js';
import { hashApiKey } from '../domain/api-keys.js';
import { isTokenUsable } from '../domain/report-session.js';
import { isSessionToken } from './session-tokens.js';

export type { ApiCredential } from '../domain/access.js';

/** Keys longer than this are refused unlooked-at: no stored key is that long. */
const MAX_KEY_LENGTH = 200;

/**
 * The embedded database's local operator: a token made at each start and written only into the
 * data directory's lock file (mode 0600), so whoever may read the data directory may administer the
 * service (src/db/data-dir-lock.ts). It may administer keys; it is no stored key and writes no game.
 */
export const OPERATOR_CREDENTIAL: ApiCredential = Object.freeze({
  keyId: null,
  clubId: null,
  scopes: Object.freeze([ADMIN_SCOPE]),
  gameIds: Object.freeze([]),
});

function sameSecret(presented: string, expected: string): boolean {
  const a = Buffer.from(presented);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

const KEY_COLUMNS = { id: true, prefix: true, clubId: true, revokedAt: true, scopes: true, gameIds: true } as const;

/** A real session token that no longer works: expired, logged out, or its key revoked. */
export const ENDED_SESSION = 'ended-session';

/**
 * Looks a presented key, or a session token made for one, up by its hash; revoked keys and
 * tokens, expired tokens and the tokens of revoked keys stop working at once (nothing is cached).
 * Null for a key or token nobody was given; `ENDED_SESSION` for a token that was given and has
 * ended: a desk checking whether to log in again is no guesser, and the brake counts only guesses.
 */
export async function verifyApiKey(
  prisma: PrismaClient,
  presented: string,
  now: Date,
  operatorToken?: string,
): Promise<ApiCredential | typeof ENDED_SESSION | null> {
  if (presented.length < 8 || presented.length > MAX_KEY_LENGTH) return null;
  if (operatorToken !== undefined && sameSecret(presented, operatorToken)) return OPERATOR_CREDENTIAL;
  if (isSessionToken(presented)) {
    const token = await prisma.sessionToken.findUnique({
      where: { hash: hashApiKey(presented) },
      select: { id: true, expiresAt: true, revokedAt: true, apiKey: { select: KEY_COLUMNS } },
    });
    if (!token) return null;
    if (!isTokenUsable({ ...token, keyRevokedAt: token.apiKey.revokedAt }, now)) return ENDED_SESSION;
    return { ...credentialOf(token.apiKey), session: { id: token.id, expiresAt: token.expiresAt } };
  }
  const key = await storedKey(prisma, presented);
  return key ? credentialOf(key) : null;
}

/** The back office's two logins: a partner's api_key and secret, or an event's anlass_id and password. */
export type Login = { kind: 'partner'; apiKey: string; secret: string } | { kind: 'event'; eventId: number; password: string };

/**
 * The key a login names, when its secret is that key's: a partner's `api_key` is the key's prefix
 * (what `keys list` shows) and its `secret` the key itself, for any key but an event's; an event's
 * `anlass_id` is its key's id and its `password` the key. Null for anything else, which the
 * failed-key brake counts like a wrong key.
 */
export async function verifyLogin(prisma: PrismaClient, login: Login): Promise<ApiCredential | null> {
  const secret = login.kind === 'partner' ? login.secret : login.password;
  if (secret.length < 8 || secret.length > MAX_KEY_LENGTH || isSessionToken(secret)) return null;
  const key = await storedKey(prisma, secret);
  if (!key) return null;
  const matches =
    login.kind === 'partner' ? key.gameIds.length === 0 && sameSecret(login.apiKey, key.prefix) : key.gameIds.length > 0 && key.id === login.eventId;
  return matches ? credentialOf(key) : null;
}

async function storedKey(prisma: PrismaClient, secret: string) {
  const key = await prisma.apiKey.findUnique({ where: { hash: hashApiKey(secret) }, select: KEY_COLUMNS });
  return key && !key.revokedAt ? key : null;
}

function credentialOf(key: { id: number; clubId: number | null; scopes: string[]; gameIds: number[] }): ApiCredential {
  return { keyId: key.id, clubId: key.clubId, scopes: key.scopes, gameIds: key.gameIds };
}
