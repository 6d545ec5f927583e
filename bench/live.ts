// The live scenario of `npm run bench` (issue 20): games are written at 2 per second while the
// deployed service carries a read load, and the benchmark reports how long a committed write takes
// to become visible through REST, GraphQL and a subscription (target p99 ≤ 1 s), and what the writes
// cost the readers (the read load's latency with and without writes).
//
// It drives the instance bench/run.ts already started as deployed (response cache on, TTL at its
// default; a committed write drops the cached answers), as the games' desks write on the day: it
// takes LIVE_GAMES scheduled games without events (earliest first), moves them into their start
// window and creates their home clubs' keys (`games:write`) in the bench database
// (bench/scheduled-games.ts), starts them, opens one `gameUpdated` subscription per game, runs the
// read mix once without writes and once while recording one goal every 500 ms, round-robin over the
// games. A write the service refuses stops the scenario with the service's message.
//
// It runs at every scale of the default run: it adds about warm-up + 2 × duration seconds per scale,
// little next to the endpoint runs (about 30 runs of warm-up + duration each).
//
// Afterwards the games are put back as they were (events, audit entries and the keys deleted, the
// game rows and their scheduled times restored), so a later `--reuse` run finds the same scheduled games and the same data.
// The service is stopped right after by run.ts, so its caches never serve the restored rows stale.
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { createDeskKeys, intoStartWindow, restoreGames, scheduledGames, sendWrite, WriteRefused, withDatabase } from './scheduled-games.js';
import { loadSummary } from './load-summary.js';

/** Games played at once: one subscription each, and SUBSCRIPTIONS_PER_CLIENT (default 20) caps one client's. */
export const LIVE_GAMES = 20;
export const WRITES_PER_SECOND = 2;
/** Streams one client may hold (SUBSCRIPTIONS_PER_CLIENT's default): with more live games, only this many are followed. */
const FOLLOWED_GAMES = 20;
/** How often a reader asks again while waiting for a write to show. */
const POLL_INTERVAL_MS = 20;
/** A write not visible after this long counts as missed (and the target as not met). */
export const VISIBILITY_TIMEOUT_MS = 10_000;
export const VISIBILITY_TARGET_MS = 1000;
/** Goals are recorded in period 1 (seconds 0–1200), one second apart per game, from here on. */
const FIRST_GOAL_SECOND = 10;
const PERIOD_END_SECOND = 1200;
const KEY_NAME = 'bench-live';

export interface LiveOptions {
  scale: number;
  databaseUrl: string;
  /** The deployed instance, e.g. http://127.0.0.1:3303. */
  baseUrl: string;
  connections: number;
  duration: number;
  warmup: number;
  /** Turns of reads without writes, then with (`--live-turns`): the ratio of one turn swings with the machine; their median less. */
  turns?: number;
  /** Goals a second while reading (`--writes-per-second`); WRITES_PER_SECOND by default. */
  writesPerSecond?: number;
}

export interface ReadLoad {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

export interface DelayStats {
  seen: number;
  /** Writes not visible within VISIBILITY_TIMEOUT_MS. */
  missed: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export const CHANNELS = ['rest', 'graphql', 'subscription'] as const;
export type Channel = (typeof CHANNELS)[number];

export interface LiveResult {
  scale: number;
  games: number;
  writesPerSecond: number;
  /** The turns' loads, in order: reads without writes, then while writing. */
  turns: { quiet: ReadLoad; writing: ReadLoad }[];
  writes: { sent: number; failed: number; p50: number; p99: number; firstFailure: string | null };
  delays: Record<Channel, DelayStats>;
  /** How long before the mutation's answer subscription events arrived: the median, and the least (negative: after the answer). */
  eventLead: { p50: number; min: number };
  /** Subscription streams the server ended before the scenario closed them. */
  streamDrops: StreamDrops;
}

export interface LiveGame {
  id: number;
  goals: number;
  /** Its desk's key: its home club's. */
  key: string;
}

export interface WriteOutcome {
  gameId: number;
  version: number;
  homeScore: number;
  awayScore: number;
  /** performance.now() when the mutation's answer arrived: the write is committed by then. */
  committedAt: number;
}

/** Per channel, ms from the commit until visible (null: not within VISIBILITY_TIMEOUT_MS; undefined: not watched, a game without a stream). */
interface Visibility {
  delays: Record<Channel, number | null | undefined>;
  /** How long before the mutation's answer the subscription event arrived (negative: after it). */
  eventLeadMs: number | null;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)));

