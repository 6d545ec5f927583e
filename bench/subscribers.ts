// The subscribers scenario of `npm run bench` (`--only subscribers`): a full arena following one
// game. S subscribers (`--subscribers`, 10,000 by default) open `gameUpdated` on one game over SSE,
// from many client addresses (X-Forwarded-For: 20 streams per address, SUBSCRIPTIONS_PER_CLIENT's
// default, to an instance run.ts starts for this part with TRUST_PROXY=loopback and SUBSCRIPTIONS_MAX
// at S and a heap sized for S streams; `--subscriber-heap MB` sets its --max-old-space-size), then one
// goal a second is recorded for `--duration` seconds by the game's desk (its home club's key, the game
// moved into its start window: bench/scheduled-games.ts; a write the service refuses stops the part
// with the service's message). It reports how many streams the instance held open, how many events
// reached them out of those expected (read as SSE messages, whatever the order of their fields: the
// instance leads each frame with its `id:`), the delay from sending the goal's mutation to
// each subscriber's event (p50, p99, max), the server's heap (idle, with every stream open, and at its
// peak while the goals went out), whether /health/ready answered 200 throughout, and the CPU seconds
// per goal of the instance and of this process (which reads every stream, on the same machine).
//
// Target: 10,000 subscribers of one game on one instance, every event within 1 s at one goal a
// second, health answering throughout, the heap bounded. The game is put back as it was afterwards.
import { readFileSync } from 'node:fs';
import { type ClientRequest, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { createDeskKeys, intoStartWindow, restoreGames, scheduledGames, sendWrite, withDatabase } from './scheduled-games.js';

export const DEFAULT_SUBSCRIBERS = 10_000;
/** SUBSCRIPTIONS_PER_CLIENT's default: each address holds as many as a client may. */
const STREAMS_PER_ADDRESS = 20;
/** Streams being opened at once: more would overrun the listen backlog and only measure the kernel. */
const OPENING_AT_ONCE = 200;
const DELIVERY_TARGET_MS = 1000;
/** An event not received this long after the last goal counts as not delivered. */
const DRAIN_TIMEOUT_MS = 15_000;
const HEALTH_INTERVAL_MS = 250;
const HEALTH_TIMEOUT_MS = 2000;
const KEY_NAME = 'bench-subscribers';
const FIRST_GOAL_SECOND = 10;

export interface SubscribersOptions {
  scale: number;
  databaseUrl: string;
  /** The instance run.ts started for this part. */
  baseUrl: string;
  servicePid: number | undefined;
  subscribers: number;
  duration: number;
  /** The instance's --max-old-space-size, for the report. */
  heapLimitMb: number;
}

export interface SubscribersResult {
  scale: number;
  asked: number;
  open: number;
  refused: Record<string, number>;
  openSeconds: number;
  goals: number;
  delivered: number;
  expected: number;
  /** Streams the server ended before the scenario closed them, by the code of their last error. */
  ended: Record<string, number>;
  /** Streams that received a `next` message carrying neither an update nor an error, and the first such message. */
  unrecognised: { streams: number; first: string | null };
  delay: { p50: number; p99: number; max: number };
  writeP99: number;
  heapLimitMb: number;
  heapMb: { idle: number; open: number; peak: number };
  rssMb: { idle: number; open: number; peak: number };
  health: { checks: number; failed: number; slowestMs: number; firstFailure: string | null };
  /** CPU seconds per goal while the goals went out and arrived: the instance's, and this process's (the streams' reading), both on the same machine. */
  cpuPerGoalS: { server: number; client: number };
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)));

const SUBSCRIPTION = 'subscription ($id: Int!) { gameUpdated(id: $id) { kind version game { status homeScore awayScore } event { type second } } }';

/**
 * An SSE message's fields, in whatever order they come (the HTML standard's event stream format):
 * the service's shared frames lead with the update's `id:` (src/graphql/stream-member.ts), yoga's
 * own writer puts it after the data. Comments (`:`, the pings) are left out; `data` lines are joined.
 */
function sseFields(message: string): { event: string; data: string; id: string | undefined } {
  let event = 'message';
  let id: string | undefined;
  const data: string[] = [];
  for (const line of message.split(/\r?\n/)) {
    if (line === '' || line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const name = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + (line[colon + 1] === ' ' ? 2 : 1));
    if (name === 'event') event = value;
    else if (name === 'data') data.push(value);
    else if (name === 'id') id = value;
  }
  return { event, data: data.join('\n'), id };
}

