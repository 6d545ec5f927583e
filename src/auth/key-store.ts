// Key administration's writes: decided by src/domain/key-admin.ts, persisted here. The GraphQL
// fields (src/schema/api-key.ts) and the keys CLI working directly on the database both call these,
// so the two paths cannot disagree.
import type { PrismaClient } from '../db/database.js';
import { newApiKey } from '../domain/api-keys.js';
import { decideNewKey, decideRevocation, decideRotation, isRecordId, type KeyGrant, type KeyState, type NewKeyRequest } from '../domain/key-admin.js';

type Transaction = Parameters<Parameters<PrismaClient['$transaction']>[0]>[0];

/** A stored key as administrators see it: everything but its hash. */
export interface AdministeredKey {
  id: number;
  name: string;
  prefix: string;
  clubId: number | null;
  scopes: string[];
  /** An event desk's games; empty for every other key. */
  gameIds: number[];
  createdAt: Date;
  revokedAt: Date | null;
}

/** A key just made, with its secret: shown this once, only its hash is stored. */
export interface IssuedKey {
  key: AdministeredKey;
  secret: string;
}

export const ADMINISTERED_KEY_COLUMNS = {
  id: true,
  name: true,
  prefix: true,
  clubId: true,
  scopes: true,
  gameIds: true,
  createdAt: true,
  revokedAt: true,
} as const;

export function listApiKeys(prisma: PrismaClient): Promise<AdministeredKey[]> {
  return prisma.apiKey.findMany({ select: ADMINISTERED_KEY_COLUMNS, orderBy: { id: 'asc' } });
}

export async function createApiKey(prisma: PrismaClient, request: NewKeyRequest, now: Date): Promise<IssuedKey> {
  const club = isRecordId(request.clubId) ? await prisma.club.findUnique({ where: { id: request.clubId }, select: { id: true } }) : null;
  const askedGames = (request.gameIds ?? []).filter(isRecordId);
  const games = askedGames.length === 0 ? [] : await prisma.game.findMany({ where: { id: { in: askedGames } }, select: { id: true } });
  return issue(
    prisma,
    decideNewKey(
      request,
      club,
      games.map((game) => game.id),
    ),
    now,
  );
}

export function revokeApiKey(prisma: PrismaClient, id: number, now: Date): Promise<AdministeredKey> {
  return prisma.$transaction(async (tx) => {
    const revocation = decideRevocation(id, await lockedKey(tx, id), now);
    return tx.apiKey.update({ where: { id: revocation.id }, data: { revokedAt: revocation.revokedAt }, select: ADMINISTERED_KEY_COLUMNS });
  });
}

/** The old key stops working in the same commit that makes the new one, which takes over its webhooks. */
export function rotateApiKey(prisma: PrismaClient, id: number, now: Date): Promise<IssuedKey> {
  return prisma.$transaction(async (tx) => {
    const rotation = decideRotation(id, await lockedKey(tx, id), now);
    await tx.apiKey.update({ where: { id: rotation.revoke.id }, data: { revokedAt: rotation.revoke.revokedAt } });
    const issued = await issue(tx, rotation.grant, now);
    // The key's webhooks are the integrator's, not the secret's: they go on under the new key.
    await tx.webhook.updateMany({ where: { ownerKeyId: rotation.revoke.id }, data: { ownerKeyId: issued.key.id } });
    return issued;
  });
}

async function issue(prisma: PrismaClient | Transaction, grant: KeyGrant, now: Date): Promise<IssuedKey> {
  const { key: secret, prefix, hash } = newApiKey();
  const key = await prisma.apiKey.create({
    data: { name: grant.name, prefix, hash, clubId: grant.clubId, scopes: [...grant.scopes], gameIds: [...grant.gameIds], createdAt: now },
    select: ADMINISTERED_KEY_COLUMNS,
  });
  return { key, secret };
}

/** The key under a row lock: two administrators revoking or rotating it at once queue up, and the second is told it is revoked. */
async function lockedKey(tx: Transaction, id: number): Promise<KeyState | null> {
  if (!isRecordId(id)) return null;
  await tx.$queryRaw`SELECT id FROM "ApiKey" WHERE id = ${id} FOR UPDATE`;
  return tx.apiKey.findUnique({ where: { id }, select: { id: true, name: true, clubId: true, scopes: true, gameIds: true, revokedAt: true } });
}
