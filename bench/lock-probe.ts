// The queue's promise under a locked table (docs/operations.md "Load shedding and the request
// queue"), measured: another session holds `LOCK TABLE "Game" IN ACCESS EXCLUSIVE MODE` for
// --lock seconds while requests arrive open-loop at --rate req/s, evenly spaced, from a schedule no
// answer can delay: 30 % `/api/seasons` and 10 % other routes that never read games, 60 % spread
// over twelve routes that do (`KINDS`), each request with ids and a parameter of its own so that
// none is answered from a cache. Only requests scheduled while the lock is held are counted; it
// prints each route's answers: 200, 503 "The service is busy" (refused by the queue), other 503s
// (the lock's timeout), anything else.
//
// The service runs as `npm run serve` runs it (the heap cap) from the sources, every setting at its
// default but the response cache (off unless --cache: a cached `/api/seasons` would never wait) and
// the two request budgets (one client sends everything). Its database is the demo league at
// --scale, loaded once into floorball_lock_probe and kept for the next run.
//
//   npx tsx bench/lock-probe.ts [--rate 100] [--lock 30] [--warmup 5] [--scale 1] [--cache]
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { installCleanup, run as runChild, start, stop } from './children.js';
import { admin, databaseUrl } from './databases.js';

const { values } = parseArgs({
  options: {
    rate: { type: 'string', default: '100' },
    lock: { type: 'string', default: '30' },
    warmup: { type: 'string', default: '5' },
    scale: { type: 'string', default: '1' },
    cache: { type: 'boolean', default: false },
  },
});
const rate = Number(values.rate);
const lockSeconds = Number(values.lock);
const warmupSeconds = Number(values.warmup);
const scale = Number(values.scale);
const DATABASE = 'floorball_lock_probe';
const PORT = 3311;
/** Longer than any answer may take (QUEUE_TIMEOUT_MS + REQUEST_TIMEOUT_MS): a request without one by then counts as a timeout. */
const TIMEOUT_MS = 30_000;

interface Ids {
  gameIds: number[];
  teamIds: number[];
  playerIds: number[];
  clubIds: number[];
  groups: { season: number; league: number; gameClass: number; name: string }[];
}

interface Target {
  method: 'GET' | 'POST';
  path: string;
  body?: string;
}

/** A kind of request: the n-th of its kind takes the n-th id in turn, so that no two requests of a kind are alike. */
interface Kind {
  name: string;
  /** Whether it reads games, and so waits while "Game" is locked. */
  readsGames: boolean;
  /** Arrivals of this kind in each cycle of 20 (`CYCLE`). */
  share: number;
  target(n: number, ids: Ids): Target;
}

const pick = <T>(list: T[], n: number) => list[n % list.length];
const get = (path: string): Target => ({ method: 'GET', path });

/**
 * Per cycle of 20 arrivals: six of `/api/seasons` and one each of two other routes that never read
 * games, and one on each of twelve routes that do (eleven of `/api`, GraphQL's game query).
 */
