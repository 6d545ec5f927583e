import { MAIN_INTERFACE } from '../../src/facades/rest/interface.js';
import { declareInterface } from '../../src/http/interfaces.js';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildApp, type AppOptions } from '../../src/app.js';
import type { ConcurrencyState } from '../../src/http/concurrency-limit.js';
import { openTestLeague, type TestLeague } from '../support/app.js';
import { createKey } from '../support/keys.js';
import { subscribe as subscribeOverSse, type SseSubscription } from '../support/sse.js';

// GraphQL over WebSocket is held to the bounds of an HTTP request: the budgets, the request slots,
// the failed-key brake and the stream caps. Each test speaks from an address of its own
// (X-Forwarded-For, trusted here), so the per-address counters of one test do not meet another's.

interface Answer {
  data?: Record<string, unknown> | null;
  errors?: { message: string; extensions?: Record<string, unknown> }[];
}

interface Closed {
  code: number;
  reason: string;
}

/** A graphql-transport-ws socket driven message by message, so that a refused connection_init shows its close code. */
interface RawSocket {
  /** Sends connection_init: 'ack', or how the server closed the socket instead. */
  init(payload?: Record<string, unknown>): Promise<'ack' | Closed>;
  /** Sends one operation: its first result (`next`), or its errors (`error`). */
  run(query: string): Promise<Answer>;
  close(): Promise<Closed>;
}

let league: TestLeague;
const apps: FastifyInstance[] = [];
const sockets: WebSocket[] = [];
const streams: SseSubscription<unknown>[] = [];

beforeAll(async () => {
  league = await openTestLeague();
});

afterAll(async () => {
  for (const stream of streams) stream.close();
  for (const socket of sockets) socket.terminate();
  await Promise.all(apps.map((app) => app.close()));
  await league?.close();
});

async function serve(options: Partial<AppOptions>): Promise<{ baseUrl: string; wsUrl: string }> {
  const app = await buildApp({ database: league.db, clock: league.clock, logLevel: 'silent', trustProxy: true, ...options });
  apps.push(app);
  const baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
  return { baseUrl, wsUrl: `${baseUrl.replace(/^http/, 'ws')}/graphql` };
}

/** The HTTP status (and headers) of an upgrade from `address`: 101 once the socket is open (it stays open, holding its place). */
function upgrade(wsUrl: string, address: string): Promise<{ status: number; headers: Record<string, unknown>; socket?: WebSocket }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(wsUrl, 'graphql-transport-ws', { headers: { 'x-forwarded-for': address } });
    sockets.push(socket);
    socket.once('open', () => resolve({ status: 101, headers: {}, socket }));
    socket.once('unexpected-response', (_request, response) => {
      resolve({ status: response.statusCode ?? 0, headers: response.headers });
      socket.terminate();
    });
    socket.once('error', reject);
  });
}

async function openSocket(wsUrl: string, address: string): Promise<RawSocket> {
  const { socket } = await upgrade(wsUrl, address);
  if (!socket) throw new Error('the upgrade was refused');
  const closed = new Promise<Closed>((resolve) => socket.once('close', (code, reason) => resolve({ code, reason: String(reason) })));
  const waiting = new Map<string, (answer: Answer) => void>();
  let acknowledged: (() => void) | undefined;
  socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as { type: string; id?: string; payload?: unknown };
    if (message.type === 'connection_ack') acknowledged?.();
    else if (message.type === 'next') waiting.get(message.id ?? '')?.(message.payload as Answer);
    else if (message.type === 'error') waiting.get(message.id ?? '')?.({ errors: message.payload as Answer['errors'] });
  });
  let ids = 0;
  return {
    init: (payload) => {
      socket.send(JSON.stringify({ type: 'connection_init', payload }));
      return Promise.race([new Promise<'ack'>((resolve) => (acknowledged = () => resolve('ack'))), closed]);
    },
    run: (query) => {
      const id = String(++ids);
      const answered = new Promise<Answer>((resolve) => waiting.set(id, resolve));
      socket.send(JSON.stringify({ id, type: 'subscribe', payload: { query } }));
      return Promise.race([answered, closed.then((how) => Promise.reject(new Error(`closed ${how.code} ${how.reason}`)))]);
    },
    close: () => {
      socket.close();
      return closed;
    },
  };
}

/** GET /graphql from `address`, with a key or without. */
async function overHttp(baseUrl: string, address: string, key?: string): Promise<number> {
  const response = await fetch(`${baseUrl}/graphql?query=${encodeURIComponent('{ __typename }')}`, {
    headers: { accept: 'application/json', 'x-forwarded-for': address, ...(key ? { authorization: `Bearer ${key}` } : {}) },
  });
  await response.arrayBuffer();
  return response.status;
}

