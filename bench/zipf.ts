// The realistic-workload scenario of `npm run bench` (issue 21, target 4): readers ask for URLs drawn
// from a Zipf distribution (s = ZIPF_EXPONENT) over the whole URL space of the demo league — every
// game, team, player and club, every ranking, game list and top-scorer table, through /api, /graphql
// and the legacy XML interface — while live games are written at 2 goals per second throughout
// (bench/live.ts: LIVE_GAMES games started by their desks, one subscription each; every committed
// write drops the response caches). It drives the instance bench/run.ts started as deployed and
// reports throughput, latency, errors, how soon each write became visible, the response caches' hit
// rate (from the service's Prometheus metrics) and which interfaces the requests went to.
//
// The URL space is enumerated from the bench database and shuffled with a fixed seed; rank r is then
// drawn with probability ∝ 1/r^s, so popular pages are a random but repeatable mix of games,
// players, tables and interfaces. autocannon walks a `requests` array from its start on every
// connection: one shared array would have all connections ask for the same URLs in step (and hit
// the cache far more often than independent clients would), so each connection gets its own draws
// (setupClient). The load runs in a child process (this module, started with `--zipf-load`), so that
// generating it does not delay this process's write clock and visibility polls (bench/live.ts runs
// its load in autocannon's worker thread for the same reason; autocannon only sums up its results
// itself in a main thread, and only takes setupClient as a function there).
import { writeFileSync } from 'node:fs';
import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import type pg from 'pg';
import { newApiKey } from '../src/domain/api-keys.js';
import { benchDatabaseName, databaseUrl } from './databases.js';
import { MIN_SEARCH_LENGTH } from '../src/facades/legacy/clubs.js';
import {
  assertClockBudget,
  CHANNELS,
  LIVE_GAMES,
  VISIBILITY_TARGET_MS,
  visibilityStats,
  withLiveGames,
  writeAtSteadyRate,
  writeStats,
  type Channel,
  type DelayStats,
  type LiveOptions,
  type LiveResult,
} from './live.js';
import { withDatabase } from './scheduled-games.js';
import { start, stop } from './children.js';
import { loadSummary } from './load-summary.js';

export interface ZipfOptions extends LiveOptions {
  /** The deployed service's process: its peak RSS is reset at the start, so run.ts reads this scenario's. */
  servicePid: number | undefined;
}

export const ZIPF_EXPONENT = 1.1;
const URL_ORDER_SEED = 2025;
const WARMUP_DRAW_SEED = 1;
const MEASURE_DRAW_SEED = 2;
/** Draws per connection and phase; a connection that gets through them starts over, still Zipf-distributed. */
const DRAWS_PER_CONNECTION = 3000;
export const ZIPF_P99_TARGET_MS = 50;
export const ZIPF_RSS_TARGET_MB = 400;
const READ_KEY_NAME = 'bench-zipf';

export const INTERFACES = ['api', 'graphql', 'legacy'] as const;
export type Interface = (typeof INTERFACES)[number];
/** The interfaces whose GET answers the response caches count (x-cache); GraphQL's result cache has no counter. */
const CACHE_COUNTED: Interface[] = ['api', 'legacy'];

export interface RequestSpec {
  method: 'GET' | 'POST';
  path: string;
  body?: string;
}

/** One kind of URL (a route with one set of parameters), one per row of the database. */
interface Family {
  via: Interface;
  size: number;
  request(index: number): RequestSpec;
}

function family<T>(via: Interface, rows: readonly T[], request: (row: T) => RequestSpec): Family {
  return { via, size: rows.length, request: (index) => request(rows[index]) };
}

const get = (path: string): RequestSpec => ({ method: 'GET', path });
const graphqlPost = (query: string): RequestSpec => ({ method: 'POST', path: '/graphql', body: JSON.stringify({ query }) });
const query = (params: Record<string, string | number>) => new URLSearchParams(Object.entries(params).map(([name, value]) => [name, String(value)])).toString();

