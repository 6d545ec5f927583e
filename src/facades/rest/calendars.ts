import type { FastifyInstance } from 'fastify';
import { badRequest, notFound } from '../shared/errors.js';
import { facadeDocument, requestInfo, type FacadeDependencies, type RequestInfo } from '../shared/facade.js';
import { translate, type Translated } from '../shared/locale.js';
import { TEXTS } from '../shared/texts.js';
import { DEFAULT_GAME_CLASS, DEFAULT_LEAGUE } from '../shared/defaults.js';
import { optionalInt, optionalString } from '../shared/params.js';
import type { ScoreFacts } from '../shared/result.js';
import { seasonResolver } from '../shared/season.js';
import { gameResult } from './games/game-row.js';
import { renderCalendar, type Calendar, type CalendarEvent } from './icalendar.js';

/**
 * `/calendars?team_id=` | `?club_id=` | `?season&league&game_class&group`: the games of a team, a club
 * or a league (one group or all) in a season as an iCalendar feed, one event per game.
 */
export const CALENDAR_DOCUMENT = /* GraphQL */ `
  query CalendarGames(
    $filter: GameFilter!, $season: Int!
    $teamId: Int!, $withTeam: Boolean!, $clubId: Int!, $withClub: Boolean!
    $league: Int!, $gameClass: Int!, $withLeague: Boolean!
  ) {
    season(id: $season) { label }
    team(id: $teamId) @include(if: $withTeam) { name }
    club(id: $clubId) @include(if: $withClub) { name }
    leagueGroups(season: $season, league: $league, gameClass: $gameClass, first: 100) @include(if: $withLeague) {
      edges { node { name league { name } gameClass { name } } }
    }
    games(filter: $filter, first: 5000) {
      edges { node {
        id startsAt status homeScore awayScore homePeriodScores awayPeriodScores decidedBy
        homeTeam { name } awayTeam { name }
        venue { name street zip city latitude longitude }
        group { name league { name } gameClass { name } }
        round { name }
        cupRound { name tournament { name } }
      } }
    }
  }
`;

interface CalendarGame extends ScoreFacts {
  id: number;
  startsAt: string;
  homeTeam: { name: string };
  awayTeam: { name: string };
  venue: { name: string; street: string | null; zip: string | null; city: string; latitude: number; longitude: number } | null;
  group: { name: string; league: { name: string }; gameClass: { name: string } } | null;
  round: { name: string } | null;
  cupRound: { name: string; tournament: { name: string } } | null;
}

export interface CalendarData {
  season: { label: string } | null;
  team?: { name: string } | null;
  club?: { name: string } | null;
  leagueGroups?: { edges: { node: { name: string; league: { name: string }; gameClass: { name: string } } }[] };
  games: { edges: { node: CalendarGame }[] };
}

export type CalendarParams =
  | { kind: 'team'; season: number; teamId: number }
  | { kind: 'club'; season: number; clubId: number }
  | { kind: 'league'; season: number; league: number; gameClass: number; group?: string };

export function calendarRequest(info: RequestInfo) {
  const teamId = optionalInt(info.query, 'team_id', { min: 1 });
  const clubId = optionalInt(info.query, 'club_id', { min: 1 });
  if (teamId !== undefined && clubId !== undefined) throw badRequest('Give either team_id or club_id, not both');
  return {
    teamId,
    clubId,
    season: optionalInt(info.query, 'season', { min: 1900, max: 2999 }),
    league: optionalInt(info.query, 'league', { min: 1 }) ?? DEFAULT_LEAGUE,
    gameClass: optionalInt(info.query, 'game_class', { min: 1 }) ?? DEFAULT_GAME_CLASS,
    group: optionalString(info.query, 'group'),
  };
}

export function calendarParams(request: ReturnType<typeof calendarRequest>, season: number): CalendarParams {
  if (request.teamId !== undefined) return { kind: 'team', season, teamId: request.teamId };
  if (request.clubId !== undefined) return { kind: 'club', season, clubId: request.clubId };
  return { kind: 'league', season, league: request.league, gameClass: request.gameClass, group: request.group };
}

