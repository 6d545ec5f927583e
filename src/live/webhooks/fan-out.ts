/**
 * From the change log to deliveries: reads the log from the stored cursor, makes one delivery row
 * per change and webhook that wants it (its `webhook-id` fixed by the change's number), and moves
 * the cursor, in one transaction that holds the cursor's row lock. A write is in the log exactly
 * when it committed (src/live/change-journal.ts), so a write whose process died right after its
 * commit is delivered all the same: the next fan-out, on any instance, finds it there. Instances
 * that fan out at once queue on the lock; the second finds the cursor moved.
 */
import type { PrismaClient } from '../../db/database.js';
import type { Prisma } from '../../generated/prisma/client.js';
import { bodyOf, eventTypesOf, type LoggedGameChange, messageIdOf, type WebhookGameEvent, type WebhookInterest, wants } from '../../domain/webhooks.js';
import { SETTLE_AFTER_MS } from '../change-journal.js';

const CURSOR = 'fan-out';
/** Changes read per transaction; a longer backlog takes several. */
const BATCH = 500;

/** Deliveries of one webhook about one game go out in order, one at a time: a lane. */
export interface Lane {
  webhookId: number;
  gameId: number;
}

export const laneKey = (lane: Lane): string => `${lane.webhookId}:${lane.gameId}`;

type Tx = Prisma.TransactionClient;

interface LogRow {
  seq: number;
  at: Date;
  settled: boolean;
  change: { kind: string; game?: LoggedGameChange };
}

/**
 * One batch of the log past the cursor. A number missing in the middle may belong to a write still
 * committing: the fan-out stops before it until it is older than SETTLE_AFTER_MS, by then a hole for
 * good. Returns the lanes given new deliveries and whether more of the log is waiting.
 */
export async function fanOut(prisma: PrismaClient, options: { now: Date; publicBaseUrl: string }): Promise<{ lanes: Lane[]; more: boolean }> {
  return prisma.$transaction(
    async (tx) => {
      const cursor = await lockedCursor(tx);
      const rows = await tx.$queryRaw<LogRow[]>`
        SELECT seq, at, at < clock_timestamp() - ${SETTLE_AFTER_MS}::int * interval '1 millisecond' AS settled, change
        FROM "ChangeLogEntry" WHERE seq > ${cursor} ORDER BY seq LIMIT ${BATCH}`;
      let reached = cursor;
      const taken: LogRow[] = [];
      for (const row of rows) {
        if (row.seq !== reached + 1 && !row.settled) break;
        taken.push(row);
        reached = row.seq;
      }
      if (taken.length === 0) return { lanes: [], more: false };
      const lanes = await deliveriesFor(tx, taken, options);
      await tx.webhookCursor.update({ where: { name: CURSOR }, data: { seq: reached } });
      return { lanes, more: rows.length === BATCH && taken.length === rows.length };
    },
    { timeout: 30_000, maxWait: 30_000 },
  );
}

/**
 * The cursor, locked. Made the first time where the oldest webhook begins (each hears of the changes
 * after its `startSeq`), or at the log's newest number when there is none yet: however late the
 * engine first runs, no change a webhook should hear of is skipped.
 */
async function lockedCursor(tx: Tx): Promise<number> {
  await tx.$executeRaw`
    INSERT INTO "WebhookCursor" (name, seq)
    SELECT ${CURSOR}, coalesce((SELECT min("startSeq") FROM "Webhook"), (SELECT max(seq) FROM "ChangeLogEntry"), 0)
    ON CONFLICT (name) DO NOTHING`;
  const [row] = await tx.$queryRaw<{ seq: number }[]>`SELECT seq FROM "WebhookCursor" WHERE name = ${CURSOR} FOR UPDATE`;
  return row?.seq ?? 0;
}

const INTEREST_COLUMNS = { id: true, startSeq: true, eventTypes: true, eventKinds: true, leagueId: true, teamId: true, clubId: true, gameId: true } as const;

async function deliveriesFor(tx: Tx, rows: LogRow[], options: { now: Date; publicBaseUrl: string }): Promise<Lane[]> {
  const webhooks: (WebhookInterest & { id: number; startSeq: number })[] = await tx.webhook.findMany({
    // A revoked key's webhooks hear nothing more (rotating a key hands them to its successor: src/auth/key-store.ts).
    where: { OR: [{ ownerKeyId: null }, { owner: { revokedAt: null } }] },
    select: INTEREST_COLUMNS,
  });
  if (webhooks.length === 0) return [];
  const games = rows.flatMap((row) => (row.change.kind === 'game' && row.change.game ? [{ seq: row.seq, at: row.at, change: row.change.game }] : []));
  const events = await eventsNamed(
    tx,
    games.map((game) => game.change.eventId).filter((id): id is number => id !== null),
  );
  const data: Prisma.WebhookDeliveryCreateManyInput[] = [];
  const lanes = new Map<string, Lane>();
  for (const { seq, at, change } of games) {
    const event = change.eventId === null ? null : (events.get(change.eventId) ?? null);
    for (const type of eventTypesOf(change)) {
      const body = bodyOf(type, change, seq, at, event, options.publicBaseUrl);
      // A paused webhook still collects its deliveries: they go out, in order, once it is resumed.
      for (const webhook of webhooks) {
        if (seq <= webhook.startSeq || !wants(webhook, type, change, event?.type ?? null)) continue;
        const lane = { webhookId: webhook.id, gameId: change.gameId };
        lanes.set(laneKey(lane), lane);
        data.push({
          messageId: messageIdOf(seq, webhook.id, type),
          webhookId: webhook.id,
          gameId: change.gameId,
          seq,
          eventType: type,
          body: body as unknown as Prisma.InputJsonValue,
          createdAt: options.now,
          nextAttemptAt: options.now,
        });
      }
    }
  }
  if (data.length > 0) await tx.webhookDelivery.createMany({ data, skipDuplicates: true });
  return [...lanes.values()];
}

async function eventsNamed(tx: Tx, ids: number[]): Promise<Map<number, WebhookGameEvent>> {
  if (ids.length === 0) return new Map();
  const rows = await tx.gameEvent.findMany({
    where: { id: { in: ids } },
    select: { id: true, type: true, second: true, period: true, side: true, teamId: true, playerId: true, assistId: true, homeScore: true, awayScore: true },
  });
  return new Map(rows.map((row) => [row.id, row]));
}
