// npm run bench:layers -- [--route detail|current] [--requests N] [--rounds 3]
// Where the CPU time of one uncached /api/games/:id (`--route detail`, scale 1) or one unfiltered
// /api/games?mode=current (`--route current`, scale 10, also per game row) goes, peeled layer by
// layer, in this process and one request at a time (PostgreSQL's own time is not counted). It needs
// the demo league that `npm run bench` loads (databases floorball_bench_1 and floorball_bench_10 on
// the DATABASE_URL server), and explains the uncached ratios to the baseline: docs/performance.md "Why the unmet targets stay out of reach".
// The app is the uncached service of
// `npm run bench` (every setting as `npm run serve` has it, response cache off, no rate limits).
// The socket layers send their requests from a child process over one keep-alive connection and
// count this process only: the server's CPU, kernel included, without the client's.
import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { systemClock } from '../src/clock.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/database.js';
import { GAME_DETAIL_DOCUMENT, GAME_PATH, reshapeGameDetail } from '../src/facades/rest/game-detail.js';
import {
  CURRENT_GAMES_DOCUMENT,
  dayFilters,
  dayGamesReader,
  reshapeCurrentGames,
  todayIn,
  type CurrentGamesParams,
} from '../src/facades/rest/games/current.js';
import { nodes } from '../src/facades/rest/shared/game-row.js';
import { createLocalChangeFeed } from '../src/live/changes.js';
import { facadeDocument } from '../src/facades/shared/facade.js';
import type { RenderContext } from '../src/facades/shared/render-context.js';
import { localDay } from '../src/domain/league-time.js';
import { facadeGet } from '../src/facades/shared/route.js';
import { getSchema } from '../src/schema/index.js';
import { buildConfiguredService } from '../src/service.js';
import { baselineData, CURRENT_GAMES_SQL, GAME_DETAIL_SQL } from './baseline-data.js';
import { installCleanup, start, stop } from './children.js';
import { benchDatabaseName, databaseUrl } from './databases.js';

installCleanup();
const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : fallback;
};
const route = option('route', 'detail');
if (route !== 'detail' && route !== 'current') throw new Error(`--route takes detail or current, not ${route}`);
const requests = Number(option('requests', route === 'detail' ? '3000' : '60'));
const rounds = Number(option('rounds', '3'));
const PUBLIC_BASE_URL = 'http://localhost:3000';

const url = databaseUrl(benchDatabaseName(route === 'detail' ? 1 : 10));
const pool = new pg.Pool({ connectionString: url, max: 10 });
const firstGame = await pool.query<{ id: number | null }>('SELECT min(id) AS id FROM "Game"').catch(() => undefined);
const id = firstGame?.rows[0]?.id;
if (!id) {
  console.error(`${url} holds no demo league: run \`npm run bench -- --scales 1,10\` first, it loads one there`);
  process.exit(1);
}
const database = await openDatabase({ databaseUrl: url, migrate: false });
const config = loadConfig({
  ...process.env,
  NODE_ENV: 'production',
  DATABASE_URL: url,
  PUBLIC_BASE_URL,
  LOG_LEVEL: 'warn',
  RESPONSE_CACHE_TTL_MS: '0',
  RATE_LIMIT_PUBLIC_PER_MINUTE: '0',
  RATE_LIMIT_KEY_PER_MINUTE: '0',
});
const app = await buildConfiguredService(config, database, () => true);

const now = new Date();
const ctx: RenderContext = { locale: 'de', now, today: localDay(now), baseUrl: PUBLIC_BASE_URL };
const baseline = baselineData(pool, PUBLIC_BASE_URL);
const facadeDeps = { prisma: database.prisma, clock: systemClock, publicBaseUrl: PUBLIC_BASE_URL, schema: getSchema() };
const runDetail = facadeDocument(facadeDeps, GAME_DETAIL_DOCUMENT);
/** The relations the plugin asks Prisma for when it plans the document (whole rows: include mode). */
const POTHOS_INCLUDE = {
  homeTeam: true,
  awayTeam: true,
  venue: true,
  group: { include: { season: true, league: true, gameClass: true } },
  round: true,
  cupRound: { include: { tournament: { include: { season: true } } } },
};
/** Only the columns the document reads: what the plugin would ask for with select mode on every type it touches. */
const DOCUMENT_SELECT = {
  id: true,
  startsAt: true,
  status: true,
  homeScore: true,
  awayScore: true,
  homePeriodScores: true,
  awayPeriodScores: true,
  decidedBy: true,
  hasVideoStream: true,
  spectators: true,
  firstReferee: true,
  secondReferee: true,
  homeTeam: { select: { id: true, name: true, logoUrl: true } },
  awayTeam: { select: { id: true, name: true, logoUrl: true } },
  venue: { select: { name: true, city: true, latitude: true, longitude: true } },
  group: {
    select: {
      id: true,
      name: true,
      season: { select: { id: true, label: true } },
      league: { select: { id: true, name: true } },
      gameClass: { select: { id: true, name: true } },
    },
  },
  round: { select: { number: true, name: true } },
  cupRound: { select: { id: true, name: true, tournament: { select: { id: true, name: true, season: { select: { label: true } } } } } },
};

