import type { FastifyInstance } from 'fastify';
import type { ResultOf } from '@graphql-typed-document-node/core';
import { graphql } from '../generated/gql.js';
import { calendarWindow } from '../../domain/calendar-window.js';
import { isCancelled } from '../../domain/game-status.js';
import { DEFAULT_GAME_CLASS, DEFAULT_LEAGUE } from '../shared/defaults.js';
import { badRequest } from '../shared/errors.js';
import { facadeDocument, type FacadeDependencies } from '../shared/facade.js';
import { orNotFound } from '../shared/found.js';
import { integer, paramsSchema, seasonYear, text, withDefault, type ParamsOf } from '../shared/param-schema.js';
import { textIn, type RenderContext } from '../shared/render-context.js';
import { facadeGet } from '../shared/route.js';
import { leagueOrOwnerScope } from '../shared/change-scope.js';
import { example, leagueQuery, probe } from '../shared/route-doc.js';
import { seasonResolver } from '../shared/season.js';
import { TEXTS } from '../shared/texts.js';
import { gameResult, sideText } from './shared/game-row.js';
import { chosenGroup } from './games/list.js';
import { renderCalendar, type Calendar, type CalendarEvent } from './icalendar.js';
import { competitionName, groupTitle } from '../shared/competition.js';

/**
 * `/calendars?team_id=` | `?club_id=` | `?season&league&game_class&group`: the games of a team or a club
 * (1 month back to 12 months ahead, or a season asked for) or of a league (one group or all) in a
 * season as an iCalendar feed, one event per game.
 */
export const CALENDAR_DOCUMENT = graphql(`
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
        homeTeam { name } awayTeam { name } homePlaceholder awayPlaceholder
        venue { name street zip city latitude longitude }
        group { name league { name } gameClass { name } }
        round { name }
        cupRound { name tournament { name } }
      } }
    }
  }
`);

export type CalendarData = ResultOf<typeof CALENDAR_DOCUMENT>;
type CalendarGame = CalendarData['games']['edges'][number]['node'];

/** Either a team or a club; else a league (the federation's default league and class, all groups or one). */
export const CALENDAR_QUERY = paramsSchema({
  team_id: integer({ min: 1 }),
  club_id: integer({ min: 1 }),
  season: seasonYear(),
  league: withDefault(integer({ min: 1 }), DEFAULT_LEAGUE),
  game_class: withDefault(integer({ min: 1 }), DEFAULT_GAME_CLASS),
  group: text(),
});
export type CalendarQuery = ParamsOf<typeof CALENDAR_QUERY>;

/** Whose games: a team's, a club's or a league's. */
export type CalendarOwner =
  | { kind: 'team'; teamId: number }
  | { kind: 'club'; clubId: number }
  | { kind: 'league'; league: number; gameClass: number; group?: string };

/**
 * The owner with the season resolved (asked for, else the current one). `window`: a team's or a
 * club's feed asked for without a season holds the games from 1 month back to 12 months ahead
 * (`calendarWindow`), as the federation documents, instead of a season's.
 */
export type CalendarParams = CalendarOwner & { season: number; window?: { from: Date; to: Date } };

/** The window of a team's or a club's feed without `season`; none for a league's or with `season`. */
export function calendarWindowFor(owner: CalendarOwner, query: Pick<CalendarQuery, 'season'>, now: Date): CalendarParams['window'] {
  return owner.kind !== 'league' && query.season === undefined ? calendarWindow(now) : undefined;
}

export function calendarOwner(query: CalendarQuery): CalendarOwner {
  if (query.team_id !== undefined && query.club_id !== undefined) throw badRequest('Give either team_id or club_id, not both');
  if (query.team_id !== undefined) return { kind: 'team', teamId: query.team_id };
  if (query.club_id !== undefined) return { kind: 'club', clubId: query.club_id };
  return { kind: 'league', league: query.league, gameClass: query.game_class, group: query.group };
}

export function calendarVariables(params: CalendarParams) {
  const when = params.window ? { from: params.window.from.toISOString(), to: params.window.to.toISOString() } : { season: params.season };
  const filter =
    params.kind === 'team'
      ? { ...when, teamId: params.teamId }
      : params.kind === 'club'
        ? { ...when, clubId: params.clubId }
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
  if (game.group) return [competitionName(game.group), game.group.name, game.round?.name].filter(Boolean).join(', ');
  return game.cupRound ? `${game.cupRound.tournament.name}, ${game.cupRound.name}` : '';
}

