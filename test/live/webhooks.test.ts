// Webhooks end to end: games played through the live mutations, delivered from the change log to
// real receivers on loopback that verify each request with the Standard Webhooks library. On the
// embedded database the in-process engine delivers; with DATABASE_URL, graphile-worker does.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_NOW, demoFixture } from '../../scripts/examples/demo-fixture.js';
import { buildApp, type AppOptions } from '../../src/app.js';
import { rotateApiKey } from '../../src/auth/key-store.js';
import { fixedClock } from '../../src/clock.js';
import { loadDemoLeague } from '../../src/data/demo/index.js';
import { type Database, openDatabase } from '../../src/db/database.js';
import { createServerDatabase } from '../support/database.js';
import { createEventKey, formBody } from '../support/bo.js';
import { httpSender } from '../../src/live/webhooks/send.js';
import { createKey } from '../support/keys.js';
import { postGraphQL, scheduledGameWithSheet } from '../support/live.js';
import { type Received, WebhookReceiver } from '../support/webhook-receiver.js';

/**
 * Each delivery once, in the order first taken: at least once means a delivery whose answer came
 * after the sender's timeout is sent again, under its id.
 */
const distinct = (requests: Received[]) => requests.filter((r, i, all) => all.findIndex((other) => other.id === r.id) === i);
const once = (receiver: WebhookReceiver) => distinct(receiver.taken);

/** Retries within milliseconds, so that a receiver's outage costs the test a second, not a day. */
const FAST_RETRIES = { baseDelayMs: 20, maxDelayMs: 200, windowMs: 10 * 60_000 };

/**
 * The exchange with a receiver: generous, so that a receiver on a loaded machine that answers late
 * is still taken once (a timeout would send it again). Only a receiver that hangs on purpose (its
 * URL under HANGING_PATH) meets a short one, since there the timeout is what is tested.
 */
const TIMEOUT_MS = 30_000;
const HANGING_TIMEOUT_MS = 2000;
const HANGING_PATH = '/hangs-on-purpose';
const generous = httpSender({ allowedHosts: ['127.0.0.1'], timeoutMs: TIMEOUT_MS });
const short = httpSender({ allowedHosts: ['127.0.0.1'], timeoutMs: HANGING_TIMEOUT_MS });
const send = (url: string, headers: Record<string, string>, body: string) =>
  (new URL(url).pathname.startsWith(HANGING_PATH) ? short : generous)(url, headers, body);

let db: Database;
let databaseUrl: string | undefined;
let dropDatabase: () => Promise<void> = async () => undefined;
const apps: FastifyInstance[] = [];
let baseUrl: string;
let webhookKey: string;
let deskKey: string;
let readKey: string;
let writes = 0;

async function openDb(): Promise<void> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    db = await openDatabase({ dataDir: 'memory://' });
    return;
  }
  const server = await createServerDatabase(serverUrl);
  databaseUrl = server.url;
  dropDatabase = server.drop;
  db = await openDatabase({ databaseUrl, poolSize: 8 });
}

async function startInstance(extra: Partial<AppOptions> = {}): Promise<string> {
  const app = await buildApp({
    database: db,
    databaseUrl,
    clock: fixedClock(DEMO_NOW),
    logLevel: 'silent',
    publicBaseUrl: 'http://test.local',
    webhooks: { allowedHosts: ['127.0.0.1'], timeoutMs: TIMEOUT_MS, send, retry: FAST_RETRIES, sweepMs: 250, concurrency: 4 },
    ...extra,
  });
  apps.push(app);
  return app.listen({ host: '127.0.0.1', port: 0 });
}

/** A new retry key for each write a test means as a new one. */
const writeKey = () => randomUUID();

const gql = <T = Record<string, unknown>>(query: string, variables: Record<string, unknown>, key?: string, base = baseUrl) =>
  postGraphQL<T>(base, query, variables, key);

const CREATE = `mutation ($input: CreateWebhookInput!) { createWebhook(input: $input) { secret webhook { id url status eventTypes eventKinds gameId } } }`;
const START = 'mutation ($input: StartGameInput!) { startGame(input: $input) { version } }';
const GOAL = 'mutation ($input: RecordGoalInput!) { recordGoal(input: $input) { version eventId } }';
const PENALTY = 'mutation ($input: RecordPenaltyInput!) { recordPenalty(input: $input) { version eventId } }';

