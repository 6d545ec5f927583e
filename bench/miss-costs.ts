// npx tsx bench/miss-costs.ts [--scale 10] [--samples 20] [--only /api/players/:id,/api/games/:id] [--rounds 1] [--seed 1]
// What one cache miss of each common page costs the service, in this process and one request at a
// time: CPU ms (PostgreSQL's own time not counted), wall ms and SQL statements, over random records
// of the bench database `npm run bench` loads. It explains the Zipf scenario's latency
// (docs/performance.md "The Zipf workload"): with 50 connections always busy, every cold URL is one
// of these. `mode=current after a write` is the day's games asked of the cached service right after
// a live write to one of them is announced, and `topscorers after a goal` a league's top scorers
// after a goal in one of its games: the rebuilds game day pays after every write.
import pg from 'pg';
import type { InjectOptions } from 'fastify';
import { buildApp } from '../src/app.js';
import { openDatabase } from '../src/db/database.js';
import { createLocalChangeFeed } from '../src/live/changes.js';
import { benchDatabaseName, databaseUrl } from './databases.js';

const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? Number(args[index + 1]) : fallback;
};
const scale = option('scale', 10);
const samples = option('samples', 20);
/** Each page measured this many times in a row: the machine may be shared, so a page's best round is the one to trust. */
const rounds = option('rounds', 1);
/** The pages to measure, by name as printed (comma-separated); every page when absent. */
const only = args.includes('--only') ? args[args.indexOf('--only') + 1].split(',') : null;
const url = databaseUrl(benchDatabaseName(scale));
const pool = new pg.Pool({ connectionString: url });
const database = await openDatabase({ databaseUrl: url, migrate: false });
const app = await buildApp({ database, logLevel: 'warn', production: true, publicBaseUrl: 'http://localhost:3000' });
/**
 * The same service with the response cache on, as deployed: what game day pays for the day's games
 * after every live write, with the day's ids, versions and rows kept (src/cache/versioned-rows.ts).
 */
const changes = createLocalChangeFeed();
const cachedApp = await buildApp({
  database,
  logLevel: 'warn',
  production: true,
  publicBaseUrl: 'http://localhost:3000',
  responseCacheTtlMs: 6 * 3600 * 1000,
  changes,
});

/** The same records on every run with --seed n (to compare two versions of the code); others at random. */
const seed = args.includes('--seed') ? option('seed', 0) : null;
const order = seed === null ? 'random()' : `md5(s.id::text || '${seed}')`;
const sample = async <Row extends { id: number; season: number | null }>(sql: string) =>
  (await pool.query<Row>(`SELECT * FROM (${sql}) s ORDER BY ${order} LIMIT ${samples + 5}`)).rows;
const players = await sample(`SELECT "playerId" AS id, max("seasonId") AS season FROM "TeamMember" GROUP BY 1`);
const teams = await sample('SELECT id, NULL AS season FROM "Team"');
const games = await sample(`SELECT id, NULL AS season FROM "Game" WHERE status = 'FINISHED'`);
const clubs = await sample(
  `SELECT c.id, max(g."seasonId") AS season FROM "Club" c JOIN "Team" t ON t."clubId" = c.id JOIN "TeamRegistration" r ON r."teamId" = t.id JOIN "LeagueGroup" g ON g.id = r."groupId" GROUP BY c.id`,
);
/** Teams in a season they played, and groups with a round: the game-day head's team pages, round lists and top scorers. */
const teamSeasons = await sample(
  `SELECT r."teamId" AS id, max(g."seasonId") AS season FROM "TeamRegistration" r JOIN "LeagueGroup" g ON g.id = r."groupId" GROUP BY r."teamId"`,
);
const groups = await sample<{ id: number; season: number; league: number; gameClass: number; name: string; round: number }>(
  `SELECT g.id, g."seasonId" AS season, g."leagueId" AS league, g."gameClassId" AS "gameClass", g.name, min(r.number) AS round
   FROM "LeagueGroup" g JOIN "Round" r ON r."groupId" = g.id GROUP BY g.id`,
);
const groupQuery = (g: (typeof groups)[number]) =>
  new URLSearchParams({ season: String(g.season), league: String(g.league), game_class: String(g.gameClass), group: g.name }).toString();
/** The day's games, by id, as `mode=current` lists them (its first answer also fills the kept rows). */
const dayGameIds = (
  JSON.parse((await cachedApp.inject('/api/games?mode=current')).body) as { data: { regions: { rows: { id: number }[] }[] } }
).data.regions.flatMap((region) => region.rows.map((row) => row.id));
let announced = 0;
/**
 * The change a live write to one of the day's games announces, without the write (the bench
 * database stays as loaded): a version above any stored, so the game's kept row is read again.
 */
function announceWriteTo(gameId: number): void {
  announced += 1;
  const game = { gameId, version: 1_000_000_000 + announced, kind: 'EVENT_ADDED' as const, eventId: null, status: 'LIVE', homeScore: 1, awayScore: 0 };
  changes.publish({ kind: 'game', game: { ...game, scoreChanged: true, groupId: null, homeTeamId: 0, awayTeamId: 0, homeClubId: 0, awayClubId: 0 } });
}
const graphql = (query: string): InjectOptions => ({ method: 'POST', url: '/graphql', payload: { query }, headers: { 'content-type': 'application/json' } });

/**
 * How a page is asked: by the uncached service, or after a step (a write announced) by the cached
 * one. `warmsItsRecords`: the warm-up asks the records measured (what the cached service keeps of
 * them is what a rebuild after a write finds on game day), not five others.
 */
