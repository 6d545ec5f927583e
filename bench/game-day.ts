// The game-day scenario of `npm run bench` (`--only gameday`): the deployed service as
// `npm run serve` starts it, with WORKERS=2 and SHARED_ANSWER_STORE=database, on the bench
// database of the scale, while `--gameday-live` (100) games are played and written by their desks at
// `--gameday-writes` (5) goals a second in total (bench/live.ts: the games moved into their start
// window, started by their home clubs' keys, goals round-robin), and readers arrive open-loop
// (Poisson, as bench/open-loop.ts: a schedule drawn up front, latency from each scheduled start, up
// to GAME_DAY_MAX_SOCKETS connections, no coordinated omission) at each of `--gameday-rates`.
//
// What they ask for: a head of game-day traffic — the live games' detail, events and summary on
// /api, their v3 detail, GraphQL `game(id)`, today's lists (`mode=current`, per playing league, the
// live games' rounds, v3 and GraphQL `games` of today), the playing groups' rankings and
// competitions' top scorers, and the playing teams' pages (/api and GraphQL) — and, with probability
// `--gameday-tail` (0.25), a draw from today's Zipf mix over the whole URL space (bench/zipf.ts,
// `drawPlan` with its seeds, unchanged). `--gameday-subscribers` (200) GraphQL subscribers follow the
// live games, half over SSE and half over WebSocket (graphql-transport-ws), 20 per client address
// (X-Forwarded-For; the instance trusts loopback), each live game followed on both transports.
//
// Per rate it first warms up in windows of WINDOW_SECONDS until the hit ratio of two successive
// windows differs by at most STEADY_POINTS (at most `--gameday-warmup-max` seconds per rate), then
// measures `--gameday-measure` seconds: arrival rate asked and achieved, p50/p99/max, errors by
// status (503s apart), the hit ratio from the answers' X-Cache headers (per-worker /metrics would
// each see one worker), misses per second by route, the service's CPU per miss (/proc of the primary
// and its workers), freshness p99 per channel (REST and GraphQL polled as bench/live.ts does; the
// subscription channel the last of a write's followers, and per stream per transport), and the peak
// RSS of the service's processes. With `--gameday-webhooks` (0), that many webhooks follow the live
// games (bench/game-day-webhooks.ts), and each window also tells their deliveries per second and
// delay from the commit, beside the reads they share the instance with. The load runs in a child process (this module with
// `--game-day-load`), so that it does not delay the write clock, the polls and the streams' clocks.
import type { ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { start, stop } from './children.js';
import {
  assertClockBudget,
  CHANNELS,
  VISIBILITY_TARGET_MS,
  VISIBILITY_TIMEOUT_MS,
  visibilityStats,
  withLiveGames,
  writeAtSteadyRate,
  writeStats,
  type Channel,
  type DelayStats,
  type Followers,
  type LiveGame,
  type LiveResult,
  type WriteOutcome,
} from './live.js';
import { arrivalSchedule, percentileOf, round1 } from './arrivals.js';
import { GameDayWebhooks, type WebhookWindow } from './game-day-webhooks.js';
import { withDatabase } from './scheduled-games.js';
import { createReadKey, drawPlan, dropReadKey, JSON_HEADERS, resetPeakRss, seededRandom, urlSpace, ZIPF_EXPONENT, type RequestSpec } from './zipf.js';

export interface GameDayOptions {
  scale: number;
  databaseUrl: string;
  /** The game-day instance run.ts started (WORKERS=2). */
  baseUrl: string;
  /** Its primary process: the workers are its children. */
  servicePid: number | undefined;
  /** What the instance was started with, for the header: `SHARED_ANSWER_STORE=…`. */
  storeSetting: string;
  workers: number;
  liveGames: number;
  writesPerSecond: number;
  rates: number[];
  measureSeconds: number;
  warmupMaxSeconds: number;
  /** Share of requests drawn from today's Zipf mix, 0..1. */
  tailShare: number;
  subscribers: number;
  /** Webhooks following the live games, one per game in turn, to a receiver in this process; 0: none. */
  webhooks: number;
  /**
   * Share of requests that ask for a compressed answer (`Accept-Encoding: gzip, br`, as browsers and
   * the apps' HTTP libraries send unasked), 0..1; the others send none, as integrations written
   * years ago do. 0 by default, so that runs compare with those before the option.
   */
  compressedShare: number;
}

export const GAME_DAY_RATE_TARGET = 2000;
export const GAME_DAY_P99_TARGET_MS = 100;
export const DEFAULT_GAME_DAY_RATES = [500, 1000, 2000];
export const DEFAULT_GAME_DAY_LIVE = 100;
export const DEFAULT_GAME_DAY_WRITES = 5;
export const DEFAULT_GAME_DAY_TAIL = 0.25;
export const DEFAULT_GAME_DAY_SUBSCRIBERS = 200;
export const DEFAULT_GAME_DAY_MEASURE = 60;
export const DEFAULT_GAME_DAY_WARMUP_MAX = 300;
export const DEFAULT_GAME_DAY_WEBHOOKS = 0;
export const DEFAULT_GAME_DAY_COMPRESSED = 0;
/** What browsers send (fetch adds it unasked); the apps' HTTP libraries send `gzip` or more. */
const COMPRESSED_HEADERS = { 'accept-encoding': 'gzip, br' };
/** The tail is at least this share of the requests (the issue: a fifth). */
export const LEAST_TAIL_SHARE = 0.2;
const WINDOW_SECONDS = 10;
/** Two successive warm-up windows whose hit ratios differ by at most this many percentage points: steady. */
const STEADY_POINTS = 1;
const GAME_DAY_MAX_SOCKETS = 4096;
const GAME_DAY_TIMEOUT_MS = 10_000;
/** Draws of the mix the load walks through (and starts over). */
const MIX_LENGTH = 200_000;
const MIX_SEED = 11;
const SCHEDULE_SEED = 23;
/** Connections of the Zipf plan whose draws form the tail: the open part's (50), so the tail is its mix. */
const TAIL_CONNECTIONS = 50;
const STREAMS_PER_ADDRESS = 20;
const ROUTES_SHOWN = 10;
const TIMED_OUT_SHOWN = 5;

// ---- the request mix ----

/** A request of the mix, and the route it is counted under. */
export interface MixRequest extends RequestSpec {
  route: string;
  head: boolean;
}

/** The route a tail request is counted under: ids as `:id`, query values left out but `mode`'s, the GraphQL root field. */
function routeOf(spec: RequestSpec): string {
  if (spec.method === 'POST') return `POST /graphql ${/^\{\s*(\w+)/.exec(JSON.parse(spec.body ?? '{}').query ?? '')?.[1] ?? '?'}`;
  const [path, search = ''] = spec.path.split('?');
  const params = [...new URLSearchParams(search)].filter(([name]) => name !== 'apikey').map(([name, value]) => (name === 'mode' ? `mode=${value}` : name));
  return `GET ${path.replace(/\/\d+/g, '/:id')}${params.length ? `?${params.join('&')}` : ''}`;
}

/** What the live games are part of: their teams, groups, rounds and competitions. */
interface Playing {
  id: number;
  homeTeamId: number;
  awayTeamId: number;
  season: number;
  league: number | null;
  gameClass: number | null;
  groupName: string | null;
  round: number | null;
}

async function playingOf(databaseUrl: string, games: LiveGame[]): Promise<Playing[]> {
  return withDatabase(databaseUrl, async (client) => {
    const { rows } = await client.query<Playing>(
      `SELECT g.id, g."homeTeamId", g."awayTeamId", COALESCE(grp."seasonId", (SELECT id FROM "Season" WHERE "isCurrent")) AS season,
         grp."leagueId" AS league, grp."gameClassId" AS "gameClass", grp.name AS "groupName", r.number AS round
       FROM "Game" g LEFT JOIN "LeagueGroup" grp ON grp.id = g."groupId" LEFT JOIN "Round" r ON r.id = g."roundId"
       WHERE g.id = ANY($1) ORDER BY g.id`,
      [games.map((game) => game.id)],
    );
    return rows;
  });
}

/** Today in Europe/Zurich, as the service's days are. */
function zurichToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
}