/** Every URL of every family, addressed by one flat index (families in order). */
export class UrlSpace {
  private readonly starts: number[] = [];
  readonly size: number;

  constructor(private readonly families: Family[]) {
    let start = 0;
    for (const f of families) {
      this.starts.push(start);
      start += f.size;
    }
    this.size = start;
  }

  at(flat: number): { via: Interface; spec: RequestSpec } {
    let i = this.families.length - 1;
    while (this.starts[i] > flat) i -= 1;
    const f = this.families[i];
    return { via: f.via, spec: f.request(flat - this.starts[i]) };
  }
}

interface Competition {
  season: number;
  league: number;
  gameClass: number;
}
interface Group extends Competition {
  id: number;
  name: string;
}
interface Round extends Group {
  round: number;
}
/** An entity and the latest season it took part in (what its pages are asked for). */
interface InSeason {
  id: number;
  season: number;
}
interface Club extends InSeason {
  name: string;
}

async function rows<T extends pg.QueryResultRow>(client: pg.Client, sql: string): Promise<T[]> {
  return (await client.query<T>(sql)).rows;
}

const GROUP_COLUMNS = `g.id, g."seasonId" AS season, g."leagueId" AS league, g."gameClassId" AS "gameClass", g.name`;

/** What the URL families are made of, read from the bench database. */
async function leagueData(client: pg.Client) {
  const ids = async (table: string) => (await rows<{ id: number }>(client, `SELECT id FROM "${table}" ORDER BY id`)).map((row) => row.id);
  const [current] = await rows<{ id: number }>(client, `SELECT id FROM "Season" WHERE "isCurrent"`);
  return {
    currentSeason: current.id,
    games: await ids('Game'),
    groups: await rows<Group>(client, `SELECT ${GROUP_COLUMNS} FROM "LeagueGroup" g ORDER BY g.id`),
    rounds: await rows<Round>(
      client,
      `SELECT ${GROUP_COLUMNS}, r.number AS round FROM "Round" r JOIN "LeagueGroup" g ON g.id = r."groupId" ORDER BY g.id, r.number`,
    ),
    competitions: await rows<Competition>(
      client,
      `SELECT DISTINCT "seasonId" AS season, "leagueId" AS league, "gameClassId" AS "gameClass" FROM "LeagueGroup" ORDER BY 1, 2, 3`,
    ),
    currentLeagues: await rows<{ id: number }>(
      client,
      `SELECT DISTINCT g."leagueId" AS id FROM "LeagueGroup" g JOIN "Season" s ON s.id = g."seasonId" WHERE s."isCurrent" ORDER BY 1`,
    ),
    teams: await rows<InSeason>(
      client,
      `SELECT r."teamId" AS id, max(g."seasonId") AS season FROM "TeamRegistration" r JOIN "LeagueGroup" g ON g.id = r."groupId" GROUP BY r."teamId" ORDER BY 1`,
    ),
    players: await rows<InSeason>(client, `SELECT "playerId" AS id, max("seasonId") AS season FROM "TeamMember" GROUP BY "playerId" ORDER BY 1`),
    clubs: await rows<Club>(
      client,
      `SELECT c.id, c.name, max(g."seasonId") AS season FROM "Club" c JOIN "Team" t ON t."clubId" = c.id
       JOIN "TeamRegistration" r ON r."teamId" = t.id JOIN "LeagueGroup" g ON g.id = r."groupId" WHERE c.active GROUP BY c.id ORDER BY 1`,
    ),
  };
}

/** The start of the club's name: what a club site's search box sends. */
const searchTerm = (name: string) => name.slice(0, MIN_SEARCH_LENGTH + 1).trim();