const KINDS: Kind[] = [
  { name: '/api/seasons', readsGames: false, share: 6, target: (n) => get(`/api/seasons?locale=${pick(LOCALES, n)}&probe=${n}`) },
  { name: '/api/clubs', readsGames: false, share: 1, target: (n, ids) => get(`/api/clubs?season=${pick(ids.groups, n).season}&probe=${n}`) },
  { name: '/api/teams/:id', readsGames: false, share: 1, target: (n, ids) => get(`/api/teams/${pick(ids.teamIds, n)}?probe=${n}`) },
  { name: '/api/games/:id', readsGames: true, share: 1, target: (n, ids) => get(`/api/games/${pick(ids.gameIds, n)}?probe=${n}`) },
  {
    name: '/api/games?mode=club',
    readsGames: true,
    share: 1,
    target: (n, ids) => get(`/api/games?mode=club&club_id=${pick(ids.clubIds, n)}&season=${pick(ids.groups, n).season}&probe=${n}`),
  },
  { name: '/api/game_events/:id', readsGames: true, share: 1, target: (n, ids) => get(`/api/game_events/${pick(ids.gameIds, n)}?probe=${n}`) },
  { name: '/api/games/:id/summary', readsGames: true, share: 1, target: (n, ids) => get(`/api/games/${pick(ids.gameIds, n)}/summary?probe=${n}`) },
  {
    name: '/api/games/:id/teams/:is_home/lineup',
    readsGames: true,
    share: 1,
    target: (n, ids) => get(`/api/games/${pick(ids.gameIds, n)}/teams/${n % 2}/lineup?probe=${n}`),
  },
  { name: '/api/teams/:id/statistics', readsGames: true, share: 1, target: (n, ids) => get(`/api/teams/${pick(ids.teamIds, n)}/statistics?probe=${n}`) },
  { name: '/api/teams/:id/players', readsGames: true, share: 1, target: (n, ids) => get(`/api/teams/${pick(ids.teamIds, n)}/players?probe=${n}`) },
  { name: '/api/players/:id/statistics', readsGames: true, share: 1, target: (n, ids) => get(`/api/players/${pick(ids.playerIds, n)}/statistics?probe=${n}`) },
  { name: '/api/clubs/:id/statistics', readsGames: true, share: 1, target: (n, ids) => get(`/api/clubs/${pick(ids.clubIds, n)}/statistics?probe=${n}`) },
  {
    name: '/api/rankings',
    readsGames: true,
    share: 1,
    target: (n, ids) => {
      const group = pick(ids.groups, n);
      return get(
        `/api/rankings?season=${group.season}&league=${group.league}&game_class=${group.gameClass}&group=${encodeURIComponent(group.name)}&probe=${n}`,
      );
    },
  },
  {
    name: 'POST /graphql (a game)',
    readsGames: true,
    share: 1,
    target: (n, ids) => ({
      method: 'POST',
      path: '/graphql',
      body: JSON.stringify({ query: `{ game(id: ${pick(ids.gameIds, n)}) { id status homeScore awayScore } }` }),
    }),
  },
];
const LOCALES = ['de', 'fr', 'it', 'en'];
/**
 * Each cycle's arrivals in turn, the kinds spread evenly over it (smooth weighted round robin), as
 * independent clients' requests would be: no run of game requests that a quiet one never interrupts.
 */
const CYCLE: Kind[] = (() => {
  const total = KINDS.reduce((sum, kind) => sum + kind.share, 0);
  const credit = new Map(KINDS.map((kind) => [kind, 0]));
  const cycle: Kind[] = [];
  for (let i = 0; i < total; i += 1) {
    for (const kind of KINDS) credit.set(kind, (credit.get(kind) ?? 0) + kind.share);
    const next = KINDS.reduce((best, kind) => ((credit.get(kind) ?? 0) > (credit.get(best) ?? 0) ? kind : best));
    credit.set(next, (credit.get(next) ?? 0) - total);
    cycle.push(next);
  }
  return cycle;
})();

function run(args: string[], env: Record<string, string>): Promise<void> {
  return runChild(args.join(' '), process.execPath, args, { env });
}

async function prepareDatabase(url: string): Promise<Ids> {
  const exists = await admin(async (c) => (await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE])).rowCount === 1);
  if (!exists) {
    await admin((c) => c.query(`CREATE DATABASE "${DATABASE}"`));
    console.error(`loading the demo league at scale ${scale} into ${DATABASE} …`);
    await run(['--import', 'tsx', 'scripts/demo.ts', '--scale', String(scale), '--seed', '2025'], { DATABASE_URL: url });
  } else {
    await run(['--import', 'tsx', 'scripts/db.ts', 'deploy'], { DATABASE_URL: url });
  }
  return admin(async (c) => {
    const ids = async (table: string) => (await c.query<{ id: number }>(`SELECT id FROM "${table}" ORDER BY id`)).rows.map((r) => r.id);
    const groups = await c.query<{ season: number; league: number; gameClass: number; name: string }>(
      'SELECT "seasonId" AS season, "leagueId" AS league, "gameClassId" AS "gameClass", name FROM "LeagueGroup" ORDER BY id',
    );
    return { gameIds: await ids('Game'), teamIds: await ids('Team'), playerIds: await ids('Player'), clubIds: await ids('Club'), groups: groups.rows };
  }, url);
}

interface Answer {
  kind: Kind;
  /** When it was scheduled, in ms from the start of its run. */
  at: number;
  status: number | 'timeout' | 'error';
  busy: boolean;
  ms: number;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 4096 });

function send(kind: Kind, target: Target, scheduledAt: number, at: number): Promise<Answer> {
  return new Promise((resolve) => {
    const headers: Record<string, string> = target.body ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(target.body)) } : {};
    const request = http.request(
      { host: '127.0.0.1', port: PORT, method: target.method, path: target.path, agent, headers, timeout: TIMEOUT_MS },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const status = response.statusCode ?? 0;
          const busy = status === 503 && Buffer.concat(chunks).toString().includes('The service is busy');
          resolve({ kind, at, status, busy, ms: performance.now() - scheduledAt });
        });
      },
    );
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', (error) =>
      resolve({ kind, at, status: error.message === 'timeout' ? 'timeout' : 'error', busy: false, ms: performance.now() - scheduledAt }),
    );
    request.end(target.body);
  });
}

