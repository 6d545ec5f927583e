/**
 * Sends a lane's deliveries (one webhook, one game) in order, one at a time: the oldest pending
 * delivery first; the next only once it is delivered or given up. An instance takes a delivery
 * with a lease (a conditional UPDATE), so that two instances never send it at once; one that died
 * while sending leaves a lease that runs out, and the delivery is sent again with the same
 * `webhook-id` (at least once). A failed attempt is retried after an exponential delay with jitter
 * until the retry window is over; then the delivery fails and its webhook is paused, with the reason
 * its owner reads on the webhook.
 */
import { Webhook as Signer } from 'standardwebhooks';
import type { PrismaClient } from '../../db/database.js';
import type { Clock } from '../../clock.js';
import { type RetryPolicy, retriesExhausted, retryDelayMs } from '../../domain/webhooks.js';
import type { Lane } from './fan-out.js';
import type { Sender } from './send.js';

export interface DelivererOptions {
  prisma: PrismaClient;
  clock: Clock;
  send: Sender;
  retry: RetryPolicy;
  /** How long a taken delivery is this instance's: longer than the send's timeout. */
  leaseMs: number;
  /** [0, 1): the jitter's randomness (Math.random by default; a test's own). */
  random?: () => number;
}

/** What is left of a lane after a run: nothing, or a delivery due at `at` (a retry, or one another instance holds). */
export type LaneState = { idle: true } | { idle: false; at: Date };

const MAX_ERROR_LENGTH = 500;

export class LaneDeliverer {
  constructor(private readonly options: DelivererOptions) {}

  /** Sends what is due in the lane, in order; stops at the first that is not due or not delivered. */
  async run(lane: Lane): Promise<LaneState> {
    const { prisma, clock } = this.options;
    for (;;) {
      const next = await prisma.webhookDelivery.findFirst({
        where: { webhookId: lane.webhookId, gameId: lane.gameId, status: 'PENDING', webhook: { status: 'ACTIVE' } },
        orderBy: { id: 'asc' },
        select: { id: true, nextAttemptAt: true, leaseUntil: true },
      });
      if (!next) return { idle: true };
      const now = clock.now();
      const heldUntil = next.leaseUntil && next.leaseUntil > now ? next.leaseUntil : null;
      if (heldUntil || next.nextAttemptAt > now) return { idle: false, at: heldUntil ?? next.nextAttemptAt };
      const outcome = await this.attempt(next.id, now);
      // Another instance took it in between: it is that one's until its lease runs out.
      if (outcome === 'taken') return { idle: false, at: new Date(now.getTime() + this.options.leaseMs) };
      // Given up: the webhook is paused, and the lane waits for its owner.
      if (outcome === 'given-up') return { idle: true };
      // Delivered: the next one; failed: the loop finds it not due and says when it is.
    }
  }

  /** One attempt at one delivery, if this instance gets its lease. */
  private async attempt(id: number, now: Date): Promise<'taken' | 'delivered' | 'failed' | 'given-up'> {
    const { prisma, clock } = this.options;
    const leaseUntil = new Date(now.getTime() + this.options.leaseMs);
    const taken = await prisma.webhookDelivery.updateMany({
      where: { id, status: 'PENDING', OR: [{ leaseUntil: null }, { leaseUntil: { lte: now } }] },
      data: { leaseUntil },
    });
    if (taken.count === 0) return 'taken';
    const delivery = await prisma.webhookDelivery.findUniqueOrThrow({
      where: { id },
      select: { messageId: true, body: true, attempts: true, firstAttemptAt: true, webhook: { select: { id: true, url: true, secret: true } } },
    });
    const body = JSON.stringify(delivery.body);
    const sentAt = clock.now();
    const headers = {
      'webhook-id': delivery.messageId,
      'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
      'webhook-signature': new Signer(delivery.webhook.secret).sign(delivery.messageId, sentAt, body),
    };
    const outcome = await this.options.send(delivery.webhook.url, headers, body);
    const at = clock.now();
    const attempts = delivery.attempts + 1;
    const firstAttemptAt = delivery.firstAttemptAt ?? sentAt;
    const error = outcome.error?.slice(0, MAX_ERROR_LENGTH) ?? null;
    const given = !outcome.ok && retriesExhausted(this.options.retry, firstAttemptAt, at);
    const nextAttemptAt = new Date(at.getTime() + retryDelayMs(this.options.retry, attempts, (this.options.random ?? Math.random)()));
    await prisma.$transaction([
      prisma.webhookAttempt.create({ data: { deliveryId: id, at: sentAt, statusCode: outcome.statusCode, error, latencyMs: outcome.latencyMs } }),
      prisma.webhookDelivery.update({
        where: { id },
        data: {
          attempts,
          firstAttemptAt,
          leaseUntil: null,
          lastStatusCode: outcome.statusCode,
          lastError: error,
          lastLatencyMs: outcome.latencyMs,
          ...(outcome.ok ? { status: 'DELIVERED', deliveredAt: at } : given ? { status: 'FAILED' } : { nextAttemptAt }),
        },
      }),
      ...(given
        ? [
            prisma.webhook.update({
              where: { id: delivery.webhook.id },
              data: {
                status: 'PAUSED',
                pausedAt: at,
                updatedAt: at,
                pausedReason: `Paused by the service: delivery ${delivery.messageId} failed ${attempts} times over ${Math.round(this.options.retry.windowMs / 3_600_000)} h (last: ${error})`,
              },
            }),
          ]
        : []),
    ]);
    if (outcome.ok) return 'delivered';
    return given ? 'given-up' : 'failed';
  }
}