export async function urlSpace(client: pg.Client, readKey: string): Promise<UrlSpace> {
  const data = await leagueData(client);
  const apikey = encodeURIComponent(readKey);
  const competition = (c: Competition) => ({ season: c.season, league: c.league, game_class: c.gameClass });
  const group = (g: Group) => ({ ...competition(g), group: g.name });
  const singles: string[] = [
    '/api/games?mode=current',
    '/api/games?mode=list',
    '/api/rankings',
    '/api/topscorers/main',
    '/api/seasons',
    `/api/clubs?season=${data.currentSeason}`,
  ];
  return new UrlSpace([
    family('api', singles, get),
    family('api', data.currentLeagues, (l) => get(`/api/games?${query({ mode: 'current', league_ids: l.id })}`)),
    family('api', data.games, (id) => get(`/api/games/${id}`)),
    family('api', data.games, (id) => get(`/api/game_events/${id}`)),
    family('api', data.games, (id) => get(`/api/games/${id}/summary`)),
    family('graphql', data.games, (id) => graphqlPost(`{ game(id: ${id}) { startsAt status homeScore awayScore homeTeam { name } awayTeam { name } } }`)),
    family('api', data.teams, (t) => get(`/api/teams/${t.id}`)),
    family('api', data.teams, (t) => get(`/api/teams/${t.id}/players?season=${t.season}`)),
    family('api', data.teams, (t) => get(`/api/teams/${t.id}/statistics`)),
    family('api', data.teams, (t) => get(`/api/games?${query({ mode: 'team', team_id: t.id, season: t.season })}`)),
    family('graphql', data.teams, (t) => graphqlPost(`{ team(id: ${t.id}) { name logoUrl club { name } gameClass { name } } }`)),
    family('api', data.players, (p) => get(`/api/players/${p.id}`)),
    family('api', data.players, (p) => get(`/api/players/${p.id}/statistics`)),
    family('api', data.players, (p) => get(`/api/players/${p.id}/overview?season=${p.season}`)),
    family('graphql', data.players, (p) => graphqlPost(`{ player(id: ${p.id}) { firstName lastName yearOfBirth position } }`)),
    family('api', data.clubs, (c) => get(`/api/clubs/${c.id}/statistics?season=${c.season}`)),
    family('api', data.clubs, (c) => get(`/api/games?${query({ mode: 'club', club_id: c.id, season: c.season })}`)),
    family('api', data.clubs, (c) => get(`/api/teams?${query({ mode: 'by_club', club_id: c.id, season: c.season })}`)),
    family('graphql', data.clubs, (c) => graphqlPost(`{ club(id: ${c.id}) { name city teams(season: ${c.season}) { name } } }`)),
    family('legacy', [null], () => get(`/rest/v1.0/clubs?apikey=${apikey}`)),
    family('legacy', data.clubs, (c) => get(`/rest/v1.0/clubs/${c.id}?apikey=${apikey}`)),
    family('legacy', data.clubs, (c) => get(`/rest/v1.0/clubs/${c.id}/teams?season=${c.season}&apikey=${apikey}`)),
    family(
      'legacy',
      data.clubs.filter((c) => searchTerm(c.name).length >= MIN_SEARCH_LENGTH),
      (c) => get(`/rest/v1.0/clubs/search?q=${encodeURIComponent(searchTerm(c.name))}&apikey=${apikey}`),
    ),
    family('api', data.groups, (g) => get(`/api/rankings?${query(group(g))}`)),
    family('graphql', data.groups, (g) =>
      graphqlPost(`{ leagueGroup(id: ${g.id}) { name standings { rank games points goalsFor goalsAgainst team { name } } } }`),
    ),
    family('api', data.rounds, (r) => get(`/api/games?${query({ mode: 'list', ...group(r), round: r.round })}`)),
    family('api', data.competitions, (c) => get(`/api/topscorers/main?${query(competition(c))}`)),
    family('api', data.competitions, (c) => get(`/api/teams?${query(competition(c))}`)),
    family('graphql', data.competitions, (c) =>
      graphqlPost(
        `{ topScorers(season: ${c.season}, league: ${c.league}, gameClass: ${c.gameClass}) { rank goals assists points player { firstName lastName } team { name } } }`,
      ),
    ),
  ]);
}