/** Sends `seconds` × `rate` requests at evenly spaced times; resolves with every answer once all are in. */
async function openLoop(seconds: number, counters: Map<Kind, number>, ids: Ids): Promise<Answer[]> {
  const total = Math.round(seconds * rate);
  const gap = 1000 / rate;
  const start = performance.now();
  const answers: Promise<Answer>[] = [];
  for (let i = 0; i < total; i += 1) {
    const at = start + i * gap;
    const wait = at - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const kind = CYCLE[i % CYCLE.length];
    const n = counters.get(kind) ?? 0;
    counters.set(kind, n + 1);
    answers.push(send(kind, kind.target(n, ids), at, at - start));
  }
  return Promise.all(answers);
}

async function waitForService(): Promise<void> {
  for (let i = 0; i < 240; i += 1) {
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/health/ready`)).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the service did not become ready');
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? Number.NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

function row(name: string, answers: Answer[]) {
  const ms = answers.map((a) => a.ms).sort((a, b) => a - b);
  return {
    requests: name,
    sent: answers.length,
    '200': answers.filter((a) => a.status === 200).length,
    '503 busy': answers.filter((a) => a.busy).length,
    '503 other': answers.filter((a) => a.status === 503 && !a.busy).length,
    other: answers.filter((a) => a.status !== 200 && a.status !== 503).length,
    'p50 ms': Math.round(percentile(ms, 50)),
    'p99 ms': Math.round(percentile(ms, 99)),
  };
}

function report(answers: Answer[]): void {
  const quiet = answers.filter((a) => !a.kind.readsGames);
  const games = answers.filter((a) => a.kind.readsGames);
  console.table([
    ...KINDS.map((kind) =>
      row(
        kind.name,
        answers.filter((a) => a.kind === kind),
      ),
    ),
    row('all that never read games', quiet),
    row('all that read games', games),
  ]);
  // When the routes that never read games were not answered 200: at the lock's onset, or throughout.
  const missed = new Map<number, number>();
  for (const a of quiet) if (a.status !== 200) missed.set(Math.floor(a.at / 1000), (missed.get(Math.floor(a.at / 1000)) ?? 0) + 1);
  const seconds = [...missed].map(([second, count]) => `${second}s: ${count}`).join(', ');
  console.log(`routes that never read games, not 200, by second of the lock: ${seconds || 'none'}`);
  const others = answers.filter((a) => a.status !== 200 && a.status !== 503).map((a) => `${a.kind.name} ${a.status}`);
  if (others.length > 0) console.log(`other answers: ${[...new Set(others)].slice(0, 10).join(', ')}`);
}

async function main(): Promise<void> {
  installCleanup();
  const url = databaseUrl(DATABASE);
  const ids = await prepareDatabase(url);
  const service = start(`the service (port ${PORT})`, process.execPath, ['--max-old-space-size=160', '--import', 'tsx', 'src/server.ts'], {
    env: {
      DATABASE_URL: url,
      PORT: String(PORT),
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DEMO_ON_EMPTY: 'false',
      RATE_LIMIT_PUBLIC_PER_MINUTE: '0',
      RATE_LIMIT_KEY_PER_MINUTE: '0',
      ...(values.cache ? {} : { RESPONSE_CACHE_TTL_MS: '0' }),
    },
  });
  const lock = new pg.Client({ connectionString: url });
  try {
    await waitForService();
    const counters = new Map<Kind, number>();
    console.error(`warm-up: ${warmupSeconds} s at ${rate} req/s without the lock …`);
    await openLoop(warmupSeconds, counters, ids);
    await lock.connect();
    await lock.query('BEGIN');
    await lock.query('LOCK TABLE "Game" IN ACCESS EXCLUSIVE MODE');
    console.error(`"Game" locked: ${lockSeconds} s at ${rate} req/s …`);
    const during = openLoop(lockSeconds, counters, ids);
    // The lock is held until the last request is sent, then given back; the answers still out come in after.
    await new Promise((resolve) => setTimeout(resolve, lockSeconds * 1000));
    await lock.query('ROLLBACK');
    report(await during);
  } finally {
    await lock.end().catch(() => undefined);
    agent.destroy();
    await stop(service);
  }
}

await main();
