// Reading a game's audit (what src/live/game-writer.ts commits with each write), for the GraphQL
// field `gameAudit` and the audit CLI working directly on the database: one order, one NOT_FOUND.
import type { PrismaClient } from '../db/database.js';
import { NotFoundError } from '../domain/errors.js';
import { GAME_STATUSES, type GameStatus } from '../domain/game-status.js';
import type { ResultBefore } from '../domain/standings-as-of.js';
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

const DECISIONS: readonly string[] = ['REGULAR', 'OVERTIME', 'PENALTY_SHOTS'];
const RESULT_STATES: readonly (string | null)[] = ['PROVISIONAL', 'PROTESTED', 'CONFIRMED', null];

/** `before` of one part of a recorded change; undefined when the write did not record that part. */
function beforeOf(change: unknown, part: string): unknown {
  const recorded = change !== null && typeof change === 'object' ? (change as Record<string, unknown>)[part] : undefined;
  return recorded !== null && typeof recorded === 'object' && 'before' in recorded ? recorded.before : undefined;
}

/**
 * What an audited write found of the game's result before it changed it, read from its `change` as
 * the writers record it: `status`, `score` ("home:away"), `decidedBy` and `resultState`, each
 * `{ before, after }`. A part the write did not record (or a value no writer writes) is left out.
 */
export function resultBeforeOf(change: unknown): ResultBefore {
  const result: ResultBefore = {};
  const status = beforeOf(change, 'status');
  if ((GAME_STATUSES as readonly unknown[]).includes(status)) result.status = status as GameStatus;
  const score = beforeOf(change, 'score');
  const goals = typeof score === 'string' ? /^(\d+):(\d+)$/.exec(score) : null;
  if (goals) result.score = { home: Number(goals[1]), away: Number(goals[2]) };
  const decidedBy = beforeOf(change, 'decidedBy');
  if (DECISIONS.includes(decidedBy as string)) result.decidedBy = decidedBy as ResultBefore['decidedBy'];
  const state = beforeOf(change, 'resultState');
  if (RESULT_STATES.includes(state as string | null)) result.resultState = state as ResultBefore['resultState'];
  return result;
}