async function createWebhook(receiver: WebhookReceiver, url: string, input: Record<string, unknown>) {
  const answer = await gql<{ createWebhook: { secret: string; webhook: { id: number } } }>(
    CREATE,
    { input: { url: `${url}/hook`, idempotencyKey: writeKey(), ...input } },
    webhookKey,
  );
  expect(answer.errors).toBeUndefined();
  const created = answer.data!.createWebhook;
  receiver.secret = created.secret;
  return created.webhook.id;
}

async function liveWrite(document: string, gameId: number, input: Record<string, unknown>, base = baseUrl) {
  const answer = await gql<Record<string, { version: number; eventId: number | null }>>(
    document,
    { input: { gameId, idempotencyKey: `webhook-${++writes}`, ...input } },
    deskKey,
    base,
  );
  expect(answer.errors).toBeUndefined();
  return Object.values(answer.data!)[0];
}

beforeAll(async () => {
  await openDb();
  await loadDemoLeague(db.prisma, demoFixture());
  webhookKey = (await createKey(db, 'newspaper ticker', null, ['webhooks'])).key;
  deskKey = (await createKey(db, 'federation desk', null, ['games:write'])).key;
  readKey = (await createKey(db, 'reader', null)).key;
  baseUrl = await startInstance();
});

afterAll(async () => {
  for (const app of apps) await app.close();
  await db?.close();
  await dropDatabase();
});

describe('a game played live, delivered to a webhook', () => {
  const receiver = new WebhookReceiver();
  afterAll(() => receiver.close());

  it('delivers every goal, in order, signed, with the log position, the version and a link; other kinds stay out', async () => {
    const url = await receiver.listen();
    const { game } = await scheduledGameWithSheet(db);
    await createWebhook(receiver, url, { eventTypes: ['GAME_EVENT_RECORDED'], eventKinds: ['GOAL'], gameId: game.id });
    await liveWrite(START, game.id, {});
    const sides = ['HOME', 'AWAY', 'HOME', 'HOME', 'AWAY'];
    const goals = [];
    for (const [i, side] of sides.entries()) {
      goals.push(await liveWrite(GOAL, game.id, { side, second: 60 * (i + 1) }));
      if (i === 1) await liveWrite(PENALTY, game.id, { side: 'AWAY', second: 150, kind: 'MINOR_2' });
    }
    await receiver.waitFor('five goals', () => once(receiver).length >= sides.length);
    expect(receiver.unverified).toEqual([]);
    const bodies = once(receiver).map((r) => r.body);
    expect(bodies.map((b) => b.type)).toEqual(sides.map(() => 'game.event_recorded'));
    expect(bodies.map((b) => (b.data.event as { id: number }).id)).toEqual(goals.map((g) => g.eventId));
    expect(bodies.map((b) => (b.data.game as { version: number }).version)).toEqual(goals.map((g) => g.version));
    const seqs = bodies.map((b) => b.data.seq as number);
    expect([...seqs].sort((a, b) => a - b)).toEqual(seqs);
    expect(bodies.map((b) => `${(b.data.event as { homeScore: number }).homeScore}:${(b.data.event as { awayScore: number }).awayScore}`)).toEqual([
      '1:0',
      '1:1',
      '2:1',
      '3:1',
      '3:2',
    ]);
    expect(bodies[0]).toMatchObject({
      data: {
        change: 'EVENT_ADDED',
        game: { id: game.id, url: `http://test.local/api/games/${game.id}`, status: 'LIVE' },
        event: { type: 'GOAL', side: 'HOME' },
      },
    });
    // One id per delivery.
    expect(new Set(receiver.taken.map((r) => r.id)).size).toBe(sides.length);
  });

  it('keeps the delivery log: attempts, status codes, latency, and no secret anywhere', async () => {
    // The receiver has them; the sender records each answer just after it.
    await until('every delivery recorded', async () => (await db.prisma.webhookDelivery.count({ where: { status: 'PENDING' } })) === 0);
    const answer = await gql<{
      webhooks: {
        id: number;
        deliveries: {
          totalCount: number;
          nodes: { status: string; attempts: number; lastStatusCode: number; lastLatencyMs: number; attemptLog: { statusCode: number }[] }[];
        };
      }[];
    }>(
      '{ webhooks { id deliveries(first: 10) { totalCount nodes { status attempts lastStatusCode lastLatencyMs attemptLog { statusCode latencyMs } } } } }',
      {},
      webhookKey,
    );
    expect(answer.errors).toBeUndefined();
    const [webhook] = answer.data!.webhooks;
    expect(webhook.deliveries.totalCount).toBe(5);
    for (const delivery of webhook.deliveries.nodes) {
      expect(delivery).toMatchObject({ status: 'DELIVERED', lastStatusCode: 204 });
      expect(delivery.attemptLog[0]).toMatchObject({ statusCode: 204, latencyMs: expect.any(Number) });
      expect(delivery.lastLatencyMs).toBeGreaterThanOrEqual(0);
    }
    const introspected = await gql<{ __type: { fields: { name: string }[] } }>('{ __type(name: "Webhook") { fields { name } } }', {});
    expect(introspected.data!.__type.fields.map((f) => f.name)).not.toContain('secret');
  });
});

