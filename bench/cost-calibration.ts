// npm run bench:cost -- [--scale 10] [--runs 5] [--reload] [--skip-slow]   (also: npm run bench -- --only cost --scales 10)
// Calibrates the GraphQL cost limit (src/schema/costs.ts): runs a fixed set of realistic and worst-case
// documents against the demo league at the scale on PostgreSQL, each uncached (a new request
// context, no response cache, a document text not parsed before) and one at a time, and prints per
// document its static cost (the complexity plugin's own computation), its median time, the time per
// cost unit, and what the answer held (objects, leaf values, SQL statements). The model is right when
// the µs per unit is about the same for every document that is allowed: the limit is then a time budget.
// The league lives in a database of its own (floorball_cost_<scale>), created and loaded when absent,
// so that the load benchmark's writes and reloads do not disturb it.
import { complexityFromQuery } from '@pothos/plugin-complexity';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { openDatabase, type Database } from '../src/db/database.js';
import { DEFAULT_MAX_COMPLEXITY } from '../src/schema/builder.js';
import { COST_UNIT_MICROSECONDS } from '../src/schema/costs.js';
import { getSchema } from '../src/schema/index.js';
import { installCleanup, run } from './children.js';
import { admin, databaseUrl, serverUrl } from './databases.js';

export interface CostRow {
  name: string;
  cost: number;
  ms: number;
  /** This process's CPU time (the database's own work is not in it). */
  cpuMs: number;
  /** The PostgreSQL backends' CPU time. */
  databaseMs: number;
  /** CPU time of the service and of PostgreSQL for the request: what the cost model predicts. */
  workMs: number;
  objects: number;
  leaves: number;
  statements: number;
  allowed: boolean;
  planDefect?: string;
}

export function costDatabaseName(scale: number): string {
  return `floorball_cost_${String(scale).replace('.', '_')}`;
}

