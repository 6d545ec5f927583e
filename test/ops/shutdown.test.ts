// Graceful shutdown of the real entry point: the server process is started as `npm run dev`
// starts it (node with tsx, so no build is needed), on the embedded database in a temporary
// directory, and stopped with signals while requests are in flight. A plain fastify app checks
// the keep-alive handling in process.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { gracefulCloseOptions, registerGracefulClose } from '../../src/http/graceful-close.js';
import { MAIN_INTERFACE } from '../../src/facades/rest/interface.js';
import { registerErrorHandling } from '../../src/http/error-handling.js';
import { registerHealth } from '../../src/http/health.js';
import { InterfaceTable } from '../../src/http/interface-policy.js';
import { openTestDatabase } from '../support/database.js';
import { REQUEST_RECEIVED } from './support/server-events.js';
import { freePort, sleep } from '../support/process.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

interface Answer {
  status: number;
  connection: string | undefined;
  body: string;
}

/** A GET on `agent`'s connections; a connection cut before the answer rejects. */
function get(port: number, path: string, agent: http.Agent): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path, agent, headers: { 'accept-encoding': 'identity' } }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, connection: response.headers.connection, body }));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

/** Whether a new TCP connection to the port is refused (nothing listens any more). */
function refusesConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

interface LogLine {
  msg?: string;
  [key: string]: unknown;
}

class ServerProcess {
  readonly lines: LogLine[] = [];
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  private output = '';
  /** Conditions being waited for, checked again as each chunk of output arrives. */
  private readonly watchers = new Set<() => void>();

  private constructor(
    readonly child: ChildProcess,
    readonly port: number,
  ) {
    const collect = (chunk: Buffer) => {
      this.output += chunk.toString();
      const complete = this.output.split('\n');
      this.output = complete.pop() ?? '';
      for (const line of complete) {
        try {
          this.lines.push(JSON.parse(line) as LogLine);
        } catch {
          this.lines.push({ msg: line });
        }
      }
      for (const check of [...this.watchers]) check();
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    this.exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  }

  /**
   * Starts src/server.ts with every statement of the embedded database 15 ms late (as a network
   * round trip would be) and each request read reported (support/server-instrumentation.ts), one
   * request worked on at a time and none answered from the cache, so that requests queue and stay
   * in flight for a while.
   */
  static async start(dataDir: string, env: Record<string, string> = {}): Promise<ServerProcess> {
    const port = await freePort();
    const childEnv: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_SCALE: '0.1',
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      RESPONSE_CACHE_TTL_MS: '0',
      MAX_IN_FLIGHT: '1',
      MAX_QUEUE: '1000',
      QUEUE_TIMEOUT_MS: '0',
      REQUEST_TIMEOUT_MS: '0',
      RATE_LIMIT_PUBLIC_PER_MINUTE: '0',
      EVENT_LOOP_MAX_DELAY_MS: '0',
      DATABASE_LATENCY_MS: '15',
      ...env,
    };
    delete childEnv.DATABASE_URL; // the embedded database, also when the suite runs against PostgreSQL
    const child = spawn(process.execPath, ['--import', 'tsx', '--import', './test/ops/support/server-instrumentation.ts', 'src/server.ts'], {
      cwd: root,
      env: childEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const server = new ServerProcess(child, port);
    await server.waitUntilReady(150_000);
    return server;
  }

  private async waitUntilReady(withinMs: number): Promise<void> {
    const agent = new http.Agent({ keepAlive: false });
    const started = Date.now();
    while (Date.now() - started < withinMs) {
      if (this.child.exitCode !== null) throw new Error(`the server exited with ${this.child.exitCode}: ${JSON.stringify(this.lines.slice(-5))}`);
      const status = await get(this.port, '/health/ready', agent).then(
        (answer) => answer.status,
        () => 0,
      );
      if (status === 200) return;
      await sleep(250);
    }
    throw new Error(`not ready within ${withinMs} ms: ${JSON.stringify(this.lines.slice(-5))}`);
  }

  line(msg: string): LogLine | undefined {
    return this.lines.find((line) => line.msg === msg);
  }

  count(msg: string, where: (line: LogLine) => boolean = () => true): number {
    return this.lines.filter((line) => line.msg === msg && where(line)).length;
  }

  /** Resolves once `condition` (on the output read so far) holds, as the output arrives; fails after `withinMs`. */
  waitFor(what: string, condition: () => boolean, withinMs: number): Promise<void> {
    return new Promise((resolve, reject) => {
      const check = () => {
        if (!condition()) return;
        this.watchers.delete(check);
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        this.watchers.delete(check);
        reject(new Error(`${what}: not within ${withinMs} ms`));
      }, withinMs);
      this.watchers.add(check);
      check();
    });
  }

  async waitForLine(msg: string, withinMs: number): Promise<LogLine> {
    await this.waitFor(`a "${msg}" line`, () => this.line(msg) !== undefined, withinMs);
    return this.line(msg) as LogLine;
  }

  kill(): void {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGKILL');
  }
}

/** Several uncached requests at once on keep-alive connections; returns once the server has read them all. */
async function requestsInFlight(server: ServerProcess, count: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  const path = (i: number) => `/api/games?mode=current&n=${i}`;
  const answers = Array.from({ length: count }, (_, i) => get(server.port, path(i), agent));
  const settled = Promise.allSettled(answers);
  await server.waitFor(
    `the server reading all ${count} requests`,
    () => server.count(REQUEST_RECEIVED, (line) => String(line.url).startsWith('/api/games?mode=current&n=')) === count,
    30_000,
  );
  return { settled, agent };
}

describe('shutdown of the server process', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'floorball-shutdown-'));
  let server: ServerProcess | undefined;

  afterEach(() => {
    server?.kill();
    server = undefined;
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('on SIGTERM stops taking connections, answers every request in flight, closes the database and exits 0', async () => {
    // The bound is far below Node's 72 s keep-alive timeout: a keep-alive connection held open would exit 1.
    server = await ServerProcess.start(dataDir, { SHUTDOWN_TIMEOUT_MS: '30000' });
    const { settled, agent } = await requestsInFlight(server, 12);
    server.child.kill('SIGTERM');

    const shuttingDown = await server.waitForLine('shutting down', 10_000);
    expect(shuttingDown.openRequests).toBeGreaterThanOrEqual(2); // they were in flight, not done before the signal
    let refused = false;
    for (let attempt = 0; attempt < 100 && !refused; attempt += 1) {
      refused = await refusesConnections(server.port);
      if (!refused) await sleep(50);
    }
    expect(refused).toBe(true);

    const answers = await settled;
    const cut = answers.filter((answer) => answer.status === 'rejected');
    expect(cut).toEqual([]);
    const received = answers.map((answer) => (answer as PromiseFulfilledResult<Answer>).value);
    expect(received.map((answer) => answer.status)).toEqual(received.map(() => 200));
    for (const answer of received) expect((JSON.parse(answer.body) as { type?: string }).type).toBeTruthy();
    // Answers given during the drain end their keep-alive connection.
    expect(received.filter((answer) => answer.connection === 'close').length).toBeGreaterThanOrEqual(1);
    agent.destroy();

    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(server.line('shut down')).toBeDefined();
    expect(server.line('shutdown timed out: exiting with requests still open')).toBeUndefined();
  }, 240_000);

  it('a second signal ends the process at once, without waiting for the requests', async () => {
    server = await ServerProcess.start(dataDir, { SHUTDOWN_TIMEOUT_MS: '60000' });
    const { settled, agent } = await requestsInFlight(server, 30);
    server.child.kill('SIGTERM');
    await server.waitForLine('shutting down', 10_000);
    server.child.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 128 + 15, signal: null });
    expect(server.line('second signal: exiting without waiting')).toBeDefined();
    expect((await settled).some((answer) => answer.status === 'rejected')).toBe(true);
    agent.destroy();
  }, 240_000);

  it('a drain longer than SHUTDOWN_TIMEOUT_MS ends with exit code 1 at the bound', async () => {
    server = await ServerProcess.start(dataDir, { SHUTDOWN_TIMEOUT_MS: '200' });
    const { settled, agent } = await requestsInFlight(server, 30);
    server.child.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 1, signal: null });
    const timedOut = server.line('shutdown timed out: exiting with requests still open');
    expect(timedOut?.openRequests).toBeGreaterThan(0);
    await settled;
    agent.destroy();
  }, 240_000);
});

