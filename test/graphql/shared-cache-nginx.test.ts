// /graphql behind a real shared cache: nginx's proxy_cache in front of the service's socket, obeying
// only the headers the service sends (Cache-Control, Vary, ETag). A persisted query's GET is served from
// nginx the second time; an answer a key decided, or any answer to a keyed request, never is. When
// nginx revalidates an answer it holds (If-None-Match with its ETag), a write in between gets it the
// new answer, and only the current tag a 304.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { sha256Hex } from '../../src/graphql/persisted-documents.js';
import { openTestLeague, type TestLeague } from '../support/app.js';
import { createKey } from '../support/keys.js';
import { postGraphQL, scheduledGameWithSheet, WRITE_RESULT } from '../support/live.js';

const run = promisify(execFile);
/** Debian's nginx (nginx-light), as .ci/run installs it. */
const NGINX = '/usr/sbin/nginx';

/** A port nobody listens on right now, for nginx to take. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

function nginxConfig(directory: string, port: number, upstream: string): string {
  return `pid ${directory}/nginx.pid;
error_log ${directory}/error.log warn;
worker_processes 1;
events { worker_connections 64; }
http {
  access_log off;
  client_body_temp_path ${directory}/body;
  proxy_temp_path ${directory}/proxy;
  proxy_cache_path ${directory}/cache keys_zone=graphql:1m;
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass ${upstream};
      proxy_cache graphql;
      # An expired answer is revalidated with the ETag (and Last-Modified) it was stored with.
      proxy_cache_revalidate on;
      add_header X-Cache-Status $upstream_cache_status always;
    }
  }
}
`;
}

const persisted = (query: string) => JSON.stringify({ persistedQuery: { version: 1, sha256Hash: sha256Hex(query) } });

const HAVE_NGINX = existsSync(NGINX);

// Skipped, with its reason in the report, only where the binary is missing.
if (!HAVE_NGINX) {
  describe('a shared cache (nginx proxy_cache) in front of /graphql', () => {
    it.skip(`needs ${NGINX}: apt-get install -y nginx-light (as .ci/run installs it)`, () => {});
  });
}

describe.runIf(HAVE_NGINX)('a shared cache (nginx proxy_cache) in front of /graphql', { timeout: 120_000 }, () => {
  let league: TestLeague;
  let app: FastifyInstance;
  let directory: string;
  let cache = '';
  let nginxStarted = false;
  let upstream = '';
  let clubReader: string;
  let candidates: string;
  let desk: string;
  let game: Awaited<ReturnType<typeof scheduledGameWithSheet>>['game'];
  let sheet: Awaited<ReturnType<typeof scheduledGameWithSheet>>['sheet'];
  /** The requests the service itself answered: their URL and the If-None-Match they came with. */
  const served: { url: string; ifNoneMatch?: string }[] = [];
  /**
   * Answers to these paths tell nginx that they are stale at once (X-Accel-Expires, nginx's own
   * header, in the past), so that its next request for one revalidates it without the test waiting
   * out max-age.
   */
  const staleAtOnce = new Set<string>();

  beforeAll(async () => {
    league = await openTestLeague();
    ({ game, sheet } = await scheduledGameWithSheet(league.db));
    clubReader = (await createKey(league.db, 'club reader', game.homeTeam!.clubId)).key;
    desk = (await createKey(league.db, 'federation desk', null, ['games:write'])).key;
    candidates = `{ lineupCandidates(gameId: ${game.id}, teamId: ${game.homeTeamId}, includeIneligible: true) { licenseId eligible } }`;
    app = await buildApp({
      database: league.db,
      clock: league.clock,
      logLevel: 'silent',
      publicBaseUrl: 'http://test.local',
      responseCacheTtlMs: 60_000,
      trustedDocuments: { mode: 'apq', manifest: new Map() },
    });
    app.addHook('onSend', async (request, reply, payload) => {
      if (staleAtOnce.has(request.url)) reply.header('x-accel-expires', '@1');
      return payload;
    });
    app.server.on('request', (request: IncomingMessage) => {
      const ifNoneMatch = request.headers['if-none-match'];
      served.push({ url: request.url ?? '', ...(ifNoneMatch === undefined ? {} : { ifNoneMatch }) });
    });
    upstream = await app.listen({ host: '127.0.0.1', port: 0 });
    directory = await mkdtemp(join(tmpdir(), 'nginx-cache-'));
    // nginx's workers run as nobody when the test runs as root.
    await chmod(directory, 0o777);
    const port = await freePort();
    await writeFile(join(directory, 'nginx.conf'), nginxConfig(directory, port, upstream));
    // nginx returns once it listens and has gone to the background (its pid file names the master).
    await run(NGINX, ['-p', directory, '-e', join(directory, 'error.log'), '-c', join(directory, 'nginx.conf')]);
    nginxStarted = true;
    cache = `http://127.0.0.1:${port}`;
  });

  afterAll(async () => {
    if (nginxStarted) {
      const pid = Number((await readFile(join(directory, 'nginx.pid'), 'utf8')).trim());
      // The master stops its worker and exits; the pid is the one this test started.
      process.kill(pid, 'SIGTERM');
    }
    await app?.close();
    await league?.close();
    if (directory) await rm(directory, { recursive: true, force: true });
  });

  const through = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${cache}${path}`, { headers: { accept: 'application/graphql-response+json', ...headers } });
  const timesServed = (path: string) => served.filter(({ url }) => url === path).length;

  it('a persisted query by GET: the second request is a HIT the service never sees', async () => {
    const query = '{ clubs(season: 2026, first: 3) { edges { node { id name } } } }';
    const register = await fetch(`${cache}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query, extensions: JSON.parse(persisted(query)) }),
    });
    expect(register.status).toBe(200);
    const path = `/graphql?extensions=${encodeURIComponent(persisted(query))}`;

    const first = await through(path);
    expect(first.status).toBe(200);
    expect(first.headers.get('x-cache-status')).toBe('MISS');
    expect(first.headers.get('cache-control')).toMatch(/^public, max-age=5/);
    const second = await through(path);
    expect(second.headers.get('x-cache-status')).toBe('HIT');
    expect(await second.json()).toEqual(await first.json());
    expect(timesServed(path)).toBe(1);

    // The same URL with a key is another variant (Vary), and its answer is private: never from the cache.
    const keyed = await through(path, { authorization: `Bearer ${clubReader}` });
    expect(keyed.headers.get('x-cache-status')).toBe('MISS');
    expect(keyed.headers.get('cache-control')).toBe('private, no-store');
    expect(timesServed(path)).toBe(2);
  });

  it('an answer a key decided is a MISS every time and reaches the service every time', async () => {
    const path = `/graphql?query=${encodeURIComponent(candidates)}`;
    const headers = { authorization: `Bearer ${clubReader}` };
    const first = await through(path, headers);
    const body = (await first.json()) as { data?: { lineupCandidates?: unknown[] }; errors?: unknown };
    expect(body.errors).toBeUndefined();
    expect(body.data?.lineupCandidates?.length).toBeGreaterThan(0);
    expect(first.headers.get('x-cache-status')).toBe('MISS');
    expect(first.headers.get('cache-control')).toBe('private, no-store');
    const second = await through(path, headers);
    expect(second.headers.get('x-cache-status')).toBe('MISS');
    // Nor does a caller without the key get what the key's caller was answered.
    const anonymous = await through(path);
    expect(anonymous.headers.get('x-cache-status')).toBe('MISS');
    expect(JSON.stringify(await anonymous.json())).not.toContain('licenseId');
    expect(timesServed(path)).toBe(3);
  });

  it('revalidating with the tag it holds: after a write nginx gets the new answer, then a 304 for the new tag', async () => {
    const query = `{ game(id: ${game.id}) { id status homeScore awayScore } }`;
    const path = `/graphql?query=${encodeURIComponent(query)}`;
    const accept = { accept: 'application/graphql-response+json' };
    const write = async (document: string, input: Record<string, unknown>) => {
      const answer = await postGraphQL(upstream, document, { input: { gameId: game.id, idempotencyKey: `nginx-${input.second ?? 'start'}`, ...input } }, desk);
      expect(answer.errors).toBeUndefined();
    };
    await write(`mutation ($input: StartGameInput!) { startGame(input: $input) { ${WRITE_RESULT} } }`, {});
    staleAtOnce.add(path);
    type Score = { data: { game: { homeScore: number } } };

    const first = await through(path);
    expect(first.headers.get('x-cache-status')).toBe('MISS');
    const oldTag = first.headers.get('etag') ?? '';
    const before = (await first.json()) as Score;

    await write(`mutation ($input: RecordGoalInput!) { recordGoal(input: $input) { ${WRITE_RESULT} } }`, {
      side: 'HOME',
      second: 61,
      scorerLicenseId: sheet.HOME[0].licenseId,
    });
    // Another client, straight to the service: the result cache holds the new result again, under
    // the same key as before the write.
    const direct = await fetch(`${upstream}${path}`, { headers: accept });
    const newTag = direct.headers.get('etag') ?? '';
    const current = (await direct.json()) as Score;
    expect(current.data.game.homeScore).toBe(before.data.game.homeScore + 1);
    expect(newTag).not.toBe(oldTag);

    // nginx revalidates with the old tag: the service answers in full (nginx says EXPIRED, not REVALIDATED).
    const revalidated = await through(path);
    expect(served.at(-1)).toEqual({ url: path, ifNoneMatch: oldTag });
    expect(revalidated.status).toBe(200);
    expect(revalidated.headers.get('x-cache-status')).toBe('EXPIRED');
    expect(revalidated.headers.get('etag')).toBe(newTag);
    expect(await revalidated.json()).toEqual(current);

    // With the new tag it holds now, a 304 keeps nginx's copy.
    const kept = await through(path);
    expect(served.at(-1)).toEqual({ url: path, ifNoneMatch: newTag });
    expect(kept.headers.get('x-cache-status')).toBe('REVALIDATED');
    expect(await kept.json()).toEqual(current);
    // Tags of the bytes, as entity-tags (quoted), which nginx sends back as they came.
    for (const tag of [oldTag, newTag]) expect(tag).toMatch(/^W\/"[A-Za-z0-9_-]{22}"$/);
  });
});