/** mulberry32: a small seeded generator, so that every run draws the same URLs. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Flat indexes of the URL space in rank order: a Fisher–Yates shuffle with a fixed seed. */
function rankOrder(size: number, random: () => number): Uint32Array {
  const order = new Uint32Array(size);
  for (let i = 0; i < size; i += 1) order[i] = i;
  for (let i = size - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  return order;
}

/** Draws ranks 0..size-1 with P(rank r + 1) ∝ 1/(r + 1)^exponent, by bisecting the cumulative weights. */
function zipfSampler(size: number, exponent: number, random: () => number): () => number {
  const cumulative = new Float64Array(size);
  let total = 0;
  for (let r = 0; r < size; r += 1) cumulative[r] = total += 1 / (r + 1) ** exponent;
  return () => {
    const target = random() * total;
    let [low, high] = [0, size - 1];
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (cumulative[middle] < target) low = middle + 1;
      else high = middle;
    }
    return low;
  };
}

export type Phase = 'warmup' | 'measure';

/** What the load process needs: the requests drawn at least once, and per phase each connection's order of them. */
export interface LoadPlan {
  baseUrl: string;
  connections: number;
  seconds: Record<Phase, number>;
  requests: RequestSpec[];
  /** Per phase, per connection, indexes into `requests`. */
  sequences: Record<Phase, number[][]>;
}

export interface DrawnPlan {
  plan: LoadPlan;
  /** The interface of each of plan.requests. */
  via: Interface[];
  urlSpaceSize: number;
}

export function drawPlan(space: UrlSpace, options: LiveOptions): DrawnPlan {
  const order = rankOrder(space.size, seededRandom(URL_ORDER_SEED));
  const requests: RequestSpec[] = [];
  const via: Interface[] = [];
  const indexOfRank = new Map<number, number>();
  const requestOfRank = (rank: number) => {
    let index = indexOfRank.get(rank);
    if (index === undefined) {
      const url = space.at(order[rank]);
      index = requests.push(url.spec) - 1;
      via.push(url.via);
      indexOfRank.set(rank, index);
    }
    return index;
  };
  const draws = (seed: number) => {
    const draw = zipfSampler(space.size, ZIPF_EXPONENT, seededRandom(seed));
    return Array.from({ length: options.connections }, () => Array.from({ length: DRAWS_PER_CONNECTION }, () => requestOfRank(draw())));
  };
  const sequences = { warmup: options.warmup > 0 ? draws(WARMUP_DRAW_SEED) : [], measure: draws(MEASURE_DRAW_SEED) };
  return {
    plan: { baseUrl: options.baseUrl, connections: options.connections, seconds: { warmup: options.warmup, measure: options.duration }, requests, sequences },
    via,
    urlSpaceSize: space.size,
  };
}

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  total: number;
}

type ToLoad = { plan: LoadPlan } | { run: Phase };
type FromLoad = { ready: true } | { phase: Phase; load: LoadResult };

export const JSON_HEADERS = { 'content-type': 'application/json' };

/** In the load process: one autocannon run, each connection walking its own draws. */
export async function runLoad(plan: LoadPlan, phase: Phase): Promise<LoadResult> {
  const requests: autocannon.Request[] = plan.requests.map((spec) => (spec.method === 'POST' ? { ...spec, headers: JSON_HEADERS } : { ...spec }));
  // Request objects are shared between positions and connections: autocannon only stores the encoded request on them.
  const sequences = plan.sequences[phase].map((sequence) => sequence.map((index) => requests[index]));
  let connection = 0;
  const result = await autocannon({
    url: plan.baseUrl,
    connections: plan.connections,
    duration: plan.seconds[phase],
    requests: [sequences[0][0]],
    setupClient: (client) => client.setRequests(sequences[connection++ % sequences.length]),
  });
  return { ...loadSummary(result), total: result.requests.total };
}

