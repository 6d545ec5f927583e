// Reading a game's audit (what src/live/game-writer.ts commits with each write), for the GraphQL
// field `gameAudit` and the audit CLI working directly on the database: one order, one NOT_FOUND.
import type { PrismaClient } from '../db/database.js';
import { NotFoundError } from '../domain/errors.js';
import type { AuditRow } from './audit.js';

/** Oldest first; writes of the same millisecond in the order they were committed. */
export function gameAuditOrder(): [{ at: 'asc' }, { id: 'asc' }] {
  return [{ at: 'asc' }, { id: 'asc' }];
}

/** An unknown game is NOT_FOUND, not an empty audit: the id was probably mistyped. */
export async function assertGameExists(prisma: PrismaClient, gameId: number): Promise<void> {
  const game = Number.isSafeInteger(gameId) ? await prisma.game.findUnique({ where: { id: gameId }, select: { id: true } }) : null;
  if (!game) throw new NotFoundError(`No game ${gameId}`);
}

export async function readGameAudit(prisma: PrismaClient, gameId: number): Promise<AuditRow[]> {
  await assertGameExists(prisma, gameId);
  return prisma.gameAuditEntry.findMany({
    where: { gameId },
    orderBy: gameAuditOrder(),
    select: { at: true, mutation: true, version: true, eventId: true, change: true, apiKey: { select: { id: true, name: true, prefix: true, clubId: true } } },
  });
}