const unique = <T>(items: T[], key: (item: T) => string): T[] => [...new Map(items.map((item) => [key(item), item])).values()];
const query = (params: Record<string, string | number>) => new URLSearchParams(Object.entries(params).map(([name, value]) => [name, String(value)])).toString();
const gql = (text: string): RequestSpec => ({ method: 'POST', path: '/graphql', body: JSON.stringify({ query: text }) });
const get = (path: string): RequestSpec => ({ method: 'GET', path });

/** One kind of head request: its share of the head (weights sum to 100) spread evenly over its requests. */
interface HeadFamily {
  route: string;
  weight: number;
  requests: RequestSpec[];
}

/** The head of game-day traffic, by family. */
export function headFamilies(playing: Playing[], readKey: string): HeadFamily[] {
  const key = encodeURIComponent(readKey);
  const today = zurichToday();
  const league = playing.filter((game) => game.league !== null && game.gameClass !== null);
  const groups = unique(league, (g) => `${g.season} ${g.league} ${g.gameClass} ${g.groupName}`);
  const competitions = unique(league, (g) => `${g.season} ${g.league} ${g.gameClass}`);
  const rounds = unique(
    league.filter((g) => g.round !== null),
    (g) => `${g.season} ${g.league} ${g.gameClass} ${g.groupName} ${g.round}`,
  );
  const teams = unique(
    playing.flatMap((g) => [
      { id: g.homeTeamId, season: g.season },
      { id: g.awayTeamId, season: g.season },
    ]),
    (t) => String(t.id),
  );
  const groupParams = (g: Playing) => ({ season: g.season, league: g.league as number, game_class: g.gameClass as number, group: g.groupName ?? '' });
  const liveGame = (id: number) => `{ game(id: ${id}) { status homeScore awayScore version homeTeam { name } awayTeam { name } } }`;
  const families: HeadFamily[] = [
    { route: 'GET /api/games?mode=current', weight: 10, requests: [get('/api/games?mode=current')] },
    {
      route: 'GET /api/games?mode=current&league_ids',
      weight: 5,
      requests: unique(league, (g) => String(g.league)).map((g) => get(`/api/games?${query({ mode: 'current', league_ids: g.league as number })}`)),
    },
    {
      route: 'GET /api/games?mode=list&season&league&game_class&group&round',
      weight: 5,
      requests: rounds.map((r) => get(`/api/games?${query({ mode: 'list', ...groupParams(r), round: r.round as number })}`)),
    },
    {
      // Today's streamed games, as a broadcaster's app asks: at scale 10 all of today's games are more
      // than the 1,000 one v3 answer holds, which v3 refuses with a 400 asking for narrower dates.
      route: 'GET /api/v3/games?filter[from_date]&filter[to_date]&filter[with_live_stream]&auth_token',
      weight: 1,
      requests: [
        get(`/api/v3/games?${query({ 'filter[from_date]': today, 'filter[to_date]': today, 'filter[with_live_stream]': 'true', auth_token: readKey })}`),
      ],
    },
    {
      route: 'POST /graphql games(day)',
      weight: 4,
      requests: [
        gql(`{ games(filter: { day: "${today}" }, first: 100) { edges { node { id status homeScore awayScore homeTeam { name } awayTeam { name } } } } }`),
      ],
    },
    { route: 'GET /api/games/:id (live)', weight: 15, requests: playing.map((g) => get(`/api/games/${g.id}`)) },
    { route: 'GET /api/game_events/:id (live)', weight: 12, requests: playing.map((g) => get(`/api/game_events/${g.id}`)) },
    { route: 'GET /api/games/:id/summary (live)', weight: 8, requests: playing.map((g) => get(`/api/games/${g.id}/summary`)) },
    { route: 'POST /graphql game (live)', weight: 10, requests: playing.map((g) => gql(liveGame(g.id))) },
    {
      route: 'GET /api/v3/games/:id (live)',
      weight: 2,
      requests: playing.map((g) => get(`/api/v3/games/${g.id}?include=home_team,away_team&auth_token=${key}`)),
    },
    { route: 'GET /api/rankings (playing)', weight: 8, requests: groups.map((g) => get(`/api/rankings?${query(groupParams(g))}`)) },
    {
      route: 'GET /api/topscorers/main (playing)',
      weight: 5,
      requests: competitions.map((c) =>
        get(`/api/topscorers/main?${query({ season: c.season, league: c.league as number, game_class: c.gameClass as number })}`),
      ),
    },
    {
      route: 'team pages (playing)',
      weight: 15,
      requests: teams.flatMap((t) => [
        get(`/api/teams/${t.id}`),
        get(`/api/teams/${t.id}/players?season=${t.season}`),
        get(`/api/games?${query({ mode: 'team', team_id: t.id, season: t.season })}`),
        gql(`{ team(id: ${t.id}) { name logoUrl club { name } gameClass { name } } }`),
      ]),
    },
  ];
  return families.filter((f) => f.requests.length > 0);
}

