// The Zipf mix (bench/zipf.ts) driven open-loop: requests start at a fixed arrival rate, from a
// schedule drawn up front (Poisson or evenly spaced) that no answer can delay, over the same URL
// space, Zipf weights and live writes as the closed loop. The closed loop (50 connections, each
// waiting for its answer) measures its own queue once the service saturates (Little's law: latency =
// connections / throughput); an open loop shows what a client arriving at that rate waits for.
//
// Coordinated omission is avoided twice: every latency is measured from the request's scheduled
// start (a request the client sends late, or that waits for a socket, waits on the clock), and the
// client's connection pool is large (OPEN_LOOP_MAX_SOCKETS): a request that finds every connection
// busy opens another instead of queueing silently behind the others. One that gets no answer within
// OPEN_LOOP_TIMEOUT_MS counts as a timeout, one that fails as an error.
//
// Per scale and number of live games, within one set of live games written at `writesPerSecond`
// throughout: the closed loop first (its req/s is the maximum the fractions refer to), then each
// fraction of it, each absolute rate, then a short search upwards from the highest rate whose p99
// stayed within the target, until the p99 passes it. Each step gets its own writes and freshness
// measurement (bench/live.ts). The load runs in a child process (this module with `--open-loop-load`).
import type { ChildProcess } from 'node:child_process';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import {
  assertClockBudget,
  CHANNELS,
  visibilityStats,
  withLiveGames,
  writeAtSteadyRate,
  writeStats,
  type Channel,
  type DelayStats,
  type LiveOptions,
  type LiveResult,
  type LiveSession,
} from './live.js';
import { withDatabase } from './scheduled-games.js';
import { createReadKey, drawPlan, dropReadKey, JSON_HEADERS, runLoad, urlSpace, ZIPF_EXPONENT, type LoadPlan, type LoadResult, type Phase } from './zipf.js';
import { start, stop } from './children.js';
import { arrivalSchedule, percentileOf, round1, type Arrivals } from './arrivals.js';

export type { Arrivals };

export interface OpenLoopOptions extends LiveOptions {
  liveGames: number;
  writesPerSecond: number;
  /** Rates as fractions of the closed loop's req/s in the same run. */
  fractions: number[];
  /** Rates in req/s. */
  rates: number[];
  arrivals: Arrivals;
  /** Steps of the search for the highest rate whose p99 stays within P99_TARGET_MS. */
  searchSteps: number;
}

export const OPEN_LOOP_P99_TARGET_MS = 100;
/** Connections the open-loop client may open at once: far more than the service can hold requests in flight. */
const OPEN_LOOP_MAX_SOCKETS = 4096;
const OPEN_LOOP_TIMEOUT_MS = 10_000;
/** Timed-out requests named under the table, per step. */
const TIMED_OUT_SHOWN = 5;
/** Each search step asks this much more than the last passing rate. */
const SEARCH_FACTOR = 1.25;
const SCHEDULE_SEED = 7;

/** One open-loop run's outcome, as the load process measured it. */
export interface OpenLoad {
  /** Requests scheduled per second. */
  rate: number;
  scheduled: number;
  /** Answers (any status) per second, from the first scheduled start to the last answer. */
  achieved: number;
  p50: number;
  p99: number;
  /** How late the client sent its requests (its own event loop's lag): p99, ms. */
  sendLagP99: number;
  errors: number;
  timeouts: number;
  /** Method and path of the first few requests that timed out: which part of the mix never answered. */
  timedOut: string[];
  non2xx: number;
  /** Requests in flight at once, at most. */
  peakInFlight: number;
}

type Step = 'closed' | 'fraction' | 'absolute' | 'search';

export interface OpenLoopRow {
  step: Step;
  /** What was asked: the fraction of the closed loop, or the rate. */
  asked: string;
  load: OpenLoad;
  writes: LiveResult['writes'];
  delays: Record<Channel, DelayStats>;
}

export interface OpenLoopResult {
  scale: number;
  liveGames: number;
  writesPerSecond: number;
  arrivals: Arrivals;
  duration: number;
  urlSpaceSize: number;
  rows: OpenLoopRow[];
  /** The highest rate measured whose p99 stayed within the target with no errors; null: none did. */
  highestWithinTarget: number | null;
}

// ---- the load process ----

type ToLoad = { plan: LoadPlan } | { closed: Phase } | { open: { rate: number; seconds: number; arrivals: Arrivals; seed: number } };
type FromLoad = { ready: true } | { closed: LoadResult } | { open: OpenLoad };

/** The Zipf draws in the order the load sends them: the connections' sequences interleaved. */
function drawOrder(plan: LoadPlan): number[] {
  const sequences = plan.sequences.measure;
  const order: number[] = [];
  for (let i = 0; i < sequences[0].length; i += 1) for (const sequence of sequences) order.push(sequence[i]);
  return order;
}

