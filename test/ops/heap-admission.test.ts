// Admission by the heap in a real process: the service started as `npm run dev` starts it (node with
// tsx), with a small heap and caps far above what it holds (SUBSCRIPTIONS_MAX 1,000,000), receives
// SSE streams until the heap refuses them. Without the admission, the streams grow until V8 aborts
// the process ("Reached heap limit"); with it, the process refuses with 503, HEAP_FULL and
// Retry-After and stays alive. test/graphql/heap-admission.test.ts covers every interface with the
// heap's share given by the test.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { type ClientRequest, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, sleep } from '../support/process.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
/**
 * MB of old generation: the service under tsx holds about 80 MB idle on the embedded database, so
 * some 800 streams fit below the admission mark (85%, 109 MB). Small enough to get there in seconds.
 */
const HEAP_MB = 128;
/** Streams being opened at once: the bench's pace, within the listen backlog. */
const OPENING_AT_ONCE = 100;
/** 30 KB a stream: this many would take more than the whole heap, so a refusal must come first. */
const MOST_STREAMS = 6000;
const SUBSCRIPTION = JSON.stringify({ query: 'subscription { liveGames { kind } }' });

interface Outcome {
  status: number;
  code?: string;
  retryAfter?: string;
}

/** One SSE stream over its own socket: open once its first bytes (the opening ping) arrive, or refused with the answer's code. */
function openStream(port: number, held: ClientRequest[]): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: '/graphql',
        method: 'POST',
        agent: false,
        headers: { accept: 'text/event-stream', 'content-type': 'application/json', 'content-length': Buffer.byteLength(SUBSCRIPTION) },
      },
      (res) => {
        res.setEncoding('utf8');
        if (res.statusCode === 200) {
          held.push(req);
          res.once('data', () => resolve({ status: 200 }));
          res.on('error', () => undefined);
          return;
        }
        let text = '';
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, code: /"code":"([A-Z_]+)"/.exec(text)?.[1], retryAfter: res.headers['retry-after'] as string | undefined }),
        );
      },
    );
    req.on('error', reject);
    req.end(SUBSCRIPTION);
  });
}

async function statusOf(url: string): Promise<number> {
  try {
    const response = await fetch(url);
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 0;
  }
}

describe('a process whose caps allow more streams than its heap holds', () => {
  let child: ChildProcess | undefined;
  let output = '';
  const held: ClientRequest[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'heap-admission-'));

  afterAll(() => {
    for (const req of held) req.destroy();
    child?.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses streams with 503, HEAP_FULL and Retry-After once its heap is near the limit, and stays alive', async () => {
    const port = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_ON_EMPTY: 'false',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      SUBSCRIPTIONS_MAX: '1000000',
      SUBSCRIPTIONS_PER_CLIENT: '10000',
      RATE_LIMIT_PUBLIC_PER_MINUTE: '0',
      // Opening hundreds of streams at once lags the loop: load shedding's 503s are not what this is about.
      EVENT_LOOP_MAX_DELAY_MS: '0',
    };
    delete env.DATABASE_URL; // the embedded database, also when the suite runs against PostgreSQL: the heap is the process's either way
    child = spawn(process.execPath, [`--max-old-space-size=${HEAP_MB}`, '--import', 'tsx', 'src/server.ts'], {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const base = `http://127.0.0.1:${port}`;
    const started = Date.now();
    while ((await statusOf(`${base}/health/ready`)) !== 200) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${output}`);
      if (Date.now() - started > 90_000) throw new Error(`not ready within 90 s:\n${output}`);
      await sleep(250);
    }

    const refusals: Outcome[] = [];
    while (refusals.length === 0 && held.length < MOST_STREAMS) {
      const outcomes = await Promise.all(Array.from({ length: OPENING_AT_ONCE }, () => openStream(port, held))).catch((error: Error) => {
        throw new Error(`${error.message} after ${held.length} streams; the server said:\n${output.slice(-2000)}`);
      });
      refusals.push(...outcomes.filter((outcome) => outcome.status !== 200));
    }
    expect(child.exitCode, output).toBeNull();
    // Admitted while there was room, refused by the heap (not by a cap) once it was near its limit.
    expect(held.length).toBeGreaterThan(50);
    expect(held.length).toBeLessThan(MOST_STREAMS);
    expect(refusals.length).toBeGreaterThan(0);
    for (const refusal of refusals) expect(refusal).toEqual({ status: 503, code: 'HEAP_FULL', retryAfter: '10' });

    // Alive and answering, with every admitted stream still open.
    expect(await statusOf(`${base}/health/live`)).toBe(200);
    expect(await statusOf(`${base}/graphql?query=${encodeURIComponent('{ seasons { id } }')}`)).toBe(200);
    expect(child.exitCode, output).toBeNull();
    expect(output).not.toMatch(/heap limit|heap out of memory/);
  }, 150_000);
});
