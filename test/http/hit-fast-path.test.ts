import { request as httpRequest } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type AppOptions } from '../../src/app.js';
import type { Database } from '../../src/db/database.js';
import { loadDemoLeague } from '../../src/data/demo/index.js';
import { createLocalChangeFeed, type ChangeFeed } from '../../src/live/changes.js';
import { fixedClock } from '../../src/clock.js';
import { TEST_NOW } from '../support/app.js';
import { openTestDatabase } from '../support/database.js';
import { gameChange } from '../support/changes.js';
import { refreshHeaders } from '../../src/http/refresh-ahead.js';

/**
 * Cache hits replayed in the server's request listener (src/http/hit-fast-path.ts), over real
 * sockets: inject() never passes the listener. Which path answered is told by a hook the test adds:
 * the full path runs it, the fast path does not.
 */

let db: Database;
let gameId: number;
const closers: (() => Promise<void>)[] = [];

interface Served {
  baseUrl: string;
  changes: ChangeFeed;
  /** Requests that passed fastify's hooks. */
  full: () => number;
  logLines: Record<string, unknown>[];
}

async function serve(options: Partial<AppOptions> = {}): Promise<Served> {
  const changes = createLocalChangeFeed();
  const logLines: Record<string, unknown>[] = [];
  const app: FastifyInstance = await buildApp({
    database: db,
    clock: fixedClock(TEST_NOW),
    cacheClock: () => TEST_NOW.getTime(),
    publicBaseUrl: 'http://test.local',
    responseCacheTtlMs: 60_000,
    changes,
    logLevel: 'silent',
    logStream: { write: (line: string) => void logLines.push(JSON.parse(line) as Record<string, unknown>) },
    ...options,
  });
  let full = 0;
  // onSend: a hit the full path answers in an onRequest hook skips the later onRequest hooks, never onSend.
  app.addHook('onSend', (_request, _reply, payload, done) => {
    full += 1;
    done(null, payload);
  });
  const baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
  closers.push(() => app.close());
  return { baseUrl, changes, full: () => full, logLines };
}

interface Answer {
  status: number;
  /** Name and value of each header in the order sent. */
  headers: [string, string][];
  body: Buffer;
}

