// Trusted documents on /graphql: automatic persisted queries (Apollo's APQ protocol) over GET and
// POST, the allow-list mode, and which answers browsers and shared caches may keep.
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { ConfigError, trustedDocumentsFrom } from '../../src/config.js';
import { sha256Hex, TrustedDocumentStore, trustedParams } from '../../src/graphql/persisted-documents.js';
import { openTestLeague, type TestLeague } from '../support/app.js';
import { createKey } from '../support/keys.js';
import { scheduledGameWithSheet } from '../support/live.js';

let league: TestLeague;
let apq: FastifyInstance;
let allowList: FastifyInstance;
let game: Awaited<ReturnType<typeof scheduledGameWithSheet>>['game'];
let clubReader: string;
let directory: string;

const CLUBS = '{ clubs(season: 2026, first: 3) { edges { node { id name } } } }';
const LISTED = 'query ListedClubs { clubs(season: 2026, first: 2) { edges { node { id } } } }';
const UNLISTED = '{ clubs(season: 2026, first: 1) { edges { node { name } } } }';

const persisted = (query: string) => ({ persistedQuery: { version: 1, sha256Hash: sha256Hex(query) } });

interface Body {
  data?: Record<string, unknown> | null;
  errors?: { message: string; extensions?: { code?: string } }[];
}

function getUrl(params: { query?: string; extensions?: object; variables?: object }): string {
  const search = new URLSearchParams();
  if (params.query !== undefined) search.set('query', params.query);
  if (params.variables) search.set('variables', JSON.stringify(params.variables));
  if (params.extensions) search.set('extensions', JSON.stringify(params.extensions));
  return `/graphql?${search}`;
}

function get(app: FastifyInstance, params: { query?: string; extensions?: object }, headers: Record<string, string> = {}) {
  return app.inject({ method: 'GET', url: getUrl(params), headers: { accept: 'application/graphql-response+json', ...headers } });
}

function post(app: FastifyInstance, payload: object, headers: Record<string, string> = {}) {
  return app.inject({ method: 'POST', url: '/graphql', payload, headers: { accept: 'application/graphql-response+json', ...headers } });
}

const bodyOf = (response: LightMyRequestResponse) => response.json() as Body;
const codeOf = (response: LightMyRequestResponse) => bodyOf(response).errors?.[0]?.extensions?.code;

beforeAll(async () => {
  league = await openTestLeague();
  ({ game } = await scheduledGameWithSheet(league.db));
  clubReader = (await createKey(league.db, 'home club reader', game.homeTeam!.clubId)).key;
  directory = await mkdtemp(join(tmpdir(), 'trusted-documents-'));
  const settings = { database: league.db, clock: league.clock, logLevel: 'silent' as const, publicBaseUrl: 'http://test.local', responseCacheTtlMs: 60_000 };
  apq = await buildApp({ ...settings, trustedDocuments: { mode: 'apq', manifest: new Map() } });
  allowList = await buildApp({ ...settings, trustedDocuments: { mode: 'allow-list', manifest: new Map([[sha256Hex(LISTED), LISTED]]) } });
});
afterAll(async () => {
  await apq?.close();
  await allowList?.close();
  await league?.close();
  if (directory) await rm(directory, { recursive: true, force: true });
});