interface Asking {
  service: typeof app;
  before?: (i: number) => void | Promise<void>;
  warmsItsRecords?: boolean;
}
const uncached: Asking = { service: app };
const afterAWrite: Asking = { service: cachedApp, before: (i) => announceWriteTo(dayGameIds[(i * 37) % dayGameIds.length]) };
/** A finished game of each sampled group's league, season and game class: the one a goal is written to. */
const leagueGames = await Promise.all(
  groups.map(
    async (g) =>
      (
        await pool.query<{ id: number }>(
          `SELECT ga.id FROM "Game" ga JOIN "LeagueGroup" lg ON lg.id = ga."groupId"
           WHERE lg."seasonId" = $1 AND lg."leagueId" = $2 AND lg."gameClassId" = $3 AND ga.status = 'FINISHED' ORDER BY ga.id LIMIT 1`,
          [g.season, g.league, g.gameClass],
        )
      ).rows[0]?.id,
  ),
);
/**
 * A goal in the league of the top scorers asked: the version of one of its finished games is raised
 * (the only change this bench makes to the bench database) and the write announced, so the cached
 * table is rebuilt from the goals it kept and that game's, read again.
 */
const afterAGoal: Asking = {
  service: cachedApp,
  warmsItsRecords: true,
  before: async (i) => {
    const gameId = leagueGames[i] ?? dayGameIds[0];
    await pool.query('UPDATE "Game" SET version = version + 1 WHERE id = $1', [gameId]);
    announceWriteTo(gameId);
  },
};
const topScorersOf = (i: number) => `/api/topscorers/main?season=${groups[i].season}&league=${groups[i].league}&game_class=${groups[i].gameClass}`;

const pages: [name: string, request: (i: number) => InjectOptions | string, asking?: Asking][] = [
  ['/api/players/:id/overview', (i) => `/api/players/${players[i].id}/overview?season=${players[i].season}`],
  ['/api/players/:id/statistics', (i) => `/api/players/${players[i].id}/statistics`],
  ['/api/players/:id', (i) => `/api/players/${players[i].id}`],
  ['/graphql player(id)', (i) => graphql(`{ player(id: ${players[i].id}) { firstName lastName yearOfBirth position } }`)],
  ['/api/games/:id', (i) => `/api/games/${games[i].id}`],
  ['/api/games?mode=current', () => '/api/games?mode=current'],
  ['/api/games?mode=current after a write', () => '/api/games?mode=current', afterAWrite],
  ['/api/games/:id/summary', (i) => `/api/games/${games[i].id}/summary`],
  ['/api/game_events/:id', (i) => `/api/game_events/${games[i].id}`],
  ['/graphql game(id)', (i) => graphql(`{ game(id: ${games[i].id}) { startsAt status homeScore awayScore homeTeam { name } awayTeam { name } } }`)],
  ['/api/teams/:id', (i) => `/api/teams/${teams[i].id}`],
  ['/api/teams/:id/statistics', (i) => `/api/teams/${teams[i].id}/statistics`],
  ['/graphql team(id)', (i) => graphql(`{ team(id: ${teams[i].id}) { name logoUrl club { name } gameClass { name } } }`)],
  ['/api/clubs/:id/statistics', (i) => `/api/clubs/${clubs[i].id}/statistics?season=${clubs[i].season}`],
  // The game-day head's pages a live write drops (docs/performance.md "Game day").
  ['/api/games?mode=team', (i) => `/api/games?mode=team&team_id=${teamSeasons[i].id}&season=${teamSeasons[i].season}`],
  ['/api/teams/:id/players', (i) => `/api/teams/${teamSeasons[i].id}/players?season=${teamSeasons[i].season}`],
  ['/api/games?mode=list (a round)', (i) => `/api/games?mode=list&${groupQuery(groups[i])}&round=${groups[i].round}`],
  ['/api/rankings', (i) => `/api/rankings?${groupQuery(groups[i])}`],
  ['/api/topscorers/main', topScorersOf],
  ['/api/topscorers/main after a goal', topScorersOf, afterAGoal],
];

console.log(`One uncached request at a time, scale ${scale}, ${samples} random records per page (5 more first, to warm up)\n`);
console.log('| page | CPU ms | wall ms | statements |');
console.log('|---|---:|---:|---:|');
for (const [name, request, asking = uncached] of pages) {
  if (only && !only.includes(name)) continue;
  const warmUp = asking.warmsItsRecords ? [0, samples] : [samples, samples + 5];
  for (let i = warmUp[0]; i < warmUp[1]; i += 1) await ask(asking, request, i);
  for (let round = 0; round < rounds; round += 1) await measure(name, request, asking);
}

async function ask({ service, before }: Asking, request: (i: number) => InjectOptions | string, i: number) {
  await before?.(i);
  return service.inject(request(i));
}

async function measure(name: string, request: (i: number) => InjectOptions | string, asking: Asking): Promise<void> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const statements = database.queryCount();
  for (let i = 0; i < samples; i += 1) {
    const response = await ask(asking, request, i);
    if (response.statusCode !== 200) throw new Error(`${name} answered ${response.statusCode}: ${response.body.slice(0, 200)}`);
    if (asking.before && response.headers['x-cache'] !== 'miss') throw new Error(`${name} was not a miss (x-cache: ${response.headers['x-cache']})`);
  }
  const used = process.cpuUsage(cpu);
  const per = (value: number) => (value / samples).toFixed(1);
  console.log(`| \`${name}\` | ${per((used.user + used.system) / 1000)} | ${per(performance.now() - started)} | ${per(database.queryCount() - statements)} |`);
}

await app.close();
await cachedApp.close();
changes.close();
await database.close();
await pool.end();
