// npm run wire:snapshot -- [--out file] [--scale X]
// Dumps every facade's answer for a fixed list of requests on the demo league (fixed seed, fixed
// "now"), so a refactoring can be checked byte for byte: dump before, dump after, diff. Each entry
// shows the request, status, content type, a SHA-256 of the raw body and the body (JSON indented
// for reading; the hash is of the bytes as sent).
import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { fixedClock } from '../src/clock.js';
import { DEFAULT_SPONSOR_PATH } from '../src/config.js';
import { loadDemoLeague } from '../src/data/demo/index.js';
import { openDatabase, type Database } from '../src/db/database.js';
import { newApiKey } from '../src/domain/api-keys.js';

const NOW = new Date('2026-11-22T15:30:00Z');
const LOCALES = ['de', 'fr', 'it', 'en'] as const;

interface Probe {
  method: 'GET' | 'POST';
  url: string;
  headers?: Record<string, string>;
  body?: string;
}

const get = (url: string, headers?: Record<string, string>): Probe => ({ method: 'GET', url, headers });
const form = (url: string, body: string): Probe => ({ method: 'POST', url, body, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
const withLocales = (url: string): Probe[] => [get(url), ...LOCALES.map((locale) => get(`${url}${url.includes('?') ? '&' : '?'}locale=${locale}`))];

async function createKey(db: Database, clubId: number | null): Promise<string> {
  const { key, prefix, hash } = newApiKey();
  await db.prisma.apiKey.create({ data: { name: `snapshot ${clubId ?? 'federation'}`, prefix, hash, clubId, createdAt: NOW } });
  return key;
}

/** The ids the probes use, chosen by stable rules from the generated league. */
async function sample(db: Database) {
  const prisma = db.prisma;
  const season = await prisma.season.findFirstOrThrow({ where: { isCurrent: true } });
  const previous = await prisma.season.findFirst({ where: { id: { lt: season.id } }, orderBy: { id: 'desc' } });
  const matchPenalty = await prisma.gameEvent.findFirst({ where: { penaltyKind: 'MATCH' }, orderBy: { id: 'asc' } });
  const finished = await prisma.game.findFirstOrThrow({ where: { status: 'FINISHED', lineup: { some: {} }, events: { some: {} } }, orderBy: { id: 'asc' } });
  const byStatus = async (status: 'LIVE' | 'SCHEDULED' | 'CANCELLED' | 'FORFEIT') => prisma.game.findFirst({ where: { status }, orderBy: { id: 'asc' } });
  const team = await prisma.team.findUniqueOrThrow({ where: { id: finished.homeTeamId } });
  const player = await prisma.lineupEntry.findFirstOrThrow({ where: { gameId: finished.id }, orderBy: { id: 'asc' } });
  const member = await prisma.teamMember.findFirstOrThrow({ where: { seasonId: season.id }, orderBy: { id: 'asc' } });
  const nationalPlayer = await prisma.nationalPlayer.findFirst({ orderBy: { id: 'asc' } });
  const cupGame = await prisma.game.findFirst({ where: { cupRoundId: { not: null } }, orderBy: { id: 'asc' }, include: { cupRound: true } });
  const upcoming = await prisma.game.findFirst({ where: { status: 'SCHEDULED', groupId: { not: null } }, orderBy: { startsAt: 'asc' } });
  const group = await prisma.leagueGroup.findFirstOrThrow({ where: { seasonId: season.id, phase: 'QUALIFICATION' }, orderBy: { id: 'asc' } });
  const playoff = await prisma.leagueGroup.findFirst({ where: { phase: 'PLAYOFF', seriesBestOf: { not: null } }, orderBy: [{ seasonId: 'desc' }, { id: 'asc' }] });
  return {
    season: season.id,
    previousSeason: previous?.id,
    matchPenaltyGame: matchPenalty?.gameId,
    finished,
    otherGames: [await byStatus('LIVE'), await byStatus('SCHEDULED'), await byStatus('CANCELLED'), await byStatus('FORFEIT')].flatMap((g) => (g ? [g.id] : [])),
    team,
    club: team.clubId,
    player: player.playerId,
    currentPlayer: member.playerId,
    nationalPlayer: nationalPlayer?.id,
    cup: cupGame?.cupRound ? { tournament: cupGame.cupRound.tournamentId, round: cupGame.cupRound.id } : undefined,
    upcomingTeam: upcoming?.homeTeamId,
    group,
    playoff,
  };
}

function probes(ids: Awaited<ReturnType<typeof sample>>, keys: { club: string; federation: string }): Probe[] {
  const { season, finished, team, club, player } = ids;
  const games = [finished.id, ...ids.otherGames, ...(ids.matchPenaltyGame ? [ids.matchPenaltyGame] : [])];
  const list: Probe[] = [
    ...withLocales('/api/seasons?format=dropdown'),
    ...withLocales('/api/leagues'),
    ...withLocales(`/api/groups?season=${season}&league=${ids.group.leagueId}&game_class=${ids.group.gameClassId}`),
    ...withLocales('/api/rankings'),
    ...withLocales(`/api/rankings?season=${season}&league=${ids.group.leagueId}&game_class=${ids.group.gameClassId}&group=${encodeURIComponent(ids.group.name)}`),
    ...withLocales('/api/games?mode=list'),
    ...withLocales(`/api/games?mode=list&team_id=${team.id}&view=short`),
    ...withLocales(`/api/games?mode=list&player_id=${ids.currentPlayer}&round=1&use_streaming_logos=true`),
    ...withLocales('/api/games?mode=current'),
    ...withLocales(`/api/games?mode=current&on_date=2026-11-21&league_ids=1&game_class_ids=11`),
    ...withLocales(`/api/games?mode=direct&game_id=${finished.id}&amount=3`),
    ...withLocales(`/api/games?mode=team&team_id=${team.id}&season=${season}`),
    ...withLocales(`/api/games?mode=club&club_id=${club}&season=${season}`),
    ...(ids.cup
      ? [
          ...withLocales(`/api/games?mode=cup&tournament_id=${ids.cup.tournament}&round=${ids.cup.round}&side=left`),
          ...withLocales(`/api/games?mode=cup&tournament_id=${ids.cup.tournament}&round=${ids.cup.round}&side=right`),
        ]
      : []),
    ...games.flatMap((game) => [
      ...withLocales(`/api/games/${game}`),
      ...withLocales(`/api/games/${game}/summary`),
      ...withLocales(`/api/game_events/${game}`),
      get(`/api/game_events/${game}?team=home`),
      ...withLocales(`/api/games/${game}/teams/0/players`),
      get(`/api/games/${game}/teams/1/players?view=short&hide_empty=false`),
    ]),
    ...withLocales('/api/teams'),
    ...withLocales(`/api/teams?mode=by_club&season=${season}&club_id=${club}`),
    ...withLocales(`/api/teams/${team.id}`),
    ...withLocales(`/api/teams/${team.id}/players`),
    ...withLocales(`/api/teams/${team.id}/statistics`),
    ...withLocales(`/api/teams/visitors?season=${season}`),
    ...withLocales(`/api/teams/visitors?season=${season}&league=${ids.group.leagueId}&game_class=${ids.group.gameClassId}`),
    ...withLocales(`/api/clubs?season=${season}`),
    ...withLocales(`/api/clubs/${club}/statistics`),
    ...(ids.previousSeason ? withLocales(`/api/clubs/${club}/statistics?season=${ids.previousSeason}`) : []),
    ...withLocales(`/api/players/${player}`),
    ...withLocales(`/api/players/${player}/statistics`),
    ...withLocales(`/api/players/${player}/overview`),
    ...withLocales('/api/national_players'),
    ...withLocales('/api/national_players?selection_id=2'),
    ...withLocales('/api/national_players/statistics?selection_id=1&order=games&direction=asc'),
    ...(ids.nationalPlayer
      ? [...withLocales(`/api/national_players/${ids.nationalPlayer}`), ...withLocales(`/api/national_players/${ids.nationalPlayer}/statistics`)]
      : []),
    ...withLocales('/api/topscorers/main'),
    ...withLocales(`/api/topscorers/main?season=${season}&phase=finals&amount=all`),
    ...withLocales(`/api/topscorers/${DEFAULT_SPONSOR_PATH}`),
    ...withLocales(`/api/topscorers/${DEFAULT_SPONSOR_PATH}-highlight`),
    ...withLocales(`/api/topscorers/${DEFAULT_SPONSOR_PATH}-highlight?club_id=${club}&view_type=table`),
    get(`/api/calendars?team_id=${team.id}`),
    get(`/api/calendars?club_id=${club}`),
    get(`/api/calendars?season=${season}&league=${ids.group.leagueId}&game_class=${ids.group.gameClassId}`),
    get('/api/'),
    get(`/games?mode=list&season=${season}`),
    // Errors in each interface's format.
    get('/api/games?mode=list&season=abc'),
    get('/api/games?mode=list&season=1800'),
    get('/api/games?mode=nope'),
    get('/api/games?mode=list&view=tiny'),
    get('/api/games?mode=current&on_date=2026-02-30'),
    get('/api/games?mode=current&league_ids=1,x'),
    get('/api/games?mode=cup'),
    get('/api/games/999999'),
    get('/api/games/abc'),
    get('/api/teams/999999'),
    get('/api/teams/999999/statistics?locale=fr'),
    get('/api/players/999999/overview'),
    get('/api/topscorers/main?amount=-1'),
    get('/api/national_players/statistics?direction=sideways'),
    get('/api/games/1/teams/2/players'),
    get(`/api/games/${finished.id}/teams/0/players?hide_empty=maybe`),
    get('/api/no/such/path'),
    // Sessions: the sid the first call returns is used by the later ones.
    form('/api/sessions/add_favorite', `sid=null&favorites[]=${encodeURIComponent(JSON.stringify({ type: 'team', team_id: team.id }))}`),
    form('/api/sessions/add_favorite', `sid={sid}&favorites[]=${encodeURIComponent(JSON.stringify({ type: 'league', league: 1, game_class: 11 }))}`),
    form('/api/sessions/add_favorite', `sid={sid}&favorites[]=${encodeURIComponent(JSON.stringify({ type: 'club', club_id: club }))}`),
    get('/api/sessions/matchcenter?sid={sid}'),
    ...withLocales('/api/games?mode=favorite&sid={sid}'),
    form('/api/sessions/remove_favorite', `sid={sid}&favorites[]=${encodeURIComponent(JSON.stringify({ type: 'club', club_id: club }))}`),
    get('/api/sessions/matchcenter?sid={sid}'),
    get('/api/sessions/matchcenter?sid=unknown'),
    form('/api/sessions/add_favorite', 'sid=null&favorites[]=not-json'),
    // Legacy XML club interface.
    get(`/rest/v1.0/clubs/?apikey=${keys.club}`),
    get(`/rest/v1.0/clubs/${club}?apikey=${keys.club}`),
    get(`/rest/v1.0/clubs/${club}/teams?apikey=${keys.club}`),
    get(`/rest/v1.0/clubs/${club}/teams?apikey=${keys.club}&season=${season}`, { accept: 'application/json' }),
    get(`/rest/v1.0/clubs/search?apikey=${keys.club}&q=Unihockey&limit=3`),
    get(`/rest/v1.0/clubs/search?apikey=${keys.club}&q=ab`),
    get(`/rest/v1.0/clubs/999999?apikey=${keys.club}`),
    get(`/rest/v1.0/clubs/${club}`),
    get(`/rest/v1.0/clubs/${club}?apikey=wrong`),
    // Lineup interface.
    get(`/api/v3/games/${finished.id}/teams/${team.id}/lineup_candidates`, { authorization: `Bearer ${keys.federation}` }),
    get(`/api/v3/games/${finished.id}/teams/${team.id}/lineup_candidates`, { 'x-api-key': keys.club }),
    get(`/api/v3/games/${finished.id}/teams/${team.id}/lineup?filter[licenses]=1,2,3`, { authorization: `Bearer ${keys.federation}` }),
    get(`/api/v3/games/${finished.id}/teams/${team.id}/lineup`, { authorization: `Bearer ${keys.federation}` }),
    get(`/api/v3/games/${finished.id}/teams/${team.id}/lineup_candidates`),
    get(`/api/v3/games/999999/teams/${team.id}/lineup_candidates`, { authorization: `Bearer ${keys.federation}` }),
    get(`/api/v3/games/${finished.id}/teams/abc/lineup_candidates`, { authorization: `Bearer ${keys.federation}` }),
  ];
  if (ids.upcomingTeam) list.push(...withLocales(`/api/games?mode=team&team_id=${ids.upcomingTeam}&season=${season}&page=2&games_per_page=5`));
  // Added with issue 17 (after the older probes, so that older dumps still line up).
  const { playoff } = ids;
  const v3 = { authorization: `Bearer ${keys.federation}` };
  list.push(
    ...withLocales('/api/games'),
    ...withLocales('/api/topscorers'),
    ...withLocales(`/api/cups?season=${season}`),
    ...(ids.cup ? withLocales(`/api/cups/${ids.cup.tournament}`) : []),
    get('/api/cups/999999'),
    ...(playoff
      ? [1, 2].flatMap((round) => withLocales(`/api/games?mode=list&season=${playoff.seasonId}&league=${playoff.leagueId}&game_class=${playoff.gameClassId}&group=${playoff.name}&round=${round}`))
      : []),
    get(`/api/games?mode=club&club_id=${club}&season=${season}&games_per_page=1000`),
    get(`/api/v3/games?filter[from_date]=2026-11-21&filter[to_date]=2026-11-22&include=home_team,away_team`, v3),
    get(`/api/v3/games?filter[with_live_stream]=1&filter[from_date]=2026-11-22&filter[to_date]=2026-11-22`, v3),
    get(`/api/v3/games/${finished.id}?include=home_team`, v3),
    get('/api/v3/games', v3),
    get(`/api/v3/games/${finished.id}?auth_token=${keys.federation}`),
  );
  return list;
}

function readable(contentType: string, body: string): string {
  if (/json/.test(contentType)) {
    try {
      return JSON.stringify(JSON.parse(body), null, 1);
    } catch {
      return body;
    }
  }
  return body;
}

async function dump(app: FastifyInstance, list: Probe[]): Promise<string> {
  const out: string[] = [];
  let sid = '';
  for (const [index, probe] of list.entries()) {
    const substitute = (text: string) => text.replaceAll('{sid}', encodeURIComponent(sid));
    const response = await app.inject({
      method: probe.method,
      url: substitute(probe.url),
      headers: { 'x-request-id': `snapshot-${index}`, ...probe.headers },
      ...(probe.body === undefined ? {} : { payload: substitute(probe.body) }),
    });
    if (probe.url.includes('add_favorite') && response.statusCode === 200 && sid === '') sid = (response.json() as { data: string }).data;
    const body = sid ? response.body.replaceAll(sid, '<sid>') : response.body;
    const contentType = String(response.headers['content-type'] ?? '');
    const hash = createHash('sha256').update(body).digest('hex').slice(0, 16);
    const shown = probe.url.replace(/apikey=[^&]+/, 'apikey=<key>').replace(/auth_token=[^&]+/, 'auth_token=<key>');
    const keyHeader = probe.headers && Object.keys(probe.headers).some((h) => h === 'authorization' || h === 'x-api-key') ? ' (with key)' : '';
    out.push(`### ${probe.method} ${shown}${keyHeader}${probe.body ? ` body ${probe.body}` : ''}`, `${response.statusCode} ${contentType} sha256:${hash}`, readable(contentType, body), '');
  }
  return out.join('\n');
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { out: { type: 'string' }, scale: { type: 'string' } }, strict: true });
  const db = await openDatabase({ dataDir: 'memory://' });
  try {
    await loadDemoLeague(db.prisma, { seed: 7, scale: values.scale === undefined ? 0.1 : Number(values.scale), now: NOW });
    const ids = await sample(db);
    const keys = { club: await createKey(db, ids.club), federation: await createKey(db, null) };
    const app = await buildApp({ database: db, clock: fixedClock(NOW), logLevel: 'silent', publicBaseUrl: 'http://snapshot.local' });
    try {
      const list = probes(ids, keys);
      console.error(`sampled ${JSON.stringify({ ...ids, finished: ids.finished.id, team: ids.team.id, group: ids.group.id })}`);
      const text = await dump(app, list);
      const file = values.out ?? 'wire-snapshot.txt';
      await writeFile(file, text);
      console.error(`${list.length} requests written to ${file}`);
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
