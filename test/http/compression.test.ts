import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { buildApp } from '../../src/app.js';
import { COMPRESSION_THRESHOLD, isCompressible, negotiateEncoding, registerCompression } from '../../src/http/compression.js';
import { registerResponseCache } from '../../src/http/response-cache.js';
import { countQueries, openTestLeague, type TestLeague } from '../support/app.js';
import { createKey } from '../support/keys.js';

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The bytes as they came over the socket, not decoded. */
  body: Buffer;
}

let league: TestLeague;
let app: FastifyInstance;
let base: string;
const ZLIB_COMPRESSORS = ['gzip', 'brotliCompress', 'gzipSync', 'brotliCompressSync', 'createGzip', 'createBrotliCompress'] as const;
/** Every zlib entry point that compresses, the response cache's and @fastify/compress's alike. */
const compressions = new Map<(typeof ZLIB_COMPRESSORS)[number], MockInstance>();
const compressionCalls = () => [...compressions.values()].reduce((sum, spy) => sum + spy.mock.calls.length, 0);
const clearCompressions = () => {
  for (const spy of compressions.values()) spy.mockClear();
};

/** node:http, because fetch asks for and decodes compressed answers on its own. */
function raw(path: string, headers: Record<string, string> = {}, method = 'GET', body?: string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(base + path, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

function decode(response: RawResponse): string {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(response.body).toString('utf8');
  if (encoding === 'gzip') return zlib.gunzipSync(response.body).toString('utf8');
  expect(encoding).toBeUndefined();
  return response.body.toString('utf8');
}

const varies = (response: RawResponse) =>
  String(response.headers.vary ?? '')
    .toLowerCase()
    .split(/\s*,\s*/)
    .includes('accept-encoding');

beforeAll(async () => {
  // Before the app is built: @fastify/compress binds zlib's synchronous functions when it registers.
  for (const name of ZLIB_COMPRESSORS) compressions.set(name, vi.spyOn(zlib, name));
  league = await openTestLeague();
  app = await buildApp({ database: league.db, clock: league.clock, logLevel: 'silent', publicBaseUrl: 'http://test.local', responseCacheTtlMs: 60_000 });
  await app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
beforeEach(clearCompressions);
afterAll(async () => {
  await app?.close();
  await league?.close();
  vi.restoreAllMocks();
});

describe('compression over a real socket', () => {
  it('negotiates br and gzip, and both decode to the same JSON as the plain answer', async () => {
    const url = '/api/games?mode=list';
    const plain = await raw(url);
    expect(plain.status).toBe(200);
    expect(plain.body.length).toBeGreaterThan(COMPRESSION_THRESHOLD);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(varies(plain)).toBe(true);
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0.5, gzip', 'gzip'],
      ['*', 'gzip'],
    ] as const) {
      const response = await raw(url, { 'accept-encoding': accept });
      expect(response.headers['content-encoding'], accept).toBe(encoding);
      expect(response.body.length, accept).toBeLessThan(plain.body.length / 2);
      expect(Number(response.headers['content-length']), accept).toBe(response.body.length);
      expect(varies(response), accept).toBe(true);
      expect(response.headers.etag, accept).toBe(plain.headers.etag);
      expect(JSON.parse(decode(response)), accept).toEqual(JSON.parse(plain.body.toString('utf8')));
    }
    for (const accept of ['identity', 'deflate', 'br;q=0, gzip;q=0']) {
      expect((await raw(url, { 'accept-encoding': accept })).headers['content-encoding'], accept).toBeUndefined();
    }
  });

  it('sends answers under 1 KB as they are, still saying they vary by Accept-Encoding', async () => {
    const small = await raw('/api/', { 'accept-encoding': 'gzip, br' });
    expect(small.status).toBe(200);
    expect(small.body.length).toBeLessThan(COMPRESSION_THRESHOLD);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(varies(small)).toBe(true);
    expect(JSON.parse(small.body.toString('utf8'))).toBeTypeOf('object');
  });

  it('compresses a cached answer once per encoding; hits send the stored bytes without SQL or zlib', async () => {
    const url = '/api/games?mode=list&page=1';
    const first = await raw(url, { 'accept-encoding': 'br' });
    expect(first.headers['x-cache']).toBe('miss');
    expect(first.headers['content-encoding']).toBe('br');
    expect(compressions.get('brotliCompress')?.mock.calls.length).toBe(1);
    expect(compressionCalls()).toBe(1);

    const hits: RawResponse[] = [];
    const queries = await countQueries(league.db, async () => {
      for (let i = 0; i < 3; i += 1) hits.push(await raw(url, { 'accept-encoding': 'br' }));
    });
    expect(queries).toBe(0);
    expect(compressionCalls()).toBe(1);
    for (const hit of hits) {
      expect(hit.headers['x-cache']).toBe('hit');
      expect(hit.headers['content-encoding']).toBe('br');
      expect(hit.body.equals(first.body)).toBe(true); // compressed once, not again and not twice
      expect(hit.headers.etag).toBe(first.headers.etag);
      expect(varies(hit)).toBe(true);
    }

    // gzip is made the first time a client asks for it, from the stored body (no SQL), then kept too.
    const gzipQueries = await countQueries(league.db, async () => {
      const gzipped = [await raw(url, { 'accept-encoding': 'gzip' }), await raw(url, { 'accept-encoding': 'gzip' })];
      expect(gzipped.map((r) => r.headers['x-cache'])).toEqual(['hit', 'hit']);
      expect(gzipped[1].body.equals(gzipped[0].body)).toBe(true);
      expect(decode(gzipped[0])).toBe(decode(first));
    });
    expect(gzipQueries).toBe(0);
    expect(compressionCalls()).toBe(2);
    expect(decode(await raw(url))).toBe(decode(first));
    expect(compressionCalls()).toBe(2);
  });

  it('answers If-None-Match with 304 for every variant, with the one weak ETag', async () => {
    const url = '/api/games?mode=list&page=2';
    const first = await raw(url, { 'accept-encoding': 'gzip' });
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\//);
    for (const accept of ['br', 'gzip', 'identity']) {
      const revalidated = await raw(url, { 'accept-encoding': accept, 'if-none-match': etag });
      expect(revalidated.status, accept).toBe(304);
      expect(revalidated.body.length, accept).toBe(0);
      expect(revalidated.headers.etag, accept).toBe(etag);
      expect(varies(revalidated), accept).toBe(true);
    }
    // Also when the answer is built anew (a miss) for a client that holds the tag already.
    const fresh = await raw('/api/games?mode=list&page=3', { 'accept-encoding': 'br' });
    const missed = await raw('/api/games?mode=list&page=3&x=1', { 'accept-encoding': 'br', 'if-none-match': String(fresh.headers.etag) });
    expect(missed.headers['x-cache']).toBe('miss');
    expect(missed.status).toBe(304);
  });

  it('answers HEAD with the headers GET sends: encoding, length, tag, Vary, and no body', async () => {
    const url = '/api/games?mode=list&page=4';
    for (const accept of ['br', 'gzip']) {
      const head = await raw(url, { 'accept-encoding': accept }, 'HEAD');
      const get = await raw(url, { 'accept-encoding': accept });
      expect(head.status, accept).toBe(200);
      expect(head.body.length, accept).toBe(0);
      expect(head.headers['content-encoding'], accept).toBe(accept);
      expect(head.headers['content-length'], accept).toBe(String(get.body.length));
      expect(head.headers.etag, accept).toBe(get.headers.etag);
      expect(head.headers['content-type'], accept).toBe(get.headers['content-type']);
      expect(varies(head), accept).toBe(true);
    }
  });

  it('puts stale-while-revalidate on public reads only, never on keyed interfaces', async () => {
    const api = await raw('/api/rankings?season=2026');
    expect(api.headers['cache-control']).toBe('public, max-age=5, stale-while-revalidate=5');
    const club = await league.db.prisma.club.findFirstOrThrow({ where: { active: true }, orderBy: { id: 'asc' } });
    const { key } = await createKey(league.db, 'compression legacy');
    const legacy = await raw(`/rest/v1.0/clubs/${club.id}?apikey=${encodeURIComponent(key)}`);
    expect(legacy.status).toBe(200);
    expect(legacy.headers['cache-control']).toBe('private, no-cache');
    const game = await league.db.prisma.game.findFirstOrThrow({ orderBy: { id: 'asc' } });
    const federation = { authorization: `Bearer ${(await createKey(league.db, 'compression v3')).key}` };
    const v3 = await raw(`/api/v3/games/${game.id}/teams/${game.homeTeamId}/lineup_candidates`, federation);
    expect(v3.status).toBe(200);
    expect(String(v3.headers['cache-control'] ?? '')).not.toContain('stale-while-revalidate');
  });

  it('compresses iCalendar text, and leaves small SVG images alone', async () => {
    const team = await league.db.prisma.team.findFirstOrThrow({ orderBy: { id: 'asc' } });
    const url = `/api/calendars?team_id=${team.id}`;
    const plain = await raw(url);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(plain.body.length).toBeGreaterThan(COMPRESSION_THRESHOLD);
    const gzipped = await raw(url, { 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(decode(gzipped)).toBe(plain.body.toString('utf8'));

    const svg = await raw('/media/clubs/1/logo.svg', { 'accept-encoding': 'gzip, br' });
    expect(svg.headers['content-type']).toBe('image/svg+xml');
    expect(svg.body.length).toBeLessThan(COMPRESSION_THRESHOLD);
    expect(svg.headers['content-encoding']).toBeUndefined();
    expect(varies(svg)).toBe(true);
  });

  it('compresses a large GraphQL result from yoga’s cache once, and small ones never', async () => {
    const post = (query: string) => raw('/graphql', { 'accept-encoding': 'br', 'content-type': 'application/json' }, 'POST', JSON.stringify({ query }));
    const large = '{ clubs(first: 100) { edges { node { id name city logoUrl } } } }';
    const plain = await raw('/graphql', { 'content-type': 'application/json' }, 'POST', JSON.stringify({ query: large }));
    expect(plain.body.length).toBeGreaterThan(COMPRESSION_THRESHOLD);
    expect(plain.headers['content-encoding']).toBeUndefined();
    clearCompressions();
    const answers = [await post(large), await post(large), await post(large)];
    for (const answer of answers) {
      expect(answer.headers['content-encoding']).toBe('br');
      expect(varies(answer)).toBe(true);
      expect(JSON.parse(decode(answer))).toEqual(JSON.parse(plain.body.toString('utf8')));
      expect(answer.body.equals(answers[0].body)).toBe(true);
    }
    expect(compressionCalls()).toBe(1);

    const small = await post('{ __typename }');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString('utf8'))).toMatchObject({ data: { __typename: 'Query' } });
    expect(varies(small)).toBe(true);
  });

  it('compresses every answer when no cache keeps it (@fastify/compress, the response caches off)', async () => {
    const query = JSON.stringify({ query: '{ clubs(first: 100) { edges { node { id name city logoUrl } } } }' });
    clearCompressions();
    for (const url of ['/api/games?mode=list', '/api/games?mode=list']) {
      const response = await league.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
      expect(response.headers['content-encoding']).toBe('gzip');
      expect(String(response.headers.vary)).toBe('accept-encoding');
      expect(JSON.parse(zlib.gunzipSync(response.rawPayload).toString('utf8'))).toMatchObject({ type: 'table' });
    }
    const graphqlAnswer = await league.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'accept-encoding': 'br', 'content-type': 'application/json' },
      payload: query,
    });
    expect(graphqlAnswer.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(graphqlAnswer.rawPayload).toString('utf8'))).toHaveProperty('data.clubs');
    expect(compressionCalls()).toBe(3);
  });
});

