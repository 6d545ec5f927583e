/**
 * The idempotency of the webhook mutations that make something (a webhook, a test delivery, a
 * redelivery), as the live writes have it (src/live/write-idempotency.ts): the mutation and its key
 * are kept in one transaction with what it wrote, so a retry with the same key and input finds them
 * and gets the first answer, writing nothing; the same key with another input, or for another
 * mutation, is refused. A key belongs to its caller (the API key that sent it), and is kept as long
 * as the webhook it is about: deleted with it.
 *
 * The mutations that change a webhook to a state (update, pause, resume, delete) need no key: sent
 * twice, they leave what they left once.
 */
import type { PrismaClient } from '../../db/database.js';
import { InvalidInputError } from '../../domain/errors.js';
import type { Prisma } from '../../generated/prisma/client.js';
import { assertIdempotencyKey, inputHashOf, retryingKeyRace } from '../write-idempotency.js';

export type KeyedWebhookMutation = 'createWebhook' | 'sendTestWebhookEvent' | 'redeliverWebhookEvents';

/** What a keyed mutation answers, as kept for its retries: always about one webhook. */
export interface KeptAnswer {
  webhookId: number;
}

export interface KeyedOutcome<A extends KeptAnswer> {
  answer: A;
  /** True when the key was used before: `answer` is the first one and nothing was written. */
  replayed: boolean;
  /** When the first answer was given. */
  at: Date;
}

/**
 * How long the transaction may wait for a connection and run, as the live writes' (WRITE_TIMEOUT_MS
 * in src/live/game-writer.ts): on the embedded database's one connection it may wait for the
 * delivery loop's work, longer than Prisma's 2 s default on a loaded machine.
 */
const TRANSACTION_BOUNDS = { timeout: 10_000, maxWait: 10_000 };

/** The local operator has no key; its idempotency keys are kept under 0. */
const callerOf = (keyId: number | null) => keyId ?? 0;

/**
 * Runs `write` once per key: in a transaction that keeps the key with its answer, or, with a key
 * already used for this mutation and input, returns that first answer instead.
 */
export async function onceForKey<A extends KeptAnswer>(
  prisma: PrismaClient,
  request: { keyId: number | null; idempotencyKey: string; mutation: KeyedWebhookMutation; input: unknown; now: Date },
  write: (tx: Prisma.TransactionClient) => Promise<A>,
): Promise<KeyedOutcome<A>> {
  const { idempotencyKey, mutation, now } = request;
  assertIdempotencyKey({ idempotencyKey });
  const callerKeyId = callerOf(request.keyId);
  const inputHash = inputHashOf(request.input);
  // Two requests with one key at once: the second to commit breaks the unique index, rolls its
  // write back, and on its second attempt finds the first one's answer.
  return retryingKeyRace(() =>
    prisma.$transaction(async (tx) => {
      const earlier = await tx.webhookWriteKey.findUnique({ where: { callerKeyId_idempotencyKey: { callerKeyId, idempotencyKey } } });
      if (earlier) {
        if (earlier.mutation !== mutation || earlier.inputHash !== inputHash)
          throw new InvalidInputError(`idempotencyKey "${idempotencyKey}" was already used for a different write`, 'idempotencyKey');
        return { answer: earlier.answer as unknown as A, replayed: true, at: earlier.at };
      }
      const answer = await write(tx);
      await tx.webhookWriteKey.create({
        data: { callerKeyId, idempotencyKey, mutation, inputHash, webhookId: answer.webhookId, answer: answer as unknown as Prisma.InputJsonValue, at: now },
      });
      return { answer, replayed: false, at: now };
    }, TRANSACTION_BOUNDS),
  );
}