/** One subscriber: a raw SSE stream over its own socket, noting when each version arrived. */
class Stream {
  readonly arrivals = new Map<number, number>();
  opened = false;
  endedWith: string | null = null;
  /** The first `next` message that carried neither an update nor an error: one this reader does not understand. */
  unrecognised: string | null = null;
  private request: ClientRequest | null = null;
  private closing = false;

  /** Resolves with the status once the stream is open (its first `:` arrived), or with the refusal's code. */
  open(baseUrl: string, gameId: number, address: string): Promise<{ status: number; code?: string }> {
    const body = JSON.stringify({ query: SUBSCRIPTION, variables: { id: gameId } });
    return new Promise((resolve, reject) => {
      const req = request(
        `${baseUrl}/graphql`,
        {
          method: 'POST',
          agent: false,
          headers: {
            accept: 'text/event-stream',
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            'x-forwarded-for': address,
          },
        },
        (res) => {
          let buffer = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            buffer += chunk;
            let end: number;
            while ((end = buffer.indexOf('\n\n')) >= 0) {
              const message = buffer.slice(0, end);
              buffer = buffer.slice(end + 2);
              if (!this.opened && res.statusCode === 200) {
                this.opened = true;
                resolve({ status: 200 });
              }
              this.receive(message, res.statusCode ?? 0, resolve);
            }
          });
          res.on('end', () => {
            if (!this.closing && !this.endedWith) this.endedWith = 'closed';
          });
          res.on('error', () => undefined);
        },
      );
      req.on('error', (error) => (this.closing ? undefined : reject(error)));
      req.end(body);
      this.request = req;
    });
  }

  private receive(message: string, status: number, refused: (outcome: { status: number; code?: string }) => void): void {
    const { event, data } = sseFields(message);
    if (event !== 'next') return; // pings (comments) and `complete`
    const at = performance.now();
    const payload = JSON.parse(data) as { data?: { gameUpdated?: { version: number } } | null; errors?: { extensions?: { code?: string } }[] };
    const version = payload.data?.gameUpdated?.version;
    if (version !== undefined) this.arrivals.set(version, at);
    const code = payload.errors?.[0]?.extensions?.code;
    if (version === undefined && code === undefined) this.unrecognised ??= message;
    if (code === undefined) return;
    if (status === 200) this.endedWith = code;
    else refused({ status, code });
  }

  close(): void {
    this.closing = true;
    this.request?.destroy();
  }
}

/** The server's heap in use, from its metrics (prom-client's default process metrics). */
async function heapUsedMb(baseUrl: string): Promise<number> {
  const text = await fetch(`${baseUrl}/metrics`).then((response) => response.text());
  const bytes = Number(/^nodejs_heap_size_used_bytes (\d+(?:\.\d+)?(?:e\+\d+)?)/m.exec(text)?.[1] ?? NaN);
  return Math.round(bytes / 1024 / 1024);
}

/** A process's CPU seconds so far (user + system), from /proc: clock ticks of 10 ms. */
function cpuSeconds(pid: number | undefined): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

function rssMb(pid: number | undefined): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

/** The least of a few samples a second apart: garbage not yet collected inflates a single one. */
async function settledHeapMb(baseUrl: string): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < 5; i += 1) {
    samples.push(await heapUsedMb(baseUrl));
    await sleep(1000);
  }
  return Math.min(...samples);
}

