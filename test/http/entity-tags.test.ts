// The validators of /api's answers (src/http/entity-tags.ts): a tag made from the bytes sent and
// their media type, the same weak tag for every content-coding, and If-None-Match judged as RFC
// 9110 says (lists, `*`, weak comparison). Over real sockets, with a goal written in between.
import { request as httpRequest } from 'node:http';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { entityTagOf, notModified, representationDigest, weakTag } from '../../src/http/entity-tags.js';
import { openTestLeague, type TestLeague } from '../support/app.js';
import { createKey } from '../support/keys.js';
import { postGraphQL, scheduledGameWithSheet, WRITE_RESULT } from '../support/live.js';

/** RFC 9110's entity-tag: an optional weak prefix and a quoted opaque tag of etagc characters. */
const ENTITY_TAG = /^(?:W\/)?"[\x21\x23-\x7e\x80-\xff]*"$/;

describe('entityTagOf', () => {
  it('is a weak, quoted entity-tag of 22 base64url characters', () => {
    const tag = entityTagOf('application/json; charset=utf-8', Buffer.from('{"a":1}'));
    expect(tag).toMatch(ENTITY_TAG);
    expect(tag).toMatch(/^W\/"[A-Za-z0-9_-]{22}"$/);
    expect(tag).toBe(weakTag(representationDigest('application/json; charset=utf-8', '{"a":1}')));
  });

  it('differs with the bytes and with the media type, and only with them', () => {
    const body = Buffer.from('{"data":{"game":{"homeScore":1}}}');
    const tag = entityTagOf('application/json; charset=utf-8', body);
    expect(entityTagOf('application/json; charset=utf-8', Buffer.from(body))).toBe(tag);
    expect(entityTagOf('application/json; charset=utf-8', Buffer.from('{"data":{"game":{"homeScore":2}}}'))).not.toBe(tag);
    expect(entityTagOf('application/graphql-response+json; charset=utf-8', body)).not.toBe(tag);
  });
});

