// A lane's deliveries on a clock the test moves: retries back off, a day of failures pauses the
// webhook with the reason, and the sender refuses a name that resolves to a private address.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/clock.js';
import type { Database } from '../../src/db/database.js';
import { pruneJournal } from '../../src/live/change-journal.js';
import { LaneDeliverer } from '../../src/live/webhooks/deliverer.js';
import { httpSender, type SendOutcome } from '../../src/live/webhooks/send.js';
import { openTestDatabase } from '../support/database.js';

const T0 = new Date('2026-03-01T12:00:00Z');
const RETRY = { baseDelayMs: 5_000, maxDelayMs: 2 * 3_600_000, windowMs: 24 * 3_600_000 };
/** Generous: the receiver's answer (a long one) must come back however loaded the machine; no timeout is tested here. */
const SENDER_TIMEOUT_MS = 30_000;

let db: Database;

beforeAll(async () => {
  db = await openTestDatabase();
});

afterAll(() => db?.close());

async function webhookWithDeliveries(count: number) {
  const webhook = await db.prisma.webhook.create({
    data: { url: 'https://receiver.example/hook', secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', createdAt: T0, updatedAt: T0 },
  });
  for (let i = 0; i < count; i++) {
    await db.prisma.webhookDelivery.create({
      data: {
        messageId: `msg_t${webhook.id}_${i}`,
        webhookId: webhook.id,
        gameId: 7,
        seq: i + 1,
        eventType: 'game.event_recorded',
        body: { n: i },
        createdAt: T0,
        nextAttemptAt: T0,
      },
    });
  }
  return webhook;
}

describe('a lane on a moving clock', () => {
  it('retries the first delivery with growing delays, keeps the second behind it, then gives up after a day and pauses the webhook', async () => {
    const clock = fixedClock(T0);
    const sent: string[] = [];
    const failing = async (_url: string, headers: Record<string, string>): Promise<SendOutcome> => {
      sent.push(headers['webhook-id']);
      return { ok: false, statusCode: 503, error: 'answered 503: down', latencyMs: 3 };
    };
    const deliverer = new LaneDeliverer({ prisma: db.prisma, clock, send: failing, retry: RETRY, leaseMs: 11_000, random: () => 0.5 });
    const webhook = await webhookWithDeliveries(2);
    const lane = { webhookId: webhook.id, gameId: 7 };
    const delays: number[] = [];
    for (;;) {
      const state = await deliverer.run(lane);
      if (state.idle) break;
      delays.push(state.at.getTime() - clock.now().getTime());
      clock.set(state.at);
    }
    // 3/4 of 5 s, 10 s, 20 s, … (half fixed, half the jitter's 0.5), up to 3/4 of 2 h.
    expect(delays.slice(0, 4)).toEqual([3750, 7500, 15_000, 30_000]);
    expect(Math.max(...delays)).toBe(5_400_000);
    expect(new Set(sent)).toEqual(new Set([`msg_t${webhook.id}_0`]));
    const [first, second] = await db.prisma.webhookDelivery.findMany({ where: { webhookId: webhook.id }, orderBy: { id: 'asc' } });
    expect(first).toMatchObject({ status: 'FAILED', attempts: sent.length, lastStatusCode: 503 });
    expect(clock.now().getTime() - T0.getTime()).toBeGreaterThanOrEqual(RETRY.windowMs);
    expect(second).toMatchObject({ status: 'PENDING', attempts: 0 });
    const paused = await db.prisma.webhook.findUniqueOrThrow({ where: { id: webhook.id } });
    expect(paused.status).toBe('PAUSED');
    expect(paused.pausedReason).toContain(`delivery msg_t${webhook.id}_0 failed ${sent.length} times over 24 h (last: answered 503: down)`);
    expect(await db.prisma.webhookAttempt.count({ where: { delivery: { webhookId: webhook.id } } })).toBe(sent.length);
  });

  it('sends nothing another instance holds under its lease, and takes it over once the lease ran out', async () => {
    const clock = fixedClock(T0);
    const sent: string[] = [];
    const ok = async (_url: string, headers: Record<string, string>): Promise<SendOutcome> => {
      sent.push(headers['webhook-id']);
      return { ok: true, statusCode: 200, error: null, latencyMs: 1 };
    };
    const webhook = await webhookWithDeliveries(1);
    await db.prisma.webhookDelivery.updateMany({ where: { webhookId: webhook.id }, data: { leaseUntil: new Date(T0.getTime() + 11_000) } });
    const deliverer = new LaneDeliverer({ prisma: db.prisma, clock, send: ok, retry: RETRY, leaseMs: 11_000 });
    const held = await deliverer.run({ webhookId: webhook.id, gameId: 7 });
    expect(held).toEqual({ idle: false, at: new Date(T0.getTime() + 11_000) });
    expect(sent).toEqual([]);
    clock.advance(11_000);
    expect(await deliverer.run({ webhookId: webhook.id, gameId: 7 })).toEqual({ idle: true });
    expect(sent).toEqual([`msg_t${webhook.id}_0`]);
  });
});

describe('the sender', () => {
  it('refuses a name that resolves to a loopback address unless the host is allowed, and reads little of a long answer', async () => {
    const server = createServer((_request, response) => response.writeHead(500).end('x'.repeat(1_000_000)));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const refused = await httpSender({ allowedHosts: ['127.0.0.1'], timeoutMs: SENDER_TIMEOUT_MS })(`http://localhost:${port}/hook`, {}, '{}');
      expect(refused).toMatchObject({ ok: false, statusCode: null, error: 'refused: the URL must be https' });
      const https = await httpSender({ allowedHosts: [], timeoutMs: SENDER_TIMEOUT_MS })(`https://localhost:${port}/hook`, {}, '{}');
      expect(https.error).toMatch(/^refused: localhost resolves to a private address \((127\.0\.0\.1|::1)\)$/);
      const literal = await httpSender({ allowedHosts: [], timeoutMs: SENDER_TIMEOUT_MS })(`https://127.0.0.1:${port}/hook`, {}, '{}');
      expect(literal.error).toBe('refused: 127.0.0.1 is a private address');
      const allowed = await httpSender({ allowedHosts: ['localhost'], timeoutMs: SENDER_TIMEOUT_MS })(`http://localhost:${port}/hook`, {}, '{}');
      expect(allowed).toMatchObject({ ok: false, statusCode: 500 });
      expect(allowed.error?.length).toBeLessThan(250);
    } finally {
      server.close();
    }
  });
});

describe('the change log under webhooks', () => {
  it('keeps what the fan-out has not passed, however old, and prunes the rest', async () => {
    const old = new Date(Date.now() - 3_600_000);
    const rows = [];
    for (let i = 0; i < 4; i++) rows.push(await db.prisma.changeLogEntry.create({ data: { change: { kind: 'data' }, at: old } }));
    await db.prisma.changeLogEntry.create({ data: { change: { kind: 'data' } } });
    await db.prisma.webhookCursor.upsert({ where: { name: 'fan-out' }, create: { name: 'fan-out', seq: rows[1].seq }, update: { seq: rows[1].seq } });
    await pruneJournal(db.prisma, 60_000);
    const left = (await db.prisma.changeLogEntry.findMany({ select: { seq: true } })).map((row) => row.seq);
    expect(left).not.toContain(rows[1].seq);
    expect(left).toEqual(expect.arrayContaining([rows[2].seq, rows[3].seq]));
  });
});
