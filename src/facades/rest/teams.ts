import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ResultOf } from '@graphql-typed-document-node/core';
import { graphql } from '../generated/gql.js';
import { mainGroupOf } from '../../domain/groups.js';
import { facadeDocument, type FacadeDependencies } from '../shared/facade.js';
import { orNotFound } from '../shared/found.js';
import { id, integer, oneOf, paramsSchema, required, seasonYear, withDefault, type ParamsOf, pathSchema } from '../shared/param-schema.js';
import { textIn, type RenderContext } from '../shared/render-context.js';
import { facadeGet, parseParams } from '../shared/route.js';
import { example, localized, probe } from '../shared/route-doc.js';
import { TEXTS } from '../shared/texts.js';
import { DEFAULT_GAME_CLASS, DEFAULT_LEAGUE } from '../shared/defaults.js';
import { seasonResolver } from '../shared/season.js';
import { column, dropdown, dropdownEntry, headers, imageCell, region, row, tableEnvelope, textCell, urlCell } from '../shared/table.js';
import { competitionName, groupTitle } from '../shared/competition.js';
import { queryRecordScope, readsNoGameData } from '../shared/change-scope.js';

/** `/teams` (the teams of a league, or with mode=by_club a dropdown of a club's teams) and `/teams/:team_id`. */
export const LEAGUE_TEAMS_DOCUMENT = graphql(`
  query LeagueTeams($season: Int!, $league: Int!, $gameClass: Int!) {
    teams(season: $season, league: $league, gameClass: $gameClass, first: 5000) { edges { node { id name logoUrl website portraitUrl } } }
  }
`);

/** `mode` decides which of the two parameter sets below `/teams` takes. */
export const TEAMS_QUERY = paramsSchema({ mode: oneOf(['by_club']) });
/** An absent season is the current one (resolved before the document runs). */
export const LEAGUE_TEAMS_QUERY = paramsSchema({
  league: withDefault(integer({ min: 1 }), DEFAULT_LEAGUE),
  game_class: withDefault(integer({ min: 1 }), DEFAULT_GAME_CLASS),
  season: seasonYear(),
});
export const CLUB_TEAMS_QUERY = paramsSchema({ club_id: required(integer({ min: 1 })), season: required(seasonYear()) });
export const TEAM_DETAIL_PATH = pathSchema({ team_id: id() });

export type LeagueTeamsParams = Omit<ParamsOf<typeof LEAGUE_TEAMS_QUERY>, 'season'> & { season: number };
export type ClubTeamsParams = ParamsOf<typeof CLUB_TEAMS_QUERY>;
export type TeamDetailParams = ParamsOf<typeof TEAM_DETAIL_PATH>;

export type LeagueTeamsData = ResultOf<typeof LEAGUE_TEAMS_DOCUMENT>;

const LEAGUE_TEAMS_COLUMNS = [column('name', TEXTS.name), column('logo', TEXTS.logo), column('homepage', TEXTS.website), column('portrait', TEXTS.portrait)];

/** Pure: WIRE.md §4 `teams` (name, logo, website url, portrait; row id = team id), as captured (`context` null). */
export function reshapeLeagueTeams(data: LeagueTeamsData, _params: LeagueTeamsParams, ctx: RenderContext) {
  const rows = data.teams.edges.map(({ node: team }) =>
    row([textCell(team.name), imageCell(team.logoUrl, ''), urlCell(team.website, team.name), imageCell(team.portraitUrl, '')], { id: team.id }),
  );
  return tableEnvelope(ctx.baseUrl, 'table', {
    headers: headers(LEAGUE_TEAMS_COLUMNS, ctx.locale),
    title: textIn(ctx)(TEXTS.teamsOverview),
    regions: [region(null, rows)],
  });
}

export const CLUB_TEAMS_DOCUMENT = graphql(`
  query ClubTeams($clubId: Int!, $season: Int!) { club(id: $clubId) { teams(season: $season) { id name } } }
`);

export type ClubTeamsData = ResultOf<typeof CLUB_TEAMS_DOCUMENT>;

/** Pure: the club's teams of the season as a dropdown, level `Team`. */
export function reshapeClubTeams(data: ClubTeamsData, params: ClubTeamsParams, ctx: RenderContext) {
  const club = orNotFound(data.club, `No club ${params.club_id}`);
  return dropdown(
    textIn(ctx)(TEXTS.team),
    '/teams',
    'Team',
    club.teams.map((team) => dropdownEntry(team.name, { team_id: team.id })),
  );
}

export const TEAM_DETAIL_DOCUMENT = graphql(`
  query TeamDetail($id: Int!) {
    team(id: $id) {
      id name logoUrl website portraitUrl
      club { name street zip city }
      groups { name phase season { id } league { name } gameClass { name } }
    }
  }
`);