class OpenLoopClient {
  private readonly order: number[];
  private readonly target: URL;
  /** Where the next run continues in the draw order: each run asks for URLs the last did not. */
  private cursor = 0;

  constructor(private readonly plan: LoadPlan) {
    this.order = drawOrder(plan);
    this.target = new URL(plan.baseUrl);
  }

  skip(requests: number): void {
    this.cursor = (this.cursor + requests) % this.order.length;
  }

  async run(rate: number, seconds: number, arrivals: Arrivals, seed: number): Promise<OpenLoad> {
    const starts = arrivalSchedule(rate, seconds, arrivals, seed);
    const count = starts.length;
    const latency = new Float64Array(count).fill(Number.NaN);
    const lag = new Float64Array(count);
    let [errors, non2xx, inFlight, peakInFlight, settled, lastAnswerAt] = [0, 0, 0, 0, 0, 0];
    const agent = new http.Agent({ keepAlive: true, maxSockets: OPEN_LOOP_MAX_SOCKETS });
    const requests: http.ClientRequest[] = [];
    let allSettled: () => void = () => {};
    const done = new Promise<void>((resolve) => (allSettled = resolve));
    const begin = performance.now() + 20;
    const settle = () => {
      inFlight -= 1;
      settled += 1;
      if (settled === count) allSettled();
    };
    const fire = (i: number) => {
      const scheduledAt = begin + starts[i];
      lag[i] = performance.now() - scheduledAt;
      const spec = this.plan.requests[this.order[(this.cursor + i) % this.order.length]];
      inFlight += 1;
      peakInFlight = Math.max(peakInFlight, inFlight);
      const request = http.request(
        {
          agent,
          host: this.target.hostname,
          port: this.target.port,
          method: spec.method,
          path: spec.path,
          headers: spec.method === 'POST' ? JSON_HEADERS : undefined,
        },
        (response) => {
          response.resume();
          response.on('end', () => {
            if (!Number.isNaN(latency[i])) return;
            lastAnswerAt = performance.now();
            latency[i] = lastAnswerAt - scheduledAt;
            if ((response.statusCode ?? 0) >= 300) non2xx += 1;
            settle();
          });
        },
      );
      request.on('error', () => {
        if (!Number.isNaN(latency[i])) return;
        latency[i] = Number.POSITIVE_INFINITY; // not answered: counted as an error, not as a latency
        errors += 1;
        settle();
      });
      requests.push(request);
      request.end(spec.body);
    };
    await new Promise<void>((resolve) => {
      let next = 0;
      const tick = () => {
        const now = performance.now() - begin;
        while (next < count && starts[next] <= now) fire(next++);
        if (next >= count) resolve();
        else setTimeout(tick, Math.max(0, starts[next] - now - 1));
      };
      setTimeout(tick, 20);
    });
    const deadline = begin + seconds * 1000 + OPEN_LOOP_TIMEOUT_MS;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([done, new Promise<void>((resolve) => (timer = setTimeout(resolve, Math.max(0, deadline - performance.now()))))]);
    clearTimeout(timer);
    // Still unanswered: timed out, waiting at least until now.
    let timeouts = 0;
    const timedOut: string[] = [];
    const now = performance.now();
    for (let i = 0; i < count; i += 1) {
      if (Number.isNaN(latency[i])) {
        latency[i] = now - (begin + starts[i]);
        timeouts += 1;
        const spec = this.plan.requests[this.order[(this.cursor + i) % this.order.length]];
        if (timedOut.length < TIMED_OUT_SHOWN) timedOut.push(`${spec.method} ${spec.path.slice(0, 120)}`);
      }
    }
    for (const request of requests) request.destroy();
    agent.destroy();
    this.skip(count);
    const answered = latency.filter((ms) => Number.isFinite(ms)).sort();
    const answers = count - errors - timeouts;
    return {
      rate,
      scheduled: count,
      achieved: answers === 0 ? 0 : Math.round(answers / ((lastAnswerAt - begin) / 1000)),
      p50: round1(percentileOf(answered, 50)),
      p99: round1(percentileOf(answered, 99)),
      sendLagP99: round1(percentileOf(lag.sort(), 99)),
      errors,
      timeouts,
      timedOut,
      non2xx,
      peakInFlight,
    };
  }
}

const LOAD_FLAG = '--open-loop-load';
if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv[2] === LOAD_FLAG && process.send) {
  const send = (message: FromLoad) => process.send?.(message);
  let plan: LoadPlan | undefined;
  let client: OpenLoopClient | undefined;
  process.on('message', (message: ToLoad) => {
    if ('plan' in message) {
      plan = message.plan;
      client = new OpenLoopClient(plan);
      send({ ready: true });
    } else if ('closed' in message && plan) {
      const phase = message.closed;
      void runLoad(plan, phase).then((load) => {
        // The open runs go on with the draws the closed one did not reach.
        if (phase === 'measure') client?.skip(load.total);
        send({ closed: load });
      });
    } else if ('open' in message && client) {
      const { rate, seconds, arrivals, seed } = message.open;
      void client.run(rate, seconds, arrivals, seed).then((open) => send({ open }));
    }
  });
}