describe('budgets over WebSocket', () => {
  let baseUrl: string;
  let wsUrl: string;
  let key: string;

  beforeAll(async () => {
    ({ baseUrl, wsUrl } = await serve({
      rateLimits: { publicPerMinute: 4, keyPerMinute: 4, authFailures: 50, authFailureWindowMs: 60_000, sessionsPerHour: 0 },
    }));
    key = (await createKey(league.db, 'budgeted desk')).key;
  });

  it('an anonymous socket pays its connection_init and each operation from its address’s public budget, the one HTTP spends', async () => {
    const address = '198.51.100.1';
    expect(await overHttp(baseUrl, address)).toBe(200);
    const socket = await openSocket(wsUrl, address);
    expect(await socket.init()).toBe('ack');
    expect(await socket.run('{ __typename }')).toMatchObject({ data: { __typename: 'Query' } });
    expect(await socket.run('{ __typename }')).toMatchObject({ data: { __typename: 'Query' } });
    const refused = await socket.run('{ __typename }');
    expect(refused.data).toBeUndefined();
    expect(refused.errors?.[0]).toMatchObject({
      message: expect.stringContaining('Too many requests'),
      extensions: { code: 'RATE_LIMITED', retryAfter: expect.any(Number) },
    });
    expect(refused.errors?.[0].extensions?.retryAfter).toBeGreaterThan(0);
    // HTTP paid one of the four: the socket's three took the rest of the same budget.
    expect(await overHttp(baseUrl, address)).toBe(429);
    await socket.close();
  });

  it('a keyed socket pays from its key’s budget, the one that key spends over HTTP; its connection_init is refused (4429) once it is spent', async () => {
    const address = '198.51.100.2';
    expect(await overHttp(baseUrl, address, key)).toBe(200);
    const socket = await openSocket(wsUrl, address);
    expect(await socket.init({ authorization: `Bearer ${key}` })).toBe('ack');
    expect((await socket.run('{ __typename }')).data).toEqual({ __typename: 'Query' });
    expect((await socket.run('{ __typename }')).data).toEqual({ __typename: 'Query' });
    expect((await socket.run('{ __typename }')).errors?.[0].extensions).toMatchObject({ code: 'RATE_LIMITED', retryAfter: expect.any(Number) });
    const again = await openSocket(wsUrl, address);
    expect(await again.init({ authorization: `Bearer ${key}` })).toMatchObject({ code: 4429, reason: expect.stringContaining('Too many requests') });
    // The address's public budget is another budget: untouched.
    expect(await overHttp(baseUrl, address)).toBe(200);
    await socket.close();
  });
});

describe('request slots over WebSocket', () => {
  let baseUrl: string;
  let wsUrl: string;
  let state: ConcurrencyState = { inFlight: 0, waiting: 0, saturated: false };
  const heard = new Set<() => void>();
  let releaseHeld: () => void = () => undefined;
  let entered: () => void = () => undefined;
  const heldEntered = new Promise<void>((resolve) => (entered = resolve));

  /** Resolves once the request slots reach a state that `wanted` accepts: told by the limit itself, no waiting for time. */
  const untilSlots = (wanted: (state: ConcurrencyState) => boolean) =>
    new Promise<void>((resolve) => {
      const check = () => {
        if (!wanted(state)) return;
        heard.delete(check);
        resolve();
      };
      heard.add(check);
      check();
    });

  beforeAll(async () => {
    const app = await buildApp({
      database: league.db,
      clock: league.clock,
      logLevel: 'silent',
      maxInFlight: 1,
      maxQueue: 1,
      onConcurrencyChange: (next) => {
        state = next;
        for (const check of [...heard]) check();
      },
    });
    apps.push(app);
    // A request that holds the only slot until the test lets it go: a route of the main interface, never cached.
    await app.register(async (scope) => {
      declareInterface(scope, { ...MAIN_INTERFACE, documented: undefined, sharing: undefined });
      scope.get('/test/held', async () => {
        const released = new Promise<void>((resolve) => (releaseHeld = resolve));
        entered();
        await released;
        return { held: true };
      });
    });
    baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
    wsUrl = `${baseUrl.replace(/^http/, 'ws')}/graphql`;
  });

  afterAll(() => releaseHeld());

  it('a query waits for a slot of the concurrency limit, and past a full queue is refused as HTTP is (SERVICE_UNAVAILABLE, retryAfter)', async () => {
    const held = fetch(`${baseUrl}/test/held`);
    await heldEntered;
    const socket = await openSocket(wsUrl, '127.0.0.1');
    expect(await socket.init()).toBe('ack');

    const waiting = socket.run('{ __typename }');
    const first = await Promise.race([untilSlots((slots) => slots.waiting === 1).then(() => 'queued'), waiting.then(() => 'answered')]);
    expect(first).toBe('queued');
    const refused = await socket.run('{ __typename }');
    expect(refused.errors?.[0]).toMatchObject({
      message: expect.stringContaining('busy'),
      extensions: { code: 'SERVICE_UNAVAILABLE', retryAfter: 1 },
    });

    releaseHeld();
    expect((await held).status).toBe(200);
    expect(await waiting).toMatchObject({ data: { __typename: 'Query' } });
    // The slot is given back when the operation is answered.
    await untilSlots((slots) => slots.inFlight === 0 && slots.waiting === 0);
    expect(await socket.run('{ __typename }')).toMatchObject({ data: { __typename: 'Query' } });
    await socket.close();
  });
});