interface GraphQLAnswer<T> {
  data?: T | null;
  errors?: { message: string; extensions?: { code?: string } }[];
}

async function graphql<T>(baseUrl: string, query: string, variables: Record<string, unknown> = {}, key?: string): Promise<T> {
  const response = await fetch(`${baseUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const answer = (await response.json()) as GraphQLAnswer<T>;
  if (answer.errors?.length || !answer.data) {
    const error = answer.errors?.[0];
    throw new Error(`${response.status} ${error?.extensions?.code ?? ''} ${error?.message ?? 'no data'}`.trim());
  }
  return answer.data;
}

const WRITE_SELECTION = 'version game { homeScore awayScore }';
type WriteAnswer = { version: number; game: { homeScore: number | null; awayScore: number | null } };

/** Its desk starts the game, in its start window (withLiveGames moved it there). */
async function startGame(baseUrl: string, game: LiveGame): Promise<void> {
  await sendWrite<WriteAnswer>(baseUrl, game.key, 'startGame', WRITE_SELECTION, { gameId: game.id });
}

/** The n-th goal of a game: sides alternate, the clock moves on by a second per goal within period 1. */
async function recordGoal(baseUrl: string, game: LiveGame): Promise<WriteOutcome> {
  const input = { gameId: game.id, side: game.goals % 2 === 0 ? 'HOME' : 'AWAY', second: FIRST_GOAL_SECOND + game.goals };
  game.goals += 1;
  const { version, game: after } = await sendWrite<WriteAnswer>(baseUrl, game.key, 'recordGoal', WRITE_SELECTION, input);
  const committedAt = performance.now();
  return { gameId: game.id, version, homeScore: after.homeScore ?? 0, awayScore: after.awayScore ?? 0, committedAt };
}

/** Asks `visible` every POLL_INTERVAL_MS from `from` on; the delay until an answer showed the write, or null. */
async function pollUntilVisible(visible: () => Promise<boolean>, from: number): Promise<number | null> {
  while (performance.now() - from < VISIBILITY_TIMEOUT_MS) {
    // A failed read (a 503 under load, say) is asked again, like a client would.
    if (await visible().catch(() => false)) return performance.now() - from;
    await sleep(POLL_INTERVAL_MS);
  }
  return null;
}

/** The game detail's result cell (WIRE.md §4, cell 5): `2:1*` for a live game. */
async function restShows(baseUrl: string, write: WriteOutcome): Promise<boolean> {
  const response = await fetch(`${baseUrl}/api/games/${write.gameId}`);
  if (!response.ok) return false;
  const body = (await response.json()) as { data: { regions: { rows: { cells: { text?: string[] }[] }[] }[] } };
  const result = /^(\d+):(\d+)/.exec(body.data.regions[0]?.rows[0]?.cells[4]?.text?.[0] ?? '');
  // Only this scenario writes the game, one goal at a time: a total at least as high includes this goal.
  return result !== null && Number(result[1]) + Number(result[2]) >= write.homeScore + write.awayScore;
}

const gameQuery = (gameId: number) => `{ game(id: ${gameId}) { homeScore awayScore version } }`;

async function graphqlShows(baseUrl: string, write: WriteOutcome): Promise<boolean> {
  const data = await graphql<{ game: { version: number } | null }>(baseUrl, gameQuery(write.gameId));
  return (data.game?.version ?? 0) >= write.version;
}

/** Streams the server ended while they were wanted, and how long they had been open. */
export interface StreamDrops {
  count: number;
  shortestOpenMs: number;
  longestOpenMs: number;
  /** Reopening failed (the server refused it); the game's later writes then go unseen. */
  reopenFailure: string | null;
}

/** What follows the games' streams for writeAtSteadyRate: whether a game is followed, and when a write's event arrived (null: not within VISIBILITY_TIMEOUT_MS). */
export interface Followers {
  follows(gameId: number): boolean;
  arrival(write: WriteOutcome): Promise<number | null>;
}

/**
 * One `gameUpdated` stream per game (GraphQL over SSE): when each version arrived, and a wait for a
 * version that has not arrived yet. A stream the server ends is opened again at once, as a client
 * following the game would; the drop is counted, and a write committed in the gap goes unseen.
 */
export class Subscriptions implements Followers {
  private readonly arrivals = new Map<string, number>();
  private readonly waiting = new Map<string, (at: number) => void>();
  private readonly aborts = new Set<AbortController>();
  private readonly followed = new Set<number>();
  private closing = false;
  readonly drops: StreamDrops = { count: 0, shortestOpenMs: Infinity, longestOpenMs: 0, reopenFailure: null };

  constructor(private readonly baseUrl: string) {}

  async open(gameId: number): Promise<void> {
    this.followed.add(gameId);
    const abort = new AbortController();
    this.aborts.add(abort);
    const response = await fetch(`${this.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ query: `subscription { gameUpdated(id: ${gameId}) { version } }` }),
      signal: abort.signal,
    });
    // yoga answers once the subscription is registered: from here on no write of the game is missed.
    if (!response.ok || !response.body || !(response.headers.get('content-type') ?? '').includes('text/event-stream')) {
      throw new Error(`the subscription to game ${gameId} was refused: ${response.status} ${await response.text()}`);
    }
    const openedAt = performance.now();
    void this.read(gameId, response.body).then(() => {
      this.aborts.delete(abort);
      if (!this.closing) this.dropped(gameId, performance.now() - openedAt);
    });
  }

  private dropped(gameId: number, openMs: number): void {
    this.drops.count += 1;
    this.drops.shortestOpenMs = Math.min(this.drops.shortestOpenMs, openMs);
    this.drops.longestOpenMs = Math.max(this.drops.longestOpenMs, openMs);
    this.open(gameId).catch((error: unknown) => {
      this.drops.reopenFailure ??= error instanceof Error ? error.message : String(error);
    });
  }

  /** Reads the stream until it ends (the server closed it, or close() aborted it). */
  private async read(gameId: number, body: ReadableStream<Uint8Array>): Promise<void> {
    const decoder = new TextDecoder();
    let buffered = '';
    const reader = body.getReader();
    try {
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
        buffered += decoder.decode(chunk.value, { stream: true });
        const messages = buffered.split('\n\n');
        buffered = messages.pop() ?? '';
        for (const message of messages) this.receive(gameId, message);
      }
    } catch {
      // aborted by close(), or the connection dropped: open() tells them apart
    }
  }

  private receive(gameId: number, message: string): void {
    const lines = message.split('\n');
    if (!lines.includes('event: next')) return; // pings (`:`) and `complete`
    const data = lines
      .filter((line) => line.startsWith('data:'))
      .map((line) => line.slice(5).trim())
      .join('\n');
    const version = (JSON.parse(data) as GraphQLAnswer<{ gameUpdated: { version: number } }>).data?.gameUpdated.version;
    if (version === undefined) return;
    const at = performance.now();
    const key = `${gameId}:${version}`;
    this.arrivals.set(key, at);
    this.waiting.get(key)?.(at);
    this.waiting.delete(key);
  }

  /** Whether a stream was opened for the game. */
  follows(gameId: number): boolean {
    return this.followed.has(gameId);
  }

  /** When the write's version arrived, or null if it did not within VISIBILITY_TIMEOUT_MS of the commit. */
  arrival(write: WriteOutcome): Promise<number | null> {
    const key = `${write.gameId}:${write.version}`;
    const known = this.arrivals.get(key);
    if (known !== undefined) return Promise.resolve(known);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiting.delete(key);
        resolve(null);
      }, VISIBILITY_TIMEOUT_MS);
      this.waiting.set(key, (at) => {
        clearTimeout(timer);
        resolve(at);
      });
    });
  }

  close(): void {
    this.closing = true;
    for (const abort of this.aborts) abort.abort();
  }
}

