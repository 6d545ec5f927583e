import type { FastifyInstance } from 'fastify';
import type { ResultOf } from '@graphql-typed-document-node/core';
import { graphql } from '../generated/gql.js';
import { badRequest } from '../shared/errors.js';
import { facadeDocument, type FacadeDependencies } from '../shared/facade.js';
import { orNotFound } from '../shared/found.js';
import { localeContext } from '../shared/locale.js';
import { idList, integer, paramsSchema, seasonYear, type ParamsOf } from '../shared/param-schema.js';
import { textIn, type RenderContext } from '../shared/render-context.js';
import { facadeGet } from '../shared/route.js';
import { example, leagueQuery, localized } from '../shared/route-doc.js';
import { TEXTS } from '../shared/texts.js';
import { DEFAULT_GAME_CLASS, DEFAULT_LEAGUE } from '../shared/defaults.js';
import { barDataUri } from '../shared/png.js';
import { seasonResolver } from '../shared/season.js';
import { wholeVisitors } from '../../domain/visitors.js';
import { column, headers, imageCell, linkedText, pageLink, region, row, tableEnvelope, textCell } from '../shared/table.js';

/** `/teams/visitors`: teams ranked by the average spectators of their finished home games, with a PNG bar. */
export const TEAM_VISITORS_DOCUMENT = graphql(`
  query TeamVisitors($season: Int!, $leagues: [Int!]!, $gameClass: Int!) {
    season(id: $season) { label }
    leagues { id name }
    gameClasses { id name }
    teamVisitors(season: $season, leagues: $leagues, gameClass: $gameClass) { rank averageVisitors percentOfTop team { id name } }
  }
`);

export type TeamVisitorsData = ResultOf<typeof TEAM_VISITORS_DOCUMENT>;

/**
 * `league` may list several leagues (`league=1,2`); `game_class` needs `league`, as the spec says, so
 * neither has a declared default (the handler needs to see that they are absent).
 */
export const TEAM_VISITORS_QUERY = paramsSchema({ league: idList(20), game_class: integer({ min: 1 }), season: seasonYear() });

/** The parameters with the defaults applied and the season resolved. */
export type TeamVisitorsParams = Required<ParamsOf<typeof TEAM_VISITORS_QUERY>>;

const COLUMNS = [
  column('rank', TEXTS.rank, { align: 'r' }),
  column('team_name', TEXTS.team, { align: 'l' }),
  column('average_visitors', TEXTS.averageVisitors, { align: 'r' }),
  column('percent_of_top', TEXTS.percentOfTop, { align: 'l' }),
];

/** Pure: WIRE columns rank, team_name, average_visitors (whole visitors), percent_of_top (a data-URI PNG bar). */
export function reshapeTeamVisitors(data: TeamVisitorsData, params: TeamVisitorsParams, ctx: RenderContext) {
  const t = textIn(ctx);
  const season = orNotFound(data.season, `No season ${params.season}`);
  const gameClass = data.gameClasses.find((g) => g.id === params.game_class)?.name ?? String(params.game_class);
  const leagues = params.league.map((id) => data.leagues.find((l) => l.id === id)?.name ?? String(id));
  const rows = data.teamVisitors.map((entry) => {
    const percent = Math.round(entry.percentOfTop);
    return row(
      [
        textCell(entry.rank ?? '-'),
        linkedText(pageLink('team_detail', entry.team.id), entry.team.name),
        textCell(entry.averageVisitors === null ? '-' : wholeVisitors(entry.averageVisitors)),
        imageCell(barDataUri(entry.percentOfTop), `${percent}%`),
      ],
      { id: entry.team.id },
    );
  });
  return tableEnvelope(ctx.baseUrl, 'table', {
    context: {
      season: params.season,
      // One league echoes as a number, as everywhere else; a list as sent.
      league: params.league.length === 1 ? params.league[0] : params.league.join(','),
      game_class: params.game_class,
      locale: localeContext(ctx.locale),
    },
    headers: headers(COLUMNS, ctx.locale),
    title: `${t(TEXTS.visitors)} ${gameClass} ${leagues.join(', ')}`,
    subtitle: `${t(TEXTS.season)} ${season.label}`,
    regions: [region(null, rows)],
  });
}

export function teamVisitorsRoute(app: FastifyInstance, deps: FacadeDependencies): void {
  const run = facadeDocument(deps, TEAM_VISITORS_DOCUMENT);
  const resolveSeason = seasonResolver(deps);
  facadeGet(
    app,
    deps,
    '/teams/visitors',
    {
      querystring: TEAM_VISITORS_QUERY,
      doc: {
        id: 'teamVisitors',
        tag: 'Teams and clubs',
        summary: 'Spectators per team',
        response: 'table',
        examples: [
          example('a season', (ids) => `/api/teams/visitors?season=${ids.season}`),
          example('malformed season', '/api/teams/visitors?season=abc', 400),
          example('unknown season', '/api/teams/visitors?season=1990', 404),
        ],
        snapshot: (ids) => [localized(57, `/api/teams/visitors?season=${ids.season}`), localized(58, `/api/teams/visitors?${leagueQuery(ids)}`)],
      },
    },
    async (query, ctx) => {
      if (query.game_class !== undefined && query.league === undefined) throw badRequest('Parameter league is required with game_class');
      const params: TeamVisitorsParams = {
        league: query.league ?? [DEFAULT_LEAGUE],
        game_class: query.game_class ?? DEFAULT_GAME_CLASS,
        season: await resolveSeason(query.season),
      };
      return reshapeTeamVisitors(await run({ season: params.season, leagues: params.league, gameClass: params.game_class }), params, ctx);
    },
  );
}