/** The load process: takes the plan, then runs each phase it is asked for and answers with the result. */
function serveLoad(send: (message: FromLoad) => void): void {
  let plan: LoadPlan | undefined;
  process.on('message', (message: ToLoad) => {
    if ('plan' in message) {
      plan = message.plan;
      send({ ready: true });
    } else if (plan) {
      const { run } = message;
      void runLoad(plan, run).then((load) => send({ phase: run, load }));
    }
  });
}

const LOAD_FLAG = '--zipf-load';
if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv[2] === LOAD_FLAG && process.send) {
  const send = process.send.bind(process);
  serveLoad((message) => send(message));
}

/** The load generator: this module in a child process, with a plan, asked to run one phase at a time. */
class LoadProcess {
  private readonly child: ChildProcess;
  private waiting: { key: Phase | 'ready'; resolve: (message: FromLoad) => void; reject: (error: Error) => void } | null = null;

  constructor(plan: LoadPlan) {
    this.child = start('the zipf load generator', process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), LOAD_FLAG], {
      stdout: 'inherit',
      ipc: 'advanced',
    });
    this.child.on('message', (message: FromLoad) => {
      if (this.waiting?.key === ('ready' in message ? 'ready' : message.phase)) this.settle()?.resolve(message);
    });
    this.child.on('error', (error) => this.settle()?.reject(error));
    this.child.on('exit', (code) => this.settle()?.reject(new Error(`the load process exited with ${code}`)));
    this.send({ plan });
  }

  private send(message: ToLoad): void {
    this.child.send(message);
  }

  private settle() {
    const waiting = this.waiting;
    this.waiting = null;
    return waiting;
  }

  private next(key: Phase | 'ready'): Promise<FromLoad> {
    return new Promise((resolve, reject) => (this.waiting = { key, resolve, reject }));
  }

  ready(): Promise<FromLoad> {
    return this.next('ready');
  }

  async run(phase: Phase): Promise<LoadResult> {
    const answer = this.next(phase);
    this.send({ run: phase });
    const message = await answer;
    if (!('load' in message)) throw new Error(`the load process answered ${JSON.stringify(message)}`);
    return message.load;
  }

  /** Ends the process; resolves once it has exited. */
  close(): Promise<void> {
    return stop(this.child);
  }
}

/** One sample of a Prometheus counter: its labels and value. */
export interface Sample {
  labels: Record<string, string>;
  value: number;
}

export async function scrapeMetrics(baseUrl: string): Promise<Map<string, Sample[]> | null> {
  const response = await fetch(`${baseUrl}/metrics`);
  if (!response.ok) return null;
  const samples = new Map<string, Sample[]>();
  for (const line of (await response.text()).split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)\{(.*)\} (\S+)$/.exec(line);
    if (!match) continue;
    const labels = Object.fromEntries([...match[2].matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((label) => [label[1], label[2]]));
    samples.set(match[1], [...(samples.get(match[1]) ?? []), { labels, value: Number(match[3]) }]);
  }
  return samples;
}

/** The counter's increase between two scrapes, summed per `keyOf` (undefined: not counted). */
function increase(
  before: Map<string, Sample[]>,
  after: Map<string, Sample[]>,
  name: string,
  keyOf: (labels: Record<string, string>) => string | undefined,
): Map<string, number> {
  const sums = new Map<string, number>();
  const add = (samples: Sample[] | undefined, sign: number) => {
    for (const sample of samples ?? []) {
      const key = keyOf(sample.labels);
      if (key !== undefined) sums.set(key, (sums.get(key) ?? 0) + sign * sample.value);
    }
  };
  add(after.get(name), 1);
  add(before.get(name), -1);
  return sums;
}

export interface CacheAnswers {
  hit: number;
  miss: number;
  stale: number;
}