async function measureVisibility(baseUrl: string, subscriptions: Followers, write: WriteOutcome): Promise<Visibility> {
  const [rest, graphqlDelay, arrivedAt] = await Promise.all([
    pollUntilVisible(() => restShows(baseUrl, write), write.committedAt),
    pollUntilVisible(() => graphqlShows(baseUrl, write), write.committedAt),
    subscriptions.follows(write.gameId) ? subscriptions.arrival(write) : Promise.resolve(undefined),
  ]);
  // The event is pushed at the commit, before the mutation's answer is resolved and sent: it can
  // arrive before `committedAt`, which counts as no delay.
  const subscription = arrivedAt === undefined ? undefined : arrivedAt === null ? null : Math.max(0, arrivedAt - write.committedAt);
  return {
    delays: { rest, graphql: graphqlDelay, subscription },
    eventLeadMs: arrivedAt === undefined || arrivedAt === null ? null : write.committedAt - arrivedAt,
  };
}

/** What a live-day audience reads: the day's games, and each live game's detail, events, score (GraphQL) and the table. */
function readMix(gameIds: number[]): autocannon.Request[] {
  return gameIds.flatMap((id) => [
    { method: 'GET', path: '/api/games?mode=current' },
    { method: 'GET', path: `/api/games/${id}` },
    { method: 'GET', path: `/api/game_events/${id}` },
    { method: 'POST', path: '/graphql', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: gameQuery(id) }) },
    { method: 'GET', path: '/api/rankings' },
  ]);
}

