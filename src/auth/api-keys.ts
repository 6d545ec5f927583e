import type { PrismaClient } from '../db/database.js';
import { GAMES_WRITE_SCOPE, hashApiKey } from '../domain/api-keys.js';
import { ForbiddenError } from '../domain/errors.js';

export interface ApiCredential {
  keyId: number;
  /** The club the key belongs to; null for a federation key, which may read every club. */
  clubId: number | null;
  /** What the key may do beyond reading (src/domain/api-keys.ts KEY_SCOPES). */
  scopes: readonly string[];
}

/** Looks a presented key up by its hash; revoked keys stop working at once (no cache). */
export async function verifyApiKey(prisma: PrismaClient, presented: unknown): Promise<ApiCredential | null> {
  if (typeof presented !== 'string' || presented.length < 8 || presented.length > 200) return null;
  const key = await prisma.apiKey.findUnique({ where: { hash: hashApiKey(presented) }, select: { id: true, clubId: true, revokedAt: true, scopes: true } });
  if (!key || key.revokedAt) return null;
  return { keyId: key.id, clubId: key.clubId, scopes: key.scopes };
}

export function mayReadClub(credential: ApiCredential, clubId: number): boolean {
  return credential.clubId === null || credential.clubId === clubId;
}

/** Game officials write with a `games:write` key; any other key reads only. */
export function assertMayWriteGames(credential: ApiCredential): void {
  if (!credential.scopes.includes(GAMES_WRITE_SCOPE)) throw new ForbiddenError(`This API key may read only: recording games needs the ${GAMES_WRITE_SCOPE} scope`);
}

/** A club's key writes its club's home games, a federation key every game. */
export function assertMayWriteGame(credential: ApiCredential, homeClubId: number): void {
  assertMayWriteGames(credential);
  if (credential.clubId !== null && credential.clubId !== homeClubId) throw new ForbiddenError("This API key may record its own club's home games only");
}
