import type { FastifyInstance } from 'fastify';
import { badRequest, notFound } from '../shared/errors.js';
import { facadeDocument, requestInfo, type FacadeDependencies, type RequestInfo } from '../shared/facade.js';
import { localeContext, translate, type Translated } from '../shared/locale.js';
import { TEXTS } from '../shared/texts.js';
import { DEFAULT_GAME_CLASS, DEFAULT_LEAGUE } from '../shared/defaults.js';
import { optionalIdList, optionalInt } from '../shared/params.js';
import { barDataUri } from '../shared/png.js';
import { seasonResolver } from '../shared/season.js';
import { column, headers, imageCell, linkedText, pageLink, region, row, tableEnvelope, textCell } from '../shared/table.js';

/** `/teams/visitors`: teams ranked by the average spectators of their finished home games, with a PNG bar. */
export const TEAM_VISITORS_DOCUMENT = /* GraphQL */ `
  query TeamVisitors($season: Int!, $leagues: [Int!]!, $gameClass: Int!) {
    season(id: $season) { label }
    leagues { id name }
    gameClasses { id name }
    teamVisitors(season: $season, leagues: $leagues, gameClass: $gameClass) { rank averageVisitors percentOfTop team { id name } }
  }
`;

export interface TeamVisitorsData {
  season: { label: string } | null;
  leagues: { id: number; name: string }[];
  gameClasses: { id: number; name: string }[];
  teamVisitors: { rank: number | null; averageVisitors: number | null; percentOfTop: number; team: { id: number; name: string } }[];
}

export interface TeamVisitorsParams {
  season: number;
  leagues: number[];
  gameClass: number;
}

/** `league` may list several leagues (`league=1,2`); `game_class` needs `league`, as the spec says. */
export function teamVisitorsRequest(info: RequestInfo) {
  const leagues = optionalIdList(info.query, 'league', 20);
  const gameClass = optionalInt(info.query, 'game_class', { min: 1 });
  if (gameClass !== undefined && leagues === undefined) throw badRequest('Parameter league is required with game_class');
  return {
    season: optionalInt(info.query, 'season', { min: 1900, max: 2999 }),
    leagues: leagues ?? [DEFAULT_LEAGUE],
    gameClass: gameClass ?? DEFAULT_GAME_CLASS,
  };
}

const COLUMNS = [
  column('rank', TEXTS.rank, { align: 'r' }),
  column('team_name', TEXTS.team, { align: 'l' }),
  column('average_visitors', TEXTS.averageVisitors, { align: 'r' }),
  column('percent_of_top', TEXTS.percentOfTop, { align: 'l' }),
];

/** Pure: WIRE columns rank, team_name, average_visitors (whole visitors), percent_of_top (a data-URI PNG bar). */
export function reshapeTeamVisitors(data: TeamVisitorsData, params: TeamVisitorsParams, info: RequestInfo) {
  const t = (text: Translated) => translate(text, info.locale);
  if (!data.season) throw notFound(`No season ${params.season}`);
  const gameClass = data.gameClasses.find((g) => g.id === params.gameClass)?.name ?? String(params.gameClass);
  const leagues = params.leagues.map((id) => data.leagues.find((l) => l.id === id)?.name ?? String(id));
  const rows = data.teamVisitors.map((entry) => {
    const percent = Math.round(entry.percentOfTop);
    return row(
      [
        textCell(entry.rank ?? '-'),
        linkedText(pageLink('team_detail', entry.team.id), entry.team.name),
        textCell(entry.averageVisitors === null ? '-' : Math.round(entry.averageVisitors)),
        imageCell(barDataUri(entry.percentOfTop), `${percent}%`),
      ],
      { id: entry.team.id },
    );
  });
  return tableEnvelope(info.baseUrl, 'table', {
    context: {
      season: params.season,
      // One league echoes as a number, as everywhere else; a list as sent.
      league: params.leagues.length === 1 ? params.leagues[0] : params.leagues.join(','),
      game_class: params.gameClass,
      locale: localeContext(info.locale),
    },
    headers: headers(COLUMNS, info.locale),
    title: `${t(TEXTS.visitors)} ${gameClass} ${leagues.join(', ')}`,
    subtitle: `${t(TEXTS.season)} ${data.season.label}`,
    regions: [region(null, rows)],
  });
}

export function teamVisitorsRoute(app: FastifyInstance, deps: FacadeDependencies): void {
  const run = facadeDocument<TeamVisitorsData>(deps, TEAM_VISITORS_DOCUMENT);
  const resolveSeason = seasonResolver(deps);
  app.get('/teams/visitors', async (request) => {
    const info = requestInfo(deps, request);
    const requested = teamVisitorsRequest(info);
    const params: TeamVisitorsParams = { ...requested, season: await resolveSeason(requested.season) };
    return reshapeTeamVisitors(await run({ season: params.season, leagues: params.leagues, gameClass: params.gameClass }), params, info);
  });
}