export interface Mix {
  requests: MixRequest[];
  /** Indexes into `requests`, in the order the load sends them. */
  order: number[];
  tailShare: number;
  /** Distinct URLs of the head, and of the tail drawn. */
  headUrls: number;
  tailUrls: number;
  urlSpaceSize: number;
}

/** Head and tail interleaved: each draw is the tail's next (today's Zipf draws, in the open loop's order) with probability tailShare, else a head request by weight. */
function drawMix(families: HeadFamily[], tail: { requests: RequestSpec[]; order: number[] }, tailShare: number, urlSpaceSize: number): Mix {
  const requests: MixRequest[] = [];
  const headStart: number[] = [];
  for (const f of families) {
    headStart.push(requests.length);
    for (const spec of f.requests) requests.push({ ...spec, route: f.route === 'team pages (playing)' ? `${routeOf(spec)} (playing)` : f.route, head: true });
  }
  const tailStart = requests.length;
  for (const spec of tail.requests) requests.push({ ...spec, route: routeOf(spec), head: false });
  const random = seededRandom(MIX_SEED);
  const total = families.reduce((sum, f) => sum + f.weight, 0);
  const order: number[] = [];
  let tailCursor = 0;
  for (let i = 0; i < MIX_LENGTH; i += 1) {
    if (random() < tailShare) {
      order.push(tailStart + tail.order[tailCursor++ % tail.order.length]);
      continue;
    }
    let pick = random() * total;
    let f = 0;
    while (f < families.length - 1 && pick >= families[f].weight) pick -= families[f++].weight;
    order.push(headStart[f] + Math.floor(random() * families[f].requests.length));
  }
  return { requests, order, tailShare, headUrls: tailStart, tailUrls: tail.requests.length, urlSpaceSize };
}

// ---- the load process ----

export interface CacheCounts {
  hit: number;
  miss: number;
  stale: number;
  refreshing: number;
  /** Answers without X-Cache: GraphQL (its result cache has no header), v3 (private), errors. */
  none: number;
}

export interface WindowLoad {
  rate: number;
  seconds: number;
  scheduled: number;
  /** Answers (any status) per second, from the first scheduled start to the last answer. */
  achieved: number;
  p50: number;
  p99: number;
  max: number;
  sendLagP99: number;
  /** Requests that failed without an answer (connection errors). */
  errors: number;
  timeouts: number;
  timedOut: string[];
  /** Answers by status, non-2xx only. */
  statuses: Record<string, number>;
  /** The same, by status and request (`400 GET /api/…`), other than 503 (shedding, counted above): which requests a run gets wrong. */
  refusedRequests: Record<string, number>;
  cache: CacheCounts;
  missesByRoute: Record<string, number>;
  head: number;
  tail: number;
  peakInFlight: number;
}

type ToLoad =
  | { mix: { baseUrl: string; requests: MixRequest[]; order: number[]; compressedShare: number } }
  | { window: { rate: number; seconds: number; seed: number } };
type FromLoad = { ready: true } | { window: WindowLoad };

class GameDayClient {
  private cursor = 0;
  private readonly target: URL;

  constructor(
    baseUrl: string,
    private readonly requests: MixRequest[],
    private readonly order: number[],
    private readonly compressedShare: number,
  ) {
    this.target = new URL(baseUrl);
  }

  /** The headers of the request at `position` of the order: whether it asks for compression is a hash of the position, so runs compare. */
  private headersOf(request: MixRequest, position: number): http.OutgoingHttpHeaders | undefined {
    const compressed = this.compressedShare > 0 && Math.imul(position + 1, 2654435761) >>> 0 < this.compressedShare * 2 ** 32;
    if (!compressed) return request.method === 'POST' ? JSON_HEADERS : undefined;
    return { ...(request.method === 'POST' ? JSON_HEADERS : {}), ...COMPRESSED_HEADERS };
  }

