import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { newApiKey } from '../../src/domain/api-keys.js';
import { createServerDatabase } from '../support/database.js';
import { freePort, sleep } from '../support/process.js';

const serverUrl = process.env.DATABASE_URL;
const HAPROXY = '/usr/sbin/haproxy';

interface Answer {
  status: number;
  body: string;
}

function get(url: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { agent: false }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

async function readyWithin(url: string, withinMs: number): Promise<void> {
  for (const deadline = Date.now() + withinMs; Date.now() < deadline; await sleep(250)) {
    if ((await get(url).catch(() => ({ status: 0 }))).status === 200) return;
  }
  throw new Error(`${url} was not ready within ${withinMs} ms`);
}

/** compose.yaml's balancer configuration, with local instances in place of Docker's DNS. */
function haproxyConfig(port: number, instancePorts: number[]): string {
  const shipped = readFileSync(new URL('../../docker/haproxy.cfg', import.meta.url), 'utf8');
  const servers = instancePorts.map((instance, i) => `  server app${i} 127.0.0.1:${instance} check inter 200 fall 2 rise 1`).join('\n');
  const local = shipped
    .replace(/^ {2}bind :3000$/m, `  bind 127.0.0.1:${port}`)
    .replace(/^ {2}server-template .*$/m, servers)
    .replace(/^resolvers docker[\s\S]*$/m, '');
  expect(local).toContain(servers);
  return local;
}

describe.skipIf(!serverUrl || !existsSync(HAPROXY))('three instances on one database behind HAProxy', () => {
  const children: ChildProcess[] = [];
  let database: { url: string; drop(): Promise<void> } | undefined;
  let workDir: string | undefined;
  let output = '';

  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await database?.drop();
    if (workDir) rmSync(workDir, { recursive: true, force: true });
  });

  function startInstance(port: number, demo: boolean, publicBaseUrl: string): ChildProcess {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      env: {
        ...process.env,
        DATABASE_URL: database?.url,
        PORT: String(port),
        HOST: '127.0.0.1',
        // Behind a balancer every instance hands out the balancer's address in its links.
        PUBLIC_BASE_URL: publicBaseUrl,
        DEMO_SCALE: '0.05',
        DEMO_ON_EMPTY: String(demo),
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    children.push(child);
    return child;
  }

  it('loses no read when an instance is killed under load, and the others stay consistent through the change feed', async () => {
    database = await createServerDatabase(serverUrl as string);
    const instancePorts = [await freePort(), await freePort(), await freePort()];
    const balancerPort = await freePort();
    const base = `http://127.0.0.1:${balancerPort}`;
    // The first one migrates and loads the demo league; the others start on what it made.
    startInstance(instancePorts[0], true, base);
    await readyWithin(`http://127.0.0.1:${instancePorts[0]}/health/ready`, 150_000);
    const doomed = startInstance(instancePorts[1], false, base);
    startInstance(instancePorts[2], false, base);
    for (const port of instancePorts.slice(1)) await readyWithin(`http://127.0.0.1:${port}/health/ready`, 150_000);

    workDir = mkdtempSync(join(tmpdir(), 'balancer-'));
    writeFileSync(join(workDir, 'haproxy.cfg'), haproxyConfig(balancerPort, instancePorts));
    const balancer = spawn(HAPROXY, ['-db', '-f', join(workDir, 'haproxy.cfg')], { stdio: ['ignore', 'pipe', 'pipe'] });
    balancer.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    children.push(balancer);
    await readyWithin(`${base}/health/ready`, 30_000);

    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    const { key, prefix, hash } = newApiKey();
    await admin.query(`INSERT INTO "ApiKey" (name, prefix, hash, scopes, "createdAt") VALUES ('desk', $1, $2, ARRAY['games:write'], now())`, [prefix, hash]);
    const games = (await admin.query<{ id: number }>(`SELECT id FROM "Game" WHERE status = 'SCHEDULED' ORDER BY "startsAt", id LIMIT 20`)).rows;
    await admin.end();

    // Eight clients that never retry, reading game pages through the balancer; one instance is
    // killed (SIGKILL: no drain) after the first 150 answers, while requests are in flight on it.
    const answers: Answer[] = [];
    let killed = false;
    const client = async (n: number) => {
      for (let i = 0; answers.length < 600; i++) {
        const game = games[(n * 7 + i) % games.length];
        answers.push(
          await get(i % 2 ? `${base}/api/games/${game.id}` : `${base}/graphql?query=${encodeURIComponent(`{ game(id: ${game.id}) { id status } }`)}`),
        );
        if (!killed && answers.length >= 150) {
          killed = true;
          doomed.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: 8 }, (_, n) => client(n)));
    expect(killed).toBe(true);
    expect(answers.filter((answer) => answer.status !== 200).map((answer) => `${answer.status} ${answer.body.slice(0, 80)}`)).toEqual([]);

    // A write through the balancer reaches both remaining instances' caches.
    const detailOn = (port: number) => `http://127.0.0.1:${port}/api/games/${games[0].id}`;
    const survivors = [instancePorts[0], instancePorts[2]];
    const before = await Promise.all(survivors.map((port) => get(detailOn(port))));
    const written = await fetch(`${base}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify({
        query: 'mutation ($input: StartGameInput!) { startGame(input: $input) { version } }',
        variables: { input: { gameId: games[0].id, idempotencyKey: 'balancer-start', outsideStartWindow: true, reason: 'played at another time (test)' } },
      }),
    }).then((response) => response.json() as Promise<{ data?: { startGame: { version: number } } }>);
    expect(written.data?.startGame.version).toBe(1);
    // NOTIFY reaches each instance within milliseconds of the commit, and nothing tells the test when:
    // it asks until both answer fresh. An instance that never heard would keep its answer for 60 s.
    let after: Answer[] = [];
    for (const deadline = Date.now() + 10_000; Date.now() < deadline; ) {
      after = await Promise.all(survivors.map((port) => get(detailOn(port))));
      if (after.every((answer, i) => answer.body !== before[i].body)) break;
    }
    for (const [i, answer] of after.entries()) expect(answer.body).not.toBe(before[i].body);
    expect(after[0].body).toBe(after[1].body);
    expect(output).not.toMatch(/"level":50/);
  }, 300_000);
});
