// npm run bench:layers -- [--route detail|current] [--requests N] [--rounds 3]
// Where the CPU time of one uncached /api/games/:id (`--route detail`, scale 1) or one unfiltered
// /api/games?mode=current (`--route current`, scale 10, also per game row) goes, peeled layer by
// layer, in this process and one request at a time (PostgreSQL's own time is not counted). It needs
// the demo league that `npm run bench` loads (databases floorball_bench_1 and floorball_bench_10 on
// the DATABASE_URL server), and explains the uncached ratios to the baseline: README "Performance".
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { systemClock } from '../src/clock.js';
import { openDatabase } from '../src/db/database.js';
import { GAME_DETAIL_DOCUMENT, reshapeGameDetail, type GameDetailData } from '../src/facades/rest/game-detail.js';
import { CURRENT_GAMES_DOCUMENT, dayFilters, reshapeCurrentGames, todayIn, type CurrentGamesData, type CurrentGamesParams } from '../src/facades/rest/games/current.js';
import { facadeDocument } from '../src/facades/shared/facade.js';
import type { RenderContext } from '../src/facades/shared/render-context.js';
import { getSchema } from '../src/schema/index.js';
import { baselineData, CURRENT_GAMES_SQL, GAME_DETAIL_SQL } from './baseline-data.js';
import { benchDatabaseName, databaseUrl } from './databases.js';

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
const app = await buildApp({ database, logLevel: 'warn', production: true, publicBaseUrl: PUBLIC_BASE_URL });

const ctx: RenderContext = { locale: 'de', now: new Date(), baseUrl: PUBLIC_BASE_URL };
const baseline = baselineData(pool, PUBLIC_BASE_URL);
const deps = { prisma: database.prisma, clock: systemClock, publicBaseUrl: PUBLIC_BASE_URL, schema: getSchema() };
/** The relations the plugin asks Prisma for when it plans the document (whole rows: include mode). */
const POTHOS_INCLUDE = {
  homeTeam: true,
  awayTeam: true,
  venue: true,
  group: { include: { season: true, league: true, gameClass: true } },
  round: true,
  cupRound: { include: { tournament: { include: { season: true } } } },
};

type Layer = [name: string, work: () => Promise<unknown>];

function detailLayers(): Layer[] {
  const runDetail = facadeDocument<GameDetailData>(deps, GAME_DETAIL_DOCUMENT);
  return [
    ['baseline: pg, one named statement', () => pool.query({ name: 'layers_detail', text: GAME_DETAIL_SQL, values: [id] })],
    ['baseline: + rows → data, reshape, JSON', () => baseline.gameDetail(id!).then((data) => JSON.stringify(reshapeGameDetail(data, { game_id: id! }, ctx)))],
    ['Prisma: $queryRawUnsafe, the same SQL', () => database.prisma.$queryRawUnsafe(GAME_DETAIL_SQL, id)],
    ['Prisma: findUnique with the plugin include', () => database.prisma.game.findUnique({ where: { id: id! }, include: POTHOS_INCLUDE })],
    ['service: GraphQL execute (Pothos → Prisma)', () => runDetail({ id })],
    ['service: + reshape, JSON', () => runDetail({ id }).then((data) => JSON.stringify(reshapeGameDetail(data, { game_id: id! }, ctx)))],
    ['service: whole route (fastify inject)', () => app.inject(`/api/games/${id}`)],
  ];
}

/** Unfiltered mode=current of today, as the benchmark asks for it. */
function currentLayers(): Layer[] {
  const runDay = facadeDocument<CurrentGamesData>(deps, CURRENT_GAMES_DOCUMENT);
  const params: CurrentGamesParams = { on_date: todayIn(ctx) };
  const filters = dayFilters(params);
  return [
    ['baseline: pg, the day\'s games statement', () => pool.query({ name: 'layers_current', text: CURRENT_GAMES_SQL, values: [filters.filter.from, filters.filter.to] })],
    ['baseline: + slider statements, rows → data, reshape, JSON', () => baseline.currentGames({}, ctx).then((body) => JSON.stringify(body))],
    ['Prisma: $queryRawUnsafe, the day\'s games statement', () => database.prisma.$queryRawUnsafe(CURRENT_GAMES_SQL, new Date(filters.filter.from), new Date(filters.filter.to))],
    ['service: GraphQL execute (Pothos → Prisma)', () => runDay(dayFilters(params))],
    ['service: + reshape, JSON', () => runDay(dayFilters(params)).then((data) => JSON.stringify(reshapeCurrentGames(data, params, ctx)))],
    ['service: whole route (fastify inject)', () => app.inject('/api/games?mode=current')],
  ];
}

const layers = route === 'detail' ? detailLayers() : currentLayers();
/** Games in the answer, which the per-row column divides by (1 for the detail). */
const gameRows = route === 'detail' ? 1 : (await baseline.currentGames({}, ctx)).data.regions.reduce((sum, region) => sum + region.rows.length, 0);

async function cpuMsPerRequest(work: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < Math.min(500, requests); i += 1) await work();
  const start = process.cpuUsage();
  for (let i = 0; i < requests; i += 1) await work();
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
console.log('| layer | ms | µs per game row | × baseline work |');
console.log('|---|---:|---:|---:|');
for (const [name] of layers) {
  const ms = median(samples.get(name) ?? []);
  console.log(`| ${name} | ${ms.toFixed(3)} | ${((ms * 1000) / gameRows).toFixed(1)} | ${(ms / baselineWork).toFixed(1)} |`);
}

await app.close();
await database.close();
await pool.end();