/** The calendar's owner as its name says it; a league's chosen group narrows the games to its own. */
function ownerAndGames(data: CalendarData, params: CalendarParams): { owner: string; games: CalendarGame[] } {
  const games = data.games.edges.map((edge) => edge.node);
  switch (params.kind) {
    case 'team':
      return { owner: orNotFound(data.team, `No team ${params.teamId}`).name, games };
    case 'club':
      return { owner: orNotFound(data.club, `No club ${params.clubId}`).name, games };
    case 'league': {
      const group = chosenGroup(data.leagueGroups?.edges.map((edge) => edge.node) ?? [], params.group);
      if (params.group === undefined) return { owner: competitionName(group), games };
      return { owner: groupTitle(group), games: games.filter((game) => game.group?.name === params.group) };
    }
  }
}

/** Pure: GraphQL data in, the calendar out (one VEVENT per game, UID stable across requests). */
export function reshapeCalendar(data: CalendarData, params: CalendarParams, ctx: RenderContext): Calendar {
  const t = textIn(ctx);
  const { owner, games } = ownerAndGames(data, params);
  const host = new URL(ctx.baseUrl).host;
  const events = games.map((game): CalendarEvent => {
    const start = new Date(game.startsAt);
    const result = gameResult(game, ctx);
    const venue = game.venue;
    return {
      uid: `game-${game.id}@${host}`,
      start,
      end: new Date(start.getTime() + GAME_DURATION_MS),
      summary: `${sideText(game, 'home', ctx)} - ${sideText(game, 'away', ctx)}${result === '-' ? '' : ` ${result}`}`,
      description: [competition(game), result === '-' ? null : `${t(TEXTS.result)}: ${result}`].filter(Boolean).join('\n'),
      location: venue ? [venue.name, venue.street, [venue.zip, venue.city].filter(Boolean).join(' ')].filter(Boolean).join(', ') : undefined,
      geo: venue ? { latitude: venue.latitude, longitude: venue.longitude } : undefined,
      url: `${ctx.baseUrl}/api/games/${game.id}`,
      cancelled: isCancelled(game.status),
    };
  });
  // A window spans seasons: its feed is named without one.
  const name = params.window ? `${owner} – ${t(TEXTS.games)}` : `${owner} – ${t(TEXTS.games)} ${data.season?.label ?? params.season}`;
  return { name, stamp: ctx.now, events };
}

export function calendarRoute(app: FastifyInstance, deps: FacadeDependencies): void {
  const run = facadeDocument(deps, CALENDAR_DOCUMENT);
  const resolveSeason = seasonResolver(deps);
  facadeGet(
    app,
    deps,
    '/calendars',
    {
      querystring: CALENDAR_QUERY,
      config: {
        changeScope: (request) =>
          leagueOrOwnerScope(request, DEFAULT_LEAGUE, [
            ['team', 'team_id'],
            ['club', 'club_id'],
          ]),
      },
      doc: {
        id: 'calendars',
        tag: 'Teams and clubs',
        summary: 'Games as an iCalendar feed (a team, a club or a league)',
        response: 'calendar',
        examples: [
          example('a team', (ids) => `/api/calendars?team_id=${ids.team}`),
          example('malformed team', '/api/calendars?team_id=abc', 400),
          example('unknown team', '/api/calendars?team_id=999999', 404),
        ],
        snapshot: (ids) => [
          probe(75, `/api/calendars?team_id=${ids.team}`),
          probe(76, `/api/calendars?club_id=${ids.club}`),
          probe(77, `/api/calendars?${leagueQuery(ids)}`),
        ],
      },
    },
    async (query, ctx, _request, reply) => {
      const owner = calendarOwner(query);
      const params: CalendarParams = { ...owner, season: await resolveSeason(query.season), window: calendarWindowFor(owner, query, ctx.now) };
      const calendar = reshapeCalendar(await run(calendarVariables(params)), params, ctx);
      return reply.type('text/calendar; charset=utf-8').header('content-disposition', 'inline; filename="games.ics"').send(renderCalendar(calendar));
    },
  );
}
