// Validators of /graphql answers, over real sockets: a stored result's ETag is a tag of the bytes
// sent, so a write that changes the result changes its tag, and a client or CDN holding the old
// answer is never told that it is current. If-None-Match is judged as RFC 9110 says: lists, `*`,
// weak comparison.
import { createHash } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { countQueries, openTestLeague, type TestLeague } from '../support/app.js';
import { createKey } from '../support/keys.js';
import { postGraphQL, scheduledGameWithSheet, WRITE_RESULT } from '../support/live.js';

let league: TestLeague;
let app: FastifyInstance;
let baseUrl: string;
let desk: string;
let game: Awaited<ReturnType<typeof scheduledGameWithSheet>>['game'];
let sheet: Awaited<ReturnType<typeof scheduledGameWithSheet>>['sheet'];
let writes = 0;
let second = 100;

/** RFC 9110's entity-tag: an optional weak prefix and a quoted opaque tag of etagc characters. */
const ENTITY_TAG = /^(?:W\/)?"[\x21\x23-\x7e\x80-\xff]*"$/;

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** As it came over the socket, not decoded. */
  body: Buffer;
}

function send(path: string, headers: Record<string, string> = {}, method = 'GET', body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(baseUrl + path, { method, headers: { accept: 'application/graphql-response+json', ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const etagOf = (answer: Answer) => String(answer.headers.etag ?? '');
const decoded = (answer: Answer) => {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(answer.body).toString('utf8');
  if (encoding === 'gzip') return zlib.gunzipSync(answer.body).toString('utf8');
  return answer.body.toString('utf8');
};
const varies = (answer: Answer) =>
  String(answer.headers.vary ?? '')
    .toLowerCase()
    .split(/\s*,\s*/)
    .includes('accept-encoding');

const GAME = () => `{ game(id: ${game.id}) { id status homeScore awayScore } }`;
const pathOf = (query: string) => `/graphql?query=${encodeURIComponent(query)}`;

async function recordGoal(): Promise<void> {
  second += 10;
  const answer = await postGraphQL(
    baseUrl,
    `mutation ($input: RecordGoalInput!) { recordGoal(input: $input) { ${WRITE_RESULT} } }`,
    { input: { gameId: game.id, idempotencyKey: `revalidation-${++writes}`, side: 'HOME', second, scorerLicenseId: sheet.HOME[0].licenseId } },
    desk,
  );
  expect(answer.errors).toBeUndefined();
}

beforeAll(async () => {
  league = await openTestLeague();
  ({ game, sheet } = await scheduledGameWithSheet(league.db));
  desk = (await createKey(league.db, 'federation desk', null, ['games:write'])).key;
  app = await buildApp({ database: league.db, clock: league.clock, logLevel: 'silent', publicBaseUrl: 'http://test.local', responseCacheTtlMs: 60_000 });
  baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
  const started = await postGraphQL(
    baseUrl,
    `mutation ($input: StartGameInput!) { startGame(input: $input) { ${WRITE_RESULT} } }`,
    { input: { gameId: game.id, idempotencyKey: 'revalidation-start' } },
    desk,
  );
  expect(started.errors).toBeUndefined();
});
afterAll(async () => {
  await app?.close();
  await league?.close();
});

describe('a stored result’s ETag after a write', () => {
  it('changes with the answer: the old tag gets the new answer (200), the new tag a 304', async () => {
    const path = pathOf(GAME());
    const before = await send(path);
    expect(before.status).toBe(200);
    const oldTag = etagOf(before);
    expect(oldTag).not.toBe('');
    // The second answer comes from the result cache: the same bytes, the same tag.
    const stored = await send(path);
    expect(stored.body.equals(before.body)).toBe(true);
    expect(etagOf(stored)).toBe(oldTag);

    await recordGoal();
    const after = await send(path);
    expect(after.status).toBe(200);
    const score = (answer: Answer) => (JSON.parse(decoded(answer)) as { data: { game: { homeScore: number } } }).data.game.homeScore;
    expect(score(after)).toBe(score(before) + 1);
    const newTag = etagOf(after);
    expect(newTag).not.toBe(oldTag);

    const heldOld = await send(path, { 'if-none-match': oldTag });
    expect(heldOld.status).toBe(200);
    expect(heldOld.body.equals(after.body)).toBe(true);
    expect(etagOf(heldOld)).toBe(newTag);

    const heldNew = await send(path, { 'if-none-match': newTag });
    expect(heldNew.status).toBe(304);
    expect(heldNew.body.length).toBe(0);
    expect(etagOf(heldNew)).toBe(newTag);
    expect(heldNew.headers['cache-control']).toBe(after.headers['cache-control']);
  });

  it('is a quoted entity-tag, not the result cache’s key: a client sending that key is answered in full', async () => {
    const query = GAME();
    const answer = await send(pathOf(query));
    expect(etagOf(answer)).toMatch(ENTITY_TAG);
    expect(etagOf(answer)).not.toMatch(/scoped:/);
    // The key the result cache stores this result under (src/graphql/result-cache-key.ts): what
    // the ETag used to be, and what clients and CDNs may still hold.
    const hash = createHash('sha256').update([query, '', '{}', ''].join('|')).digest('hex');
    for (const key of [`scoped:${hash}`, hash, `"scoped:${hash}"`]) {
      const asked = await send(pathOf(query), { 'if-none-match': key });
      expect(asked.status, key).toBe(200);
      expect(asked.body.equals(answer.body), key).toBe(true);
    }
  });

  it('is the same on the miss that stores a result and on the hits after it', async () => {
    await recordGoal();
    const path = pathOf(`{ game(id: ${game.id}) { id homeScore } }`);
    const miss = await send(path);
    const hit = await send(path);
    expect(hit.body.equals(miss.body)).toBe(true);
    expect(etagOf(hit)).toBe(etagOf(miss));
  });
});

describe('If-None-Match on /graphql', () => {
  it('honours a list, `*` and weak comparison; tags of other answers get the answer', async () => {
    const path = pathOf(GAME());
    const current = etagOf(await send(path));
    const opaque = current.replace(/^W\//, '');
    const asks: [string, number][] = [
      [current, 304],
      [`W/"other", ${current}`, 304],
      [`"a","b" ,${current} , "c"`, 304],
      ['*', 304],
      // Weak comparison: W/"x" and "x" name the same tag.
      [opaque, 304],
      [`W/${opaque}`, 304],
      ['W/"other", "another"', 200],
      // Not an entity-tag (unquoted): never matches.
      [opaque.slice(1, -1), 200],
    ];
    for (const [ifNoneMatch, status] of asks) {
      const answer = await send(path, { 'if-none-match': ifNoneMatch });
      expect(answer.status, ifNoneMatch).toBe(status);
      expect(etagOf(answer), ifNoneMatch).toBe(current);
      if (status === 304) expect(answer.body.length, ifNoneMatch).toBe(0);
    }
  });

  it('never answers If-Modified-Since 304: Last-Modified counts seconds, and a write in the same second keeps it', async () => {
    const path = pathOf(GAME());
    const answer = await send(path, { 'if-modified-since': new Date(Date.now() + 86_400_000).toUTCString() });
    expect(answer.status).toBe(200);
    // With If-None-Match as well, only If-None-Match counts (RFC 9110 §13.1.3).
    const both = await send(path, { 'if-none-match': 'W/"other"', 'if-modified-since': new Date(Date.now() + 86_400_000).toUTCString() });
    expect(both.status).toBe(200);
  });

  it('answers a stored result’s 304 from the store, without SQL', async () => {
    const path = pathOf(GAME());
    const current = etagOf(await send(path));
    let answer: Answer | undefined;
    expect(await countQueries(league.db, async () => (answer = await send(path, { 'if-none-match': current })))).toBe(0);
    expect(answer?.status).toBe(304);
  });

  it('answers HEAD as GET: the tag, and a 304 to a held tag', async () => {
    const path = pathOf(GAME());
    const got = await send(path);
    const head = await send(path, {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(etagOf(head)).toBe(etagOf(got));
    expect((await send(path, { 'if-none-match': etagOf(got) }, 'HEAD')).status).toBe(304);
  });

  it('never answers a POST 304: a POST is not revalidated', async () => {
    const payload = JSON.stringify({ query: GAME() });
    const headers = { 'content-type': 'application/json' };
    const first = await send('/graphql', headers, 'POST', payload);
    expect(first.status).toBe(200);
    const tag = etagOf(first);
    expect(tag).toMatch(ENTITY_TAG);
    for (const ifNoneMatch of [tag, '*']) {
      const again = await send('/graphql', { ...headers, 'if-none-match': ifNoneMatch }, 'POST', payload);
      expect(again.status, ifNoneMatch).toBe(200);
      expect(again.body.equals(first.body), ifNoneMatch).toBe(true);
    }
  });

  it('never answers 304 where no tag is sent: a result a key decided', async () => {
    const path = pathOf(`{ lineupCandidates(gameId: ${game.id}, teamId: ${game.homeTeamId}, includeIneligible: true) { licenseId eligible } }`);
    const keyed = await send(path, { authorization: `Bearer ${desk}`, 'if-none-match': '*' });
    expect(keyed.status).toBe(200);
    expect(keyed.headers.etag).toBeUndefined();
  });
});

describe('the tag per media type and encoding', () => {
  const LARGE = '{ games(first: 40) { edges { node { id startsAt status homeScore awayScore } } } }';

  it('one weak tag for every content-coding of the same bytes (with Vary: Accept-Encoding), and each answers If-None-Match', async () => {
    const path = pathOf(LARGE);
    const plain = await send(path);
    expect(plain.body.length).toBeGreaterThan(1024);
    const tag = etagOf(plain);
    expect(tag).toMatch(/^W\/"/);
    for (const encoding of ['br', 'gzip']) {
      const compressed = await send(path, { 'accept-encoding': encoding });
      expect(compressed.headers['content-encoding'], encoding).toBe(encoding);
      expect(decoded(compressed), encoding).toBe(plain.body.toString('utf8'));
      expect(etagOf(compressed), encoding).toBe(tag);
      expect(varies(compressed), encoding).toBe(true);
      const revalidated = await send(path, { 'accept-encoding': encoding, 'if-none-match': tag });
      expect(revalidated.status, encoding).toBe(304);
      expect(revalidated.headers['content-encoding'], encoding).toBeUndefined();
      expect(varies(revalidated), encoding).toBe(true);
    }
  });

  it('a tag per media type: the same result as application/json has a tag of its own', async () => {
    const path = pathOf(GAME());
    const graphqlResponse = await send(path);
    const json = await send(path, { accept: 'application/json' });
    expect(json.headers['content-type']).toMatch(/^application\/json/);
    expect(json.body.equals(graphqlResponse.body)).toBe(true);
    expect(etagOf(json)).toMatch(ENTITY_TAG);
    expect(etagOf(json)).not.toBe(etagOf(graphqlResponse));
    expect((await send(path, { accept: 'application/json', 'if-none-match': etagOf(graphqlResponse) })).status).toBe(200);
    expect((await send(path, { accept: 'application/json', 'if-none-match': etagOf(json) })).status).toBe(304);
  });
});
