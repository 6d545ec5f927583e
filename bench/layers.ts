// npm run bench:layers -- [--requests 3000] [--rounds 3]
// Where the CPU time of one uncached /api/games/:id goes, peeled layer by layer, in this process
// and one request at a time (PostgreSQL's own time is not counted). It needs the demo league that
// `npm run bench` loads (database floorball_bench_1 on the DATABASE_URL server), and explains the
// uncached ratio to the baseline: README "Performance".
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { systemClock } from '../src/clock.js';
import { openDatabase } from '../src/db/database.js';
import { GAME_DETAIL_DOCUMENT, reshapeGameDetail, type GameDetailData } from '../src/facades/rest/game-detail.js';
import { facadeDocument } from '../src/facades/shared/facade.js';
import type { RenderContext } from '../src/facades/shared/render-context.js';
import { getSchema } from '../src/schema/index.js';
import { baselineData, GAME_DETAIL_SQL } from './baseline-data.js';
import { benchDatabaseName, databaseUrl } from './databases.js';

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? Number(args[index + 1]) : fallback;
};
const requests = option('requests', 3000);
const rounds = option('rounds', 3);
const PUBLIC_BASE_URL = 'http://localhost:3000';

const url = databaseUrl(benchDatabaseName(1));
const pool = new pg.Pool({ connectionString: url, max: 10 });
const firstGame = await pool.query<{ id: number | null }>('SELECT min(id) AS id FROM "Game"').catch(() => undefined);
const id = firstGame?.rows[0]?.id;
if (!id) {
  console.error(`${url} holds no demo league: run \`npm run bench -- --scales 1\` first, it loads one there`);
  process.exit(1);
}
const database = await openDatabase({ databaseUrl: url, migrate: false });
const app = await buildApp({ database, logLevel: 'warn', production: true, publicBaseUrl: PUBLIC_BASE_URL });

const ctx: RenderContext = { locale: 'de', now: new Date(), baseUrl: PUBLIC_BASE_URL };
const baseline = baselineData(pool, PUBLIC_BASE_URL);
const runDetail = facadeDocument<GameDetailData>({ prisma: database.prisma, clock: systemClock, publicBaseUrl: PUBLIC_BASE_URL, schema: getSchema() }, GAME_DETAIL_DOCUMENT);
/** The relations the plugin asks Prisma for when it plans the document (whole rows: include mode). */
const POTHOS_INCLUDE = {
  homeTeam: true,
  awayTeam: true,
  venue: true,
  group: { include: { season: true, league: true, gameClass: true } },
  round: true,
  cupRound: { include: { tournament: { include: { season: true } } } },
};

const layers: [name: string, work: () => Promise<unknown>][] = [
  ['baseline: pg, one named statement', () => pool.query({ name: 'layers_detail', text: GAME_DETAIL_SQL, values: [id] })],
  ['baseline: + rows → data, reshape, JSON', () => baseline.gameDetail(id).then((data) => JSON.stringify(reshapeGameDetail(data, { game_id: id }, ctx)))],
  ['Prisma: $queryRawUnsafe, the same SQL', () => database.prisma.$queryRawUnsafe(GAME_DETAIL_SQL, id)],
  ['Prisma: findUnique with the plugin include', () => database.prisma.game.findUnique({ where: { id }, include: POTHOS_INCLUDE })],
  ['service: GraphQL execute (Pothos → Prisma)', () => runDetail({ id })],
  ['service: + reshape, JSON', () => runDetail({ id }).then((data) => JSON.stringify(reshapeGameDetail(data, { game_id: id }, ctx)))],
  ['service: whole route (fastify inject)', () => app.inject(`/api/games/${id}`)],
];

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

console.log(`CPU of this process per /api/games/${id} (median of ${rounds} rounds × ${requests} requests, one at a time)\n`);
console.log('| layer | ms | × baseline work |');
console.log('|---|---:|---:|');
for (const [name] of layers) {
  const ms = median(samples.get(name) ?? []);
  console.log(`| ${name} | ${ms.toFixed(3)} | ${(ms / baselineWork).toFixed(1)} |`);
}

await app.close();
await database.close();
await pool.end();
