/**
 * Which envelope each documented route answers with, and the parameters a handler parses itself
 * (the mode-dependent ones of /games and /teams, and v3's, parsed after the key check). The
 * parameter schemas are the routes' own exported declarations, so the document cannot show other
 * parameters than the ones the service validates. Routes are named by their URL without the /api
 * prefix, as their modules register them.
 */
import { MAX_FILTER_LICENSES, LINEUP_PATH } from '../v3/lineup.js';
import { V3_GAME_PATH, V3_GAME_QUERY, V3_GAMES_QUERY } from '../v3/games.js';
import { CUP_QUERY } from '../rest/games/cup.js';
import { CURRENT_GAMES_QUERY } from '../rest/games/current.js';
import { DIRECT_GAMES_QUERY } from '../rest/games/direct.js';
import { FAVORITE_GAMES_QUERY } from '../rest/games/favorite.js';
import { GAME_LIST_QUERY } from '../rest/games/list.js';
import { CLUB_SCHEDULE_QUERY, TEAM_SCHEDULE_QUERY } from '../rest/games/schedule.js';
import { CLUB_TEAMS_QUERY, LEAGUE_TEAMS_QUERY } from '../rest/teams.js';

/** What a route answers with on success; each maps to envelope schemas (responses.ts). */
export type ResponseKind =
  | 'version'
  | 'table'
  | 'attribute_list'
  | 'table_or_attribute_list'
  | 'table_or_dropdown'
  | 'dropdown'
  | 'session'
  | 'matchcenter'
  | 'calendar'
  | 'v3_games'
  | 'v3_game'
  | 'v3_candidates'
  | 'v3_lineup';

/** A parameter declaration as the routes write it (param-schema.ts), or a hand-written one. */
export interface DeclaredParams {
  readonly type?: 'object';
  readonly properties: Readonly<Record<string, object>>;
  readonly required: readonly string[];
}

/** Query parameters a handler parses itself; `when` names the case that takes them (`mode=list`). */
export interface ParsedQuery {
  readonly when?: string;
  readonly schema: DeclaredParams;
}

export interface DocumentedRoute {
  /** The operationId; also the key of the route's recorded examples (docs/openapi-examples.json). */
  readonly id: string;
  readonly method: 'GET' | 'POST';
  /** The URL as fastify registers it (`/api/games/:game_id`). */
  readonly url: string;
  readonly tag: string;
  readonly summary: string;
  readonly description?: string;
  readonly response: ResponseKind;
  /** Error statuses documented with an example; every route also has `default` (429, 500, 503, …). */
  readonly errors: readonly number[];
  readonly parsedQuery?: readonly ParsedQuery[];
  /** Path parameters the handler parses itself (v3: after the key check). */
  readonly parsedPath?: DeclaredParams;
  /** The favorites form of POST /sessions/*. */
  readonly favoritesBody?: true;
}

export const TAGS = [
  { name: 'Service', description: 'The interface itself.' },
  { name: 'Games', description: 'Game lists, game details, lineups and events.' },
  { name: 'Leagues', description: 'Seasons, leagues, groups, rankings and top scorers.' },
  { name: 'Teams and clubs', description: 'Teams, clubs, cups and calendars.' },
  { name: 'Players', description: 'Players and the national selections.' },
  { name: 'Sessions', description: 'Anonymous favorite sessions (matchcenter).' },
  { name: 'Lineup interface (v3)', description: 'Games and lineups, JSON:API. Every call needs an API key.' },
] as const;

type Tag = (typeof TAGS)[number]['name'];

/** `filter[licenses]` is read by a custom query validator (v3/lineup.ts `licenseFilter`), not a declaration. */
function licenseFilter(required: boolean): DeclaredParams {
  return {
    properties: {
      'filter[licenses]': {
        type: 'string',
        pattern: '^\\s*\\d{1,9}\\s*(,\\s*\\d{1,9}\\s*)*$',
        description: `Comma-separated license ids, at most ${MAX_FILTER_LICENSES}.`,
      },
    },
    required: required ? ['filter[licenses]'] : [],
  };
}

const GAME_MODES: readonly ParsedQuery[] = [
  { when: 'mode=list', schema: GAME_LIST_QUERY },
  { when: 'mode=current', schema: CURRENT_GAMES_QUERY },
  { when: 'mode=direct', schema: DIRECT_GAMES_QUERY },
  { when: 'mode=team', schema: TEAM_SCHEDULE_QUERY },
  { when: 'mode=club', schema: CLUB_SCHEDULE_QUERY },
  { when: 'mode=cup', schema: CUP_QUERY },
  { when: 'mode=favorite', schema: FAVORITE_GAMES_QUERY },
];

