import { timingSafeEqual } from 'node:crypto';
import type { PrismaClient } from '../db/database.js';
import { ADMIN_SCOPE, type ApiCredential } from '../domain/access.js';
import { hashApiKey } from '../domain/api-keys.js';

export type { ApiCredential } from '../domain/access.js';

/** Keys longer than this are refused unlooked-at: no stored key is that long. */
const MAX_KEY_LENGTH = 200;

/**
 * The embedded database's local operator: a token made at each start and written only into the
 * data directory's lock file (mode 0600), so whoever may read the data directory may administer the
 * service (src/db/data-dir-lock.ts). It may administer keys; it is no stored key and writes no game.
 */
export const OPERATOR_CREDENTIAL: ApiCredential = Object.freeze({ keyId: null, clubId: null, scopes: Object.freeze([ADMIN_SCOPE]) });

function sameSecret(presented: string, expected: string): boolean {
  const a = Buffer.from(presented);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Looks a presented key up by its hash; revoked keys stop working at once (nothing is cached). */
export async function verifyApiKey(prisma: PrismaClient, presented: string, operatorToken?: string): Promise<ApiCredential | null> {
  if (presented.length < 8 || presented.length > MAX_KEY_LENGTH) return null;
  if (operatorToken !== undefined && sameSecret(presented, operatorToken)) return OPERATOR_CREDENTIAL;
  const key = await prisma.apiKey.findUnique({ where: { hash: hashApiKey(presented) }, select: { id: true, clubId: true, revokedAt: true, scopes: true } });
  if (!key || key.revokedAt) return null;
  return { keyId: key.id, clubId: key.clubId, scopes: key.scopes };
}