export interface ZipfResult {
  scale: number;
  connections: number;
  urlSpaceSize: number;
  /** Distinct URLs among the requests the measured run sent (estimated: each connection's first total/connections draws). */
  distinctUrls: number;
  /** Share of the measured run's requests per interface, 0..1 (estimated as distinctUrls). */
  share: Record<Interface, number>;
  load: LoadResult;
  writes: LiveResult['writes'];
  delays: Record<Channel, DelayStats>;
  /** Per interface whose answers the response caches count; null when the service has no metrics endpoint. */
  cache: Partial<Record<Interface, CacheAnswers>> | null;
  /** Non-2xx answers by interface, route pattern and status (from the metrics), most first. */
  failingRoutes: { route: string; count: number }[];
  /** The routes the service spent the most time answering during the measured run (from the metrics), most first. */
  busiestRoutes: RouteTime[];
  /** Whether the service's peak RSS could be reset at the start: else run.ts's reading is the peak since it started. */
  peakRssReset: boolean;
  peakRssMb?: number;
}

/** Sets the process's peak RSS (VmHWM) back to its current RSS, so that a later reading is this scenario's peak. */
export function resetPeakRss(pid: number | undefined): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

export async function createReadKey(client: pg.Client): Promise<string> {
  await dropReadKey(client);
  const key = newApiKey();
  await client.query('INSERT INTO "ApiKey" (name, prefix, hash, "createdAt") VALUES ($1, $2, $3, now())', [READ_KEY_NAME, key.prefix, key.hash]);
  return key.key;
}

export async function dropReadKey(client: pg.Client): Promise<void> {
  await client.query(`DELETE FROM "ApiKey" WHERE name = $1`, [READ_KEY_NAME]);
}

/** Which URLs the measured run sent, and through which interface: each connection's draws up to its share of the total. */
function sentMix(drawn: DrawnPlan, total: number): Pick<ZipfResult, 'distinctUrls' | 'share'> {
  const sequences = drawn.plan.sequences.measure;
  const perConnection = Math.ceil(total / sequences.length);
  const distinct = new Set<number>();
  const counts: Record<Interface, number> = { api: 0, graphql: 0, legacy: 0 };
  for (const sequence of sequences) {
    for (let i = 0; i < perConnection; i += 1) {
      const index = sequence[i % sequence.length];
      distinct.add(index);
      counts[drawn.via[index]] += 1;
    }
  }
  const sent = Math.max(1, perConnection * sequences.length);
  return { distinctUrls: distinct.size, share: { api: counts.api / sent, graphql: counts.graphql / sent, legacy: counts.legacy / sent } };
}

export function cacheAnswers(before: Map<string, Sample[]>, after: Map<string, Sample[]>): Partial<Record<Interface, CacheAnswers>> {
  const sums = increase(before, after, 'http_response_cache_requests_total', (labels) => `${labels.interface} ${labels.result}`);
  return Object.fromEntries(
    CACHE_COUNTED.map((via) => [via, { hit: sums.get(`${via} hit`) ?? 0, miss: sums.get(`${via} miss`) ?? 0, stale: sums.get(`${via} stale`) ?? 0 }]),
  );
}

function failingRoutes(before: Map<string, Sample[]>, after: Map<string, Sample[]>): ZipfResult['failingRoutes'] {
  const sums = increase(before, after, 'http_requests_total', (labels) =>
    (INTERFACES as readonly string[]).includes(labels.interface) && !/^2/.test(labels.status) ? `${labels.method} ${labels.route} ${labels.status}` : undefined,
  );
  return [...sums]
    .filter(([, count]) => count > 0)
    .map(([route, count]) => ({ route, count }))
    .sort((a, b) => b.count - a.count);
}

export interface RouteTime {
  route: string;
  count: number;
  meanMs: number;
  /** Of the time spent answering every request of the run, 0..1. */
  share: number;
}

const BUSIEST_SHOWN = 6;

export function busiestRoutes(before: Map<string, Sample[]>, after: Map<string, Sample[]>): RouteTime[] {
  const keyOf = (labels: Record<string, string>) =>
    (INTERFACES as readonly string[]).includes(labels.interface) ? `${labels.method} ${labels.route}` : undefined;
  const seconds = increase(before, after, 'http_request_duration_seconds_sum', keyOf);
  const counts = increase(before, after, 'http_request_duration_seconds_count', keyOf);
  const total = [...seconds.values()].reduce((sum, s) => sum + s, 0);
  return [...seconds]
    .map(([route, s]) => ({ route, count: counts.get(route) ?? 0, meanMs: (s * 1000) / Math.max(1, counts.get(route) ?? 0), share: s / total }))
    .sort((a, b) => b.share - a.share)
    .slice(0, BUSIEST_SHOWN);
}

