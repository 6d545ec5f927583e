import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { newApiKey } from '../../src/domain/api-keys.js';
import { createServerDatabase } from '../support/database.js';
import { freePort, sleep } from '../support/process.js';

const serverUrl = process.env.DATABASE_URL;

/** A GET on a connection of its own: node:cluster hands each new connection to the next worker. */
function getOnNewConnection(url: string): Promise<{ status: number; body: string; cache: string | undefined }> {
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { agent: false }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body, cache: response.headers['x-cache'] as string | undefined }));
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

async function readyOnEveryWorker(base: string, withinMs: number): Promise<void> {
  const started = Date.now();
  let inARow = 0;
  while (inARow < 8) {
    if (Date.now() - started > withinMs) throw new Error(`${base} was not ready on every worker within ${withinMs} ms`);
    const answer = await getOnNewConnection(`${base}/health/ready`).catch(() => ({ status: 0 }));
    inARow = answer.status === 200 ? inARow + 1 : 0;
    if (inARow === 0) await sleep(300);
  }
}

/** The service processes a process started (tsx has an esbuild helper process too, which is not one). */
function serviceChildren(pid: number): string[] {
  try {
    return execFileSync('ps', ['-o', 'args=', '--ppid', String(pid)])
      .toString()
      .split('\n')
      .filter((args) => args.includes('src/server.ts'));
  } catch {
    return []; // ps exits 1 when it finds none
  }
}

// WORKERS needs PostgreSQL: the embedded database can be open in one process only.
describe.skipIf(!serverUrl)('WORKERS=2: two processes on one port, consistent through the change feed', () => {
  let child: ChildProcess | undefined;
  let database: { url: string; drop(): Promise<void> } | undefined;
  let output = '';

  afterAll(async () => {
    child?.kill('SIGKILL');
    await database?.drop();
  });

  it('serves from two workers, shows a write through one in the other’s cache at once, and stops both on SIGTERM', async () => {
    database = await createServerDatabase(serverUrl as string);
    const port = await freePort();
    child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      env: {
        ...process.env,
        DATABASE_URL: database.url,
        WORKERS: '2',
        PORT: String(port),
        HOST: '127.0.0.1',
        DEMO_SCALE: '0.05',
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const base = `http://127.0.0.1:${port}`;
    await readyOnEveryWorker(base, 150_000);
    expect(serviceChildren(child.pid as number)).toHaveLength(2);

    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    const { key, prefix, hash } = newApiKey();
    await admin.query(`INSERT INTO "ApiKey" (name, prefix, hash, scopes, "createdAt") VALUES ('desk', $1, $2, ARRAY['games:write'], now())`, [prefix, hash]);
    const game = (await admin.query<{ id: number }>(`SELECT id FROM "Game" WHERE status = 'SCHEDULED' ORDER BY "startsAt" LIMIT 1`)).rows[0];
    await admin.end();

    const detail = `${base}/api/games/${game.id}`;
    const before = await getOnNewConnection(detail);
    for (let i = 0; i < 6; i += 1) await getOnNewConnection(detail); // each worker's cache holds it now
    expect((await getOnNewConnection(detail)).cache).toBe('hit');

    const written = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify({
        query: 'mutation ($input: StartGameInput!) { startGame(input: $input) { version } }',
        // A federation key starts the earliest scheduled game now, whenever it is scheduled.
        variables: { input: { gameId: game.id, idempotencyKey: 'workers-start', outsideStartWindow: true, reason: 'played at another time (test)' } },
      }),
    }).then((response) => response.json() as Promise<{ data?: { startGame: { version: number } } }>);
    expect(written.data?.startGame.version).toBe(1);
    // NOTIFY reaches the other worker within milliseconds of the commit, and nothing tells the test
    // when: it asks until six answers in a row (both workers) are fresh. A worker that never hears
    // of the write keeps its answer for the hours of RESPONSE_CACHE_TTL_MS, far past this bound.
    let after: Awaited<ReturnType<typeof getOnNewConnection>>[] = [];
    for (const deadline = Date.now() + 10_000; Date.now() < deadline; ) {
      after = await Promise.all(Array.from({ length: 6 }, () => getOnNewConnection(detail)));
      if (after.every((answer) => answer.body !== before.body)) break;
    }
    for (const answer of after) expect(answer.body).not.toBe(before.body);

    const exited = new Promise<number | null>((resolve) => child?.once('exit', (code) => resolve(code)));
    const pid = child.pid as number;
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    child = undefined;
    expect(serviceChildren(pid)).toEqual([]);
    expect(output).not.toMatch(/"level":50/);
  }, 240_000);
});