describe('automatic persisted queries', () => {
  it('GET: an unknown hash asks for the text, the text with its hash is kept, then the hash alone runs it', async () => {
    const query = '{ clubs(season: 2026, first: 4) { edges { node { id } } } }';
    const unknown = await get(apq, { extensions: persisted(query) });
    expect(unknown.statusCode).toBe(200);
    expect(bodyOf(unknown).errors?.[0]).toMatchObject({ message: 'PersistedQueryNotFound', extensions: { code: 'PERSISTED_QUERY_NOT_FOUND' } });
    expect(unknown.headers['cache-control']).toBe('private, no-store');

    const registered = await get(apq, { query, extensions: persisted(query) });
    expect(registered.statusCode).toBe(200);
    expect(bodyOf(registered).errors).toBeUndefined();

    const byHash = await get(apq, { extensions: persisted(query) });
    expect(byHash.statusCode).toBe(200);
    expect(bodyOf(byHash)).toEqual(bodyOf(registered));
  });

  it('POST: the same round trip, and a mutation by hash runs as its text would', async () => {
    const query = 'query Clubs($first: Int!) { clubs(season: 2026, first: $first) { edges { node { id name } } } }';
    expect(bodyOf(await post(apq, { extensions: persisted(query), variables: { first: 2 } })).errors?.[0]?.message).toBe('PersistedQueryNotFound');
    const registered = await post(apq, { query, variables: { first: 2 }, extensions: persisted(query) });
    expect(bodyOf(registered).errors).toBeUndefined();
    const byHash = await post(apq, { extensions: persisted(query), variables: { first: 2 } });
    expect(byHash.statusCode).toBe(200);
    expect(bodyOf(byHash)).toEqual(bodyOf(registered));

    const mutation = 'mutation Add($clubId: Int!) { addFavorite(sid: null, favorites: [{ type: club, clubId: $clubId }]) { id } }';
    await post(apq, { query: mutation, variables: { clubId: game.homeTeam!.clubId }, extensions: persisted(mutation) });
    const added = await post(apq, { variables: { clubId: game.homeTeam!.clubId }, extensions: persisted(mutation) });
    expect(bodyOf(added).errors).toBeUndefined();
    expect((bodyOf(added).data?.addFavorite as { id: string } | undefined)?.id).toMatch(/^[\w-]{16,}$/);
    expect(added.headers['cache-control']).toBe('private, no-store');
  });

  it('a mutation sent by hash counts against the cap on new sessions as its text does', async () => {
    const capped = await buildApp({
      database: league.db,
      clock: league.clock,
      logLevel: 'silent',
      publicBaseUrl: 'http://test.local',
      trustedDocuments: { mode: 'apq', manifest: new Map() },
      rateLimits: { publicPerMinute: 0, keyPerMinute: 0, authFailures: 0, authFailureWindowMs: 600_000, sessionsPerHour: 1 },
    });
    try {
      const mutation = `mutation { addFavorite(sid: null, favorites: [{ type: club, clubId: ${game.homeTeam!.clubId} }]) { id } }`;
      const first = await post(capped, { query: mutation, extensions: persisted(mutation) });
      expect(bodyOf(first).errors).toBeUndefined();
      const byHash = await post(capped, { extensions: persisted(mutation) });
      expect(byHash.statusCode).toBe(429);
    } finally {
      await capped.close();
    }
  });

  it('a text sent with another text’s hash is refused and not kept under that hash', async () => {
    const claimed = { persistedQuery: { version: 1, sha256Hash: sha256Hex(CLUBS) } };
    const mismatch = await post(apq, { query: UNLISTED, extensions: claimed });
    expect(mismatch.statusCode).toBe(400);
    expect(codeOf(mismatch)).toBe('PERSISTED_QUERY_HASH_MISMATCH');
    const byHash = await get(apq, { extensions: claimed });
    expect(bodyOf(byHash).errors?.[0]?.message).toBe('PersistedQueryNotFound');
  });

  it('a document the limits refuse is not kept', async () => {
    const huge = `{ ${'clubs(season: 2026, first: 1) { edges { node { id } } } '.repeat(600)}}`;
    expect((await post(apq, { query: huge, extensions: persisted(huge) })).statusCode).toBeGreaterThanOrEqual(400);
    expect(bodyOf(await get(apq, { extensions: persisted(huge) })).errors?.[0]?.message).toBe('PersistedQueryNotFound');
  });

  it('without trusted documents (off) a hash means nothing and the text runs as always', async () => {
    const off = await buildApp({ database: league.db, clock: league.clock, logLevel: 'silent', publicBaseUrl: 'http://test.local' });
    try {
      expect(bodyOf(await post(off, { query: CLUBS, extensions: persisted(UNLISTED) })).errors).toBeUndefined();
      expect((await post(off, { extensions: persisted(CLUBS) })).statusCode).toBe(400);
    } finally {
      await off.close();
    }
  });
});