// The HTTP layer on its own: a route declared like the game detail's (same scope's hooks, same
// parameter validation) that answers the detail's body, prepared once.
const preparedBody = reshapeGameDetail(await runDetail({ id }), { game_id: id }, ctx);
await app.register(
  async (scope) => facadeGet(scope, facadeDeps, '/layers-prepared/:game_id', { params: GAME_PATH, config: { responseCache: 'public' } }, () => preparedBody),
  { prefix: '/api' },
);
// The floor under it: fastify without a hook, the same body over the same kind of connection.
const bare = Fastify();
bare.get('/api/layers-prepared/:game_id', async () => preparedBody);
const portOf = async (server: FastifyInstance) => {
  await server.listen({ host: '127.0.0.1', port: 0 });
  return (server.server.address() as { port: number }).port;
};
const appPort = await portOf(app);
const barePort = await portOf(bare);

/** Work for `count` requests, one at a time. */
type Layer = (count: number) => Promise<void>;

const oneByOne =
  (work: () => Promise<unknown>): Layer =>
  async (count) => {
    for (let i = 0; i < count; i += 1) await work();
  };

const clients: ChildProcess[] = [];
/** GETs of `path` from a client process over one keep-alive connection. */
async function overSocket(path: string, port = appPort): Promise<Layer> {
  const client = start(
    `the keep-alive client of ${path}`,
    process.execPath,
    ['--import', 'tsx', fileURLToPath(new URL('./keep-alive-client.ts', import.meta.url)), String(port), path],
    {
      stdout: 'inherit',
      ipc: 'json',
    },
  );
  clients.push(client);
  let pending: { resolve: () => void; reject: (error: Error) => void } | undefined;
  client.on('message', () => pending?.resolve());
  client.on('exit', (code) => pending?.reject(new Error(`the client of ${path} ended (${code})`)));
  const reply = () => new Promise<void>((resolve, reject) => (pending = { resolve, reject }));
  await reply();
  return async (count) => {
    const done = reply();
    client.send(count);
    await done;
  };
}

const LAYER = {
  prisma: 'Prisma: findUnique with the plugin include',
  reshaped: 'service: + reshape, JSON',
  injectedRoute: 'service: whole route (fastify inject)',
  socketRoute: 'service: whole route over a socket (server CPU)',
  prepared: 'HTTP alone: the route answering a prepared body over a socket',
  floor: 'HTTP floor: bare fastify answering that body over a socket',
};

const detailLayers = (): Promise<[name: string, run: Layer][]> =>
  layersOf([
    ['baseline: pg, one named statement', oneByOne(() => pool.query({ name: 'layers_detail', text: GAME_DETAIL_SQL, values: [id] }))],
    [
      'baseline: + rows → data, reshape, JSON',
      oneByOne(() => baseline.gameDetail(id).then((data) => JSON.stringify(reshapeGameDetail(data, { game_id: id }, ctx)))),
    ],
    ['Prisma: $queryRawUnsafe, the same SQL', oneByOne(() => database.prisma.$queryRawUnsafe(GAME_DETAIL_SQL, id))],
    [LAYER.prisma, oneByOne(() => database.prisma.game.findUnique({ where: { id }, include: POTHOS_INCLUDE }))],
    [
      'Prisma: … the same, relationLoadStrategy query',
      oneByOne(() => database.prisma.game.findUnique({ where: { id }, include: POTHOS_INCLUDE, relationLoadStrategy: 'query' })),
    ],
    ["Prisma: … select of the document's columns only", oneByOne(() => database.prisma.game.findUnique({ where: { id }, select: DOCUMENT_SELECT }))],
    ['service: GraphQL execute (Pothos → Prisma)', oneByOne(() => runDetail({ id }))],
    [LAYER.reshaped, oneByOne(() => runDetail({ id }).then((data) => JSON.stringify(reshapeGameDetail(data, { game_id: id }, ctx))))],
    [LAYER.injectedRoute, oneByOne(() => app.inject(`/api/games/${id}`))],
    [LAYER.socketRoute, overSocket(`/api/games/${id}`)],
    [LAYER.prepared, overSocket(`/api/layers-prepared/${id}`)],
    [LAYER.floor, overSocket(`/api/layers-prepared/${id}`, barePort)],
  ]);

