// npm run openapi:examples -- [--out file]
// Records one real answer (or a few, one per mode) and the error answers of every route the OpenAPI
// document lists, on the demo league (seed 7, scale 0.1, "now" 2026-11-22T15:30:00Z, as
// scripts/wire-snapshot.ts builds it), trimmed to a few rows, into docs/openapi-examples.json. The
// document shows them as its examples; test/http/openapi.test.ts replays every recorded URL and
// validates the live answers and the recorded ones against the document.
import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { fixedClock } from '../src/clock.js';
import { DEFAULT_SPONSOR_PATH } from '../src/config.js';
import { loadDemoLeague } from '../src/data/demo/index.js';
import { openDatabase, type Database } from '../src/db/database.js';
import { newApiKey } from '../src/domain/api-keys.js';
import { EXAMPLES_FILE, type RecordedExamples, type RecordedExchange } from '../src/facades/openapi/examples.js';
import { documentedRoutes } from '../src/facades/openapi/registry.js';

const LEAGUE = { seed: 7, scale: 0.1, now: '2026-11-22T15:30:00Z' };
const NOW = new Date(LEAGUE.now);
const FORM = 'application/x-www-form-urlencoded';
/** Rows, entries and resources an example keeps: enough to show the shape, small enough to read. */
const KEEP = 2;

type Probe = Omit<RecordedExchange, 'contentType' | 'body'>;

const get = (name: string, url: string, status = 200, extra: Partial<Probe> = {}): Probe => ({ name, method: 'GET', url, status, ...extra });
const post = (name: string, url: string, body: string, status = 200): Probe => ({ name, method: 'POST', url, requestBody: body, requestContentType: FORM, status });
const favorite = (value: Record<string, unknown>) => `favorites[]=${encodeURIComponent(JSON.stringify(value))}`;

/** The ids the examples use, chosen by stable rules from the generated league. */
async function sample(db: Database) {
  const prisma = db.prisma;
  const season = await prisma.season.findFirstOrThrow({ where: { isCurrent: true } });
  const finished = await prisma.game.findFirstOrThrow({ where: { status: 'FINISHED', lineup: { some: {} }, events: { some: {} } }, orderBy: { id: 'asc' } });
  const team = await prisma.team.findUniqueOrThrow({ where: { id: finished.homeTeamId } });
  const away = await prisma.team.findUniqueOrThrow({ where: { id: finished.awayTeamId } });
  const otherClub = await prisma.club.findFirstOrThrow({ where: { id: { notIn: [team.clubId, away.clubId] } }, orderBy: { id: 'asc' } });
  const lineup = await prisma.lineupEntry.findFirstOrThrow({ where: { gameId: finished.id, teamId: team.id }, orderBy: { id: 'asc' } });
  const member = await prisma.teamMember.findFirstOrThrow({ where: { seasonId: season.id }, orderBy: { id: 'asc' } });
  const nationalPlayer = await prisma.nationalPlayer.findFirstOrThrow({ orderBy: { id: 'asc' } });
  const cupGame = await prisma.game.findFirstOrThrow({ where: { cupRoundId: { not: null } }, orderBy: { id: 'asc' }, include: { cupRound: true } });
  const group = await prisma.leagueGroup.findFirstOrThrow({ where: { seasonId: season.id, phase: 'QUALIFICATION' }, orderBy: { id: 'asc' } });
  return {
    season: season.id,
    finished: finished.id,
    team: team.id,
    club: team.clubId,
    otherClub: otherClub.id,
    player: lineup.playerId,
    currentPlayer: member.playerId,
    nationalPlayer: nationalPlayer.id,
    cup: { tournament: cupGame.cupRound!.tournamentId, round: cupGame.cupRound!.id },
    group,
  };
}