describe('a keyed cache (the legacy interface’s: same code, after its key check)', () => {
  it('keeps its compressed variants too, and sends them without compressing again', async () => {
    const keyed = Fastify();
    await registerCompression(keyed);
    registerResponseCache(keyed, { ttlMs: 60_000, sharing: 'keyed', stage: 'preHandler', cacheControl: 'private, no-cache' });
    let runs = 0;
    const xml = `<clubs>${'<club><name>Floorball Club</name></club>'.repeat(100)}</clubs>`;
    keyed.get('/clubs', { config: { responseCache: 'keyed' } }, async (_request, reply) => {
      runs += 1;
      return reply.type('text/xml; charset=utf-8').send(xml);
    });
    const first = await keyed.inject({ url: '/clubs', headers: { 'accept-encoding': 'gzip' } });
    const second = await keyed.inject({ url: '/clubs', headers: { 'accept-encoding': 'gzip' } });
    expect(first.headers['content-encoding']).toBe('gzip');
    expect(second.headers['x-cache']).toBe('hit');
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(zlib.gunzipSync(second.rawPayload).toString('utf8')).toBe(xml);
    expect(second.headers['cache-control']).toBe('private, no-cache');
    expect(String(second.headers.vary)).toBe('accept-encoding');
    expect(runs).toBe(1);
    expect(compressionCalls()).toBe(1);
    const revalidated = await keyed.inject({ url: '/clubs', headers: { 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) } });
    expect(revalidated.statusCode).toBe(304);
    await keyed.close();
  });
});