/** Unfiltered mode=current of today, as the benchmark asks for it. */
async function currentLayers(): Promise<[name: string, run: Layer][]> {
  const runDay = facadeDocument(facadeDeps, CURRENT_GAMES_DOCUMENT);
  const params: CurrentGamesParams = { on_date: todayIn(ctx) };
  const { from, to } = dayFilters(params).filter;
  // The rows kept as the deployed service keeps them (RESPONSE_CACHE_TTL_MS on); the first of the day's games is written.
  const readKept = dayGamesReader({ ...facadeDeps, rowCache: { ttlMs: 60_000, changes: createLocalChangeFeed() } });
  const writtenGame = nodes((await runDay(dayFilters(params))).games)[0]?.id ?? 0;
  return layersOf([
    ["baseline: pg, the day's games statement", oneByOne(() => pool.query({ name: 'layers_current', text: CURRENT_GAMES_SQL, values: [from, to] }))],
    ['baseline: + slider statements, rows → data, reshape, JSON', oneByOne(() => baseline.currentGames({}, ctx).then((body) => JSON.stringify(body)))],
    ["Prisma: $queryRawUnsafe, the day's games statement", oneByOne(() => database.prisma.$queryRawUnsafe(CURRENT_GAMES_SQL, new Date(from), new Date(to)))],
    ['service: GraphQL execute (Pothos → Prisma)', oneByOne(() => runDay(dayFilters(params)))],
    [LAYER.reshaped, oneByOne(() => runDay(dayFilters(params)).then((data) => JSON.stringify(reshapeCurrentGames(data, params, ctx))))],
    [
      '… rows kept: after a write to one game (its version raised), ids and versions, that game read, reshape, JSON',
      oneByOne(async () => {
        await pool.query({ name: 'layers_raise_version', text: 'UPDATE "Game" SET version = version + 1 WHERE id = $1', values: [writtenGame] });
        return JSON.stringify(reshapeCurrentGames(await readKept(params), params, ctx));
      }),
    ],
    [LAYER.injectedRoute, oneByOne(() => app.inject('/api/games?mode=current'))],
    [LAYER.socketRoute, overSocket('/api/games?mode=current')],
  ]);
}

/** The layers in order, each a name and its work (socket layers start their client first). */
async function layersOf(list: [name: string, run: Layer | Promise<Layer>][]): Promise<[name: string, run: Layer][]> {
  return Promise.all(list.map(async ([name, run]) => [name, await run] as [string, Layer]));
}

const layers = route === 'detail' ? await detailLayers() : await currentLayers();
/** Games in the answer, which the per-row column divides by (1 for the detail). */
const gameRows = route === 'detail' ? 1 : (await baseline.currentGames({}, ctx)).data.regions.reduce((sum, region) => sum + region.rows.length, 0);

async function cpuMsPerRequest(run: Layer): Promise<number> {
  await run(Math.min(500, requests));
  const start = process.cpuUsage();
  await run(requests);
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000 / requests;
}

const samples = new Map<string, number[]>(layers.map(([name]) => [name, []]));
for (let round = 0; round < rounds; round += 1) {
  for (const [name, work] of layers) samples.get(name)?.push(await cpuMsPerRequest(work));
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const baselineWork = median(samples.get(layers[1][0]) ?? []);

const path = route === 'detail' ? `/api/games/${id}` : `/api/games?mode=current (${gameRows} games)`;
console.log(`CPU of this process per ${path} (median of ${rounds} rounds × ${requests} requests, one at a time)\n`);
console.log(`| layer | ms |${route === 'current' ? ' µs per game row |' : ''} × baseline work |`);
console.log(`|---|---:|${route === 'current' ? '---:|' : ''}---:|`);
const msOf = (name: string) => median(samples.get(name) ?? []);
for (const [name] of layers) {
  const ms = msOf(name);
  console.log(`| ${name} | ${ms.toFixed(3)} |${route === 'current' ? ` ${((ms * 1000) / gameRows).toFixed(1)} |` : ''} ${(ms / baselineWork).toFixed(1)} |`);
}
const differenceOf = (whole: string, part: string) => (msOf(whole) - msOf(part)).toFixed(3);
if (route === 'detail') {
  console.log(`\nHTTP layer: whole route over a socket − service + reshape, JSON = ${differenceOf(LAYER.socketRoute, LAYER.reshaped)} ms (want ≤ 0.08)`);
  console.log(
    `  measured alone (the same hooks and validation, a prepared body, JSON included): ${msOf(LAYER.prepared).toFixed(3)} ms, of which bare fastify and the kernel's socket ${msOf(LAYER.floor).toFixed(3)}`,
  );
  console.log(`  through fastify inject instead of a socket: ${differenceOf(LAYER.injectedRoute, LAYER.reshaped)} ms (light-my-request's own work included)`);
  console.log(`Prisma for a game detail: ${msOf(LAYER.prisma).toFixed(3)} ms (want ≤ 0.30)`);
} else {
  const perRow = (name: string) => (msOf(name) * 1000) / gameRows;
  const ratio = perRow(LAYER.socketRoute) / perRow(layers[1][0]);
  console.log(
    `\nCPU per game row, whole route over a socket / baseline's whole work: ${perRow(LAYER.socketRoute).toFixed(1)} / ${perRow(layers[1][0]).toFixed(1)} µs = ${ratio.toFixed(1)}x (want ≤ 2x)`,
  );
}

await Promise.all(clients.map((client) => stop(client)));
await app.close();
await bare.close();
await database.close();
await pool.end();
