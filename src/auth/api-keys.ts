import type { PrismaClient } from '../db/database.js';
import { hashApiKey } from '../domain/api-keys.js';

export interface ApiCredential {
  keyId: number;
  /** The club the key belongs to; null for a federation key, which may read every club. */
  clubId: number | null;
}

/** Looks a presented key up by its hash; revoked keys stop working at once (no cache). */
export async function verifyApiKey(prisma: PrismaClient, presented: unknown): Promise<ApiCredential | null> {
  if (typeof presented !== 'string' || presented.length < 8 || presented.length > 200) return null;
  const key = await prisma.apiKey.findUnique({ where: { hash: hashApiKey(presented) }, select: { id: true, clubId: true, revokedAt: true } });
  if (!key || key.revokedAt) return null;
  return { keyId: key.id, clubId: key.clubId };
}

export function mayReadClub(credential: ApiCredential, clubId: number): boolean {
  return credential.clubId === null || credential.clubId === clubId;
}