  async run(rate: number, seconds: number, seed: number): Promise<WindowLoad> {
    const starts = arrivalSchedule(rate, seconds, 'poisson', seed);
    const count = starts.length;
    const latency = new Float64Array(count).fill(Number.NaN);
    const lag = new Float64Array(count);
    const statuses: Record<string, number> = {};
    const refusedRequests: Record<string, number> = {};
    const cache: CacheCounts = { hit: 0, miss: 0, stale: 0, refreshing: 0, none: 0 };
    const missesByRoute: Record<string, number> = {};
    let [errors, inFlight, peakInFlight, settled, lastAnswerAt, head] = [0, 0, 0, 0, 0, 0];
    const agent = new http.Agent({ keepAlive: true, maxSockets: GAME_DAY_MAX_SOCKETS });
    const sent: http.ClientRequest[] = [];
    let allSettled: () => void = () => {};
    const done = new Promise<void>((resolve) => (allSettled = resolve));
    const begin = performance.now() + 20;
    const spec = (i: number) => this.requests[this.order[(this.cursor + i) % this.order.length]];
    const settle = () => {
      inFlight -= 1;
      settled += 1;
      if (settled === count) allSettled();
    };
    const fire = (i: number) => {
      const scheduledAt = begin + starts[i];
      lag[i] = performance.now() - scheduledAt;
      const request = spec(i);
      if (request.head) head += 1;
      inFlight += 1;
      peakInFlight = Math.max(peakInFlight, inFlight);
      const outgoing = http.request(
        {
          agent,
          host: this.target.hostname,
          port: this.target.port,
          method: request.method,
          path: request.path,
          headers: this.headersOf(request, (this.cursor + i) % this.order.length),
        },
        (response) => {
          response.resume();
          response.on('end', () => {
            if (!Number.isNaN(latency[i])) return;
            lastAnswerAt = performance.now();
            latency[i] = lastAnswerAt - scheduledAt;
            const status = response.statusCode ?? 0;
            if (status >= 300) statuses[status] = (statuses[status] ?? 0) + 1;
            if (status >= 300 && status !== 503) {
              const what = `${status} ${request.method} ${request.path}${request.body ? ` ${request.body.slice(0, 120)}` : ''}`;
              refusedRequests[what] = (refusedRequests[what] ?? 0) + 1;
            }
            const how = response.headers['x-cache'];
            if (how === 'hit' || how === 'miss' || how === 'stale' || how === 'refreshing') cache[how] += 1;
            else cache.none += 1;
            if (how === 'miss') missesByRoute[request.route] = (missesByRoute[request.route] ?? 0) + 1;
            settle();
          });
        },
      );
      outgoing.on('error', () => {
        if (!Number.isNaN(latency[i])) return;
        latency[i] = Number.POSITIVE_INFINITY;
        errors += 1;
        settle();
      });
      sent.push(outgoing);
      outgoing.end(request.body);
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
    const deadline = begin + seconds * 1000 + GAME_DAY_TIMEOUT_MS;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([done, new Promise<void>((resolve) => (timer = setTimeout(resolve, Math.max(0, deadline - performance.now()))))]);
    clearTimeout(timer);
    let timeouts = 0;
    const timedOut: string[] = [];
    const now = performance.now();
    for (let i = 0; i < count; i += 1) {
      if (!Number.isNaN(latency[i])) continue;
      latency[i] = now - (begin + starts[i]);
      timeouts += 1;
      if (timedOut.length < TIMED_OUT_SHOWN) timedOut.push(`${spec(i).method} ${spec(i).path.slice(0, 120)}`);
    }
    for (const request of sent) request.destroy();
    agent.destroy();
    this.cursor = (this.cursor + count) % this.order.length;
    const answered = latency.filter((ms) => Number.isFinite(ms)).sort();
    const answers = count - errors - timeouts;
    return {
      rate,
      seconds,
      scheduled: count,
      achieved: answers === 0 ? 0 : Math.round(answers / ((lastAnswerAt - begin) / 1000)),
      p50: round1(percentileOf(answered, 50)),
      p99: round1(percentileOf(answered, 99)),
      max: round1(percentileOf(answered, 100)),
      sendLagP99: round1(percentileOf(lag.sort(), 99)),
      errors,
      timeouts,
      timedOut,
      statuses,
      refusedRequests,
      cache,
      missesByRoute,
      head,
      tail: count - head,
      peakInFlight,
    };
  }
}

const LOAD_FLAG = '--game-day-load';
if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv[2] === LOAD_FLAG && process.send) {
  const send = (message: FromLoad) => process.send?.(message);
  let client: GameDayClient | undefined;
  process.on('message', (message: ToLoad) => {
    if ('mix' in message) {
      client = new GameDayClient(message.mix.baseUrl, message.mix.requests, message.mix.order, message.mix.compressedShare);
      send({ ready: true });
    } else if ('window' in message && client) {
      const { rate, seconds, seed } = message.window;
      void client.run(rate, seconds, seed).then((window) => send({ window }));
    }
  });
}

/** This module in a child process, asked for one window at a time. */
class LoadProcess {
  private readonly child: ChildProcess;
  private waiting: { resolve: (message: FromLoad) => void; reject: (error: Error) => void } | null = null;

  constructor() {
    this.child = start('the game-day load generator', process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), LOAD_FLAG], {
      stdout: 'inherit',
      ipc: 'advanced',
    });
    this.child.on('message', (message: FromLoad) => this.settle()?.resolve(message));
    this.child.on('error', (error) => this.settle()?.reject(error));
    this.child.on('exit', (code) => this.settle()?.reject(new Error(`the game-day load process exited with ${code}`)));
  }

  private settle() {
    const waiting = this.waiting;
    this.waiting = null;
    return waiting;
  }

  private ask(message: ToLoad): Promise<FromLoad> {
    const answer = new Promise<FromLoad>((resolve, reject) => (this.waiting = { resolve, reject }));
    this.child.send(message);
    return answer;
  }

  async load(baseUrl: string, mix: Mix, compressedShare: number): Promise<void> {
    await this.ask({ mix: { baseUrl, requests: mix.requests, order: mix.order, compressedShare } });
  }

  async window(rate: number, seconds: number, seed: number): Promise<WindowLoad> {
    const answer = await this.ask({ window: { rate, seconds, seed } });
    if (!('window' in answer)) throw new Error(`the game-day load process answered ${JSON.stringify(answer)}`);
    return answer.window;
  }

  close(): Promise<void> {
    return stop(this.child);
  }
}

// ---- the subscribers ----

type Transport = 'sse' | 'ws';
const TRANSPORTS: Transport[] = ['sse', 'ws'];
const SUBSCRIPTION = (gameId: number) => `subscription { gameUpdated(id: ${gameId}) { version } }`;

interface Stream {
  gameId: number;
  transport: Transport;
  /** version → performance.now() of its arrival. */
  arrivals: Map<number, number>;
  waiting: Map<number, (at: number) => void>;
  ended: boolean;
}

/**
 * `count` subscribers of the live games, half over SSE and half over WebSocket (each game followed
 * on both when count is twice the games), 20 per client address. A write's arrival (Followers) is
 * when the last of its game's streams received it; each stream's delay is also kept per transport.
 */
class GameDaySubscribers implements Followers {
  private readonly streams: Stream[] = [];
  private readonly byGame = new Map<number, Stream[]>();
  private readonly closers: (() => void)[] = [];
  private closing = false;
  /** Delays of each stream's events (ms from the commit; null: not within the timeout), per transport, for the window being measured. */
  private collecting: Record<Transport, (number | null)[]> | null = null;
  dropped = 0;

  constructor(private readonly baseUrl: string) {}

  async open(games: LiveGame[], count: number): Promise<void> {
    const url = new URL(this.baseUrl);
    const opening: Promise<void>[] = [];
    for (let i = 0; i < count; i += 1) {
      const game = games[i % games.length];
      const transport: Transport = Math.floor(i / games.length) % 2 === 0 ? 'sse' : 'ws';
      const group = Math.floor(i / STREAMS_PER_ADDRESS);
      const address = `10.77.${(group >> 8) & 255}.${group & 255}`;
      const stream: Stream = { gameId: game.id, transport, arrivals: new Map(), waiting: new Map(), ended: false };
      this.streams.push(stream);
      this.byGame.set(game.id, [...(this.byGame.get(game.id) ?? []), stream]);
      opening.push(transport === 'sse' ? this.openSse(stream, address) : this.openWs(stream, address, url));
      if (opening.length >= 50) await Promise.all(opening.splice(0));
    }
    await Promise.all(opening);
  }

  private received(stream: Stream, version: number | undefined): void {
    if (version === undefined) return;
    const at = performance.now();
    stream.arrivals.set(version, at);
    stream.waiting.get(version)?.(at);
    stream.waiting.delete(version);
  }