async function ensureLeague(scale: number, reload: boolean): Promise<string> {
  const name = costDatabaseName(scale);
  const url = databaseUrl(name);
  const exists = await admin(async (c) => (await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1);
  const loaded = exists && (await admin(async (c) => (await c.query(`SELECT to_regclass('"Game"') IS NOT NULL AS ok`)).rows[0].ok as boolean, url));
  if (!loaded || reload) {
    await admin((c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    await admin((c) => c.query(`CREATE DATABASE "${name}"`));
    console.error(`loading the demo league at scale ${scale} into ${name} …`);
    await run('the demo league load', process.execPath, ['--import', 'tsx', 'scripts/demo.ts', '--scale', String(scale), '--seed', '2025'], {
      env: { DATABASE_URL: url },
    }).catch((error: unknown) => {
      throw new Error(`loading the demo league into ${name} failed: ${error instanceof Error ? error.message : error}`);
    });
  }
  return url;
}

/** The records the documents ask for, picked by stable rules so that reruns ask the same. */
interface Ids {
  season: number;
  /** The busiest day of the current season (start of the day, UTC) and its game count. */
  day: string;
  dayGames: number;
  club: number;
  team: number;
  player: number;
  /** The league with the most groups this season, and its game class. */
  league: number;
  gameClass: number;
  topLeague: number;
  topGameClass: number;
}

async function pickIds(url: string): Promise<Ids> {
  return admin(async (c) => {
    const one = async <T extends Record<string, unknown>>(sql: string, params: unknown[] = []) => (await c.query<T>(sql, params)).rows[0];
    const { season } = await one<{ season: number }>('SELECT id AS season FROM "Season" WHERE "isCurrent"');
    const busiest = await one<{ day: Date; games: number }>(
      `SELECT date_trunc('day', g."startsAt" AT TIME ZONE 'UTC') AS day, count(*)::int AS games FROM "Game" g
       JOIN "LeagueGroup" grp ON grp.id = g."groupId" WHERE grp."seasonId" = $1 AND g.status = 'FINISHED'
       GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 1`,
      [season],
    );
    const { club } = await one<{ club: number }>(
      `SELECT t."clubId" AS club FROM "Team" t JOIN "TeamRegistration" r ON r."teamId" = t.id JOIN "LeagueGroup" g ON g.id = r."groupId"
       WHERE g."seasonId" = $1 GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`,
      [season],
    );
    const top = await one<{ team: number; league: number; gameClass: number }>(
      `SELECT r."teamId" AS team, g."leagueId" AS league, g."gameClassId" AS "gameClass" FROM "TeamRegistration" r JOIN "LeagueGroup" g ON g.id = r."groupId"
       WHERE g."seasonId" = $1 ORDER BY g."leagueId", g."gameClassId", r."teamId" LIMIT 1`,
      [season],
    );
    const widest = await one<{ league: number; gameClass: number }>(
      `SELECT "leagueId" AS league, "gameClassId" AS "gameClass" FROM "LeagueGroup" WHERE "seasonId" = $1
       GROUP BY 1, 2 ORDER BY count(*) DESC, 1, 2 LIMIT 1`,
      [season],
    );
    const { player } = await one<{ player: number }>(
      `SELECT l."playerId" AS player FROM "LineupEntry" l JOIN "Game" g ON g.id = l."gameId" JOIN "LeagueGroup" grp ON grp.id = g."groupId"
       WHERE grp."seasonId" = $1 AND l."teamId" = $2 GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`,
      [season, top.team],
    );
    return {
      season,
      day: busiest.day.toISOString().slice(0, 10),
      dayGames: busiest.games,
      club,
      team: top.team,
      player,
      league: widest.league,
      gameClass: widest.gameClass,
      topLeague: top.league,
      topGameClass: top.gameClass,
    };
  }, url);
}

const GAME_ROW = 'id startsAt status homeScore awayScore homePeriodScores awayPeriodScores homeTeam { id name logoUrl } awayTeam { id name logoUrl }';
const EVENT_ROW = 'id second type side homeScore awayScore penaltyKind player { id firstName lastName } assist { id firstName lastName }';
const LINEUP_ROW = 'number position captain player { id firstName lastName }';
const STANDING_ROW = 'rank games wins overtimeWins overtimeLosses losses goalsFor goalsAgainst points team { id name logoUrl }';

/**
 * The calibration set: what the public API's clients ask (the first rows), then nested lists and the
 * worst cases the page, depth and breadth limits still let through. `refuse` marks the documents the
 * limit exists for: they take seconds and must not run.
 */
/**
 * Under Query.teams, PostgreSQL builds a team's nested rows (its games, its roster) for every team
 * before it sorts them by name and takes the page: there is no index on Team(name, id) to walk. The
 * model charges the page; these documents measure the missing index, and are left out of the spread.
 */
const TEAM_PAGE_PLAN = 'every team’s nested rows are built before the page is taken (no index on Team(name, id))';

export function calibrationDocuments(ids: Ids): { name: string; query: string; refuse?: boolean; planDefect?: string }[] {
  const day = `from: "${ids.day}T00:00:00Z", to: "${ids.day}T23:59:59Z"`;
  return [
    { name: 'the seasons (the floor)', query: '{ seasons { id label } }' },
    { name: '100 games: ids', query: `{ games(first: 100, filter: { ${day} }) { edges { node { id } } } }` },
    {
      name: '100 games: 18 values each',
      query: `{ games(first: 100, filter: { ${day} }) { edges { node { id startsAt status homeScore awayScore homePeriodScores awayPeriodScores decidedBy spectators forfeitedBy secondsPlayed hasVideoStream bracketPosition version firstReferee secondReferee homePlaceholder awayPlaceholder } } } }`,
    },
    {
      name: '100 games: 9 related objects each',
      query: `{ games(first: 100, filter: { ${day} }) { edges { node { id homeTeam { id club { id } gameClass { id } } awayTeam { id club { id } gameClass { id } } venue { id } group { id league { id } } } } } }`,
    },
    { name: 'one game with events', query: `{ games(first: 1, filter: { ${day} }) { edges { node { ${GAME_ROW} events { ${EVENT_ROW} } } } } }` },
    {
      name: `a day's games, scores (${ids.dayGames})`,
      query: `{ games(first: 100, filter: { ${day} }) { edges { node { ${GAME_ROW} venue { name city } group { id name } } } } }`,
    },
    {
      name: `a day's games with events (${ids.dayGames})`,
      query: `{ games(first: 100, filter: { ${day} }) { edges { node { ${GAME_ROW} events { ${EVENT_ROW} } } } } }`,
    },
    {
      name: `a day's games, events and lineups (${ids.dayGames})`,
      query: `{ games(first: 100, filter: { ${day} }) { edges { node { ${GAME_ROW} events { ${EVENT_ROW} } lineup { ${LINEUP_ROW} } } } } }`,
    },
    {
      name: "a club's season: games and records",
      query: `{ club(id: ${ids.club}) { name teams(season: ${ids.season}) { id name gameClass { name } } seasonRecords(season: ${ids.season}) { team { name } qualificationRank qualificationGroup { name } finalPhase { phase } } }
         games(first: 100, filter: { clubId: ${ids.club}, season: ${ids.season} }) { edges { node { ${GAME_ROW} group { name } } } } }`,
    },
    {
      name: "standings of a league's groups",
      query: `{ leagueGroups(season: ${ids.season}, league: ${ids.league}, gameClass: ${ids.gameClass}, first: 100) { edges { node { id name phase standings { ${STANDING_ROW} } } } } }`,
    },
    {
      name: 'standings, every group of the season',
      query: `{ leagueGroups(season: ${ids.season}, first: 100) { edges { node { id name standings { ${STANDING_ROW} } } } } }`,
    },
    {
      name: 'top scorers (100)',
      query: `{ topScorers(season: ${ids.season}, league: ${ids.topLeague}, gameClass: ${ids.topGameClass}, first: 100) { rank goals assists points player { id firstName lastName } team { id name } } }`,
    },
    {
      name: "a player's season",
      query: `{ player(id: ${ids.player}) { firstName lastName statistics { season { id } team { name } league { name } games goals assists points penaltyMinutes }
         games(season: ${ids.season}) { played goals assists points penaltyMinutes game { startsAt status homeScore awayScore homeTeam { name } awayTeam { name } } } } }`,
    },
    {
      name: 'a team page: roster with totals',
      query: `{ team(id: ${ids.team}) { name club { name } seasonRecords { season { id } qualificationRank qualificationGroup { name } }
         members(season: ${ids.season}) { number position player { id firstName lastName yearOfBirth } statistics { games goals assists points penaltyMinutes } } } }`,
    },
    {
      name: "a team's games with lineups",
      query: `{ games(first: 30, filter: { teamId: ${ids.team}, season: ${ids.season} }) { edges { node { ${GAME_ROW} lineup { ${LINEUP_ROW} } } } } }`,
    },
    {
      name: 'the season: groups, teams, clubs',
      query: `{ season(id: ${ids.season}) { groups { id name teams { id name club { name } } } } }`,
    },
    {
      name: '100 groups: teams (a statement each)',
      query: `{ leagueGroups(season: ${ids.season}, first: 100) { edges { node { id teams { id name } } } } }`,
    },
    {
      name: '100 groups: rounds with start',
      query: `{ leagueGroups(season: ${ids.season}, first: 100) { edges { node { id rounds { number startsAt } } } } }`,
    },
    {
      name: '100 teams: season records',
      query: `{ teams(season: ${ids.season}, first: 100) { edges { node { id seasonRecords { season { id } qualificationRank qualificationGroup { name } } } } } }`,
    },
    {
      name: '20 clubs: season records',
      query: `{ clubs(season: ${ids.season}, first: 20) { edges { node { id seasonRecords(season: ${ids.season}) { team { name } qualificationRank } } } } }`,
    },
    { name: '100 players: statistics', query: `{ players(first: 100) { edges { node { id statistics { season { id } games goals assists points } } } } }` },
    { name: '20 players: season games', query: `{ players(first: 20) { edges { node { id games(season: ${ids.season}) { played goals game { id } } } } } }` },
    {
      name: '20 rosters with totals',
      query: `{ teams(season: ${ids.season}, league: ${ids.topLeague}, first: 20) { edges { node { id members(season: ${ids.season}) { number statistics { goals assists points } } } } } }`,
    },
    {
      name: 'top scorers, every rank',
      query: `{ topScorers(season: ${ids.season}, league: ${ids.topLeague}, gameClass: ${ids.topGameClass}, all: true) { rank points player { lastName } } }`,
    },
    {
      name: '100 teams: average visitors',
      query: `{ teams(season: ${ids.season}, first: 100) { edges { node { id averageVisitors(season: ${ids.season}) } } } }`,
    },
    {
      name: 'team visitors, every league',
      query: `{ teamVisitors(season: ${ids.season}, leagues: [1, 2, 3, 4, 5, 6, 7], gameClass: ${ids.topGameClass}) { rank averageVisitors team { name } } }`,
    },
    { name: 'national records', query: '{ nationalPlayerRecords(selectionId: 1) { games goals assists points nationalPlayer { player { lastName } } } }' },
    { name: 'search, 50 hits', query: '{ search(text: "mül", first: 50) { kind id name match detail } }' },
    { name: 'season games, count only', query: `{ games(first: 1, filter: { season: ${ids.season} }) { totalCount } }` },
    {
      name: '100 games: clock and status messages',
      query: `{ games(first: 100, filter: { ${day} }) { edges { node { id clock { phase period second running } statusMessages } } } }`,
    },
    {
      name: '100 groups: rounds and their games',
      query: `{ leagueGroups(season: ${ids.season}, first: 100) { edges { node { name rounds { number games { id startsAt homeScore awayScore } } } } } }`,
    },
    {
      name: '100 teams: home games (100 each)',
      planDefect: TEAM_PAGE_PLAN,
      query: `{ teams(first: 100) { edges { node { name homeGames(first: 100) { edges { node { startsAt homeScore awayScore awayTeam { name } } } } } } } }`,
    },
    {
      name: "a team's home games (100)",
      query: `{ team(id: ${ids.team}) { homeGames(first: 100) { edges { node { startsAt homeScore awayScore awayTeam { name } } } } } }`,
    },
    {
      name: '10 teams: home games (100 each)',
      planDefect: TEAM_PAGE_PLAN,
      query: `{ teams(first: 10) { edges { node { name homeGames(first: 100) { edges { node { startsAt homeScore awayScore awayTeam { name } } } } } } } }`,
    },
    {
      name: '100 teams: rosters',
      planDefect: TEAM_PAGE_PLAN,
      query: `{ teams(first: 100) { edges { node { name members(season: ${ids.season}) { number player { lastName } } } } } }`,
    },
    {
      name: '100 teams: roster statistics',
      refuse: true,
      query: `{ teams(first: 100) { edges { node { id seasonRecords { season { id } } members(season: ${ids.season}) { player { statistics { goals } } } } } } }`,
    },
    {
      name: '20 groups: games with events and lineups',
      refuse: true,
      query: `{ leagueGroups(season: ${ids.season}, first: 20) { edges { node { name games(first: 100) { edges { node { ${GAME_ROW} events { ${EVENT_ROW} } lineup { ${LINEUP_ROW} } } } } } } } }`,
    },
    {
      name: '100 games: lineup players season games',
      refuse: true,
      query: `{ games(first: 100, filter: { ${day} }) { edges { node { lineup { player { games(season: ${ids.season}) { goals } } } } } } }`,
    },
  ];
}

function counted(value: unknown, into: { objects: number; leaves: number }): void {
  if (Array.isArray(value)) for (const item of value) counted(item, into);
  else if (value !== null && typeof value === 'object') {
    into.objects += 1;
    for (const child of Object.values(value)) counted(child, into);
  } else into.leaves += 1;
}

/**
 * CPU time of the PostgreSQL backends serving the league's database, in ms, read from
 * /proc/<pid>/schedstat (ns on CPU): with the process's own CPU time it is the request's work, which
 * other load on a shared machine does not inflate as it does the wall time.
 */
async function databaseCpuMs(monitor: pg.Client, name: string): Promise<Map<number, number>> {
  const { rows } = await monitor.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1', [name]);
  const { readFile } = await import('node:fs/promises');
  const times = new Map<number, number>();
  for (const { pid } of rows) {
    const stat = await readFile(`/proc/${pid}/schedstat`, 'utf8').catch(() => null);
    if (stat) times.set(pid, Number(stat.split(' ')[0]) / 1e6);
  }
  return times;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

interface Probe {
  app: FastifyInstance;
  database: Database;
  monitor: pg.Client;
  name: string;
}

async function timed({ app, database, monitor, name }: Probe, query: string, run: number) {
  const databaseBefore = await databaseCpuMs(monitor, name);
  const statements = database.queryCount();
  const cpu = process.cpuUsage();
  const started = performance.now();
  // A comment makes each run's text new: parsing and validating it are part of an uncached request.
  const response = await app.inject({ method: 'POST', url: '/graphql', payload: { query: `# run ${run}\n${query}` } });
  const ms = performance.now() - started;
  const used = process.cpuUsage(cpu);
  let databaseMs = 0;
  for (const [pid, after] of await databaseCpuMs(monitor, name)) databaseMs += after - (databaseBefore.get(pid) ?? 0);
  const body = response.json() as { data?: unknown; errors?: { message: string }[] };
  if (body.errors?.length) throw new Error(`${body.errors[0].message}\n${query}`);
  const sizes = { objects: 0, leaves: 0 };
  counted(body.data, sizes);
  return { ms, cpuMs: (used.user + used.system) / 1000, databaseMs, statements: database.queryCount() - statements, ...sizes };
}

export async function calibrateCosts(options: { scale: number; runs: number; reload?: boolean; skipSlow?: boolean }): Promise<{ ids: Ids; rows: CostRow[] }> {
  const url = await ensureLeague(options.scale, options.reload ?? false);
  const ids = await pickIds(url);
  const database = await openDatabase({ databaseUrl: url, migrate: true });
  // No response cache, no rate limits, no deadline; a limit no document reaches, so each one runs.
  const app = await buildApp({
    database,
    logLevel: 'warn',
    production: true,
    publicBaseUrl: 'http://localhost:3000',
    graphql: { maxComplexity: 100_000_000, timeoutMs: 0 },
  });
  const schema = getSchema();
  const rows: CostRow[] = [];
  const monitor = new pg.Client({ connectionString: serverUrl });
  await monitor.connect();
  const probe: Probe = { app, database, monitor, name: costDatabaseName(options.scale) };
  try {
    for (const { name, query, refuse, planDefect } of calibrationDocuments(ids).filter((document) => !(options.skipSlow && document.refuse))) {
      const cost = Math.ceil(complexityFromQuery(query, { schema }).complexity);
      console.error(`${name}: cost ${cost}`);
      // Seconds each: one run tells whether it fits a budget of one second.
      const count = refuse ? 1 : options.runs;
      if (!refuse) await timed(probe, query, 0); // the statement and plan caches, the JIT
      const runs = [];
      for (let run = 1; run <= count; run += 1) runs.push(await timed(probe, query, run));
      const last = runs[runs.length - 1];
      rows.push({
        name,
        cost,
        ms: median(runs.map((r) => r.ms)),
        cpuMs: median(runs.map((r) => r.cpuMs)),
        databaseMs: median(runs.map((r) => r.databaseMs)),
        workMs: median(runs.map((r) => r.cpuMs + r.databaseMs)),
        objects: last.objects,
        leaves: last.leaves,
        statements: last.statements,
        allowed: cost <= DEFAULT_MAX_COMPLEXITY,
        planDefect,
      });
    }
  } finally {
    await monitor.end();
    await app.close();
    await database.close();
  }
  return { ids, rows };
}

export function reportCosts(scale: number, runs: number, { ids, rows }: { ids: Ids; rows: CostRow[] }): void {
  const budgetMs = (DEFAULT_MAX_COMPLEXITY * COST_UNIT_MICROSECONDS) / 1000;
  console.log(
    `\nGraphQL cost calibration, scale ${scale}, PostgreSQL, median of ${runs} uncached runs one at a time (1 for the slow ones), ${new Date().toISOString().slice(0, 10)}; busiest day ${ids.day}`,
  );
  console.log(`work = CPU ms of the service + of PostgreSQL; limit ${DEFAULT_MAX_COMPLEXITY} units × ${COST_UNIT_MICROSECONDS} µs = ${budgetMs} ms of work\n`);
  console.log(
    '| document | cost | wall ms | work ms | service CPU ms | PostgreSQL CPU ms | µs of work / unit | statements | objects | leaves | limit says | work within budget |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---|');
  for (const r of rows) {
    console.log(
      `| ${r.name} | ${r.cost} | ${r.ms.toFixed(1)} | ${r.workMs.toFixed(1)} | ${r.cpuMs.toFixed(1)} | ${r.databaseMs.toFixed(1)} | ${((r.workMs * 1000) / r.cost).toFixed(1)} | ${r.statements} | ${r.objects} | ${r.leaves} | ${r.allowed ? 'runs' : 'refused'} | ${r.workMs <= budgetMs ? 'yes' : 'no'} |`,
    );
  }
  const ratios = rows.filter((r) => r.allowed && r.cost >= 500 && !r.planDefect).map((r) => (r.workMs * 1000) / r.cost);
  const spread = Math.max(...ratios) / Math.min(...ratios);
  const wrong = rows.filter((r) => r.allowed !== r.workMs <= budgetMs && !r.planDefect);
  for (const r of rows.filter((row) => row.planDefect)) console.log(`plan defect, left out below: ${r.name}: ${r.planDefect}`);
  console.log(
    `\nµs of work per unit, allowed documents of 500 units or more: ${Math.min(...ratios).toFixed(1)}–${Math.max(...ratios).toFixed(1)} (spread ${spread.toFixed(1)}x, want ≤ 2x)`,
  );
  console.log(`the limit agrees with the budget for every document: ${wrong.length === 0 ? 'yes' : `no (${wrong.map((r) => r.name).join(', ')})`}`);
}

const isMain = process.argv[1]?.endsWith('cost-calibration.ts');
if (isMain) {
  installCleanup();
  const args = process.argv.slice(2);
  const option = (name: string, fallback: number) => {
    const index = args.indexOf(`--${name}`);
    return index >= 0 ? Number(args[index + 1]) : fallback;
  };
  const scale = option('scale', 10);
  const runs = option('runs', 5);
  calibrateCosts({ scale, runs, reload: args.includes('--reload'), skipSlow: args.includes('--skip-slow') })
    .then((result) => reportCosts(scale, runs, result))
    .catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    });
}