/** By operationId (src/facades/openapi/registry.ts). `{sid}` is a session the script makes first. */
function probes(ids: Awaited<ReturnType<typeof sample>> & { licenses: number[] }, sponsor: string): Record<string, { examples: Probe[]; errors: Probe[] }> {
  const { season, finished, team, club, player, group } = ids;
  const league = `season=${season}&league=${group.leagueId}&game_class=${group.gameClassId}`;
  const lineupPath = `/api/v3/games/${finished}/teams/${team}`;
  return {
    version: { examples: [get('version', '/api')], errors: [] },
    games: {
      examples: [
        get('mode=list', '/api/games?mode=list'),
        get('mode=current', '/api/games?mode=current'),
        get('mode=direct', `/api/games?mode=direct&game_id=${finished}&amount=3`),
        get('mode=team', `/api/games?mode=team&team_id=${team}&season=${season}`),
        get('mode=club', `/api/games?mode=club&club_id=${club}&season=${season}`),
        get('mode=cup', `/api/games?mode=cup&tournament_id=${ids.cup.tournament}&round=${ids.cup.round}&side=left`),
        get('mode=favorite', '/api/games?mode=favorite&sid={sid}'),
      ],
      errors: [get('unknown mode', '/api/games?mode=nope', 400), get('unknown game', '/api/games?mode=direct&game_id=999999', 404)],
    },
    gameDetail: { examples: [get('finished game', `/api/games/${finished}`)], errors: [get('malformed id', '/api/games/abc', 400), get('unknown game', '/api/games/999999', 404)] },
    gameSummary: {
      examples: [get('finished game', `/api/games/${finished}/summary`)],
      errors: [get('malformed id', '/api/games/abc/summary', 400), get('unknown game', '/api/games/999999/summary', 404)],
    },
    gameLineup: {
      examples: [get('home team', `/api/games/${finished}/teams/0/players`)],
      errors: [get('unknown side', `/api/games/${finished}/teams/2/players`, 400), get('unknown game', '/api/games/999999/teams/0/players', 404)],
    },
    gameEvents: {
      examples: [get('finished game', `/api/game_events/${finished}`)],
      errors: [get('unknown team', `/api/game_events/${finished}?team=guest`, 400), get('unknown game', '/api/game_events/999999', 404)],
    },
    seasons: { examples: [get('dropdown', '/api/seasons?format=dropdown')], errors: [get('unknown format', '/api/seasons?format=xml', 400)] },
    leagues: { examples: [get('current season', '/api/leagues')], errors: [get('malformed season', '/api/leagues?season=abc', 400)] },
    groups: { examples: [get('a league', `/api/groups?${league}`)], errors: [get('malformed league', '/api/groups?league=x', 400)] },
    rankings: { examples: [get('default league', '/api/rankings')], errors: [get('malformed season', '/api/rankings?season=abc', 400), get('unknown group', `/api/rankings?${league}&group=nope`, 404)] },
    topScorers: { examples: [get('main table', '/api/topscorers')], errors: [get('malformed amount', '/api/topscorers?amount=-1', 400)] },
    topScorersMain: {
      examples: [get('main table', '/api/topscorers/main?amount=5')],
      errors: [get('malformed amount', '/api/topscorers/main?amount=-1', 400)],
    },
    topScorersSponsor: {
      examples: [get('sponsor table', `/api/topscorers/${sponsor}`)],
      errors: [get('malformed phase', `/api/topscorers/${sponsor}?phase=x`, 400)],
    },
    topScorerHighlight: {
      examples: [get('attribute list', `/api/topscorers/${sponsor}-highlight`), get('table', `/api/topscorers/${sponsor}-highlight?club_id=${club}&view_type=table`)],
      errors: [get('unknown view type', `/api/topscorers/${sponsor}-highlight?view_type=grid`, 400)],
    },
    teams: {
      examples: [get('league teams', '/api/teams'), get('mode=by_club', `/api/teams?mode=by_club&season=${season}&club_id=${club}`)],
      errors: [get('club missing', '/api/teams?mode=by_club', 400)],
    },
    teamVisitors: { examples: [get('a season', `/api/teams/visitors?season=${season}`)], errors: [get('malformed season', '/api/teams/visitors?season=abc', 400), get('unknown season', '/api/teams/visitors?season=1990', 404)] },
    teamDetail: { examples: [get('a team', `/api/teams/${team}`)], errors: [get('malformed id', '/api/teams/abc', 400), get('unknown team', '/api/teams/999999', 404)] },
    teamPlayers: { examples: [get('a team', `/api/teams/${team}/players`)], errors: [get('malformed season', `/api/teams/${team}/players?season=abc`, 400), get('unknown team', '/api/teams/999999/players', 404)] },
    teamStatistics: { examples: [get('a team', `/api/teams/${team}/statistics`)], errors: [get('malformed id', '/api/teams/abc/statistics', 400), get('unknown team', '/api/teams/999999/statistics', 404)] },
    clubs: { examples: [get('a season', `/api/clubs?season=${season}`)], errors: [get('malformed season', '/api/clubs?season=abc', 400)] },
    clubStatistics: { examples: [get('a club', `/api/clubs/${club}/statistics`)], errors: [get('malformed id', '/api/clubs/abc/statistics', 400), get('unknown club', '/api/clubs/999999/statistics', 404)] },
    cups: { examples: [get('a season', `/api/cups?season=${season}`)], errors: [get('malformed season', '/api/cups?season=abc', 400)] },
    cupDetails: { examples: [get('a cup', `/api/cups/${ids.cup.tournament}`)], errors: [get('malformed id', '/api/cups/abc', 400), get('unknown cup', '/api/cups/999999', 404)] },
    calendars: { examples: [get('a team', `/api/calendars?team_id=${team}`)], errors: [get('malformed team', '/api/calendars?team_id=abc', 400), get('unknown team', '/api/calendars?team_id=999999', 404)] },
    playerDetail: { examples: [get('a player', `/api/players/${player}`)], errors: [get('malformed id', '/api/players/abc', 400), get('unknown player', '/api/players/999999', 404)] },
    playerStatistics: { examples: [get('a player', `/api/players/${player}/statistics`)], errors: [get('malformed id', '/api/players/abc/statistics', 400), get('unknown player', '/api/players/999999/statistics', 404)] },
    playerOverview: {
      examples: [get('a player', `/api/players/${ids.currentPlayer}/overview`)],
      errors: [get('malformed season', `/api/players/${player}/overview?season=abc`, 400), get('unknown player', '/api/players/999999/overview', 404)],
    },
    nationalPlayers: { examples: [get('default selection', '/api/national_players')], errors: [get('malformed selection', '/api/national_players?selection_id=x', 400), get('unknown selection', '/api/national_players?selection_id=999', 404)] },
    nationalRecords: {
      examples: [get('by games', '/api/national_players/statistics?selection_id=1&order=games&direction=asc')],
      errors: [get('unknown direction', '/api/national_players/statistics?direction=sideways', 400), get('unknown selection', '/api/national_players/statistics?selection_id=999', 404)],
    },
    nationalPlayerDetail: {
      examples: [get('a national player', `/api/national_players/${ids.nationalPlayer}`)],
      errors: [get('malformed id', '/api/national_players/abc', 400), get('unknown national player', '/api/national_players/999999', 404)],
    },
    nationalPlayerStatistics: {
      examples: [get('a national player', `/api/national_players/${ids.nationalPlayer}/statistics`)],
      errors: [get('malformed id', '/api/national_players/abc/statistics', 400), get('unknown national player', '/api/national_players/999999/statistics', 404)],
    },
    addFavorite: {
      examples: [post('new session with a team', '/api/sessions/add_favorite', `sid=null&${favorite({ type: 'team', team_id: team })}`)],
      errors: [post('favorite not JSON', '/api/sessions/add_favorite', 'sid=null&favorites[]=not-json', 400)],
    },
    removeFavorite: {
      examples: [post('remove a club', '/api/sessions/remove_favorite', `sid={sid}&${favorite({ type: 'club', club_id: club })}`)],
      errors: [post('unknown favorite type', '/api/sessions/remove_favorite', `sid={sid}&${favorite({ type: 'nope' })}`, 400)],
    },
    matchcenter: { examples: [get('a session', '/api/sessions/matchcenter?sid={sid}')], errors: [] },
    v3Games: {
      examples: [get('two days with teams', '/api/v3/games?filter[from_date]=2026-11-21&filter[to_date]=2026-11-22&include=home_team,away_team')],
      errors: [get('no filter', '/api/v3/games', 400), get('no key', '/api/v3/games?filter[from_date]=2026-11-22', 401, { withoutKey: true })],
    },
    v3Game: {
      examples: [get('with the home team', `/api/v3/games/${finished}?include=home_team`)],
      errors: [get('unknown include', `/api/v3/games/${finished}?include=referee`, 400), get('no key', `/api/v3/games/${finished}`, 401, { withoutKey: true }), get('unknown game', '/api/v3/games/999999', 404)],
    },
    v3LineupCandidates: {
      examples: [get('all candidates', `${lineupPath}/lineup_candidates`)],
      errors: [
        get('malformed filter', `${lineupPath}/lineup_candidates?filter[licenses]=a`, 400),
        get('no key', `${lineupPath}/lineup_candidates`, 401, { withoutKey: true }),
        get('key of another club', `${lineupPath}/lineup_candidates`, 403, { keyClubId: ids.otherClub }),
        get('unknown game', `/api/v3/games/999999/teams/${team}/lineup_candidates`, 404),
      ],
    },
    v3Lineup: {
      examples: [get('the candidates', `${lineupPath}/lineup?filter[licenses]=${ids.licenses.join(',')}`)],
      errors: [
        get('filter missing', `${lineupPath}/lineup`, 400),
        get('no key', `${lineupPath}/lineup?filter[licenses]=1`, 401, { withoutKey: true }),
        get('key of another club', `${lineupPath}/lineup?filter[licenses]=1`, 403, { keyClubId: ids.otherClub }),
        get('unknown game', `/api/v3/games/999999/teams/${team}/lineup?filter[licenses]=1`, 404),
      ],
    },
  };
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

function trimEntries(entries: unknown): unknown {
  return Array.isArray(entries) ? entries.slice(0, KEEP).map((entry) => (isObject(entry) ? { ...entry, entries: trimEntries(entry.entries) } : entry)) : entries;
}

/** The type:id pairs a resource points to. */
function referenced(resource: unknown): string[] {
  if (!isObject(resource) || !isObject(resource.relationships)) return [];
  return Object.values(resource.relationships).flatMap((relation) => [(relation as Json).data].flat().map((id) => `${(id as Json).type}:${(id as Json).id}`));
}

/** A JSON:API document with its first resources and what they include (two levels: lineup → member → player). */
function trimJsonApi(document: Json): Json {
  let data = Array.isArray(document.data) ? document.data.slice(0, KEEP) : document.data;
  if (isObject(data) && isObject(data.relationships) && isObject(data.relationships.team_members)) {
    const members = data.relationships.team_members as Json;
    data = { ...data, relationships: { ...data.relationships, team_members: { data: (members.data as unknown[]).slice(0, KEEP) } } };
  }
  if (!Array.isArray(document.included)) return { ...document, data };
  const included = document.included as Json[];
  const wanted = new Set([data].flat().flatMap(referenced));
  for (const resource of included) if (wanted.has(`${resource.type}:${resource.id}`)) referenced(resource).forEach((key) => wanted.add(key));
  return { ...document, data, included: included.filter((resource) => wanted.has(`${resource.type}:${resource.id}`)) };
}

/** An answer as the document shows it: the first region's first rows, the first entries, the first event. */
function trimmed(body: unknown): unknown {
  if (typeof body === 'string') {
    const end = body.indexOf('END:VEVENT\r\n');
    return end < 0 ? body : `${body.slice(0, end + 'END:VEVENT\r\n'.length)}END:VCALENDAR\r\n`;
  }
  if (!isObject(body)) return body;
  if (body.type === 'table' && isObject(body.data)) {
    const data = body.data as Json & { regions: Json[]; tabs: unknown[] };
    const regions = data.regions.slice(0, 1).map((region) => ({ ...region, rows: (region.rows as unknown[]).slice(0, KEEP) }));
    return { ...body, data: { ...data, tabs: data.tabs.slice(0, KEEP), regions } };
  }
  if (body.type === 'dropdown') return { ...body, entries: trimEntries(body.entries) };
  if (body.type === 'matchcenter' && isObject(body.data)) return { ...body, data: { sections: (body.data.sections as unknown[]).slice(0, KEEP) } };
  if ('data' in body && !('type' in body)) return trimJsonApi(body);
  return body;
}

async function createKey(db: Database, clubId: number | null): Promise<string> {
  const { key, prefix, hash } = newApiKey();
  await db.prisma.apiKey.create({ data: { name: `openapi examples ${clubId ?? 'federation'}`, prefix, hash, clubId, createdAt: NOW } });
  return key;
}

/** Answers whose status is not the planned one: reported together, and nothing is written. */
const mismatches: string[] = [];

async function record(app: FastifyInstance, probe: Probe, sid: string, keyOf: (clubId: number | null) => Promise<string>): Promise<RecordedExchange> {
  const substitute = (text: string) => text.replaceAll('{sid}', encodeURIComponent(sid));
  const headers: Record<string, string> = { 'x-request-id': 'example' };
  if (probe.url.startsWith('/api/v3/') && !probe.withoutKey) headers.authorization = `Bearer ${await keyOf(probe.keyClubId ?? null)}`;
  if (probe.requestContentType) headers['content-type'] = probe.requestContentType;
  const response = await app.inject({ method: probe.method, url: substitute(probe.url), headers, ...(probe.requestBody === undefined ? {} : { payload: substitute(probe.requestBody) }) });
  const contentType = String(response.headers['content-type'] ?? '');
  if (response.statusCode !== probe.status) mismatches.push(`${probe.method} ${probe.url}: ${response.statusCode} instead of ${probe.status}: ${response.body.slice(0, 200)}`);
  // Session ids are random: the file shows the placeholder, so that recording twice gives the same file.
  const text = response.body.replaceAll(sid, '{sid}');
  const body = /json/.test(contentType) ? (JSON.parse(text) as unknown) : text;
  const stable = isObject(body) && body.type === 'session' ? { ...body, data: '{sid}' } : body;
  return { ...probe, contentType, body: trimmed(stable) };
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { out: { type: 'string' } }, strict: true });
  const db = await openDatabase({ dataDir: 'memory://' });
  try {
    await loadDemoLeague(db.prisma, { seed: LEAGUE.seed, scale: LEAGUE.scale, now: NOW });
    const ids = await sample(db);
    const app = await buildApp({ database: db, clock: fixedClock(NOW), logLevel: 'silent' });
    try {
      const keys = new Map<number | null, string>();
      const keyOf = async (clubId: number | null) => keys.get(clubId) ?? keys.set(clubId, await createKey(db, clubId)).get(clubId)!;
      const session = await app.inject({
        method: 'POST',
        url: '/api/sessions/add_favorite',
        headers: { 'content-type': FORM },
        payload: [{ type: 'team', team_id: ids.team }, { type: 'league', league: ids.group.leagueId, game_class: ids.group.gameClassId }, { type: 'club', club_id: ids.club }].map(favorite).join('&'),
      });
      const sid = (session.json() as { data: string }).data;
      // The lineup example checks the team's own candidates, as a client would.
      const candidates = await app.inject({ url: `/api/v3/games/${ids.finished}/teams/${ids.team}/lineup_candidates`, headers: { authorization: `Bearer ${await keyOf(null)}` } });
      const licenses = (candidates.json() as { data: { id: string }[] }).data.slice(0, 20).map((member) => Number(member.id));
      const all = probes({ ...ids, licenses }, DEFAULT_SPONSOR_PATH);
      const routes: RecordedExamples['routes'] = {};
      for (const route of documentedRoutes(DEFAULT_SPONSOR_PATH)) {
        const planned = all[route.id];
        if (!planned) throw new Error(`no example planned for ${route.id} (${route.method} ${route.url})`);
        const recorded = { examples: [] as RecordedExchange[], errors: [] as RecordedExchange[] };
        for (const probe of planned.examples) recorded.examples.push(await record(app, probe, sid, keyOf));
        for (const probe of planned.errors) recorded.errors.push(await record(app, probe, sid, keyOf));
        routes[route.id] = recorded;
      }
      if (mismatches.length) throw new Error(`unexpected answers, nothing written:\n${mismatches.join('\n')}`);
      const file = values.out ?? EXAMPLES_FILE;
      const examples: RecordedExamples = { league: LEAGUE, routes };
      await writeFile(file, `${JSON.stringify(examples, null, 1)}\n`);
      console.error(`examples of ${Object.keys(routes).length} routes written to ${file}`);
    } finally {
      await app.close();
    }
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
