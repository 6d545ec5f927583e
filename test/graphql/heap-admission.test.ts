import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildApp } from '../../src/app.js';
import { HeapPressure } from '../../src/cache/heap-pressure.js';
import { EXPENSIVE_SHARE } from '../../src/graphql/heap-admission.js';
import { DEFAULT_GRAPHQL_LIMITS } from '../../src/graphql/limits.js';
import { openTestLeague, type TestLeague } from '../support/app.js';
import { subscribe, type SseSubscription } from '../support/sse.js';

// What refuses by the heap, on every interface, with the heap's share given by the test: a new SSE
// stream, a new WebSocket and an expensive operation get 503, Retry-After and HEAP_FULL past the
// admission mark, although the caps (SUBSCRIPTIONS_MAX, SUBSCRIPTIONS_PER_CLIENT) would allow
// them. test/ops/heap-admission.test.ts does it with a real heap in a process of its own.

const LIVE_GAMES = 'subscription { liveGames { kind } }';
/** Costs 43 units: cheap under any limit here. */
const CHEAP = '{ seasons { id } }';
/** Costs 791 units: expensive under a limit of 1,000 (above a quarter of it), allowed by it. */
const EXPENSIVE = '{ games(first: 100) { edges { node { id events { type second } } } } }';
/** Costs 1,946 units: past a limit of 1,000. */
const TOO_COMPLEX = '{ games(first: 100) { edges { node { id events { type second } lineup { number } } } } }';

interface Answer {
  errors?: { message: string; extensions?: Record<string, unknown> }[];
  data?: unknown;
}

let league: TestLeague;
let app: FastifyInstance;
let baseUrl: string;
/** The heap's share in use, as the test sets it. */
let used = 0.5;
const heap = new HeapPressure({ usedShare: () => used, minIntervalMs: 0 });
const streams: SseSubscription<unknown>[] = [];
const sockets: WebSocket[] = [];

beforeAll(async () => {
  league = await openTestLeague();
  app = await buildApp({
    database: league.db,
    clock: league.clock,
    logLevel: 'silent',
    heap,
    // Caps far above what any heap holds: only the heap refuses here.
    subscriptionsMax: 1_000_000,
    subscriptionsPerClient: 10_000,
    graphql: { maxComplexity: 1000 },
  });
  baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
});

afterAll(async () => {
  for (const stream of streams) stream.close();
  for (const socket of sockets) socket.terminate();
  await app?.close();
  await league?.close();
});

async function post(query: string): Promise<{ status: number; retryAfter: string | null; body: Answer }> {
  const response = await fetch(`${baseUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ query }),
  });
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body: (await response.json()) as Answer };
}

/** An upgrade to GraphQL over WebSocket: 101 once the socket is open, or the refusal's status, headers and body. */
function upgrade(): Promise<{ status: number; retryAfter?: string; body?: Answer }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/graphql`, 'graphql-transport-ws');
    sockets.push(socket);
    socket.once('open', () => resolve({ status: 101 }));
    socket.once('unexpected-response', (_request, response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => {
        resolve({ status: response.statusCode ?? 0, retryAfter: response.headers['retry-after'] as string | undefined, body: JSON.parse(text) as Answer });
        socket.terminate();
      });
    });
    socket.once('error', reject);
  });
}

describe('past the heap admission mark', () => {
  it('refuses a new SSE stream with 503, Retry-After and HEAP_FULL, and keeps the open ones', async () => {
    used = 0.5;
    const open = await subscribe(baseUrl, LIVE_GAMES);
    streams.push(open);
    expect(open.status).toBe(200);
    await open.untilPings(1);

    used = 0.9;
    const refusedBefore = heap.refusedCount;
    const response = await fetch(`${baseUrl}/graphql`, {
      method: 'POST',
      headers: { accept: 'text/event-stream', 'content-type': 'application/json' },
      body: JSON.stringify({ query: LIVE_GAMES }),
    });
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('10');
    const text = await response.text();
    expect(JSON.parse(/data: (.*)\n/.exec(text)?.[1] ?? '{}')).toMatchObject({
      errors: [{ message: expect.stringContaining('short of memory'), extensions: { code: 'HEAP_FULL' } }],
    });
    expect(heap.refusedCount).toBe(refusedBefore + 1);
    // The stream that was open goes on: it pings after the refusal.
    const pings = open.pings();
    await open.untilPings(pings + 1);

    used = 0.5;
    const again = await subscribe(baseUrl, LIVE_GAMES);
    streams.push(again);
    expect(again.status).toBe(200);
  });

  it('refuses a WebSocket upgrade with 503, Retry-After and HEAP_FULL', async () => {
    used = 0.9;
    const refused = await upgrade();
    expect(refused.status).toBe(503);
    expect(refused.retryAfter).toBe('10');
    expect(refused.body?.errors?.[0]).toMatchObject({ message: expect.stringContaining('short of memory'), extensions: { code: 'HEAP_FULL' } });
    used = 0.5;
    expect((await upgrade()).status).toBe(101);
  });

  it('refuses an expensive operation with 503, Retry-After and HEAP_FULL; a cheap one runs, one past the limit is still the client’s 400', async () => {
    used = 0.5;
    expect((await post(EXPENSIVE)).status).toBe(200);

    used = 0.9;
    const shedBefore = heap.shedCount;
    const refused = await post(EXPENSIVE);
    expect(refused.status).toBe(503);
    expect(refused.retryAfter).toBe('10');
    expect(refused.body.data).toBeUndefined();
    expect(refused.body.errors?.[0]).toMatchObject({ message: expect.stringContaining('short of memory'), extensions: { code: 'HEAP_FULL' } });
    // The caches were asked to let their half go on the way.
    expect(heap.shedCount).toBeGreaterThan(shedBefore);

    const cheap = await post(CHEAP);
    expect(cheap.status).toBe(200);
    expect(cheap.body.errors).toBeUndefined();
    const tooComplex = await post(TOO_COMPLEX);
    // A request error: 200 under application/json, as GraphQL over HTTP has it, with no data.
    expect(tooComplex.status).toBe(200);
    expect(tooComplex.body.data).toBeUndefined();
    expect(tooComplex.body.errors?.[0].extensions).toMatchObject({ code: 'QUERY_TOO_COMPLEX' });

    used = 0.5;
    expect((await post(EXPENSIVE)).status).toBe(200);
  });

  it('counts as expensive above a quarter of the cost limit: 5,000 units of the default 20,000', () => {
    expect(EXPENSIVE_SHARE * DEFAULT_GRAPHQL_LIMITS.maxComplexity).toBe(5000);
  });
});