describe('allow-list mode', () => {
  it('refuses a document sent as text, GET or POST, with 400 PERSISTED_QUERY_NOT_ALLOWED', async () => {
    for (const refused of [await post(allowList, { query: UNLISTED }), await get(allowList, { query: UNLISTED })]) {
      expect(refused.statusCode).toBe(400);
      expect(codeOf(refused)).toBe('PERSISTED_QUERY_NOT_ALLOWED');
      expect(bodyOf(refused).data).toBeUndefined();
    }
  });

  it('does not learn documents: a valid text with its own hash is refused and stays unknown', async () => {
    const refused = await post(allowList, { query: UNLISTED, extensions: persisted(UNLISTED) });
    expect(codeOf(refused)).toBe('PERSISTED_QUERY_NOT_ALLOWED');
    expect(bodyOf(await get(allowList, { extensions: persisted(UNLISTED) })).errors?.[0]?.message).toBe('PersistedQueryNotFound');
  });

  it('runs the manifest’s documents by hash (GET and POST), and with their text as well', async () => {
    const byGet = await get(allowList, { extensions: persisted(LISTED) });
    expect(byGet.statusCode).toBe(200);
    expect(bodyOf(byGet).errors).toBeUndefined();
    expect((bodyOf(byGet).data?.clubs as { edges: unknown[] } | undefined)?.edges).toHaveLength(2);
    const byPost = await post(allowList, { extensions: persisted(LISTED), operationName: 'ListedClubs' });
    expect(bodyOf(byPost)).toEqual(bodyOf(byGet));
    const withText = await post(allowList, { query: LISTED, extensions: persisted(LISTED) });
    expect(bodyOf(withText)).toEqual(bodyOf(byGet));
  });

  it('leaves the facades alone: their documents run in process', async () => {
    const response = await allowList.inject({ url: '/api/clubs' });
    expect(response.statusCode).toBe(200);
  });
});