export async function benchZipf(options: ZipfOptions): Promise<ZipfResult> {
  assertClockBudget(options.warmup + options.duration);
  const readKey = await withDatabase(options.databaseUrl, createReadKey);
  try {
    const drawn = await withDatabase(options.databaseUrl, async (client) => drawPlan(await urlSpace(client, readKey), options));
    const peakRssReset = resetPeakRss(options.servicePid);
    return await withLiveGames(options, async ({ games, subscriptions }) => {
      const load = new LoadProcess(drawn.plan);
      try {
        await load.ready();
        const writing = writeAtSteadyRate(options, games, subscriptions, options.warmup + options.duration);
        // Rejects (a write refused) while the load runs: awaited after it, and rethrown there.
        writing.catch(() => undefined);
        if (options.warmup > 0) await load.run('warmup');
        const before = await scrapeMetrics(options.baseUrl);
        const measured = await load.run('measure');
        const after = await scrapeMetrics(options.baseUrl);
        const records = await writing;
        return {
          scale: options.scale,
          connections: options.connections,
          urlSpaceSize: drawn.urlSpaceSize,
          ...sentMix(drawn, measured.total),
          load: measured,
          writes: writeStats(records),
          delays: visibilityStats(records),
          cache: before && after ? cacheAnswers(before, after) : null,
          failingRoutes: before && after ? failingRoutes(before, after) : [],
          busiestRoutes: before && after ? busiestRoutes(before, after) : [],
          peakRssReset,
        };
      } finally {
        await load.close();
      }
    });
  } finally {
    await withDatabase(options.databaseUrl, dropReadKey);
  }
}

const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
const percent = (share: number) => `${(share * 100).toFixed(1)}%`;

function hitRate(answers: CacheAnswers[]): number {
  const hits = answers.reduce((sum, a) => sum + a.hit, 0);
  const all = answers.reduce((sum, a) => sum + a.hit + a.miss + a.stale, 0);
  return all === 0 ? NaN : hits / all;
}

function cacheText(cache: ZipfResult['cache']): string {
  if (!cache) return 'no metrics';
  const counted = CACHE_COUNTED.flatMap((via) => (cache[via] ? [[via, cache[via]] as const] : []));
  return `${percent(hitRate(counted.map(([, answers]) => answers)))} (${counted.map(([via, answers]) => `${via} ${percent(hitRate([answers]))}`).join(', ')})`;
}

function freshnessMet(r: ZipfResult): boolean {
  return (
    r.writes.failed === 0 &&
    CHANNELS.every((channel) => r.delays[channel].missed === 0 && r.delays[channel].seen > 0 && r.delays[channel].p99 <= VISIBILITY_TARGET_MS)
  );
}

