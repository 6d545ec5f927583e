import type { FastifyInstance } from 'fastify';
import { notFound } from '../shared/errors.js';
import { facadeDocument, requestInfo, type FacadeDependencies, type RequestInfo } from '../shared/facade.js';
import { translate, type Translated } from '../shared/locale.js';
import { TEXTS } from '../shared/texts.js';
import { DEFAULT_GAME_CLASS, DEFAULT_LEAGUE } from '../shared/defaults.js';
import { optionalEnum, optionalInt, pathId, requiredInt } from '../shared/params.js';
import { seasonResolver } from '../shared/season.js';
import { column, dropdown, dropdownEntry, headers, imageCell, region, row, tableEnvelope, textCell, urlCell } from '../shared/table.js';

/** `/teams` (the teams of a league, or with mode=by_club a dropdown of a club's teams) and `/teams/:team_id`. */
export const LEAGUE_TEAMS_DOCUMENT = /* GraphQL */ `
  query LeagueTeams($season: Int!, $league: Int!, $gameClass: Int!) {
    teams(season: $season, league: $league, gameClass: $gameClass, first: 5000) { edges { node { id name logoUrl website portraitUrl } } }
  }
`;

export interface LeagueTeamsData {
  teams: { edges: { node: { id: number; name: string; logoUrl: string | null; website: string | null; portraitUrl: string | null } }[] };
}

const LEAGUE_TEAMS_COLUMNS = [column('name', TEXTS.name), column('logo', TEXTS.logo), column('homepage', TEXTS.website), column('portrait', TEXTS.portrait)];

/** Pure: WIRE.md §4 `teams` (name, logo, website url, portrait; row id = team id), as captured (`context` null). */
export function reshapeLeagueTeams(data: LeagueTeamsData, info: RequestInfo) {
  const t = (text: Translated) => translate(text, info.locale);
  const rows = data.teams.edges.map(({ node: team }) =>
    row([textCell(team.name), imageCell(team.logoUrl, ''), urlCell(team.website, team.name), imageCell(team.portraitUrl, '')], { id: team.id }),
  );
  return tableEnvelope(info.baseUrl, 'table', {
    headers: headers(LEAGUE_TEAMS_COLUMNS, info.locale),
    title: t(TEXTS.teamsOverview),
    regions: [region(null, rows)],
  });
}

export const CLUB_TEAMS_DOCUMENT = /* GraphQL */ `
  query ClubTeams($clubId: Int!, $season: Int!) { club(id: $clubId) { teams(season: $season) { id name } } }
`;

export interface ClubTeamsData {
  club: { teams: { id: number; name: string }[] } | null;
}

/** Pure: the club's teams of the season as a dropdown, level `Team`. */
export function reshapeClubTeams(data: ClubTeamsData, clubId: number, info: RequestInfo) {
  if (!data.club) throw notFound(`No club ${clubId}`);
  const text = translate(TEXTS.team, info.locale);
  return dropdown(text, '/teams', 'Team', data.club.teams.map((team) => dropdownEntry(team.name, { team_id: team.id })));
}

export const TEAM_DETAIL_DOCUMENT = /* GraphQL */ `
  query TeamDetail($id: Int!) {
    team(id: $id) {
      id name logoUrl website portraitUrl
      club { name street zip city }
      groups { name phase season { id } league { name } gameClass { name } }
    }
  }
`;

const TEAM_DETAIL_COLUMNS = [
  column('teamname', TEXTS.name),
  column('logo_url', TEXTS.logo),
  column('website_url', TEXTS.website),
  column('portrait', TEXTS.portrait),
  column('liga', TEXTS.league),
  column('address', TEXTS.address),
];

export interface TeamDetailData {
  team: {
    id: number;
    name: string;
    logoUrl: string | null;
    website: string | null;
    portraitUrl: string | null;
    club: { name: string; street: string | null; zip: string | null; city: string | null };
    /** Newest season first. */
    groups: { name: string; phase: string; season: { id: number }; league: { name: string }; gameClass: { name: string } }[];
  } | null;
}

/** Pure: WIRE.md §4 `teams/:id` (name, logo, website, portrait, league of the newest season, club address). */
export function reshapeTeamDetail(data: TeamDetailData, info: RequestInfo) {
  const team = data.team;
  if (!team) throw notFound(`No team ${info.params.team_id}`);
  const newest = team.groups.filter((g) => g.season.id === team.groups[0]?.season.id);
  const group = newest.find((g) => g.phase === 'QUALIFICATION') ?? newest[0];
  const place = [team.club.zip, team.club.city].filter(Boolean).join(' ');
  const cells = [
    textCell(team.name),
    imageCell(team.logoUrl, team.name),
    urlCell(team.website, team.name),
    imageCell(team.portraitUrl, team.name),
    textCell(group ? `${group.gameClass.name} ${group.league.name}` : ''),
    textCell(team.club.name, team.club.street, place || null),
  ];
  return tableEnvelope(info.baseUrl, 'attribute_list', {
    headers: headers(TEAM_DETAIL_COLUMNS, info.locale),
    title: team.name,
    subtitle: group ? `${group.gameClass.name} ${group.league.name} ${group.name}` : null,
    regions: [region(null, [row(cells, { id: team.id })])],
  });
}

export function teamRoutes(app: FastifyInstance, deps: FacadeDependencies): void {
  const leagueTeams = facadeDocument<LeagueTeamsData>(deps, LEAGUE_TEAMS_DOCUMENT);
  const clubTeams = facadeDocument<ClubTeamsData>(deps, CLUB_TEAMS_DOCUMENT);
  const detail = facadeDocument<TeamDetailData>(deps, TEAM_DETAIL_DOCUMENT);
  const resolveSeason = seasonResolver(deps);
  app.get('/teams', async (request) => {
    const info = requestInfo(deps, request);
    if (optionalEnum(info.query, 'mode', ['by_club'] as const) === 'by_club') {
      const clubId = requiredInt(info.query, 'club_id', { min: 1 });
      const season = requiredInt(info.query, 'season', { min: 1900, max: 2999 });
      return reshapeClubTeams(await clubTeams({ clubId, season }), clubId, info);
    }
    const league = optionalInt(info.query, 'league', { min: 1 }) ?? DEFAULT_LEAGUE;
    const gameClass = optionalInt(info.query, 'game_class', { min: 1 }) ?? DEFAULT_GAME_CLASS;
    const season = await resolveSeason(optionalInt(info.query, 'season', { min: 1900, max: 2999 }));
    return reshapeLeagueTeams(await leagueTeams({ season, league, gameClass }), info);
  });
  app.get('/teams/:team_id', async (request) => {
    const info = requestInfo(deps, request);
    return reshapeTeamDetail(await detail({ id: pathId(info.params, 'team_id') }), info);
  });
}