  private ended(stream: Stream): void {
    if (this.closing || stream.ended) return;
    stream.ended = true;
    this.dropped += 1;
  }

  private async openSse(stream: Stream, address: string): Promise<void> {
    const abort = new AbortController();
    this.closers.push(() => abort.abort());
    const response = await fetch(`${this.baseUrl}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', 'x-forwarded-for': address },
      body: JSON.stringify({ query: SUBSCRIPTION(stream.gameId) }),
      signal: abort.signal,
    });
    if (!response.ok || !response.body || !(response.headers.get('content-type') ?? '').includes('text/event-stream'))
      throw new Error(`an SSE subscription to game ${stream.gameId} was refused: ${response.status} ${await response.text()}`);
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    void (async () => {
      let buffered = '';
      try {
        for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
          buffered += decoder.decode(chunk.value, { stream: true });
          const messages = buffered.split('\n\n');
          buffered = messages.pop() ?? '';
          for (const message of messages) {
            const lines = message.split('\n');
            if (!lines.includes('event: next')) continue;
            const data = lines
              .filter((line) => line.startsWith('data:'))
              .map((line) => line.slice(5).trim())
              .join('\n');
            this.received(stream, (JSON.parse(data) as { data?: { gameUpdated?: { version: number } } }).data?.gameUpdated?.version);
          }
        }
      } catch {
        // aborted by close(), or dropped
      }
      this.ended(stream);
    })();
  }

  private openWs(stream: Stream, address: string, url: URL): Promise<void> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(`ws://${url.host}/graphql`, 'graphql-transport-ws', { headers: { 'x-forwarded-for': address } });
      this.closers.push(() => socket.close());
      let subscribed = false;
      socket.on('open', () => socket.send(JSON.stringify({ type: 'connection_init' })));
      socket.on('message', (raw) => {
        const message = JSON.parse(String(raw)) as { type: string; payload?: { data?: { gameUpdated?: { version: number } } } };
        if (message.type === 'connection_ack') {
          socket.send(JSON.stringify({ id: '1', type: 'subscribe', payload: { query: SUBSCRIPTION(stream.gameId) } }));
          subscribed = true;
          resolve();
        } else if (message.type === 'ping') socket.send(JSON.stringify({ type: 'pong' }));
        else if (message.type === 'next') this.received(stream, message.payload?.data?.gameUpdated?.version);
        else if (message.type === 'error')
          reject(new Error(`a WebSocket subscription to game ${stream.gameId} was refused: ${JSON.stringify(message.payload)}`));
      });
      socket.on('error', (error) => (subscribed ? this.ended(stream) : reject(error)));
      socket.on('close', (code, reason) => {
        if (!subscribed) reject(new Error(`the WebSocket to game ${stream.gameId} closed before its ack: ${code} ${reason}`));
        this.ended(stream);
      });
    });
  }

  /** Starts keeping each stream's delays (until `take`). */
  collect(): void {
    this.collecting = { sse: [], ws: [] };
  }

  /** The delays kept since `collect`, per transport. */
  take(): Record<Transport, (number | null)[]> {
    const taken = this.collecting ?? { sse: [], ws: [] };
    this.collecting = null;
    return taken;
  }

  follows(gameId: number): boolean {
    return this.byGame.has(gameId);
  }

  private streamArrival(stream: Stream, version: number): Promise<number | null> {
    const known = stream.arrivals.get(version);
    if (known !== undefined) return Promise.resolve(known);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        stream.waiting.delete(version);
        resolve(null);
      }, VISIBILITY_TIMEOUT_MS);
      stream.waiting.set(version, (at) => {
        clearTimeout(timer);
        resolve(at);
      });
    });
  }

  async arrival(write: WriteOutcome): Promise<number | null> {
    const into = this.collecting;
    const streams = this.byGame.get(write.gameId) ?? [];
    const arrivals = await Promise.all(streams.map((stream) => this.streamArrival(stream, write.version)));
    for (const [index, at] of arrivals.entries()) into?.[streams[index].transport].push(at === null ? null : Math.max(0, at - write.committedAt));
    if (arrivals.some((at) => at === null)) return null;
    return Math.max(...(arrivals as number[]));
  }

  count(transport: Transport): number {
    return this.streams.filter((stream) => stream.transport === transport).length;
  }

  close(): void {
    this.closing = true;
    for (const close of this.closers) close();
  }
}

// ---- the service's processes ----

/** The primary and its workers (its children), read anew each time: a crashed worker is replaced. */
function serviceProcesses(primary: number | undefined): number[] {
  if (primary === undefined) return [];
  const children: number[] = [];
  try {
    for (const task of readdirSync(`/proc/${primary}/task`))
      children.push(...readFileSync(`/proc/${primary}/task/${task}/children`, 'utf8').split(/\s+/).filter(Boolean).map(Number));
  } catch {
    // gone, or no children file: the primary alone
  }
  return [primary, ...children];
}

/** CPU seconds per process so far (user + system). */
function cpuSeconds(pids: number[]): Map<number, number> {
  const seconds = new Map<number, number>();
  for (const pid of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      seconds.set(pid, (Number(fields[11]) + Number(fields[12])) / 100);
    } catch {
      // exited
    }
  }
  return seconds;
}

function peakRssMb(pid: number): number {
  try {
    return Math.round(Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024);
  } catch {
    return 0;
  }
}

/** Whether the built service reads the variable (dist/ mentions it): else the setting is ignored. */
function builtServiceReads(variable: string): boolean {
  const search = (dir: string): boolean =>
    readdirSync(dir, { withFileTypes: true }).some((entry) =>
      entry.isDirectory() ? search(join(dir, entry.name)) : entry.name.endsWith('.js') && readFileSync(join(dir, entry.name), 'utf8').includes(variable),
    );
  try {
    return search('dist');
  } catch {
    return false;
  }
}

// ---- the scenario ----

export interface SubscriptionStats {
  streams: number;
  delays: DelayStats;
}

export interface GameDayRow {
  rate: number;
  warmup: { windows: number; seconds: number; hitRatios: number[]; steady: boolean };
  load: WindowLoad;
  writes: LiveResult['writes'];
  delays: Record<Channel, DelayStats>;
  perStream: Record<Transport, SubscriptionStats>;
  cpuSeconds: number;
  /** Worker processes seen at the start and end of the window (a replaced worker shows as a change). */
  processes: number;
  /** The webhooks' deliveries in the window; null without webhooks. */
  webhooks: WebhookWindow | null;
}

