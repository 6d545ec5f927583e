// Report sessions' tokens: made here for what src/domain/report-session.ts decides, looked up by
// src/auth/api-keys.ts. Like keys, a token is shown once and only its SHA-256 is stored.
import { randomBytes } from 'node:crypto';
import type { PrismaClient } from '../db/database.js';
import type { ApiCredential } from '../domain/access.js';
import { hashApiKey } from '../domain/api-keys.js';
import { decideSession } from '../domain/report-session.js';

/** Tokens are told from keys (`fbk_`) by their prefix, so a lookup goes to the right table. */
const TOKEN_PREFIX = 'fbt_';

export function isSessionToken(presented: string): boolean {
  return presented.startsWith(TOKEN_PREFIX);
}

/** A session just opened: the token, shown this once, and when it stops working. */
export interface OpenedSession {
  token: string;
  expiresAt: Date;
  apiKeyId: number;
}

export async function openSession(prisma: PrismaClient, credential: ApiCredential, now: Date): Promise<OpenedSession> {
  const grant = decideSession(credential, now);
  const token = `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  await prisma.sessionToken.create({ data: { hash: hashApiKey(token), ...grant } });
  return { token, expiresAt: grant.expiresAt, apiKeyId: grant.apiKeyId };
}

/** Ends the session a token credential belongs to, at once; a key presented itself has none to end. */
export async function closeSession(prisma: PrismaClient, credential: ApiCredential, now: Date): Promise<boolean> {
  if (!credential.session) return false;
  const { count } = await prisma.sessionToken.updateMany({ where: { id: credential.session.id, revokedAt: null }, data: { revokedAt: now } });
  return count > 0;
}

/** Drops tokens past their expiry: they already fail every lookup, so this only reclaims space. */
export async function purgeExpiredTokens(prisma: PrismaClient, now: Date): Promise<number> {
  const { count } = await prisma.sessionToken.deleteMany({ where: { expiresAt: { lte: now } } });
  return count;
}