export function reportZipf(results: ZipfResult[], run: { duration: number; warmup: number }): void {
  console.log(
    `\nzipf: URLs of the demo league drawn with P(rank r) ∝ 1/r^${ZIPF_EXPONENT} (ranks shuffled with seed ${URL_ORDER_SEED}), ${LIVE_GAMES} live games written at 2 goals/s throughout; deployed service, ${run.warmup} s warm-up + ${run.duration} s\n`,
  );
  console.log(
    `| scale | connections | req/s | p50 ms | p99 ms (≤ ${ZIPF_P99_TARGET_MS}) | errors + non-2xx (0) | fresh p99 ms REST / GraphQL / SSE (≤ ${VISIBILITY_TARGET_MS}) | peak RSS MB (≤ ${ZIPF_RSS_TARGET_MB}) | cache hits | URLs requested / URL space | /api | /graphql | legacy |`,
  );
  console.log('|---:|---:|---:|---:|---|---|---|---|---|---:|---:|---:|---:|');
  for (const r of results) {
    const failures = r.load.errors + r.load.non2xx;
    const fresh = CHANNELS.map((channel) => r.delays[channel].p99).join(' / ');
    const rss = r.peakRssMb === undefined ? '?' : `${r.peakRssMb}${r.peakRssReset ? '' : ' (since start)'} ${verdict(r.peakRssMb <= ZIPF_RSS_TARGET_MB)}`;
    console.log(
      `| ${r.scale} | ${r.connections} | ${r.load.rps} | ${r.load.p50} | ${r.load.p99} ${verdict(r.load.p99 <= ZIPF_P99_TARGET_MS)} | ${r.load.errors} + ${r.load.non2xx} ${verdict(failures === 0)} | ${fresh} ${verdict(freshnessMet(r))} | ${rss} | ${cacheText(r.cache)} | ${r.distinctUrls} / ${r.urlSpaceSize} | ${percent(r.share.api)} | ${percent(r.share.graphql)} | ${percent(r.share.legacy)} |`,
    );
  }
  console.log('\nzipf details:');
  for (const r of results) {
    const w = r.writes;
    console.log(
      `  scale ${r.scale} writes: ${w.sent} sent, ${w.failed} failed${w.firstFailure ? ` (first: ${w.firstFailure})` : ''}; mutation round trip p50 ${w.p50} ms, p99 ${w.p99} ms`,
    );
    const missed = CHANNELS.filter((channel) => r.delays[channel].missed > 0).map((channel) => `${channel} ${r.delays[channel].missed}`);
    if (missed.length) console.log(`  scale ${r.scale} writes never seen within 10 s: ${missed.join(', ')}`);
    const busiest = r.busiestRoutes.map((b) => `${b.route} ${percent(b.share)} (${b.count} × ${b.meanMs.toFixed(1)} ms)`);
    if (busiest.length) console.log(`  scale ${r.scale} where the service's time went: ${busiest.join(', ')}`);
    if (r.failingRoutes.length) console.log(`  scale ${r.scale} non-2xx answers by route: ${r.failingRoutes.map((f) => `${f.route} ×${f.count}`).join(', ')}`);
  }
  console.log(
    '  (cache hits: the response caches of /api and the legacy interface, from the service metrics over the measured run; GraphQL’s result cache has no counter)',
  );
}

/** The most requested URLs of the URL space at a database (rank 1 first). */
export async function topUrls(client: pg.Client, count: number): Promise<{ rank: number; share: number; request: string }[]> {
  const space = await urlSpace(client, '<key>');
  const order = rankOrder(space.size, seededRandom(URL_ORDER_SEED));
  let total = 0;
  for (let r = 0; r < space.size; r += 1) total += 1 / (r + 1) ** ZIPF_EXPONENT;
  return Array.from({ length: Math.min(count, space.size) }, (_, rank) => {
    const { spec } = space.at(order[rank]);
    return { rank: rank + 1, share: 1 / (rank + 1) ** ZIPF_EXPONENT / total, request: spec.body ? `${spec.method} ${spec.path} ${spec.body}` : spec.path };
  });
}

// `npx tsx bench/zipf.ts --top 20 [--scale 10]`: the most requested URLs, with their share of the
// requests, in the bench database of that scale (docs/performance.md "The Zipf workload").
if (process.argv[1] === fileURLToPath(import.meta.url) && process.argv[2] === '--top') {
  const { default: pgClient } = await import('pg');
  const scaleAt = process.argv.indexOf('--scale');
  const client = new pgClient.Client({ connectionString: databaseUrl(benchDatabaseName(scaleAt > 0 ? Number(process.argv[scaleAt + 1]) : 10)) });
  await client.connect();
  for (const url of await topUrls(client, Number(process.argv[3]) || 20)) console.log(`${url.rank}\t${(url.share * 100).toFixed(2)} %\t${url.request}`);
  await client.end();
}