export interface GameDayResult {
  scale: number;
  storeSetting: string;
  storeRead: boolean;
  workers: number;
  liveGames: number;
  writesPerSecond: number;
  subscribers: number;
  webhooks: number;
  compressedShare: number;
  streamDrops: number;
  mix: Omit<Mix, 'requests' | 'order'>;
  headRoutes: { route: string; weight: number; urls: number }[];
  rows: GameDayRow[];
  peakRssMb: { total: number; each: number[] };
  failure?: string;
}

/** Hit ratio of the answers the response caches counted (X-Cache), 0..1. */
export function hitRatio(cache: CacheCounts): number {
  const counted = cache.hit + cache.miss + cache.stale + cache.refreshing;
  return counted === 0 ? Number.NaN : cache.hit / counted;
}

function delayStats(values: (number | null)[]): DelayStats {
  const seen = values.filter((v): v is number => v !== null).sort((a, b) => a - b);
  return {
    seen: seen.length,
    missed: values.length - seen.length,
    p50: Math.round(percentileOf(seen, 50)),
    p95: Math.round(percentileOf(seen, 95)),
    p99: Math.round(percentileOf(seen, 99)),
    max: Math.round(percentileOf(seen, 100)),
  };
}

export function assertGameDayOptions(
  options: Pick<
    GameDayOptions,
    'tailShare' | 'rates' | 'measureSeconds' | 'warmupMaxSeconds' | 'liveGames' | 'writesPerSecond' | 'subscribers' | 'webhooks' | 'compressedShare'
  >,
): void {
  if (!(options.compressedShare >= 0 && options.compressedShare <= 1)) throw new Error('--gameday-compressed takes a share of requests, 0..1');
  if (!(Number.isInteger(options.webhooks) && options.webhooks >= 0)) throw new Error('--gameday-webhooks takes a count of webhooks, 0 for none');
  if (!(options.tailShare >= LEAST_TAIL_SHARE && options.tailShare <= 1))
    throw new Error(`--gameday-tail ${options.tailShare}: at least ${LEAST_TAIL_SHARE} of the requests come from the Zipf tail (and at most 1)`);
  if (options.rates.length === 0 || options.rates.some((rate) => !(rate > 0))) throw new Error('--gameday-rates takes positive rates, comma-separated');
  if (!(options.measureSeconds > 0) || !(options.warmupMaxSeconds >= 0))
    throw new Error('--gameday-measure must be positive, --gameday-warmup-max not negative');
  if (!(options.liveGames > 0) || !(options.writesPerSecond > 0) || !(options.subscribers >= 0))
    throw new Error('--gameday-live and --gameday-writes must be positive, --gameday-subscribers not negative');
}

export async function benchGameDay(options: GameDayOptions): Promise<GameDayResult> {
  assertGameDayOptions(options);
  // The writes go on through every warm-up and measured window: each game's goals must fit period 1.
  const longest = options.rates.length * (options.warmupMaxSeconds + WINDOW_SECONDS + options.measureSeconds);
  assertClockBudget(longest, options.liveGames, options.writesPerSecond);
  const storeRead = builtServiceReads('SHARED_ANSWER_STORE');
  console.error(
    `scale ${options.scale} game day: WORKERS=${options.workers}, ${options.storeSetting} (${storeRead ? 'read by this build' : 'not read by this build: each worker keeps its own answers'})`,
  );
  const readKey = await withDatabase(options.databaseUrl, createReadKey);
  try {
    const drawn = await withDatabase(options.databaseUrl, async (client) =>
      drawPlan(await urlSpace(client, readKey), {
        scale: options.scale,
        databaseUrl: options.databaseUrl,
        baseUrl: options.baseUrl,
        connections: TAIL_CONNECTIONS,
        warmup: 0,
        duration: 1,
      }),
    );
    const sequences = drawn.plan.sequences.measure;
    const tailOrder: number[] = [];
    for (let i = 0; i < sequences[0].length; i += 1) for (const sequence of sequences) tailOrder.push(sequence[i]);
    return await withLiveGames(
      options,
      async (session) => {
        const playing = await playingOf(options.databaseUrl, session.games);
        const families = headFamilies(playing, readKey);
        const mix = drawMix(families, { requests: drawn.plan.requests, order: tailOrder }, options.tailShare, drawn.urlSpaceSize);
        const subscribers = new GameDaySubscribers(options.baseUrl);
        const webhooks = options.webhooks > 0 ? new GameDayWebhooks(options.databaseUrl, options.baseUrl) : null;
        const load = new LoadProcess();
        try {
          console.error(`  game day: opening ${options.subscribers} subscriptions`);
          await subscribers.open(session.games, options.subscribers);
          if (webhooks) {
            console.error(`  game day: making ${options.webhooks} webhooks`);
            await webhooks.open(session.games, options.webhooks);
          }
          await load.load(options.baseUrl, mix, options.compressedShare);
          for (const pid of serviceProcesses(options.servicePid)) resetPeakRss(pid);
          const rows = await measureRates(options, session.games, subscribers, load, webhooks);
          const pids = serviceProcesses(options.servicePid);
          const each = pids.map(peakRssMb);
          return {
            scale: options.scale,
            storeSetting: options.storeSetting,
            storeRead,
            workers: options.workers,
            liveGames: options.liveGames,
            writesPerSecond: options.writesPerSecond,
            subscribers: options.subscribers,
            webhooks: options.webhooks,
            compressedShare: options.compressedShare,
            streamDrops: subscribers.dropped,
            mix: { tailShare: mix.tailShare, headUrls: mix.headUrls, tailUrls: mix.tailUrls, urlSpaceSize: mix.urlSpaceSize },
            headRoutes: families.map((f) => ({ route: f.route, weight: f.weight, urls: f.requests.length })),
            rows,
            peakRssMb: { total: each.reduce((sum, mb) => sum + mb, 0), each },
          };
        } finally {
          subscribers.close();
          await webhooks?.close();
          await load.close();
        }
      },
      options.liveGames,
    );
  } finally {
    await withDatabase(options.databaseUrl, dropReadKey);
  }
}