describe('what is compressed, and how it is negotiated', () => {
  it('compresses text, JSON, XML, iCalendar and SVG, never PNG or event streams', () => {
    for (const type of [
      'application/json; charset=utf-8',
      'application/vnd.api+json',
      'application/graphql-response+json; charset=utf-8',
      'text/xml; charset=utf-8',
      'application/xml',
      'text/calendar; charset=utf-8',
      'image/svg+xml',
      'text/html',
    ]) {
      expect(isCompressible(type), type).toBe(true);
    }
    for (const type of ['image/png', 'text/event-stream', 'application/octet-stream', undefined]) expect(isCompressible(type), String(type)).toBe(false);
  });

  it('picks the best-rated of br and gzip as @fastify/compress does', () => {
    const negotiate = (accept?: string, extra: Record<string, string> = {}) =>
      negotiateEncoding({ headers: { ...(accept === undefined ? {} : { 'accept-encoding': accept }), ...extra } } as unknown as FastifyRequest);
    expect(negotiate(undefined)).toBeUndefined();
    expect(negotiate('gzip, deflate, br')).toBe('br');
    expect(negotiate('GZIP;q=1.0, br;q=0.9')).toBe('gzip');
    expect(negotiate('x-gzip')).toBe('gzip');
    expect(negotiate('*')).toBe('gzip');
    expect(negotiate('identity')).toBeUndefined();
    expect(negotiate('br;q=0')).toBeUndefined();
    expect(negotiate('br', { 'x-no-compression': '1' })).toBeUndefined();
  });
});