describe('Cache-Control of /graphql answers', () => {
  const CACHEABLE = '{ clubs(season: 2026, first: 5) { edges { node { id name } } } }';

  it('a public query answer to a GET is public for the TTL (5 s at most), with its ETag and Vary on the credentials; If-None-Match answers 304', async () => {
    await get(apq, { query: CACHEABLE, extensions: persisted(CACHEABLE) });
    const stored = await get(apq, { extensions: persisted(CACHEABLE) });
    expect(stored.statusCode).toBe(200);
    expect(stored.headers['cache-control']).toBe('public, max-age=5, stale-while-revalidate=5');
    expect(stored.headers.etag).toBeTruthy();
    const vary = String(stored.headers.vary).toLowerCase();
    for (const name of ['accept', 'authorization', 'x-api-key']) expect(vary).toContain(name);

    const revalidated = await get(apq, { extensions: persisted(CACHEABLE) }, { 'if-none-match': String(stored.headers.etag) });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
    expect(revalidated.headers['cache-control']).toBe('public, max-age=5, stale-while-revalidate=5');

    const inline = await get(apq, { query: CACHEABLE });
    expect(inline.headers['cache-control']).toBe('public, max-age=5, stale-while-revalidate=5');
  });

  it('follows the result cache’s TTL: below 5 s the public lifetime is that TTL, and without the cache nothing is public', async () => {
    const short = await buildApp({
      database: league.db,
      clock: league.clock,
      logLevel: 'silent',
      publicBaseUrl: 'http://test.local',
      responseCacheTtlMs: 2_000,
    });
    const none = await buildApp({ database: league.db, clock: league.clock, logLevel: 'silent', publicBaseUrl: 'http://test.local' });
    try {
      expect((await get(short, { query: CACHEABLE })).headers['cache-control']).toBe('public, max-age=2, stale-while-revalidate=2');
      expect((await get(none, { query: CACHEABLE })).headers['cache-control']).toBe('private, no-store');
    } finally {
      await short.close();
      await none.close();
    }
  });

  it('never on an answer the caller’s key decided, nor on any answer to a request that presents a key', async () => {
    const candidates = `{ lineupCandidates(gameId: ${game.id}, teamId: ${game.homeTeamId}, includeIneligible: true) { licenseId eligible } }`;
    const keyed = await get(apq, { query: candidates, extensions: persisted(candidates) }, { authorization: `Bearer ${clubReader}` });
    expect(bodyOf(keyed).errors).toBeUndefined();
    expect(keyed.headers['cache-control']).toBe('private, no-store');
    expect(keyed.headers.etag).toBeUndefined();
    const keyedByHash = await get(apq, { extensions: persisted(candidates) }, { 'x-api-key': clubReader });
    expect(bodyOf(keyedByHash)).toEqual(bodyOf(keyed));
    expect(keyedByHash.headers['cache-control']).toBe('private, no-store');

    const publicWithKey = await get(apq, { query: CACHEABLE }, { authorization: `Bearer ${clubReader}` });
    expect(bodyOf(publicWithKey).errors).toBeUndefined();
    expect(publicWithKey.headers['cache-control']).toBe('private, no-store');
  });

  it('never on POST answers, mutations or errors', async () => {
    const byPost = await post(apq, { query: CACHEABLE });
    expect(bodyOf(byPost).errors).toBeUndefined();
    expect(byPost.headers['cache-control'] ?? '').not.toMatch(/public/);

    const mutation = await post(apq, { query: `mutation { addFavorite(sid: null, favorites: [{ type: club, clubId: ${game.homeTeam!.clubId} }]) { id } }` });
    expect(mutation.headers['cache-control']).toBe('private, no-store');

    const invalid = await get(apq, { query: '{ clubs(season: 2026, first: 1) { edges { node { noSuchField } } } }' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.headers['cache-control']).toBe('private, no-store');
    const mutationByGet = await get(apq, { query: 'mutation { addFavorite(sid: null, favorites: []) { id } }' });
    expect(mutationByGet.statusCode).toBe(405);
    expect(mutationByGet.headers['cache-control'] ?? '').not.toMatch(/public/);
  });
});

describe('the same rules for operations that bypass yoga’s onParams (GraphQL over WebSocket)', () => {
  const codeOfError = (run: () => unknown) => {
    try {
      run();
    } catch (error) {
      return (error as { extensions?: { code?: string } }).extensions?.code;
    }
    return 'accepted';
  };

  it('allow-list: a manifest hash gets its text, any other text is refused', () => {
    const store = new TrustedDocumentStore({ mode: 'allow-list', manifest: new Map([[sha256Hex(LISTED), LISTED]]) });
    expect(trustedParams(store, { extensions: persisted(LISTED) }).query).toBe(LISTED);
    expect(codeOfError(() => trustedParams(store, { query: UNLISTED }))).toBe('PERSISTED_QUERY_NOT_ALLOWED');
    expect(codeOfError(() => trustedParams(store, { query: UNLISTED, extensions: persisted(UNLISTED) }))).toBe('PERSISTED_QUERY_NOT_ALLOWED');
    expect(codeOfError(() => trustedParams(store, { extensions: persisted(UNLISTED) }))).toBe('PERSISTED_QUERY_NOT_FOUND');
  });

  it('apq: texts run, a wrong hash is refused, a registered hash gets its text', () => {
    const store = new TrustedDocumentStore({ mode: 'apq', manifest: new Map() });
    expect(trustedParams(store, { query: CLUBS }).query).toBe(CLUBS);
    expect(codeOfError(() => trustedParams(store, { query: UNLISTED, extensions: persisted(CLUBS) }))).toBe('PERSISTED_QUERY_HASH_MISMATCH');
    store.register(sha256Hex(CLUBS), CLUBS);
    expect(trustedParams(store, { extensions: persisted(CLUBS) }).query).toBe(CLUBS);
  });
});

describe('GRAPHQL_TRUSTED_DOCUMENTS and its manifest', () => {
  const manifestFile = async (name: string, content: string) => {
    const path = join(directory, name);
    await writeFile(path, content);
    return path;
  };

  it('defaults to apq; reads a codegen manifest of sha256 → document', async () => {
    expect(trustedDocumentsFrom({})).toEqual({ mode: 'apq', manifest: new Map() });
    const path = await manifestFile('good.json', JSON.stringify({ [sha256Hex(LISTED)]: LISTED }));
    const settings = trustedDocumentsFrom({ GRAPHQL_TRUSTED_DOCUMENTS: 'allow-list', GRAPHQL_TRUSTED_DOCUMENTS_FILE: path });
    expect(settings.mode).toBe('allow-list');
    expect([...settings.manifest.values()]).toEqual([LISTED]);
  });

  it('refuses what would start a service that cannot run what it promises', async () => {
    const refusal = (env: Record<string, string>) => {
      try {
        trustedDocumentsFrom(env);
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as Error).message;
      }
      throw new Error('accepted');
    };
    expect(refusal({ GRAPHQL_TRUSTED_DOCUMENTS: 'strict' })).toContain('must be one of off, apq, allow-list');
    expect(refusal({ GRAPHQL_TRUSTED_DOCUMENTS: 'allow-list' })).toContain('needs GRAPHQL_TRUSTED_DOCUMENTS_FILE');
    expect(refusal({ GRAPHQL_TRUSTED_DOCUMENTS_FILE: join(directory, 'missing.json') })).toContain('cannot be read (ENOENT)');
    expect(refusal({ GRAPHQL_TRUSTED_DOCUMENTS_FILE: await manifestFile('broken.json', '{ "a": ') })).toContain('is not JSON');
    expect(refusal({ GRAPHQL_TRUSTED_DOCUMENTS_FILE: await manifestFile('list.json', '[]') })).toContain('must be a JSON object');
    const sha1 = await manifestFile('sha1.json', JSON.stringify({ '0123456789abcdef0123456789abcdef01234567': LISTED }));
    expect(refusal({ GRAPHQL_TRUSTED_DOCUMENTS_FILE: sha1 })).toContain("hashAlgorithm 'sha256'");
    const wrong = await manifestFile('wrong.json', JSON.stringify({ [sha256Hex(CLUBS)]: LISTED }));
    expect(refusal({ GRAPHQL_TRUSTED_DOCUMENTS_FILE: wrong })).toContain('whose sha256 is');
    const empty = await manifestFile('empty.json', '{}');
    expect(refusal({ GRAPHQL_TRUSTED_DOCUMENTS: 'allow-list', GRAPHQL_TRUSTED_DOCUMENTS_FILE: empty })).toContain('lists no document');
  });

  it('a bad manifest stops the service at start with one line, no stack trace', async () => {
    const broken = await manifestFile('start.json', '{ not json');
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      env: { ...process.env, GRAPHQL_TRUSTED_DOCUMENTS: 'allow-list', GRAPHQL_TRUSTED_DOCUMENTS_FILE: broken, PORT: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(2);
    expect(stderr.trim()).toMatch(/^Configuration error: GRAPHQL_TRUSTED_DOCUMENTS_FILE ".*start\.json" is not JSON/);
    expect(stderr).not.toMatch(/\n\s+at /);
  }, 30_000);
});
