import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { createServerDatabase } from './support/database.js';
import { TcpProxy } from './support/tcp-proxy.js';
import { freePort, sleep } from './support/process.js';

const serverUrl = process.env.DATABASE_URL;

async function statusOf(url: string): Promise<number> {
  try {
    return (await fetch(url)).status;
  } catch {
    return 0; // not listening yet
  }
}

async function waitFor(url: string, status: number, withinMs: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < withinMs) {
    if ((await statusOf(url)) === status) return Date.now() - started;
    await sleep(200);
  }
  throw new Error(`${url} did not answer ${status} within ${withinMs} ms`);
}

// The real entry point, started while its PostgreSQL server is away (a proxy that refuses connections).
describe.skipIf(!serverUrl)('the service started while the database is down', () => {
  let child: ChildProcess | undefined;
  let proxy: TcpProxy | undefined;
  let database: { url: string; drop(): Promise<void> } | undefined;
  let output = '';
  /** Conditions on the output being waited for, checked again as each chunk arrives. */
  const watchers = new Set<() => void>();
  const hear = (chunk: Buffer) => {
    output += chunk.toString();
    for (const check of [...watchers]) check();
  };
  /** Resolves once the server's output satisfies `condition`; fails after `withinMs` or when the server exits. */
  const waitForOutput = (what: string, condition: (output: string) => boolean, withinMs: number) =>
    new Promise<void>((resolve, reject) => {
      const done = (error?: Error) => {
        watchers.delete(check);
        clearTimeout(timer);
        child?.off('exit', exited);
        if (error) reject(error);
        else resolve();
      };
      const check = () => condition(output) && done();
      const exited = (code: number | null) => done(new Error(`the server exited with ${code} before ${what}:\n${output}`));
      const timer = setTimeout(() => done(new Error(`not within ${withinMs} ms: ${what}:\n${output}`)), withinMs);
      watchers.add(check);
      child?.once('exit', exited);
      check();
    });
  const count = (text: string, message: string) => text.split('\n').filter((line) => line.includes(`"msg":"${message}"`)).length;

  afterAll(async () => {
    child?.kill('SIGKILL');
    await proxy?.stop();
    await database?.drop();
  });

  it('listens, reports not ready, waits with backoff instead of exiting, and serves once the database is there', async () => {
    database = await createServerDatabase(serverUrl as string);
    const target = new URL(database.url);
    proxy = await TcpProxy.onFreePort({ host: target.hostname, port: Number(target.port || 5432) });
    const port = await freePort();
    child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      env: {
        ...process.env,
        DATABASE_URL: proxy.urlFor(database.url),
        PORT: String(port),
        HOST: '127.0.0.1',
        DEMO_SCALE: '0.05',
        NODE_ENV: 'production',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', hear);
    child.stderr?.on('data', hear);
    const base = `http://127.0.0.1:${port}`;

    await waitForOutput('a "Server listening" line', (text) => text.includes('"msg":"Server listening at '), 60_000);
    expect(await statusOf(`${base}/health/live`)).toBe(200);
    expect(await statusOf(`${base}/health/ready`)).toBe(503);
    const early = await fetch(`${base}/api/seasons`);
    expect(early.status).toBe(503);
    expect(early.headers.get('retry-after')).toBe('2');
    expect((await early.json()) as unknown).toMatchObject({ type: 'Error', data: { code: 503 } });

    // Several failed attempts: the first is logged (the rest of a burst are counted, not logged), and
    // the change feed logs each of its own attempts, 2 s and more apart: a second one means the
    // service has kept trying for seconds.
    await waitForOutput(
      'a failed attempt and two of the change feed',
      (text) => count(text, 'database not ready yet; retrying') >= 1 && count(text, 'change feed cannot listen yet: trying again') >= 2,
      60_000,
    );
    expect(child.exitCode).toBeNull();
    expect(output).toMatch(/database not ready yet; retrying/);

    await proxy.start();
    await waitFor(`${base}/health/ready`, 200, 90_000);
    const seasons = await fetch(`${base}/api/seasons`);
    expect(seasons.status).toBe(200);

    const exited = new Promise<number | null>((resolve) => child?.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    child = undefined;
  }, 180_000);
});