export function calendarVariables(params: CalendarParams) {
  const filter =
    params.kind === 'team'
      ? { season: params.season, teamId: params.teamId }
      : params.kind === 'club'
        ? { season: params.season, clubId: params.clubId }
        : { season: params.season, leagueIds: [params.league], gameClassIds: [params.gameClass] };
  return {
    filter,
    season: params.season,
    teamId: params.kind === 'team' ? params.teamId : 0,
    withTeam: params.kind === 'team',
    clubId: params.kind === 'club' ? params.clubId : 0,
    withClub: params.kind === 'club',
    league: params.kind === 'league' ? params.league : 0,
    gameClass: params.kind === 'league' ? params.gameClass : 0,
    withLeague: params.kind === 'league',
  };
}

/** A game slot in the calendar: three periods of 20 minutes, breaks and stoppages. */
export const GAME_DURATION_MS = 2 * 60 * 60 * 1000;

function competition(game: CalendarGame): string {
  if (game.group) return [`${game.group.gameClass.name} ${game.group.league.name}`, game.group.name, game.round?.name].filter(Boolean).join(', ');
  return game.cupRound ? `${game.cupRound.tournament.name}, ${game.cupRound.name}` : '';
}

/** Pure: GraphQL data in, the calendar out (one VEVENT per game, UID stable across requests). */
export function reshapeCalendar(data: CalendarData, params: CalendarParams, info: RequestInfo): Calendar {
  const t = (text: Translated) => translate(text, info.locale);
  let owner: string;
  let games = data.games.edges.map((edge) => edge.node);
  if (params.kind === 'team') {
    if (!data.team) throw notFound(`No team ${params.teamId}`);
    owner = data.team.name;
  } else if (params.kind === 'club') {
    if (!data.club) throw notFound(`No club ${params.clubId}`);
    owner = data.club.name;
  } else {
    const groups = data.leagueGroups?.edges.map((edge) => edge.node) ?? [];
    const group = params.group === undefined ? groups[0] : groups.find((g) => g.name === params.group);
    if (!group) throw notFound(params.group === undefined ? 'No group for this league and game class in the season' : `No group "${params.group}"`);
    owner = `${group.gameClass.name} ${group.league.name}${params.group === undefined ? '' : ` ${group.name}`}`;
    if (params.group !== undefined) games = games.filter((game) => game.group?.name === params.group);
  }
  const host = new URL(info.baseUrl).host;
  const events = games.map((game): CalendarEvent => {
    const start = new Date(game.startsAt);
    const result = gameResult(game, info);
    const venue = game.venue;
    return {
      uid: `game-${game.id}@${host}`,
      start,
      end: new Date(start.getTime() + GAME_DURATION_MS),
      summary: `${game.homeTeam.name} - ${game.awayTeam.name}${result === '-' ? '' : ` ${result}`}`,
      description: [competition(game), result === '-' ? null : `${t(TEXTS.result)}: ${result}`].filter(Boolean).join('\n'),
      location: venue ? [venue.name, venue.street, [venue.zip, venue.city].filter(Boolean).join(' ')].filter(Boolean).join(', ') : undefined,
      geo: venue ? { latitude: venue.latitude, longitude: venue.longitude } : undefined,
      url: `${info.baseUrl}/api/games/${game.id}`,
      cancelled: game.status === 'CANCELLED',
    };
  });
  return { name: `${owner} – ${t(TEXTS.games)} ${data.season?.label ?? params.season}`, stamp: info.now, events };
}

export function calendarRoute(app: FastifyInstance, deps: FacadeDependencies): void {
  const run = facadeDocument<CalendarData>(deps, CALENDAR_DOCUMENT);
  const resolveSeason = seasonResolver(deps);
  app.get('/calendars', async (request, reply) => {
    const info = requestInfo(deps, request);
    const requested = calendarRequest(info);
    const params = calendarParams(requested, await resolveSeason(requested.season));
    const calendar = reshapeCalendar(await run(calendarVariables(params)), params, info);
    return reply
      .type('text/calendar; charset=utf-8')
      .header('content-disposition', 'inline; filename="games.ics"')
      .send(renderCalendar(calendar));
  });
}