/** Asks /health/ready every HEALTH_INTERVAL_MS until stopped: how many answered anything but 200 within HEALTH_TIMEOUT_MS. */
function watchHealth(baseUrl: string): { stop: () => Promise<SubscribersResult['health']> } {
  const health: SubscribersResult['health'] = { checks: 0, failed: 0, slowestMs: 0, firstFailure: null };
  let running = true;
  const loop = (async () => {
    while (running) {
      const sent = performance.now();
      try {
        const response = await fetch(`${baseUrl}/health/ready`, { signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS) });
        await response.arrayBuffer();
        if (response.status !== 200) throw new Error(`status ${response.status}`);
      } catch (error) {
        health.failed += 1;
        health.firstFailure ??= error instanceof Error ? error.message : String(error);
      }
      health.checks += 1;
      health.slowestMs = Math.max(health.slowestMs, Math.round(performance.now() - sent));
      await sleep(sent + HEALTH_INTERVAL_MS - performance.now());
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return health;
    },
  };
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** 10.a.b.c: one address per STREAMS_PER_ADDRESS streams. */
const addressOf = (index: number) => {
  const n = Math.floor(index / STREAMS_PER_ADDRESS) + 1;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
};

/** Until /health/ready answers 200 (the instance has warmed up and sheds no load), at most a minute. */
async function untilReady(baseUrl: string): Promise<void> {
  for (const until = performance.now() + 60_000; performance.now() < until; await sleep(250)) {
    const status = await fetch(`${baseUrl}/health/ready`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return;
  }
  throw new Error(`${baseUrl}/health/ready did not answer 200 within a minute`);
}

export async function benchSubscribers(options: SubscribersOptions): Promise<SubscribersResult> {
  await untilReady(options.baseUrl);
  const game = await withDatabase(options.databaseUrl, async (client) => (await scheduledGames(client, 1, 'latest', 'subscribers'))[0]);
  const streams: Stream[] = [];
  const refused: Record<string, number> = {};
  try {
    // The game's desk starts it on the day, in its start window, as an arena's game is started.
    const key = await withDatabase(options.databaseUrl, async (client) => {
      await intoStartWindow(client, [game]);
      return (await createDeskKeys(client, KEY_NAME, [game])).get(game.id) as string;
    });
    await sendWrite(options.baseUrl, key, 'startGame', 'version', { gameId: game.id });
    const idleHeap = await settledHeapMb(options.baseUrl);
    const idleRss = rssMb(options.servicePid);
    const health = watchHealth(options.baseUrl);
    let peakHeap = 0;
    let peakRss = 0;
    const sampling = setInterval(() => {
      peakRss = Math.max(peakRss, rssMb(options.servicePid));
      heapUsedMb(options.baseUrl).then(
        (mb) => (peakHeap = Math.max(peakHeap, mb)),
        () => undefined,
      );
    }, 500);
    try {
      const openingStarted = performance.now();
      let next = 0;
      const opener = async () => {
        while (next < options.subscribers) {
          const index = next++;
          const stream = new Stream();
          streams.push(stream);
          const outcome = await stream.open(options.baseUrl, game.id, addressOf(index)).catch((error: unknown) => ({
            status: 0,
            code: error instanceof Error ? error.message : String(error),
          }));
          if (outcome.status !== 200) {
            const reason = outcome.code ?? String(outcome.status);
            refused[reason] = (refused[reason] ?? 0) + 1;
            stream.close();
          }
        }
      };
      await Promise.all(Array.from({ length: OPENING_AT_ONCE }, opener));
      const openSeconds = (performance.now() - openingStarted) / 1000;
      const opened = streams.filter((stream) => stream.opened);
      const open = opened.filter((stream) => stream.endedWith === null).length;
      const openHeap = await settledHeapMb(options.baseUrl);
      const openRss = rssMb(options.servicePid);
      peakHeap = 0;
      const goals: { version: number; sentAt: number; answeredAt: number }[] = [];
      const serverCpuBefore = cpuSeconds(options.servicePid);
      const clientCpuBefore = process.cpuUsage();
      const begin = performance.now();
      for (let k = 0; k < options.duration; k += 1) {
        await sleep(begin + k * 1000 - performance.now());
        const sentAt = performance.now();
        const { version } = await sendWrite<{ version: number }>(options.baseUrl, key, 'recordGoal', 'version', {
          gameId: game.id,
          side: k % 2 === 0 ? 'HOME' : 'AWAY',
          second: FIRST_GOAL_SECOND + k,
        });
        goals.push({ version, sentAt, answeredAt: performance.now() });
      }
      const last = goals[goals.length - 1];
      const drainUntil = performance.now() + DRAIN_TIMEOUT_MS;
      while (performance.now() < drainUntil && opened.some((stream) => !stream.endedWith && !stream.arrivals.has(last.version))) await sleep(100);
      const serverCpu = cpuSeconds(options.servicePid) - serverCpuBefore;
      const clientCpu = process.cpuUsage(clientCpuBefore);
      const healthResult = await health.stop();
      const delays: number[] = [];
      let delivered = 0;
      for (const stream of opened) {
        for (const goal of goals) {
          const at = stream.arrivals.get(goal.version);
          if (at === undefined) continue;
          delivered += 1;
          delays.push(Math.max(0, at - goal.sentAt));
        }
      }
      delays.sort((a, b) => a - b);
      const ended: Record<string, number> = {};
      for (const stream of streams) if (stream.endedWith) ended[stream.endedWith] = (ended[stream.endedWith] ?? 0) + 1;
      const writeTimes = goals.map((goal) => goal.answeredAt - goal.sentAt).sort((a, b) => a - b);
      return {
        scale: options.scale,
        asked: options.subscribers,
        open,
        refused,
        openSeconds: Math.round(openSeconds * 10) / 10,
        goals: goals.length,
        delivered,
        expected: open * goals.length,
        ended,
        unrecognised: {
          streams: streams.filter((stream) => stream.unrecognised !== null).length,
          first: streams.find((stream) => stream.unrecognised !== null)?.unrecognised ?? null,
        },
        delay: { p50: Math.round(percentile(delays, 50)), p99: Math.round(percentile(delays, 99)), max: Math.round(percentile(delays, 100)) },
        writeP99: Math.round(percentile(writeTimes, 99)),
        heapLimitMb: options.heapLimitMb,
        heapMb: { idle: idleHeap, open: openHeap, peak: peakHeap },
        rssMb: { idle: idleRss, open: openRss, peak: peakRss },
        health: healthResult,
        cpuPerGoalS: {
          server: Math.round((serverCpu / goals.length) * 100) / 100,
          client: Math.round(((clientCpu.user + clientCpu.system) / 1e6 / goals.length) * 100) / 100,
        },
      };
    } finally {
      clearInterval(sampling);
      await health.stop();
    }
  } finally {
    for (const stream of streams) stream.close();
    await withDatabase(options.databaseUrl, (client) => restoreGames(client, [game], KEY_NAME));
  }
}

const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');

export function reportSubscribers(results: SubscribersResult[], run: { duration: number }): void {
  console.log(`\nsubscribers: S streams of \`gameUpdated\` on one game over SSE, one goal a second for ${run.duration} s; dedicated instance as deployed\n`);
  console.log(
    '| scale | asked | open | refused | opened in s | events delivered / expected | delay p50 ms | p99 ms | max ms | heap MB idle / open / peak (limit) | KB heap per stream | RSS MB peak | /health/ready failed |',
  );
  console.log('|---:|---:|---:|---|---:|---:|---:|---:|---:|---|---:|---:|---:|');
  for (const r of results) {
    const refused = Object.entries(r.refused)
      .map(([code, count]) => `${count} ${code}`)
      .join(', ');
    const perStream = r.open > 0 ? (((r.heapMb.open - r.heapMb.idle) * 1024) / r.open).toFixed(1) : '';
    console.log(
      `| ${r.scale} | ${r.asked} | ${r.open} | ${refused || 0} | ${r.openSeconds} | ${r.delivered} / ${r.expected} | ${r.delay.p50} | ${r.delay.p99} | ${r.delay.max} | ${r.heapMb.idle} / ${r.heapMb.open} / ${r.heapMb.peak} (${r.heapLimitMb}) | ${perStream} | ${r.rssMb.peak} | ${r.health.failed} of ${r.health.checks} (slowest ${r.health.slowestMs} ms) |`,
    );
  }
  console.log('\nsubscribers targets:');
  for (const r of results) {
    const ended = Object.entries(r.ended)
      .map(([code, count]) => `${count} ${code}`)
      .join(', ');
    console.log(`  scale ${r.scale} all ${r.asked} subscribers open: ${verdict(r.open === r.asked)}`);
    console.log(
      `  scale ${r.scale} every event delivered: ${r.delivered} of ${r.expected} ${verdict(r.delivered === r.expected && r.expected > 0)}${ended ? ` (streams ended by the server: ${ended})` : ''}`,
    );
    if (r.unrecognised.streams > 0)
      console.log(
        `  scale ${r.scale} ${r.unrecognised.streams} streams received messages this reader does not understand, the first: ${JSON.stringify(r.unrecognised.first)}`,
      );
    console.log(
      `  scale ${r.scale} delivery p99 ≤ ${DELIVERY_TARGET_MS} ms (goal sent → event received): ${r.delay.p99} ms ${verdict(r.delay.p99 <= DELIVERY_TARGET_MS)}`,
    );
    console.log(
      `  scale ${r.scale} /health/ready 200 throughout: ${verdict(r.health.failed === 0)}${r.health.firstFailure ? ` (first failure: ${r.health.firstFailure})` : ''}`,
    );
    console.log(
      `  scale ${r.scale} heap peak within the limit: ${r.heapMb.peak} of ${r.heapLimitMb} MB ${verdict(r.heapMb.peak < r.heapLimitMb)}; goal mutation p99 ${r.writeP99} ms`,
    );
    console.log(`  scale ${r.scale} CPU per goal: instance ${r.cpuPerGoalS.server} s, the streams' reader (this process) ${r.cpuPerGoalS.client} s`);
  }
}