const route = (tag: Tag, id: string, method: 'GET' | 'POST', url: string, response: ResponseKind, summary: string, rest: Partial<DocumentedRoute> = {}): DocumentedRoute => ({
  id,
  method,
  url,
  tag,
  summary,
  response,
  errors: [400, 404],
  ...rest,
});

/** Every documented route of /api and /api/v3; `sponsorPath` is SPONSOR_PATH (src/config.ts). */
export function documentedRoutes(sponsorPath: string): readonly DocumentedRoute[] {
  return [
    route('Service', 'version', 'GET', '/api', 'version', 'Version of the main interface', { errors: [] }),
    route('Games', 'games', 'GET', '/api/games', 'table', 'Games: one table per mode', {
      description:
        '`mode` chooses the table and the parameters it takes: `list` (a league round; the default), `current` (the day\'s games, one region per league), ' +
        '`direct` (head-to-head of a game\'s teams), `team` and `club` (a schedule, paged), `cup` (one side of a cup round), `favorite` (the next game of each favorite of a session). ' +
        'Each parameter says which modes take it; unknown parameters are ignored.',
      parsedQuery: GAME_MODES,
    }),
    route('Games', 'gameDetail', 'GET', '/api/games/:game_id', 'attribute_list', 'One game: teams, result, date, venue, referees, spectators'),
    route('Games', 'gameSummary', 'GET', '/api/games/:game_id/summary', 'attribute_list', 'A game\'s summary: periods, goals and penalties'),
    route('Games', 'gameLineup', 'GET', '/api/games/:game_id/teams/:is_home/players', 'table', 'A team\'s lineup in a game', {
      description: '`is_home=0` is the home team, `1` the away team. An unknown (empty) lineup answers an empty body unless `hide_empty=false` asks for the empty table.',
    }),
    route('Games', 'gameEvents', 'GET', '/api/game_events/:game_id', 'table', 'A game\'s events, newest first'),
    route('Leagues', 'seasons', 'GET', '/api/seasons', 'dropdown', 'Seasons', { errors: [400] }),
    route('Leagues', 'leagues', 'GET', '/api/leagues', 'dropdown', 'Leagues and game classes of a season', { errors: [400] }),
    route('Leagues', 'groups', 'GET', '/api/groups', 'dropdown', 'Groups of a league', { errors: [400] }),
    route('Leagues', 'rankings', 'GET', '/api/rankings', 'table', 'A group\'s ranking'),
    route('Leagues', 'topScorers', 'GET', '/api/topscorers', 'table', 'Top scorers (the main table, as /topscorers/main)', { errors: [400] }),
    route('Leagues', 'topScorersMain', 'GET', '/api/topscorers/main', 'table', 'Top scorers', { errors: [400] }),
    route('Leagues', 'topScorersSponsor', 'GET', `/api/topscorers/${sponsorPath}`, 'table', 'The sponsor\'s top scorers table', { errors: [400] }),
    route('Leagues', 'topScorerHighlight', 'GET', `/api/topscorers/${sponsorPath}-highlight`, 'table_or_attribute_list', 'The sponsor\'s top scorers highlight', {
      description: 'An attribute list by default; `view_type=table` has one column per scorer (rows: pictures, names, clubs, points).',
      errors: [400],
    }),
    route('Teams and clubs', 'teams', 'GET', '/api/teams', 'table_or_dropdown', 'Teams of a league, or a club\'s teams as a dropdown', {
      description: 'Without `mode`: the teams of a league as a table. `mode=by_club`: a club\'s teams of a season as a dropdown.',
      errors: [400],
      parsedQuery: [
        { when: 'no mode', schema: LEAGUE_TEAMS_QUERY },
        { when: 'mode=by_club', schema: CLUB_TEAMS_QUERY },
      ],
    }),
    route('Teams and clubs', 'teamVisitors', 'GET', '/api/teams/visitors', 'table', 'Spectators per team'),
    route('Teams and clubs', 'teamDetail', 'GET', '/api/teams/:team_id', 'attribute_list', 'One team'),
    route('Teams and clubs', 'teamPlayers', 'GET', '/api/teams/:team_id/players', 'table', 'A team\'s players with their season totals'),
    route('Teams and clubs', 'teamStatistics', 'GET', '/api/teams/:team_id/statistics', 'table', 'A team\'s record per season'),
    route('Teams and clubs', 'clubs', 'GET', '/api/clubs', 'dropdown', 'Clubs', { errors: [400] }),
    route('Teams and clubs', 'clubStatistics', 'GET', '/api/clubs/:club_id/statistics', 'table', 'A club\'s teams: placements and cup'),
    route('Teams and clubs', 'cups', 'GET', '/api/cups', 'table', 'Cup tournaments of a season', { errors: [400] }),
    route('Teams and clubs', 'cupDetails', 'GET', '/api/cups/:championship_id', 'table', 'A cup tournament\'s rounds'),
    route('Teams and clubs', 'calendars', 'GET', '/api/calendars', 'calendar', 'Games as an iCalendar feed (a team, a club or a league)'),
    route('Players', 'playerDetail', 'GET', '/api/players/:player_id', 'attribute_list', 'One player'),
    route('Players', 'playerStatistics', 'GET', '/api/players/:player_id/statistics', 'table', 'A player\'s totals per season and league'),
    route('Players', 'playerOverview', 'GET', '/api/players/:player_id/overview', 'table', 'A player\'s games of a season'),
    route('Players', 'nationalPlayers', 'GET', '/api/national_players', 'table', 'The players of a national selection'),
    route('Players', 'nationalRecords', 'GET', '/api/national_players/statistics', 'table', 'National selections\' players ordered by a total'),
    route('Players', 'nationalPlayerDetail', 'GET', '/api/national_players/:national_player_id', 'attribute_list', 'One national player'),
    route('Players', 'nationalPlayerStatistics', 'GET', '/api/national_players/:national_player_id/statistics', 'table', 'A national player\'s totals per selection'),
    route('Sessions', 'addFavorite', 'POST', '/api/sessions/add_favorite', 'session', 'Add favorites to a session (a new one when `sid` is null)', {
      errors: [400],
      favoritesBody: true,
    }),
    route('Sessions', 'removeFavorite', 'POST', '/api/sessions/remove_favorite', 'session', 'Remove favorites from a session', { errors: [400], favoritesBody: true }),
    route('Sessions', 'matchcenter', 'GET', '/api/sessions/matchcenter', 'matchcenter', 'A session\'s favorites', {
      description: 'An absent, unknown or expired `sid` answers an empty matchcenter, not an error. Never shared by a cache.',
      errors: [],
    }),
    route('Lineup interface (v3)', 'v3Games', 'GET', '/api/v3/games', 'v3_games', 'Games between two dates, or with a live stream', {
      description: 'At least one filter is required. Dates are Europe/Zurich days, both ends inclusive. `include` takes `home_team`, `away_team`.',
      errors: [400, 401],
      parsedQuery: [{ schema: V3_GAMES_QUERY }],
    }),
    route('Lineup interface (v3)', 'v3Game', 'GET', '/api/v3/games/:id', 'v3_game', 'One game', {
      errors: [400, 401, 404],
      parsedPath: V3_GAME_PATH,
      parsedQuery: [{ schema: V3_GAME_QUERY }],
    }),
    route('Lineup interface (v3)', 'v3LineupCandidates', 'GET', '/api/v3/games/:game_id/teams/:id/lineup_candidates', 'v3_candidates', 'The players a team may line up for a game', {
      description: 'A key of the team\'s club, or a federation key.',
      errors: [400, 401, 403, 404],
      parsedPath: LINEUP_PATH,
      parsedQuery: [{ schema: licenseFilter(false) }],
    }),
    route('Lineup interface (v3)', 'v3Lineup', 'GET', '/api/v3/games/:game_id/teams/:id/lineup', 'v3_lineup', 'Checks a lineup against the league\'s rules', {
      description: 'A key of the team\'s club, or a federation key.',
      errors: [400, 401, 403, 404],
      parsedPath: LINEUP_PATH,
      parsedQuery: [{ schema: licenseFilter(true) }],
    }),
  ];
}

/** `/api/games/:game_id` as OpenAPI writes it: `/api/games/{game_id}`. */
export function openApiPath(url: string): string {
  return url.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');
}

export function isLineupInterface(route: Pick<DocumentedRoute, 'url'>): boolean {
  return route.url.startsWith('/api/v3/');
}
