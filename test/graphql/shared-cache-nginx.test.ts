// /graphql behind a real shared cache: nginx's proxy_cache in front of the service's socket, obeying
// only the headers the service sends (Cache-Control, Vary). A persisted query's GET is served from
// nginx the second time; an answer a key decided, or any answer to a keyed request, never is.
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
import { scheduledGameWithSheet } from '../support/live.js';

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
  let clubReader: string;
  let candidates: string;
  /** The request URLs the service itself answered. */
  const served: string[] = [];

  beforeAll(async () => {
    league = await openTestLeague();
    const { game } = await scheduledGameWithSheet(league.db);
    clubReader = (await createKey(league.db, 'club reader', game.homeTeam!.clubId)).key;
    candidates = `{ lineupCandidates(gameId: ${game.id}, teamId: ${game.homeTeamId}, includeIneligible: true) { licenseId eligible } }`;
    app = await buildApp({
      database: league.db,
      clock: league.clock,
      logLevel: 'silent',
      publicBaseUrl: 'http://test.local',
      responseCacheTtlMs: 60_000,
      trustedDocuments: { mode: 'apq', manifest: new Map() },
    });
    app.server.on('request', (request: IncomingMessage) => served.push(request.url ?? ''));
    const upstream = await app.listen({ host: '127.0.0.1', port: 0 });
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
  const timesServed = (path: string) => served.filter((url) => url === path).length;

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
});