describe('the failed-key brake over WebSocket', () => {
  let baseUrl: string;
  let wsUrl: string;
  let key: string;

  beforeAll(async () => {
    ({ baseUrl, wsUrl } = await serve({
      rateLimits: { publicPerMinute: 0, keyPerMinute: 0, authFailures: 2, authFailureWindowMs: 60_000, sessionsPerHour: 0 },
    }));
    key = (await createKey(league.db, 'braked desk')).key;
  });

  it('once failed keys over HTTP closed it, every keyed connection_init is refused alike (4429), the right key and a wrong one', async () => {
    const address = '203.0.113.1';
    expect(await overHttp(baseUrl, address, 'wrong-key-1')).toBe(401);
    expect(await overHttp(baseUrl, address, 'wrong-key-2')).toBe(401);
    expect(await overHttp(baseUrl, address, key)).toBe(429);

    const right = await (await openSocket(wsUrl, address)).init({ authorization: `Bearer ${key}` });
    const wrong = await (await openSocket(wsUrl, address)).init({ authorization: 'Bearer wrong-key-3' });
    expect(right).toMatchObject({ code: 4429, reason: expect.stringContaining('Too many failed API key checks') });
    // Alike but for the seconds left, which may tick between the two.
    const alike = (how: 'ack' | Closed) => (how === 'ack' ? how : { ...how, reason: how.reason.replace(/\d+ seconds?/, 'n seconds') });
    expect(alike(wrong)).toEqual(alike(right));
    // A socket without a key is no key check: it is served.
    expect(await (await openSocket(wsUrl, address)).init()).toBe('ack');
  });

  it('failed keys over WebSocket count: they close it for HTTP and for sockets', async () => {
    const address = '203.0.113.2';
    // A wrong key is refused as over HTTP (4401 Unauthorized), until the brake closes.
    expect(await (await openSocket(wsUrl, address)).init({ authorization: 'Bearer wrong-key-4' })).toMatchObject({ code: 4401 });
    expect(await (await openSocket(wsUrl, address)).init({ 'x-api-key': 'wrong-key-5' })).toMatchObject({ code: 4401 });
    expect(await overHttp(baseUrl, address, key)).toBe(429);
    expect(await (await openSocket(wsUrl, address)).init({ authorization: `Bearer ${key}` })).toMatchObject({ code: 4429 });
    // Another address is another brake.
    expect(await overHttp(baseUrl, '203.0.113.3', key)).toBe(200);
  });
});

describe('sockets count toward the stream caps', () => {
  const LIVE = 'subscription Live { liveGames { __typename } }';

  async function stream(baseUrl: string, address: string): Promise<SseSubscription<Answer>> {
    const opened = await subscribeOverSse<Answer>(baseUrl, LIVE, {}, { 'x-forwarded-for': address });
    streams.push(opened as SseSubscription<unknown>);
    return opened;
  }

  describe('per client', () => {
    let baseUrl: string;
    let wsUrl: string;

    beforeAll(async () => {
      ({ baseUrl, wsUrl } = await serve({ subscriptionsPerClient: 2, subscriptionsMax: 100 }));
    });

    it('an idle socket holds one of SUBSCRIPTIONS_PER_CLIENT: two sockets leave no stream (429)', async () => {
      expect((await upgrade(wsUrl, '192.0.2.1')).status).toBe(101);
      expect((await upgrade(wsUrl, '192.0.2.1')).status).toBe(101);
      const refused = await stream(baseUrl, '192.0.2.1');
      expect(refused.status).toBe(429);
      expect((await refused.next()).errors?.[0].extensions?.code).toBe('TOO_MANY_SUBSCRIPTIONS');
    });

    it('streams hold a socket’s place: two SSE streams leave no socket (429)', async () => {
      for (const _n of [1, 2]) {
        const open = await stream(baseUrl, '192.0.2.2');
        // The first ping is sent once the stream holds its place (test/support/sse.ts).
        await open.untilPings(1);
      }
      expect((await upgrade(wsUrl, '192.0.2.2')).status).toBe(429);
    });
  });

  it('in total: sockets and streams fill SUBSCRIPTIONS_MAX together (503 with Retry-After)', async () => {
    const { baseUrl, wsUrl } = await serve({ subscriptionsPerClient: 20, subscriptionsMax: 3 });
    expect((await upgrade(wsUrl, '192.0.2.11')).status).toBe(101);
    expect((await upgrade(wsUrl, '192.0.2.12')).status).toBe(101);
    await (await stream(baseUrl, '192.0.2.13')).untilPings(1);
    const socketRefused = await upgrade(wsUrl, '192.0.2.14');
    expect(socketRefused.status).toBe(503);
    expect(socketRefused.headers['retry-after']).toBe('15');
    const streamRefused = await stream(baseUrl, '192.0.2.14');
    expect(streamRefused.status).toBe(503);
    expect((await streamRefused.next()).errors?.[0].extensions?.code).toBe('SUBSCRIPTIONS_FULL');
  });
});
