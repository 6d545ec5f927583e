/**
 * The idempotency of a game's writes, as the audit keeps it: every write of a game is audited under
 * its key's idempotency key ("GameAuditEntry", unique per API key), together with a hash of its
 * input and the version it made. A retry with the same key and input finds that row and returns the
 * first result; the same key with another input is refused. Live writes (src/live/game-writer.ts)
 * and game-sheet writes (src/live/sheet-writer.ts) share the table, so one key is used once, whatever
 * it was used for.
 */
import { createHash } from 'node:crypto';
import { InvalidInputError } from '../domain/errors.js';
import { Prisma } from '../generated/prisma/client.js';
import { IDEMPOTENCY_KEY_MAX_LENGTH } from './game-writer.js';

export function assertIdempotencyKey(key: string): void {
  if (key.length === 0 || key.length > IDEMPOTENCY_KEY_MAX_LENGTH)
    throw new InvalidInputError(`idempotencyKey must be 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} characters`);
}

/** The hash a write's input is audited with: what a retry must send again. */
export function inputHashOf(input: unknown): string {
  return createHash('sha256').update(JSON.stringify(input)).digest('hex');
}

/** The write this key already made with this idempotency key, if any; refused when it was made with another input. */
export async function earlierWrite(
  tx: Pick<Prisma.TransactionClient, 'gameAuditEntry'>,
  keyId: number,
  idempotencyKey: string,
  hash: string,
): Promise<{ gameId: number; version: number; eventId: number | null } | null> {
  const earlier = await tx.gameAuditEntry.findUnique({
    where: { apiKeyId_idempotencyKey: { apiKeyId: keyId, idempotencyKey } },
    select: { gameId: true, version: true, eventId: true, inputHash: true },
  });
  if (earlier && earlier.inputHash !== hash) throw new InvalidInputError(`idempotencyKey "${idempotencyKey}" was already used for a different write`);
  return earlier;
}

/**
 * Runs the write's transaction, once more if it lost the race for its idempotency key: the same key
 * sent at the same time for two games, whose other write holds it now. The second attempt finds
 * that write and refuses this one for its different input.
 */
export async function retryingKeyRace<T>(attempt: () => Promise<T>): Promise<T> {
  try {
    return await attempt();
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') return attempt();
    throw error;
  }
}