const TEAM_DETAIL_COLUMNS = [
  column('teamname', TEXTS.name),
  column('logo_url', TEXTS.logo),
  column('website_url', TEXTS.website),
  column('portrait', TEXTS.portrait),
  column('liga', TEXTS.league),
  column('address', TEXTS.address),
];

/** `team.groups`: newest season first. */
export type TeamDetailData = ResultOf<typeof TEAM_DETAIL_DOCUMENT>;

/** Pure: WIRE.md §4 `teams/:id` (name, logo, website, portrait, league of the newest season, club address). */
export function reshapeTeamDetail(data: TeamDetailData, params: TeamDetailParams, ctx: RenderContext) {
  const team = orNotFound(data.team, `No team ${params.team_id}`);
  const group = mainGroupOf(team.groups.filter((g) => g.season.id === team.groups[0]?.season.id));
  const place = [team.club.zip, team.club.city].filter(Boolean).join(' ');
  const cells = [
    textCell(team.name),
    imageCell(team.logoUrl, team.name),
    urlCell(team.website, team.name),
    imageCell(team.portraitUrl, team.name),
    textCell(group ? competitionName(group) : ''),
    textCell(team.club.name, team.club.street, place || null),
  ];
  return tableEnvelope(ctx.baseUrl, 'attribute_list', {
    headers: headers(TEAM_DETAIL_COLUMNS, ctx.locale),
    title: team.name,
    subtitle: group ? groupTitle(group) : null,
    regions: [region(null, [row(cells, { id: team.id })])],
  });
}

export function teamRoutes(app: FastifyInstance, deps: FacadeDependencies): void {
  const leagueTeams = facadeDocument(deps, LEAGUE_TEAMS_DOCUMENT);
  const clubTeams = facadeDocument(deps, CLUB_TEAMS_DOCUMENT);
  const detail = facadeDocument(deps, TEAM_DETAIL_DOCUMENT);
  const resolveSeason = seasonResolver(deps);
  const config = {
    changeScope: (request: FastifyRequest) =>
      (request.query as { mode?: unknown }).mode === 'by_club' ? queryRecordScope(request, 'club', 'club_id') : undefined,
  };
  facadeGet(
    app,
    deps,
    '/teams',
    {
      querystring: TEAMS_QUERY,
      config,
      doc: {
        id: 'teams',
        tag: 'Teams and clubs',
        summary: "Teams of a league, or a club's teams as a dropdown",
        description: "Without `mode`: the teams of a league as a table. `mode=by_club`: a club's teams of a season as a dropdown.",
        response: 'table_or_dropdown',
        parsedQuery: [
          { when: 'no mode', schema: LEAGUE_TEAMS_QUERY },
          { when: 'mode=by_club', schema: CLUB_TEAMS_QUERY },
        ],
        examples: [
          example('league teams', '/api/teams'),
          example('mode=by_club', (ids) => `/api/teams?mode=by_club&season=${ids.season}&club_id=${ids.club}`),
          example('club missing', '/api/teams?mode=by_club', 400),
        ],
        snapshot: (ids) => [localized(52, '/api/teams'), localized(53, `/api/teams?mode=by_club&season=${ids.season}&club_id=${ids.club}`)],
      },
    },
    async ({ mode }, ctx, request) => {
      if (mode === 'by_club') {
        const params = parseParams(CLUB_TEAMS_QUERY, request.query);
        return reshapeClubTeams(await clubTeams({ clubId: params.club_id, season: params.season }), params, ctx);
      }
      const params = parseParams(LEAGUE_TEAMS_QUERY, request.query);
      const season = await resolveSeason(params.season);
      return reshapeLeagueTeams(await leagueTeams({ season, league: params.league, gameClass: params.game_class }), { ...params, season }, ctx);
    },
  );
  facadeGet(
    app,
    deps,
    '/teams/:team_id',
    {
      params: TEAM_DETAIL_PATH,
      // Name, logo, club address and league: nothing a game write changes (a goal names the team).
      config: readsNoGameData,
      doc: {
        id: 'teamDetail',
        tag: 'Teams and clubs',
        summary: 'One team',
        response: 'attribute_list',
        examples: [
          example('a team', (ids) => `/api/teams/${ids.team}`),
          example('malformed id', '/api/teams/abc', 400),
          example('unknown team', '/api/teams/999999', 404),
        ],
        snapshot: (ids) => [localized(54, `/api/teams/${ids.team}`), probe(89, '/api/teams/999999')],
      },
    },
    async (params, ctx) => reshapeTeamDetail(await detail({ id: params.team_id }), params, ctx),
  );
}