async function measureRates(
  options: GameDayOptions,
  games: LiveGame[],
  subscribers: GameDaySubscribers,
  load: LoadProcess,
  webhooks: GameDayWebhooks | null,
): Promise<GameDayRow[]> {
  const writing = (seconds: number) => writeAtSteadyRate(options, games, subscribers, seconds, options.writesPerSecond, (write) => webhooks?.committed(write));
  const rows: GameDayRow[] = [];
  let seed = SCHEDULE_SEED;
  let previous = Number.NaN;
  for (const rate of options.rates) {
    // Warm-up: windows at this rate until two successive ones (the first compared with the last window before it) agree.
    const hitRatios: number[] = [];
    let warmed = 0;
    let steady = false;
    while (warmed < options.warmupMaxSeconds) {
      const seconds = Math.min(WINDOW_SECONDS, options.warmupMaxSeconds - warmed);
      const [window] = await Promise.all([load.window(rate, seconds, seed++), writing(seconds)]);
      warmed += seconds;
      const ratio = hitRatio(window.cache);
      hitRatios.push(ratio);
      console.error(`  game day ${rate} req/s warm-up ${warmed} s: hit ratio ${(ratio * 100).toFixed(1)} %, p99 ${window.p99} ms`);
      steady = Math.abs(ratio - previous) * 100 <= STEADY_POINTS;
      previous = ratio;
      if (steady) break;
    }
    console.error(`  game day ${rate} req/s: measuring ${options.measureSeconds} s`);
    const before = cpuSeconds(serviceProcesses(options.servicePid));
    subscribers.collect();
    webhooks?.collect();
    const [window, records] = await Promise.all([load.window(rate, options.measureSeconds, seed++), writing(options.measureSeconds)]);
    const perStream = subscribers.take();
    const delivered = webhooks ? await webhooks.take(options.measureSeconds) : null;
    const afterPids = serviceProcesses(options.servicePid);
    const after = cpuSeconds(afterPids);
    // A process that is new since the start counts from 0: its whole life was within the window.
    const cpu = [...after].reduce((sum, [pid, seconds]) => sum + seconds - (before.get(pid) ?? 0), 0);
    previous = hitRatio(window.cache);
    rows.push({
      rate,
      warmup: { windows: hitRatios.length, seconds: warmed, hitRatios, steady },
      load: window,
      writes: writeStats(records),
      delays: visibilityStats(records),
      perStream: Object.fromEntries(TRANSPORTS.map((t) => [t, { streams: subscribers.count(t), delays: delayStats(perStream[t]) }])) as Record<
        Transport,
        SubscriptionStats
      >,
      cpuSeconds: cpu,
      processes: afterPids.length,
      webhooks: delivered,
    });
  }
  return rows;
}

// ---- the report ----

const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
const pct = (share: number) => (Number.isNaN(share) ? '–' : `${(share * 100).toFixed(1)} %`);

function errorsOf(load: WindowLoad): { total: number; text: string } {
  const statuses = Object.entries(load.statuses).sort(([a], [b]) => Number(a) - Number(b));
  const other = statuses.filter(([status]) => status !== '503');
  const shed = load.statuses['503'] ?? 0;
  const total = load.errors + load.timeouts + statuses.reduce((sum, [, count]) => sum + count, 0);
  const parts = [
    `${load.errors} conn`,
    `${load.timeouts} timeout`,
    `503 × ${shed}`,
    ...(other.length ? [other.map(([status, count]) => `${status} × ${count}`).join(', ')] : []),
  ];
  return { total, text: `${total} (${parts.join('; ')})` };
}

function webhookCell(w: WebhookWindow | null): string {
  if (!w) return '–';
  const notes = [w.missed ? `${w.missed} of ${w.expected} missing` : '', w.repeats ? `${w.repeats} repeated` : ''].filter(Boolean);
  return `${w.perSecond}/s, ${w.expected - w.missed ? `${w.p50} / ${w.p99}` : '–'}${notes.length ? ` (${notes.join(', ')})` : ''}`;
}

function freshnessMet(row: GameDayRow): boolean {
  return (
    row.writes.failed === 0 &&
    CHANNELS.every((channel) => row.delays[channel].missed === 0 && row.delays[channel].seen > 0 && row.delays[channel].p99 <= VISIBILITY_TARGET_MS)
  );
}

export function withinGameDayTarget(row: GameDayRow): boolean {
  return row.load.p99 <= GAME_DAY_P99_TARGET_MS && errorsOf(row.load).total === 0 && freshnessMet(row);
}