async function readLoad(options: LiveOptions, requests: autocannon.Request[], seconds: number): Promise<ReadLoad> {
  // In a worker thread, so that generating the load does not delay this thread's clocks and polls.
  const result = await autocannon({ url: options.baseUrl, connections: options.connections, duration: seconds, requests, workers: 1 });
  return loadSummary(result);
}

/** Nearest-rank percentile of ascending values. */
function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

function delayStats(watched: (number | null | undefined)[]): DelayStats {
  const delays = watched.filter((delay) => delay !== undefined);
  const seen = delays.filter((delay): delay is number => delay !== null).sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms);
  return {
    seen: seen.length,
    missed: delays.length - seen.length,
    p50: round(percentile(seen, 50)),
    p95: round(percentile(seen, 95)),
    p99: round(percentile(seen, 99)),
    max: round(percentile(seen, 100)),
  };
}

export interface WriteRecord {
  latencyMs: number | null;
  failure: string | null;
  visibility: Visibility | null;
}

/**
 * `writesPerSecond` goals a second (round-robin over the games) for `seconds`, each measured as it
 * becomes visible; resolves when all are measured. A write that could not be sent, or that the
 * service shed under load after its retries, is recorded as failed; one the service refused
 * (WriteRefused: forbidden, invalid, a conflict) stops the writing, and once the writes in flight
 * are done it rejects with the service's message: the scenario writes wrongly and measures nothing.
 */
export async function writeAtSteadyRate(
  options: Pick<LiveOptions, 'baseUrl'>,
  games: LiveGame[],
  subscriptions: Followers,
  seconds: number,
  writesPerSecond = WRITES_PER_SECOND,
  /** Told of each write as its answer came (the game day's webhooks measure from it). */
  committed?: (write: WriteOutcome) => void,
): Promise<WriteRecord[]> {
  const intervalMs = 1000 / writesPerSecond;
  const begin = performance.now();
  const measured: Promise<WriteRecord>[] = [];
  let refusal: WriteRefused | undefined;
  for (let k = 0; k * intervalMs < seconds * 1000 && !refusal; k += 1) {
    // Due times from the start, not from the previous write: a slow write does not slow the rate.
    await sleep(begin + k * intervalMs - performance.now());
    if (refusal) break;
    const sentAt = performance.now();
    measured.push(
      recordGoal(options.baseUrl, games[k % games.length]).then(
        async (write) => {
          committed?.(write);
          return { latencyMs: write.committedAt - sentAt, failure: null, visibility: await measureVisibility(options.baseUrl, subscriptions, write) };
        },
        (error: unknown) => {
          if (error instanceof WriteRefused) refusal ??= error;
          return { latencyMs: null, failure: error instanceof Error ? error.message : String(error), visibility: null };
        },
      ),
    );
  }
  const records = await Promise.all(measured);
  if (refusal) throw refusal;
  return records;
}

export function assertClockBudget(duration: number, liveGames = LIVE_GAMES, writesPerSecond = WRITES_PER_SECOND): void {
  const goalsPerGame = Math.ceil((duration * writesPerSecond) / liveGames);
  if (FIRST_GOAL_SECOND + goalsPerGame >= PERIOD_END_SECOND) {
    throw new Error(`--duration ${duration} would record ${goalsPerGame} goals per game, past the end of period 1; use a shorter duration`);
  }
}

/** The writes' outcomes: how many failed, the first failure, and the mutations' round trips. */
export function writeStats(records: WriteRecord[]): LiveResult['writes'] {
  const latencies = records.flatMap((r) => (r.latencyMs === null ? [] : [r.latencyMs])).sort((a, b) => a - b);
  return {
    sent: records.length,
    failed: records.filter((r) => r.visibility === null).length,
    p50: Math.round(percentile(latencies, 50)),
    p99: Math.round(percentile(latencies, 99)),
    firstFailure: records.find((r) => r.failure !== null)?.failure ?? null,
  };
}