describe('a receiver that fails for a while', () => {
  const receiver = new WebhookReceiver();
  afterAll(() => receiver.close());

  it('gets every event once it recovers, after 500s and timeouts, duplicates only under the same id', async () => {
    const url = await receiver.listen();
    // 500 for the first three requests, then no answer (past the 2 s timeout) for two, then taken.
    receiver.answer = (n) => (n < 3 ? { status: 500 } : n < 5 ? 'hang' : 'ok');
    const { game } = await scheduledGameWithSheet(db);
    const webhookId = await createWebhook(receiver, `${url}${HANGING_PATH}`, { gameId: game.id });
    await liveWrite(START, game.id, {});
    for (const second of [30, 90, 150]) await liveWrite(GOAL, game.id, { side: 'HOME', second });
    await liveWrite('mutation ($input: EndPeriodInput!) { endPeriod(input: $input) { version } }', game.id, {});
    // startGame, three goals, the period's end.
    await receiver.waitFor('every event taken', () => once(receiver).length >= 5);
    expect(receiver.unverified).toEqual([]);
    const taken = once(receiver);
    expect(taken.map((r) => r.body.type)).toEqual([
      'game.status_changed',
      'game.event_recorded',
      'game.event_recorded',
      'game.event_recorded',
      'game.status_changed',
    ]);
    const seqs = taken.map((r) => r.body.data.seq as number);
    expect([...seqs].sort((a, b) => a - b)).toEqual(seqs);
    // Every refused or unanswered request was one of these, under its own id.
    const ids = new Set(taken.map((r) => r.id));
    expect(receiver.requests.filter((r) => !r.taken).every((r) => ids.has(r.id))).toBe(true);
    expect(receiver.requests.length).toBeGreaterThanOrEqual(10);

    const log = await gql<{
      webhook: {
        status: string;
        deliveries: { nodes: { messageId: string; attempts: number; attemptLog: { statusCode: number | null; error: string | null }[] }[] };
      };
    }>(
      'query ($id: Int!) { webhook(id: $id) { status deliveries(first: 10, direction: ASC) { nodes { messageId attempts attemptLog { statusCode error } } } } }',
      { id: webhookId },
      webhookKey,
    );
    // The first five requests were all the first delivery's (its lane waits for it), refused or left
    // hanging; a 500 the sender heard only after its timeout (a loaded machine) is logged as a timeout.
    const first = log.data!.webhook.deliveries.nodes[0];
    expect(first.attempts).toBeGreaterThanOrEqual(6);
    const [last, ...failed] = first.attemptLog;
    expect(last.statusCode).toBe(204);
    const timeouts = failed.filter((a) => a.statusCode === null);
    expect(timeouts.length).toBeGreaterThanOrEqual(2);
    for (const attempt of timeouts) expect(attempt.error).toContain(`no answer within ${HANGING_TIMEOUT_MS} ms`);
    expect(failed.every((a) => a.statusCode === null || a.statusCode === 500)).toBe(true);
    expect(failed.filter((a) => a.statusCode === 500).length).toBeLessThanOrEqual(3);
    expect(failed.length).toBeGreaterThanOrEqual(5);
    expect(log.data!.webhook.status).toBe('ACTIVE');
  });
});