/** This module in a child process: generating the load must not delay the write clock and the freshness polls. */
class LoadProcess {
  private readonly child: ChildProcess;
  private waiting: { resolve: (message: FromLoad) => void; reject: (error: Error) => void } | null = null;

  constructor(plan: LoadPlan) {
    this.child = start('the open-loop load generator', process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), LOAD_FLAG], {
      stdout: 'inherit',
      ipc: 'advanced',
    });
    this.child.on('message', (message: FromLoad) => this.settle()?.resolve(message));
    this.child.on('error', (error) => this.settle()?.reject(error));
    this.child.on('exit', (code) => this.settle()?.reject(new Error(`the open-loop load process exited with ${code}`)));
    this.child.send({ plan } satisfies ToLoad);
  }

  private settle() {
    const waiting = this.waiting;
    this.waiting = null;
    return waiting;
  }

  ask(message: ToLoad | null): Promise<FromLoad> {
    const answer = new Promise<FromLoad>((resolve, reject) => (this.waiting = { resolve, reject }));
    if (message) this.child.send(message);
    return answer;
  }

  async closed(phase: Phase): Promise<LoadResult> {
    const answer = await this.ask({ closed: phase });
    if (!('closed' in answer)) throw new Error(`the load process answered ${JSON.stringify(answer)}`);
    return answer.closed;
  }

  async open(rate: number, seconds: number, arrivals: Arrivals, seed: number): Promise<OpenLoad> {
    const answer = await this.ask({ open: { rate, seconds, arrivals, seed } });
    if (!('open' in answer)) throw new Error(`the load process answered ${JSON.stringify(answer)}`);
    return answer.open;
  }

  close(): Promise<void> {
    return stop(this.child);
  }
}

// ---- the scenario ----

const withinTarget = (row: OpenLoopRow) => row.load.p99 <= OPEN_LOOP_P99_TARGET_MS && row.load.errors + row.load.timeouts === 0;

/** Rounds of the plan the steps may take at most: the schedule of writes must fit period 1 of each game. */
function stepsAtMost(options: OpenLoopOptions): number {
  return 1 + options.fractions.length + options.rates.length + options.searchSteps;
}

export async function benchOpenLoop(options: OpenLoopOptions): Promise<OpenLoopResult> {
  assertClockBudget(options.warmup + options.duration * stepsAtMost(options), options.liveGames, options.writesPerSecond);
  const readKey = await withDatabase(options.databaseUrl, createReadKey);
  try {
    const drawn = await withDatabase(options.databaseUrl, async (client) => drawPlan(await urlSpace(client, readKey), options));
    return await withLiveGames(
      options,
      async (session) => {
        const load = new LoadProcess(drawn.plan);
        try {
          await load.ask(null);
          const rows = await steps(options, session, load);
          const passing = rows.filter((row) => row.step !== 'closed' && withinTarget(row)).map((row) => row.load.rate);
          return {
            scale: options.scale,
            liveGames: options.liveGames,
            writesPerSecond: options.writesPerSecond,
            arrivals: options.arrivals,
            duration: options.duration,
            urlSpaceSize: drawn.urlSpaceSize,
            rows,
            highestWithinTarget: passing.length ? Math.max(...passing) : null,
          };
        } finally {
          await load.close();
        }
      },
      options.liveGames,
    );
  } finally {
    await withDatabase(options.databaseUrl, dropReadKey);
  }
}