/** Per channel, how long the committed writes took to become visible. */
export function visibilityStats(records: WriteRecord[]): Record<Channel, DelayStats> {
  const measured = records.flatMap((r) => (r.visibility === null ? [] : [r.visibility]));
  return Object.fromEntries(CHANNELS.map((channel) => [channel, delayStats(measured.map((v) => v.delays[channel]))])) as Record<Channel, DelayStats>;
}

function summarize(options: LiveOptions, turns: LiveResult['turns'], records: WriteRecord[], streamDrops: StreamDrops): LiveResult {
  const leads = records.flatMap((r) => (r.visibility && r.visibility.eventLeadMs !== null ? [r.visibility.eventLeadMs] : [])).sort((a, b) => a - b);
  return {
    scale: options.scale,
    games: LIVE_GAMES,
    writesPerSecond: options.writesPerSecond ?? WRITES_PER_SECOND,
    turns,
    writes: writeStats(records),
    delays: visibilityStats(records),
    eventLead: { p50: Math.round(percentile(leads, 50)), min: Math.round(percentile(leads, 0)) },
    streamDrops: { ...streamDrops },
  };
}

/** What a scenario writes to: started games, each with its desk's key, and a `gameUpdated` stream open for each (for the first FOLLOWED_GAMES). */
export interface LiveSession {
  games: LiveGame[];
  subscriptions: Subscriptions;
}

/**
 * Moves `liveGames` scheduled games into their start window, has their desks start them and subscribes to each, up to one client's
 * FOLLOWED_GAMES (from before any read on, as a client following them would), runs `work`, then closes the streams and puts the
 * games back as they were. A start the service refuses throws with its message.
 */
export async function withLiveGames<T>(
  options: Pick<LiveOptions, 'databaseUrl' | 'baseUrl'>,
  work: (session: LiveSession) => Promise<T>,
  liveGames = LIVE_GAMES,
): Promise<T> {
  const snapshots = await withDatabase(options.databaseUrl, (client) => scheduledGames(client, liveGames, 'earliest', 'live'));
  const subscriptions = new Subscriptions(options.baseUrl);
  try {
    const keys = await withDatabase(options.databaseUrl, async (client) => {
      await intoStartWindow(client, snapshots);
      return createDeskKeys(client, KEY_NAME, snapshots);
    });
    const games: LiveGame[] = snapshots.map((game) => ({ id: game.id, goals: 0, key: keys.get(game.id) as string }));
    for (const game of games) await startGame(options.baseUrl, game);
    for (const game of games.slice(0, FOLLOWED_GAMES)) await subscriptions.open(game.id);
    return await work({ games, subscriptions });
  } finally {
    subscriptions.close();
    await withDatabase(options.databaseUrl, (client) => restoreGames(client, snapshots, KEY_NAME));
  }
}

export async function benchLive(options: LiveOptions): Promise<LiveResult> {
  const turnCount = options.turns ?? 1;
  const writesPerSecond = options.writesPerSecond ?? WRITES_PER_SECOND;
  assertClockBudget(options.duration * turnCount, LIVE_GAMES, writesPerSecond);
  return withLiveGames(options, async ({ games, subscriptions }) => {
    const requests = readMix(games.map((game) => game.id));
    if (options.warmup > 0) await readLoad(options, requests, options.warmup);
    const turns: LiveResult['turns'] = [];
    const records: WriteRecord[] = [];
    for (let turn = 0; turn < turnCount; turn += 1) {
      const quiet = await readLoad(options, requests, options.duration);
      const [writing, written] = await Promise.all([
        readLoad(options, requests, options.duration),
        writeAtSteadyRate(options, games, subscriptions, options.duration, writesPerSecond),
      ]);
      turns.push({ quiet, writing });
      records.push(...written);
    }
    return summarize(options, turns, records, subscriptions.drops);
  });
}

/** Reads while writing against reads without, per turn: the change in req/s (−0.2 is a fifth fewer). */
const changeOf = (turn: LiveResult['turns'][number]) => turn.writing.rps / turn.quiet.rps - 1;
const percent = (change: number) => `${change >= 0 ? '+' : '−'}${Math.abs(Math.round(change * 100))} %`;