describe('what is refused', () => {
  const create = (url: string, key = webhookKey) => gql(CREATE, { input: { url, idempotencyKey: writeKey() } }, key);

  it('refuses an http URL, a private address and a URL with credentials, naming the field', async () => {
    for (const [url, message] of [
      ['http://example.com/hook', 'must be https'],
      ['https://10.1.2.3/hook', 'private address'],
      ['https://[::1]/hook', 'private address'],
      ['https://169.254.169.254/latest', 'private address'],
      ['https://user:pw@example.com/hook', 'user name or password'],
    ]) {
      const answer = await create(url);
      expect(answer.errors?.[0], url).toMatchObject({ message: expect.stringContaining(message), extensions: { code: 'BAD_USER_INPUT', field: 'url' } });
    }
  });

  it('refuses a key without the webhooks scope, and one without any key', async () => {
    const reader = await create('https://example.com/hook', readKey);
    expect(reader.errors?.[0]).toMatchObject({ message: expect.stringContaining('webhooks scope'), extensions: { code: 'FORBIDDEN' } });
    const desk = await gql('{ webhooks { id } }', {}, deskKey);
    expect(desk.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const none = await gql('{ webhooks { id } }', {});
    expect(none.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
  });

  it("shows another key's webhook to no one but the admin scope", async () => {
    const other = (await createKey(db, 'other integrator', null, ['webhooks'])).key;
    const mine = await gql<{ webhooks: { id: number }[] }>('{ webhooks { id } }', {}, webhookKey);
    const id = mine.data!.webhooks[0].id;
    const theirs = await gql('mutation ($id: Int!) { pauseWebhook(id: $id) { id } }', { id }, other);
    expect(theirs.errors?.[0].extensions?.code).toBe('NOT_FOUND');
    expect((await gql<{ webhooks: unknown[] }>('{ webhooks { id } }', {}, other)).data!.webhooks).toEqual([]);
  });

  it('follows no redirect: the delivery fails with the Location in its log and the target is never asked', async () => {
    const receiver = new WebhookReceiver();
    const target = new WebhookReceiver();
    try {
      const url = await receiver.listen();
      const targetUrl = await target.listen();
      receiver.answer = () => ({ redirect: `${targetUrl}/elsewhere` });
      const id = await createWebhook(receiver, url, {});
      const sent = await gql<{ sendTestWebhookEvent: { messageId: string } }>(
        'mutation ($id: Int!, $key: String!) { sendTestWebhookEvent(id: $id, idempotencyKey: $key) { messageId } }',
        { id, key: writeKey() },
        webhookKey,
      );
      expect(sent.errors).toBeUndefined();
      await receiver.waitFor('the redirecting answer', () => receiver.requests.length >= 1);
      const log = await waitForAttempt(id);
      expect(log).toMatchObject({
        status: 'PENDING',
        lastStatusCode: 302,
        lastError: expect.stringContaining(`redirect to ${targetUrl}/elsewhere not followed`),
      });
      expect(target.requests).toEqual([]);
      await gql('mutation ($id: Int!) { deleteWebhook(id: $id) }', { id }, webhookKey);
    } finally {
      await receiver.close();
      await target.close();
    }
  });
});

/** Polls `condition` (a database read) until it holds; fails after 45 s (within the test's 60 s, however loaded the machine). */
async function until(what: string, condition: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 45_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within 45 s`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The webhook's newest delivery once its first attempt is recorded (the attempt is written just after the answer). */
async function waitForAttempt(id: number) {
  type Delivery = { status: string; attempts: number; lastStatusCode: number; lastError: string };
  let delivery: Delivery | undefined;
  await until('an attempt recorded', async () => {
    const answer = await gql<{ webhook: { deliveries: { nodes: Delivery[] } } }>(
      'query ($id: Int!) { webhook(id: $id) { deliveries(first: 1) { nodes { status attempts lastStatusCode lastError } } } }',
      { id },
      webhookKey,
    );
    delivery = answer.data!.webhook.deliveries.nodes[0];
    return delivery !== undefined && delivery.attempts > 0;
  });
  return delivery!;
}

describe('two instances', () => {
  const receiver = new WebhookReceiver();
  afterAll(() => receiver.close());

  it('deliver each event once between them, whichever instance the writes go to', async () => {
    const url = await receiver.listen();
    const otherUrl = await startInstance();
    const { game } = await scheduledGameWithSheet(db);
    await createWebhook(receiver, url, { gameId: game.id, eventTypes: ['GAME_EVENT_RECORDED'] });
    await liveWrite(START, game.id, {});
    const goals = [];
    for (let i = 0; i < 8; i++) goals.push(await liveWrite(GOAL, game.id, { side: i % 2 ? 'AWAY' : 'HOME', second: 30 * (i + 1) }, i % 2 ? otherUrl : baseUrl));
    await receiver.waitFor('eight goals', () => once(receiver).length >= goals.length);
    expect(receiver.unverified).toEqual([]);
    expect(once(receiver).map((r) => (r.body.data.event as { id: number }).id)).toEqual(goals.map((g) => g.eventId));
    // Taken once each: no instance sent what the other had sent. The receiver answers well within the
    // generous timeout, so at least once allows no repeat here: one would be a lease that failed.
    expect(receiver.taken.map((r) => r.id)).toEqual(once(receiver).map((r) => r.id));
  });
});

describe('managing a webhook', () => {
  const receiver = new WebhookReceiver();
  afterAll(() => receiver.close());
  const byId = <T>(query: string, id: number) => gql<T>(query, { id }, webhookKey);

  it('pauses, keeps what comes meanwhile, resumes in order, rotates the secret, redelivers under the same ids, and deletes', async () => {
    const url = await receiver.listen();
    const { game } = await scheduledGameWithSheet(db);
    const id = await createWebhook(receiver, url, { gameId: game.id, eventTypes: ['GAME_EVENT_RECORDED'] });
    const paused = await byId<{ pauseWebhook: { status: string; pausedReason: string } }>(
      'mutation ($id: Int!) { pauseWebhook(id: $id) { status pausedReason } }',
      id,
    );
    expect(paused.data!.pauseWebhook).toEqual({ status: 'PAUSED', pausedReason: 'Paused by its owner' });
    await liveWrite(START, game.id, {});
    const goals = [await liveWrite(GOAL, game.id, { side: 'HOME', second: 10 }), await liveWrite(GOAL, game.id, { side: 'AWAY', second: 20 })];
    await until('both goals logged', async () => (await db.prisma.webhookDelivery.count({ where: { webhookId: id } })) === 2);
    expect(receiver.requests).toEqual([]);

    const rotated = await byId<{ rotateWebhookSecret: { secret: string } }>('mutation ($id: Int!) { rotateWebhookSecret(id: $id) { secret } }', id);
    expect(rotated.data!.rotateWebhookSecret.secret).toMatch(/^whsec_/);
    expect(rotated.data!.rotateWebhookSecret.secret).not.toBe(receiver.secret);
    receiver.secret = rotated.data!.rotateWebhookSecret.secret;

    const resumed = await byId<{ resumeWebhook: { status: string; pausedReason: string | null } }>(
      'mutation ($id: Int!) { resumeWebhook(id: $id) { status pausedReason } }',
      id,
    );
    expect(resumed.data!.resumeWebhook).toEqual({ status: 'ACTIVE', pausedReason: null });
    await receiver.waitFor('both goals after the resume', () => once(receiver).length >= 2);
    expect(receiver.unverified).toEqual([]);
    expect(once(receiver).map((r) => (r.body.data.event as { id: number }).id)).toEqual(goals.map((g) => g.eventId));

    await until('both recorded', async () => (await db.prisma.webhookDelivery.count({ where: { webhookId: id, status: 'DELIVERED' } })) === 2);
    // What the receiver takes from here on, each id once: redeliveries keep their ids.
    const takenSince = (mark: number) => distinct(receiver.taken.slice(mark)).map((r) => r.id);
    const [firstId, secondId] = once(receiver).map((r) => r.id);
    let mark = receiver.taken.length;
    const one = await gql<{ redeliverWebhookEvents: number }>(
      'mutation ($input: RedeliverWebhookEventsInput!) { redeliverWebhookEvents(input: $input) }',
      { input: { webhookId: id, messageId: firstId, idempotencyKey: writeKey() } },
      webhookKey,
    );
    expect(one.data!.redeliverWebhookEvents).toBe(1);
    await receiver.waitFor('the redelivery', () => takenSince(mark).length >= 1);
    expect(takenSince(mark)).toEqual([firstId]);
    await until('the redelivery recorded', async () => (await db.prisma.webhookDelivery.count({ where: { webhookId: id, status: 'DELIVERED' } })) === 2);
    mark = receiver.taken.length;
    const range = await gql<{ redeliverWebhookEvents: number }>(
      'mutation ($input: RedeliverWebhookEventsInput!) { redeliverWebhookEvents(input: $input) }',
      { input: { webhookId: id, from: '2000-01-01T00:00:00Z', to: '2100-01-01T00:00:00Z', idempotencyKey: writeKey() } },
      webhookKey,
    );
    expect(range.data!.redeliverWebhookEvents).toBe(2);
    await receiver.waitFor('the range again', () => takenSince(mark).length >= 2);
    expect(takenSince(mark)).toEqual([firstId, secondId]);
    const neither = await gql(
      'mutation ($input: RedeliverWebhookEventsInput!) { redeliverWebhookEvents(input: $input) }',
      { input: { webhookId: id, idempotencyKey: writeKey() } },
      webhookKey,
    );
    expect(neither.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'messageId' });

    const updated = await gql<{ updateWebhook: { url: string; gameId: number | null; eventKinds: string[] } }>(
      'mutation ($input: UpdateWebhookInput!) { updateWebhook(input: $input) { url gameId eventKinds } }',
      { input: { id, gameId: null, eventKinds: ['GOAL'] } },
      webhookKey,
    );
    expect(updated.data!.updateWebhook).toEqual({ url: `${url}/hook`, gameId: null, eventKinds: ['GOAL'] });
    const badUrl = await gql(
      'mutation ($input: UpdateWebhookInput!) { updateWebhook(input: $input) { url } }',
      { input: { id, url: 'http://example.com/' } },
      webhookKey,
    );
    expect(badUrl.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'url' });

    const deleted = await byId<{ deleteWebhook: number }>('mutation ($id: Int!) { deleteWebhook(id: $id) }', id);
    expect(deleted.data!.deleteWebhook).toBe(id);
    expect((await byId<{ webhook: null }>('query ($id: Int!) { webhook(id: $id) { id } }', id)).data!.webhook).toBeNull();
    expect(await db.prisma.webhookDelivery.count({ where: { webhookId: id } })).toBe(0);
  });
});

describe('a mutation resent with its idempotency key', () => {
  const receiver = new WebhookReceiver();
  afterAll(() => receiver.close());
  const CREATE_KEYED = 'mutation ($input: CreateWebhookInput!) { createWebhook(input: $input) { secret replayed webhook { id } } }';
  const REDELIVER = 'mutation ($input: RedeliverWebhookEventsInput!) { redeliverWebhookEvents(input: $input) }';
  const TEST_EVENT = 'mutation ($id: Int!, $key: String!) { sendTestWebhookEvent(id: $id, idempotencyKey: $key) { id messageId } }';
  type Created = { createWebhook: { secret: string; replayed: boolean; webhook: { id: number } } };
  const deliveryOf = (messageId: string) =>
    db.prisma.webhookDelivery.findUniqueOrThrow({ where: { messageId }, select: { status: true, attempts: true, nextAttemptAt: true } });

  it('makes one webhook and answers the first answer again; the key with another input is refused; a rotated secret is not shown', async () => {
    const url = await receiver.listen();
    const { game } = await scheduledGameWithSheet(db);
    const input = { url: `${url}/hook`, gameId: game.id, eventTypes: ['GAME_EVENT_RECORDED'], idempotencyKey: 'create-once' };
    const before = await db.prisma.webhook.count();
    const first = await gql<Created>(CREATE_KEYED, { input }, webhookKey);
    const resent = await gql<Created>(CREATE_KEYED, { input }, webhookKey);
    expect(first.errors).toBeUndefined();
    expect(resent.errors).toBeUndefined();
    expect(first.data!.createWebhook.replayed).toBe(false);
    expect(resent.data!.createWebhook).toEqual({ ...first.data!.createWebhook, replayed: true });
    expect(await db.prisma.webhook.count()).toBe(before + 1);

    const otherInput = await gql<Created>(CREATE_KEYED, { input: { ...input, eventKinds: ['GOAL'] } }, webhookKey);
    expect(otherInput.errors?.[0].message).toContain('idempotencyKey "create-once" was already used for a different write');
    expect(otherInput.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'idempotencyKey' });
    // Another key is another webhook, as a repeat meant on purpose is.
    const meant = await gql<Created>(CREATE_KEYED, { input: { ...input, idempotencyKey: 'create-another' } }, webhookKey);
    expect(meant.data!.createWebhook.webhook.id).not.toBe(first.data!.createWebhook.webhook.id);
    expect(await db.prisma.webhook.count()).toBe(before + 2);
    await gql('mutation ($id: Int!) { deleteWebhook(id: $id) }', { id: meant.data!.createWebhook.webhook.id }, webhookKey);

    const id = first.data!.createWebhook.webhook.id;
    await gql('mutation ($id: Int!) { rotateWebhookSecret(id: $id) { secret } }', { id }, webhookKey);
    const afterRotation = await gql<Created>(CREATE_KEYED, { input }, webhookKey);
    expect(afterRotation.errors?.[0].message).toContain(`made webhook ${id}`);
    expect(afterRotation.errors?.[0].message).toContain('rotateWebhookSecret');
    expect(afterRotation.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'idempotencyKey' });
    expect(JSON.stringify(afterRotation)).not.toContain('whsec_');
    expect(await db.prisma.webhook.count()).toBe(before + 1);
  });

  it('queues one test event and makes one redelivery for a key sent twice; a new key redelivers again', async () => {
    const url = await receiver.listen();
    const id = await createWebhook(receiver, url, { eventTypes: ['GAME_EVENT_RECORDED'] });
    const tests = [];
    for (let i = 0; i < 2; i++)
      tests.push(await gql<{ sendTestWebhookEvent: { id: number; messageId: string } }>(TEST_EVENT, { id, key: 'test-once' }, webhookKey));
    expect(tests[1].data!.sendTestWebhookEvent).toEqual(tests[0].data!.sendTestWebhookEvent);
    expect(await db.prisma.webhookDelivery.count({ where: { webhookId: id } })).toBe(1);
    const { messageId } = tests[0].data!.sendTestWebhookEvent;
    await until('the test event delivered', async () => (await deliveryOf(messageId)).status === 'DELIVERED');

    const redeliver = (idempotencyKey: string, which: Record<string, unknown> = { messageId }) =>
      gql<{ redeliverWebhookEvents: number }>(REDELIVER, { input: { webhookId: id, ...which, idempotencyKey } }, webhookKey);
    expect((await redeliver('redeliver-once')).data!.redeliverWebhookEvents).toBe(1);
    await until('the redelivery delivered', async () => (await deliveryOf(messageId)).status === 'DELIVERED');
    const redelivered = await deliveryOf(messageId);
    expect(redelivered.attempts).toBeGreaterThanOrEqual(2);
    // The resend answers as the first did and sets nothing going: the delivery stays as it was.
    expect((await redeliver('redeliver-once')).data!.redeliverWebhookEvents).toBe(1);
    expect(await deliveryOf(messageId)).toEqual(redelivered);
    const otherInput = await redeliver('redeliver-once', { from: '2000-01-01T00:00:00Z', to: '2100-01-01T00:00:00Z' });
    expect(otherInput.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'idempotencyKey' });
    expect(await deliveryOf(messageId)).toEqual(redelivered);

    expect((await redeliver('redeliver-again')).data!.redeliverWebhookEvents).toBe(1);
    expect((await deliveryOf(messageId)).status).toBe('PENDING');
    await until('the second redelivery delivered', async () => (await deliveryOf(messageId)).attempts > redelivered.attempts);
    // Every request the receiver had was this one test event, under its one id.
    expect(new Set(receiver.requests.filter((r) => r.body.type === 'webhook.test').map((r) => r.id))).toEqual(new Set([messageId]));
  });

  it('leaves a paused webhook as it was paused when paused again', async () => {
    const url = await receiver.listen();
    const id = await createWebhook(receiver, url, {});
    await db.prisma.webhook.update({
      where: { id },
      data: { status: 'PAUSED', pausedAt: new Date(DEMO_NOW.getTime() - 60_000), pausedReason: 'Delivery msg_1 failed' },
    });
    const paused = await gql<{ pauseWebhook: { status: string; pausedReason: string; pausedAt: string } }>(
      'mutation ($id: Int!) { pauseWebhook(id: $id) { status pausedReason pausedAt } }',
      { id },
      webhookKey,
    );
    expect(paused.data!.pauseWebhook).toEqual({
      status: 'PAUSED',
      pausedReason: 'Delivery msg_1 failed',
      pausedAt: new Date(DEMO_NOW.getTime() - 60_000).toISOString(),
    });
  });
});

describe('a game reported through the back office', () => {
  const receiver = new WebhookReceiver();
  afterAll(() => receiver.close());

  const bo = async (method: string, path: string, form: Record<string, string | number>) => {
    const response = await fetch(`${baseUrl}${path}`, { method, headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: formBody(form) });
    const body = (await response.json()) as { status: { code: number }; payload: Record<string, unknown> };
    expect(body.status.code, JSON.stringify(body)).toBe(0);
    return body.payload;
  };

  it('delivers its start and goals as the GraphQL writes are, since /bo runs the same mutations', async () => {
    const url = await receiver.listen();
    const { game, sheet } = await scheduledGameWithSheet(db);
    await createWebhook(receiver, url, { gameId: game.id });
    const desk = await createEventKey(db, 'event desk', [game.id]);
    const { auth_token: token } = (await bo('POST', '/bo/session/auth_anlass', { anlass_id: desk.id, password: desk.key })) as { auth_token: string };
    await bo('PUT', `/bo/games/${game.id}/status`, { auth_token: token, event: 'start' });
    for (const [time, teamId, playerId] of [
      ['0:04:00', game.homeTeamId!, sheet.HOME[0].playerId],
      ['0:09:30', game.awayTeamId!, sheet.AWAY[0].playerId],
    ] as const) {
      await bo('POST', `/bo/games/${game.id}/events`, { auth_token: token, time, category_id: 1, team_id: teamId, player_id: playerId });
    }
    await receiver.waitFor('start and two goals', () => once(receiver).length >= 3);
    expect(receiver.unverified).toEqual([]);
    expect(once(receiver).map((r) => [r.body.type, (r.body.data.event as { type?: string } | null)?.type ?? null])).toEqual([
      ['game.status_changed', null],
      ['game.event_recorded', 'GOAL'],
      ['game.event_recorded', 'GOAL'],
    ]);
    expect(once(receiver).map((r) => (r.body.data.event as { playerId?: number } | null)?.playerId ?? null)).toEqual([
      null,
      sheet.HOME[0].playerId,
      sheet.AWAY[0].playerId,
    ]);
  });
});

describe('the owner key', () => {
  it("hands its webhooks to its successor when rotated, and a revoked key's webhooks hear nothing more", async () => {
    const owner = await createKey(db, 'club website', null, ['webhooks']);
    const created = await gql<{ createWebhook: { webhook: { id: number } } }>(
      CREATE,
      { input: { url: 'https://club.example/hook', idempotencyKey: writeKey() } },
      owner.key,
    );
    const id = created.data!.createWebhook.webhook.id;
    const rotated = await rotateApiKey(db.prisma, owner.id, new Date());
    expect((await db.prisma.webhook.findUniqueOrThrow({ where: { id } })).ownerKeyId).toBe(rotated.key.id);
    expect((await gql<{ webhooks: { id: number }[] }>('{ webhooks { id } }', {}, rotated.secret)).data!.webhooks.map((w) => w.id)).toEqual([id]);

    await db.prisma.apiKey.update({ where: { id: rotated.key.id }, data: { revokedAt: new Date() } });
    const { game } = await scheduledGameWithSheet(db);
    await liveWrite(START, game.id, {});
    const seq = (await db.prisma.changeLogEntry.aggregate({ _max: { seq: true } }))._max.seq!;
    await until('the start fanned out', async () => ((await db.prisma.webhookCursor.findFirst())?.seq ?? 0) >= seq);
    expect(await db.prisma.webhookDelivery.count({ where: { webhookId: id } })).toBe(0);
  });
});