export function reportGameDay(results: GameDayResult[], run: { measureSeconds: number; warmupMaxSeconds: number }): void {
  if (results.length === 0) return;
  const first = results[0];
  console.log(
    `\ngame day: ${first.liveGames} live games written at ${first.writesPerSecond} goals/s in total, ${first.subscribers} subscribers (SSE and WebSocket), ${first.webhooks} webhooks (one per live game in turn, to a receiver in the bench process); ${pct(first.compressedShare)} of requests asking for compression (Accept-Encoding: gzip, br); head of game-day traffic + ${pct(first.mix.tailShare)} of requests from today's Zipf mix (P(rank r) ∝ 1/r^${ZIPF_EXPONENT}); open loop, Poisson arrivals, latency from the scheduled start, up to ${GAME_DAY_MAX_SOCKETS} connections, timeout ${GAME_DAY_TIMEOUT_MS / 1000} s; warm-up in ${WINDOW_SECONDS} s windows until two agree within ${STEADY_POINTS} point (at most ${run.warmupMaxSeconds} s per rate), then ${run.measureSeconds} s per rate; the machine is shared, compare rows within one run`,
  );
  for (const r of results) {
    console.log(
      `scale ${r.scale}: the service as \`npm run serve\` starts it, WORKERS=${r.workers}, ${r.storeSetting} (${r.storeRead ? 'read by this build' : 'not read by this build: each worker keeps its own answers'}); head ${r.mix.headUrls} URLs, tail ${r.mix.tailUrls} URLs drawn of ${r.mix.urlSpaceSize}`,
    );
  }
  console.log(
    `\n| scale | rate asked | achieved req/s | p50 ms | p99 ms (≤ ${GAME_DAY_P99_TARGET_MS}) | max ms | errors (0) | hit ratio | stale + refreshing | no X-Cache | misses/s | CPU ms per miss | service CPU s | fresh p99 ms REST / GraphQL / subscription (≤ ${VISIBILITY_TARGET_MS}) | per stream p99 ms SSE / WS | head / tail | warm-up | peak in flight | send lag p99 ms | webhook deliveries/s, delay from commit p50 / p99 ms |`,
  );
  console.log('|---:|---:|---:|---:|---:|---:|---|---:|---:|---:|---:|---:|---:|---|---|---|---|---:|---:|---|');
  for (const r of results) {
    for (const row of r.rows) {
      const l = row.load;
      const counted = l.cache.hit + l.cache.miss + l.cache.stale + l.cache.refreshing;
      const answers = counted + l.cache.none;
      const missesPerSecond = l.cache.miss / l.seconds;
      const fresh = CHANNELS.map((channel) => (row.delays[channel].seen ? row.delays[channel].p99 : '–')).join(' / ');
      const unseen = CHANNELS.reduce((sum, channel) => sum + row.delays[channel].missed, 0);
      const stream = TRANSPORTS.map((t) => (row.perStream[t].delays.seen ? row.perStream[t].delays.p99 : '–')).join(' / ');
      const streamUnseen = TRANSPORTS.reduce((sum, t) => sum + row.perStream[t].delays.missed, 0);
      const warm = `${row.warmup.seconds} s, ${row.warmup.steady ? 'steady' : 'not steady'} (${row.warmup.hitRatios.map((ratio) => pct(ratio)).join(' → ')})`;
      console.log(
        `| ${r.scale} | ${row.rate} | ${l.achieved} | ${l.p50} | ${l.p99} | ${l.max} | ${errorsOf(l).text} | ${pct(hitRatio(l.cache))} | ${pct(counted ? (l.cache.stale + l.cache.refreshing) / counted : Number.NaN)} | ${pct(answers ? l.cache.none / answers : Number.NaN)} | ${missesPerSecond.toFixed(1)} | ${l.cache.miss ? ((row.cpuSeconds * 1000) / l.cache.miss).toFixed(1) : '–'} | ${row.cpuSeconds.toFixed(1)} | ${fresh}${unseen ? ` (${unseen} unseen)` : ''} | ${stream}${streamUnseen ? ` (${streamUnseen} unseen)` : ''} | ${pct(l.head / Math.max(1, l.scheduled))} / ${pct(l.tail / Math.max(1, l.scheduled))} | ${warm} | ${l.peakInFlight} | ${l.sendLagP99} | ${webhookCell(row.webhooks)} |`,
      );
    }
  }
  console.log(`\ngame day, misses per second by route (X-Cache: miss; the ${ROUTES_SHOWN} most missed per rate):`);
  for (const r of results) {
    for (const row of r.rows) {
      const top = Object.entries(row.load.missesByRoute)
        .sort(([, a], [, b]) => b - a)
        .slice(0, ROUTES_SHOWN);
      console.log(
        `  scale ${r.scale}, ${row.rate} req/s: ${top.length ? top.map(([route, count]) => `${route} ${(count / row.load.seconds).toFixed(1)}`).join('; ') : 'none'}`,
      );
    }
  }
  console.log('\ngame day details:');
  for (const r of results) {
    for (const row of r.rows) {
      const w = row.writes;
      console.log(
        `  scale ${r.scale}, ${row.rate} req/s: writes ${w.sent} sent, ${w.failed} failed${w.firstFailure ? ` (first: ${w.firstFailure})` : ''}; mutation round trip p50 ${w.p50} ms, p99 ${w.p99} ms; streams ${TRANSPORTS.map((t) => `${t} ${row.perStream[t].streams} (${row.perStream[t].delays.seen} events, ${row.perStream[t].delays.missed} unseen)`).join(', ')}`,
      );
      if (row.webhooks)
        console.log(
          `  scale ${r.scale}, ${row.rate} req/s webhooks: ${row.webhooks.webhooks} webhooks, ${row.webhooks.expected} deliveries expected of the window's writes, ${row.webhooks.perSecond}/s taken within it, delay from commit p50 ${row.webhooks.p50} ms, p99 ${row.webhooks.p99} ms, max ${row.webhooks.max} ms, ${row.webhooks.missed} missing, ${row.webhooks.repeats} repeated (same webhook-id)`,
        );
      if (row.load.timedOut.length) console.log(`  scale ${r.scale}, ${row.rate} req/s timed out: ${row.load.timedOut.join('; ')}`);
      const refused = Object.entries(row.load.refusedRequests).sort(([, a], [, b]) => b - a);
      if (refused.length)
        console.log(
          `  scale ${r.scale}, ${row.rate} req/s refused (not shed): ${refused
            .slice(0, 5)
            .map(([what, count]) => `${count} × ${what}`)
            .join('; ')}`,
        );
    }
    console.log(
      `  scale ${r.scale} peak RSS of the service's processes (primary + workers): ${r.peakRssMb.total} MB (${r.peakRssMb.each.join(' + ')}); streams the server ended: ${r.streamDrops}`,
    );
    console.log(`  scale ${r.scale} head: ${r.headRoutes.map((h) => `${h.route} ${h.weight} % of the head (${h.urls} URLs)`).join('; ')}`);
  }
  console.log(
    `\ngame-day target (${GAME_DAY_RATE_TARGET} req/s arrival rate, p99 ≤ ${GAME_DAY_P99_TARGET_MS} ms, no errors, freshness p99 ≤ ${VISIBILITY_TARGET_MS} ms on REST, GraphQL and subscriptions):`,
  );
  for (const r of results) {
    for (const row of r.rows) {
      const reasons = [
        row.load.p99 > GAME_DAY_P99_TARGET_MS ? `p99 ${row.load.p99} ms` : '',
        errorsOf(row.load).total > 0 ? `${errorsOf(row.load).total} errors` : '',
        freshnessMet(row) ? '' : 'freshness',
      ].filter(Boolean);
      console.log(
        `  scale ${r.scale}, ${row.rate} req/s (achieved ${row.load.achieved}): ${verdict(reasons.length === 0)}${reasons.length ? ` (${reasons.join(', ')})` : ''}; hit ratio at steady state ${pct(hitRatio(row.load.cache))}`,
      );
    }
    const atTarget = r.rows.filter((row) => row.rate >= GAME_DAY_RATE_TARGET);
    console.log(
      `  scale ${r.scale} game day at ${GAME_DAY_RATE_TARGET} req/s: ${atTarget.length === 0 ? `not measured (rates ${r.rows.map((row) => row.rate).join(', ')})` : verdict(atTarget.every(withinGameDayTarget))}`,
    );
  }
  console.log(
    "  (hit ratio: X-Cache hit of the answers that carry X-Cache (/api, legacy); GraphQL and v3 answers carry none; CPU per miss: the primary's and workers' CPU over the measured window / X-Cache misses; subscription freshness: commit → the last of the game's streams; per stream: commit → each stream's event)",
  );
}