const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
const CHANNEL_NAMES: Record<Channel, string> = {
  rest: 'REST `/api/games/:id`',
  graphql: 'GraphQL `game(id) { version }`',
  subscription: 'subscription `gameUpdated(id)`',
};

export function reportLive(results: LiveResult[], run: { connections: number; duration: number; warmup: number; turns: number }): void {
  console.log(
    `\nlive: ${LIVE_GAMES} games, ${[...new Set(results.map((r) => r.writesPerSecond))].join(', ')} goals/s round-robin during ${run.duration} s of reads (${run.connections} connections, after ${run.warmup} s warm-up and ${run.duration} s without writes), ${run.turns} turn(s); deployed service\n`,
  );
  console.log('| scale | turn | read load | req/s | p50 ms | p99 ms | errors | non-2xx | change |');
  console.log('|---:|---:|---|---:|---:|---:|---:|---:|---:|');
  for (const r of results) {
    for (const [index, turn] of r.turns.entries()) {
      for (const [name, load] of [
        ['no writes', turn.quiet],
        [`writing ${r.writesPerSecond}/s`, turn.writing],
      ] as const) {
        const change = load === turn.writing ? percent(changeOf(turn)) : '';
        console.log(`| ${r.scale} | ${index + 1} | ${name} | ${load.rps} | ${load.p50} | ${load.p99} | ${load.errors} | ${load.non2xx} | ${change} |`);
      }
    }
  }
  console.log('\n| scale | commit → visible via | writes seen | missed | p50 ms | p95 ms | p99 ms | max ms | p99 ≤ 1000 ms |');
  console.log('|---:|---|---:|---:|---:|---:|---:|---:|---|');
  for (const r of results) {
    for (const channel of CHANNELS) {
      const d = r.delays[channel];
      const met = d.missed === 0 && d.seen > 0 && d.p99 <= VISIBILITY_TARGET_MS;
      console.log(`| ${r.scale} | ${CHANNEL_NAMES[channel]} | ${d.seen} | ${d.missed} | ${d.p50} | ${d.p95} | ${d.p99} | ${d.max} | ${verdict(met)} |`);
    }
  }
  console.log('\nlive targets:');
  for (const r of results) {
    const changes = r.turns.map(changeOf).sort((a, b) => a - b);
    const median = changes[Math.floor((changes.length - 1) / 2)];
    console.log(
      `  scale ${r.scale} reads while writing within 20 % of reads without, median of ${changes.length} turn(s) (${changes.map(percent).join(', ')}): ${percent(median)} ${verdict(median >= -0.2)}`,
    );
    const w = r.writes;
    console.log(
      `  scale ${r.scale} writes: ${w.sent} sent, ${w.failed} failed${w.firstFailure ? ` (first: ${w.firstFailure})` : ''}; mutation round trip p50 ${w.p50} ms, p99 ${w.p99} ms`,
    );
    const drops = r.streamDrops;
    const [shortest, longest] = [drops.shortestOpenMs, drops.longestOpenMs].map((ms) => (ms / 1000).toFixed(1));
    const dropped =
      drops.count === 0
        ? ''
        : ` (the server ended ${drops.count} of ${r.games} streams after ${shortest === longest ? shortest : `${shortest}–${longest}`} s; each was opened again${drops.reopenFailure ? `, until one was refused: ${drops.reopenFailure}` : ''})`;
    console.log(`  scale ${r.scale} subscriptions stay open while listened to: ${verdict(drops.count === 0)}${dropped}`);
    console.log(
      `  scale ${r.scale} subscription events arrived ${r.eventLead.p50} ms (median) and at least ${r.eventLead.min} ms before the mutation's answer (negative: after it)`,
    );
    const worst = Math.max(...CHANNELS.map((channel) => r.delays[channel].p99));
    const allSeen = CHANNELS.every((channel) => r.delays[channel].missed === 0) && w.failed === 0;
    console.log(
      `  scale ${r.scale} commit → visible p99 ≤ ${VISIBILITY_TARGET_MS} ms on every channel: worst ${worst} ms ${verdict(allSeen && worst <= VISIBILITY_TARGET_MS)}`,
    );
  }
  console.log(
    '  (delay = first answer showing the write − arrival of the mutation’s answer; REST and GraphQL polled every 20 ms; a subscription event that arrives before the mutation’s answer counts as 0)',
  );
}