function get(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const raw = res.rawHeaders;
        const pairs = Array.from({ length: raw.length / 2 }, (_, i) => [raw[2 * i].toLowerCase(), raw[2 * i + 1]] as [string, string]);
        resolve({ status: res.statusCode ?? 0, headers: pairs, body: Buffer.concat(chunks) });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

const header = (answer: Answer, name: string) => answer.headers.find(([n]) => n === name)?.[1];
/** The headers with the two each answer has its own of (its id, the date) shown by name only. */
const comparable = (answer: Answer) => answer.headers.map(([name, value]) => (name === 'x-request-id' || name === 'date' ? [name, '…'] : [name, value]));

/** A miss, the full path's first hit (which records it), then the fast path's. */
async function missHitReplay(served: Served, path: string, headers: Record<string, string> = {}) {
  const url = served.baseUrl + path;
  const miss = await get(url, headers);
  const before = served.full();
  const hit = await get(url, headers);
  const afterHit = served.full();
  const replay = await get(url, headers);
  return { miss, hit, replay, fullRuns: [afterHit - before, served.full() - afterHit] };
}

beforeAll(async () => {
  db = await openTestDatabase();
  await loadDemoLeague(db.prisma, { seed: 7, scale: 0.1, now: TEST_NOW });
  gameId = (await db.prisma.game.findFirstOrThrow({ select: { id: true }, orderBy: { id: 'asc' } })).id;
});
afterAll(async () => {
  for (const close of closers) await close();
  await db?.close();
});

describe('cache hits answered before fastify', () => {
  it('sends what the full path sent: the status, every header in its order, the bytes', async () => {
    const served = await serve();
    const asks: [string, Record<string, string>][] = [
      ['', {}],
      ['?locale=fr', { 'accept-encoding': 'gzip, br' }],
      ['?locale=it', { 'accept-encoding': 'gzip' }],
    ];
    for (const [query, headers] of asks) {
      const { miss, hit, replay, fullRuns } = await missHitReplay(served, `/api/games/${gameId}${query}`, headers);
      expect([miss.status, header(miss, 'x-cache')]).toEqual([200, 'miss']);
      // The first hit passes fastify's hooks; the next one none of them.
      expect(fullRuns).toEqual([1, 0]);
      expect([replay.status, header(replay, 'x-cache')]).toEqual([200, 'hit']);
      expect(comparable(replay)).toEqual(comparable(hit));
      expect(replay.body.equals(hit.body)).toBe(true);
      expect(header(replay, 'x-request-id')).not.toBe(header(hit, 'x-request-id'));
    }
  });

  it('keeps a listed origin’s CORS headers to that origin', async () => {
    const served = await serve({ corsOrigins: ['https://club.example'] });
    const path = `/api/games/${gameId}?locale=fr`;
    const listed = await missHitReplay(served, path, { origin: 'https://club.example' });
    expect(listed.fullRuns).toEqual([1, 0]);
    expect(header(listed.replay, 'access-control-allow-origin')).toBe('https://club.example');
    expect(comparable(listed.replay)).toEqual(comparable(listed.hit));

    // Another origin's first hit is the full path's, and its replays do not carry the listed origin.
    const before = served.full();
    const other = [
      await get(served.baseUrl + path, { origin: 'https://elsewhere.example' }),
      await get(served.baseUrl + path, { origin: 'https://elsewhere.example' }),
    ];
    expect(served.full() - before).toBe(1);
    for (const answer of other) expect(header(answer, 'access-control-allow-origin')).toBeUndefined();
    expect(comparable(other[1])).toEqual(comparable(other[0]));
  });

  it('leaves to the full path what it must decide: revalidation, HEAD, credentials, the service’s own rebuilds', async () => {
    const served = await serve();
    const path = `/api/games/${gameId}?locale=it`;
    const { hit } = await missHitReplay(served, path);
    const asks: [Record<string, string>, string, number][] = [
      [{ 'if-none-match': String(header(hit, 'etag')) }, 'GET', 304],
      // A list and `*` are judged by the full path too (src/http/entity-tags.ts).
      [{ 'if-none-match': `W/"other", ${header(hit, 'etag')}` }, 'GET', 304],
      [{ 'if-none-match': '*' }, 'GET', 304],
      [{ 'if-none-match': 'W/"other"' }, 'GET', 200],
      [{}, 'HEAD', 200],
      // A key is checked by the full path: this one is nobody's (src/http/caller.ts).
      [{ authorization: 'Bearer nothing' }, 'GET', 401],
      [{ cookie: 'a=b' }, 'GET', 200],
      [{ 'x-no-compression': '1', 'accept-encoding': 'br' }, 'GET', 200],
      [{ ...refreshHeaders }, 'GET', 200],
    ];
    for (const [headers, method, status] of asks) {
      const before = served.full();
      const answer = await get(served.baseUrl + path, headers, method);
      expect([answer.status, served.full() - before], JSON.stringify({ headers, method })).toEqual([status, 1]);
    }
  });

  it('replays nothing a write has touched: the next request builds the answer again', async () => {
    const served = await serve();
    const path = `/api/games/${gameId}?locale=de`;
    await missHitReplay(served, path);
    served.changes.publish(gameChange(gameId));
    const before = served.full();
    const after = await get(served.baseUrl + path);
    expect([header(after, 'x-cache'), served.full() - before]).toEqual(['miss', 1]);
  });

  it('pays each replayed hit from the client’s public budget, and leaves the refusal to the full path', async () => {
    const served = await serve({ rateLimits: { publicPerMinute: 4, keyPerMinute: 0, authFailures: 0, authFailureWindowMs: 600_000, sessionsPerHour: 0 } });
    const url = `${served.baseUrl}/api/games/${gameId}`;
    const answers: Answer[] = [];
    const fullRuns: number[] = [];
    for (let i = 0; i < 5; i++) {
      const before = served.full();
      answers.push(await get(url));
      fullRuns.push(served.full() - before);
    }
    expect(answers.map((answer) => [answer.status, header(answer, 'ratelimit-remaining')])).toEqual([
      [200, '3'],
      [200, '2'],
      [200, '1'],
      [200, '0'],
      [429, '0'],
    ]);
    // A miss and the first hit pass fastify, the next two are replayed, the refusal is fastify's again.
    expect(fullRuns).toEqual([1, 1, 0, 0, 1]);
    const withoutBudget = (answer: Answer) => comparable(answer).map(([name, value]) => [name, name === 'ratelimit-remaining' ? '…' : value]);
    expect(withoutBudget(answers[2])).toEqual(withoutBudget(answers[1]));
    expect([header(answers[4], 'retry-after'), header(answers[4], 'content-type')]).toEqual([
      header(answers[4], 'ratelimit-reset'),
      'application/json; charset=utf-8',
    ]);
  });

  it('counts and logs each replayed hit as the full path does', async () => {
    const served = await serve({ metrics: { path: '/metrics' }, logLevel: 'info' });
    const path = `/api/games/${gameId}?locale=en`;
    const { hit, replay, fullRuns } = await missHitReplay(served, path, { 'x-request-id': 'lb-7f3a' });
    expect(fullRuns).toEqual([1, 0]);
    // A caller's own request id is kept, as the full path keeps it.
    expect([header(hit, 'x-request-id'), header(replay, 'x-request-id')]).toEqual(['lb-7f3a', 'lb-7f3a']);

    const metrics = (await get(`${served.baseUrl}/metrics`)).body.toString();
    expect(metrics).toContain('http_requests_total{interface="api",method="GET",route="/api/games/:game_id",status="200"} 3');
    expect(metrics).toContain('http_response_cache_requests_total{interface="api",result="hit"} 2');

    const lines = served.logLines.filter((line) => line.msg === 'request' && line.url === path);
    expect(lines).toHaveLength(3);
    expect(new Set(lines.map((line) => Object.keys(line).join()))).toEqual(new Set([Object.keys(lines[0]).join()]));
    expect(lines.map((line) => [line.reqId, line.status, line.ip])).toEqual(Array(3).fill(['lb-7f3a', 200, '127.0.0.1']));
  });
});