describe('notModified (If-None-Match)', () => {
  const current = 'W/"abcdefghijklmnopqrstuv"';
  it.each<[string | string[] | undefined, boolean]>([
    [undefined, false],
    ['', false],
    [current, true],
    ['"abcdefghijklmnopqrstuv"', true], // weak comparison: W/ on either side or neither
    [`W/"x", ${current}`, true],
    [`"x","y" ,  "abcdefghijklmnopqrstuv" , "z"`, true],
    [['W/"x"', current], true],
    ['*', true],
    [' * ', true],
    ['W/"x", W/"y"', false],
    ['"a,b", "abcdefghijklmnopqrstu"', false], // a comma inside a tag belongs to it; a prefix is no match
    ['abcdefghijklmnopqrstuv', false], // unquoted: not an entity-tag
    ['scoped:abcdefghijklmnopqrstuv', false],
    ['"abcdefghijklmnopqrstuv"x', false],
    [',,,', false],
    ['W/"', false],
  ])('%j → %s', (header, expected) => {
    expect(notModified(header, current)).toBe(expected);
  });
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

describe('/api over real sockets', () => {
  let league: TestLeague;
  let app: FastifyInstance;
  let baseUrl: string;
  let desk: string;
  let game: Awaited<ReturnType<typeof scheduledGameWithSheet>>['game'];
  let sheet: Awaited<ReturnType<typeof scheduledGameWithSheet>>['sheet'];
  let writes = 0;
  /** The response caches' clock: moved past the TTL to make the next request a miss. */
  let cacheNow = Date.now();

  const get = (path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> =>
    new Promise((resolve, reject) => {
      const req = httpRequest(baseUrl + path, { method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      });
      req.on('error', reject);
      req.end();
    });
  const etagOf = (answer: Answer) => String(answer.headers.etag ?? '');
  const decoded = (answer: Answer) => {
    const encoding = answer.headers['content-encoding'];
    if (encoding === 'br') return zlib.brotliDecompressSync(answer.body);
    if (encoding === 'gzip') return zlib.gunzipSync(answer.body);
    return answer.body;
  };

  const write = async (document: string, input: Record<string, unknown>) => {
    const answer = await postGraphQL(baseUrl, document, { input: { gameId: game.id, idempotencyKey: `entity-tags-${++writes}`, ...input } }, desk);
    expect(answer.errors).toBeUndefined();
  };
  const recordGoal = () =>
    write(`mutation ($input: RecordGoalInput!) { recordGoal(input: $input) { ${WRITE_RESULT} } }`, {
      side: 'AWAY',
      second: 200 + writes,
      scorerLicenseId: sheet.AWAY[0].licenseId,
    });

  beforeAll(async () => {
    league = await openTestLeague();
    ({ game, sheet } = await scheduledGameWithSheet(league.db));
    desk = (await createKey(league.db, 'federation desk', null, ['games:write'])).key;
    app = await buildApp({
      database: league.db,
      clock: league.clock,
      cacheClock: () => cacheNow,
      logLevel: 'silent',
      publicBaseUrl: 'http://test.local',
      responseCacheTtlMs: 60_000,
    });
    baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
    await write(`mutation ($input: StartGameInput!) { startGame(input: $input) { ${WRITE_RESULT} } }`, {});
  });
  afterAll(async () => {
    await app?.close();
    await league?.close();
  });

  it('tags an answer by its bytes and media type: W/"…" of the identity body, the same for gzip and br', async () => {
    const path = `/api/games/${game.id}`;
    const plain = await get(path);
    expect(plain.status).toBe(200);
    const tag = etagOf(plain);
    expect(tag).toBe(entityTagOf(String(plain.headers['content-type']), plain.body));
    expect(plain.body.length).toBeGreaterThan(1024); // large enough to be compressed
    for (const encoding of ['br', 'gzip']) {
      const compressed = await get(path, { 'accept-encoding': encoding });
      expect(compressed.headers['content-encoding'], encoding).toBe(encoding);
      expect(decoded(compressed).equals(plain.body), encoding).toBe(true);
      // Weak: shared by every content-coding of the same bytes (RFC 9110 §8.8.1), and no strong tag is.
      expect(etagOf(compressed), encoding).toBe(tag);
      expect(etagOf(compressed), encoding).toMatch(/^W\//);
    }
  });

  it('after a write, the old tag gets the new answer (200) and the new tag a 304', async () => {
    const path = `/api/games/${game.id}`;
    const before = await get(path);
    const oldTag = etagOf(before);
    expect((await get(path, { 'if-none-match': oldTag })).status).toBe(304);

    await recordGoal();
    const after = await get(path);
    expect(after.status).toBe(200);
    expect(after.body.equals(before.body)).toBe(false);
    const newTag = etagOf(after);
    expect(newTag).not.toBe(oldTag);
    for (const encoding of ['identity', 'br']) {
      const heldOld = await get(path, { 'accept-encoding': encoding, 'if-none-match': oldTag });
      expect(heldOld.status, encoding).toBe(200);
      expect(decoded(heldOld).equals(after.body), encoding).toBe(true);
      expect(etagOf(heldOld), encoding).toBe(newTag);
      const heldNew = await get(path, { 'accept-encoding': encoding, 'if-none-match': newTag });
      expect(heldNew.status, encoding).toBe(304);
      expect(heldNew.body.length, encoding).toBe(0);
    }
  });

  it('honours a list, `*` and weak comparison, on a hit and on a miss, for GET and HEAD', async () => {
    const path = `/api/games/${game.id}?locale=fr`;
    const current = etagOf(await get(path));
    const opaque = current.replace(/^W\//, '');
    const asks: [string, number][] = [
      [`W/"other", ${current}`, 304],
      [`"a", "b",${opaque}`, 304],
      ['*', 304],
      [opaque, 304],
      ['W/"other", "another"', 200],
      [opaque.slice(1, -1), 200],
    ];
    for (const method of ['GET', 'HEAD']) {
      for (const [ifNoneMatch, status] of asks) {
        const answer = await get(path, { 'if-none-match': ifNoneMatch }, method);
        expect([answer.status, answer.headers['x-cache']], `${method} ${ifNoneMatch}`).toEqual([status, 'hit']);
        expect(etagOf(answer), `${method} ${ifNoneMatch}`).toBe(current);
      }
    }
    // A miss (its TTL ran out, the answer is built anew) for a client that holds the tag: the same judgement.
    for (const ifNoneMatch of [`W/"other", ${current}`, '*', opaque, 'W/"other"']) {
      cacheNow += 61_000;
      const answer = await get(path, { 'if-none-match': ifNoneMatch });
      expect([answer.status, answer.headers['x-cache']], `miss ${ifNoneMatch}`).toEqual([ifNoneMatch === 'W/"other"' ? 200 : 304, 'miss']);
      expect(etagOf(answer), `miss ${ifNoneMatch}`).toBe(current);
    }
  });

  it('never answers 304 to `*` where there is no answer: a 404 stays a 404', async () => {
    const answer = await get('/api/games/999999999', { 'if-none-match': '*' });
    expect(answer.status).toBe(404);
  });

  it('the documentation pages judge If-None-Match alike', async () => {
    const page = await get('/api/doc/table');
    const tag = etagOf(page);
    expect(tag).toBe(entityTagOf('text/html; charset=utf-8', page.body));
    for (const ifNoneMatch of [`W/"x", ${tag}`, '*', tag.replace(/^W\//, '')])
      expect((await get('/api/doc/table', { 'if-none-match': ifNoneMatch })).status).toBe(304);
    expect((await get('/api/doc/table', { 'if-none-match': 'W/"x"' })).status).toBe(200);
  });
});