describe('graceful close in process', () => {
  it('answers the request in flight with Connection: close and closes idle keep-alive connections, so close() does not wait for them', async () => {
    const app = Fastify({ ...gracefulCloseOptions });
    registerGracefulClose(app);
    let release: () => void = () => undefined;
    const started = new Promise<void>((resolve) => {
      app.get('/slow', async () => {
        resolve();
        await new Promise<void>((done) => (release = done));
        return { done: true };
      });
    });
    app.get('/fast', async () => ({ fast: true }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
    let closed = false;
    try {
      const idle = await get(port, '/fast', agent); // leaves an idle keep-alive connection behind
      expect(idle.connection).toBe('keep-alive');
      const slow = get(port, '/slow', agent);
      await started;
      expect(app.openRequests?.()).toBe(1);

      const closing = app.close().then(() => (closed = true));
      // close() has gone as far as it can without the request once the server stops listening
      // (nothing is emitted then: a bounded poll of the listening socket).
      for (const deadline = Date.now() + 2000; app.server.listening; ) {
        if (Date.now() > deadline) throw new Error('still listening 2 s after close()');
        await new Promise((resolve) => setImmediate(resolve));
      }
      expect(await refusesConnections(port)).toBe(true);
      expect(closed).toBe(false); // the request in flight holds it
      release();
      const answer = await slow;
      expect(answer).toMatchObject({ status: 200, connection: 'close' });
      await closing; // Node's keep-alive timeout is 72 s; the test's bound is 5 s
      expect(app.openRequests?.()).toBe(0);
    } finally {
      agent.destroy();
      release();
      if (!closed) await app.close();
    }
  }, 5_000);

  it('readiness answers 503 "shutting down" once the close has begun', async () => {
    const database = await openTestDatabase();
    const app = Fastify();
    registerErrorHandling(app, new InterfaceTable(MAIN_INTERFACE));
    let closing = false;
    await registerHealth(app, {
      database,
      isStarted: () => true,
      concurrency: () => ({ inFlight: 0, waiting: 0, saturated: false }),
      checkTimeoutMs: 1000,
      isClosing: () => closing,
    });
    try {
      expect((await app.inject({ url: '/health/ready' })).statusCode).toBe(200);
      closing = true;
      const ready = await app.inject({ url: '/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ status: 'unavailable', reason: 'shutting down' });
      expect((await app.inject({ url: '/health/live' })).statusCode).toBe(200);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