async function steps(options: OpenLoopOptions, session: LiveSession, load: LoadProcess): Promise<OpenLoopRow[]> {
  const writing = (seconds: number) => writeAtSteadyRate(options, session.games, session.subscriptions, seconds, options.writesPerSecond);
  const pause = () => new Promise((resolve) => setTimeout(resolve, 1000));
  if (options.warmup > 0) await Promise.all([load.closed('warmup'), writing(options.warmup)]);
  const [closed, closedWrites] = await Promise.all([load.closed('measure'), writing(options.duration)]);
  const rows: OpenLoopRow[] = [
    {
      step: 'closed',
      asked: `${options.connections} connections`,
      load: {
        rate: closed.rps,
        scheduled: closed.total,
        achieved: closed.rps,
        p50: closed.p50,
        p99: closed.p99,
        sendLagP99: Number.NaN,
        errors: closed.errors,
        timeouts: 0,
        timedOut: [],
        non2xx: closed.non2xx,
        peakInFlight: options.connections,
      },
      writes: writeStats(closedWrites),
      delays: visibilityStats(closedWrites),
    },
  ];
  let seed = SCHEDULE_SEED;
  const measure = async (step: Step, asked: string, rate: number) => {
    await pause();
    console.error(`  open loop, ${options.liveGames} live games: ${asked} = ${rate} req/s`);
    const [open, records] = await Promise.all([load.open(rate, options.duration, options.arrivals, seed++), writing(options.duration)]);
    const row: OpenLoopRow = { step, asked, load: open, writes: writeStats(records), delays: visibilityStats(records) };
    rows.push(row);
    return row;
  };
  for (const fraction of options.fractions)
    await measure('fraction', `${Math.round(fraction * 100)} % of closed`, Math.max(1, Math.round(closed.rps * fraction)));
  for (const rate of options.rates) await measure('absolute', `${rate} req/s`, rate);
  // Up from the highest rate within the target, never to a rate already seen failing.
  const measured = rows.filter((row) => row.step !== 'closed');
  const passing = measured.filter(withinTarget).map((row) => row.load.rate);
  if (passing.length === 0) return rows;
  let rate = Math.max(...passing);
  const failedAbove = measured.filter((row) => !withinTarget(row) && row.load.rate > rate).map((row) => row.load.rate);
  const ceiling = failedAbove.length ? Math.min(...failedAbove) : Number.POSITIVE_INFINITY;
  for (let step = 0; step < options.searchSteps; step += 1) {
    const next = Math.round(rate * SEARCH_FACTOR);
    if (next >= ceiling) break;
    const row = await measure('search', `search ${step + 1}`, next);
    if (!withinTarget(row)) break;
    rate = next;
  }
  return rows;
}

// ---- the report ----

export function reportOpenLoop(results: OpenLoopResult[], run: { connections: number; warmup: number }): void {
  if (results.length === 0) return;
  const first = results[0];
  console.log(
    `\nopen loop: the zipf mix (P(rank r) ∝ 1/r^${ZIPF_EXPONENT}) at fixed arrival rates (${first.arrivals} arrivals, ${first.duration} s each, latency from the scheduled start, up to ${OPEN_LOOP_MAX_SOCKETS} connections, timeout ${OPEN_LOOP_TIMEOUT_MS / 1000} s); closed loop = ${run.connections} connections after ${run.warmup} s warm-up; deployed service; the machine is shared, compare rows within one run\n`,
  );
  console.log(
    `| scale | live games | writes/s | step | rate req/s | achieved req/s | p50 ms | p99 ms (≤ ${OPEN_LOOP_P99_TARGET_MS}) | fresh p99 ms REST / GraphQL / SSE | errors + timeouts + non-2xx | peak in flight | send lag p99 ms |`,
  );
  console.log('|---:|---:|---:|---|---:|---:|---:|---:|---|---|---:|---:|');
  for (const r of results) {
    for (const row of r.rows) {
      const l = row.load;
      const fresh = CHANNELS.map((channel) => (row.delays[channel].seen ? row.delays[channel].p99 : '–')).join(' / ');
      const missed = CHANNELS.reduce((sum, channel) => sum + row.delays[channel].missed, 0);
      console.log(
        `| ${r.scale} | ${r.liveGames} | ${r.writesPerSecond} | ${row.asked} | ${row.step === 'closed' ? '–' : l.rate} | ${l.achieved} | ${l.p50} | ${l.p99} | ${fresh}${missed ? ` (${missed} unseen)` : ''} | ${l.errors} + ${l.timeouts} + ${l.non2xx} | ${l.peakInFlight} | ${Number.isNaN(l.sendLagP99) ? '–' : l.sendLagP99} |`,
      );
    }
  }
  for (const r of results) {
    for (const row of r.rows.filter((each) => each.load.timedOut.length > 0)) {
      console.log(`  timed out, scale ${r.scale}, ${r.liveGames} live games, ${row.asked}: ${row.load.timedOut.join('; ')}`);
    }
  }
  console.log('\nopen loop, highest rate measured with p99 ≤ 100 ms and no errors:');
  for (const r of results) {
    const closed = r.rows.find((row) => row.step === 'closed');
    const share =
      r.highestWithinTarget !== null && closed
        ? ` (${Math.round((r.highestWithinTarget / closed.load.achieved) * 100)} % of the closed loop's ${closed.load.achieved} req/s)`
        : '';
    console.log(
      `  scale ${r.scale}, ${r.liveGames} live games, ${r.writesPerSecond} writes/s: ${r.highestWithinTarget ?? 'none'}${r.highestWithinTarget !== null ? ' req/s' : ''}${share}`,
    );
  }
  console.log('  (fresh: commit → first answer showing the write; SSE only for the games one client may follow, 20)');
}
