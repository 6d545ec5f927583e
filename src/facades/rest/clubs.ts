import type { FastifyInstance } from 'fastify';
import type { ResultOf } from '@graphql-typed-document-node/core';
import { graphql } from '../generated/gql.js';
import { facadeDocument, type FacadeDependencies } from '../shared/facade.js';
import { orNotFound } from '../shared/found.js';
import { localeContext } from '../shared/locale.js';
import { id, paramsSchema, seasonYear, type ParamsOf, pathSchema } from '../shared/param-schema.js';
import { textIn, type RenderContext } from '../shared/render-context.js';
import { facadeGet } from '../shared/route.js';
import { example, localized } from '../shared/route-doc.js';
import { TEXTS } from '../shared/texts.js';
import { seasonResolver, type WithSeason } from '../shared/season.js';
import { column, dropdown, dropdownEntry, headers, linkedText, pageLink, region, row, tableEnvelope, textCell } from '../shared/table.js';
import { cupText, finalPhaseText, leaguesText, rankText } from './shared/achievements.js';
import { readsOneRecord } from '../shared/change-scope.js';

/** `/clubs?season=` (dropdown of the clubs that played in the season) and `/clubs/:club_id/statistics`. */
export const SEASON_CLUBS_DOCUMENT = graphql(`
  query SeasonClubs($season: Int!) { clubs(season: $season, first: 5000) { edges { node { id name } } } }
`);

/** An absent season is the current one (resolved before the document runs). */
export const CLUBS_QUERY = paramsSchema({ season: seasonYear() });
export const CLUB_STATISTICS_PATH = pathSchema({ club_id: id() });

/** The parameters once the season is resolved. */
export type SeasonClubsParams = WithSeason<ParamsOf<typeof CLUBS_QUERY>>;
export type ClubStatisticsParams = WithSeason<ParamsOf<typeof CLUBS_QUERY> & ParamsOf<typeof CLUB_STATISTICS_PATH>>;

export type SeasonClubsData = ResultOf<typeof SEASON_CLUBS_DOCUMENT>;

/** Pure: levels `Verein`, `set_in_context.club_id`, clubs by name. */
export function reshapeSeasonClubs(data: SeasonClubsData, _params: SeasonClubsParams, ctx: RenderContext) {
  return dropdown(
    textIn(ctx)(TEXTS.club),
    '/clubs',
    'Verein',
    data.clubs.edges.map(({ node }) => dropdownEntry(node.name, { club_id: node.id })),
  );
}

export const CLUB_STATISTICS_DOCUMENT = graphql(`
  query ClubStatistics($id: Int!, $season: Int!) {
    season(id: $season) { label }
    club(id: $id) { id name seasonRecords(season: $season) { ...SeasonRecordTexts } }
  }
`);

const STATISTICS_COLUMNS = [
  column('team', TEXTS.team, { align: 'l' }),
  column('tournament', TEXTS.championship, { align: 'l' }),
  column('cup', TEXTS.cup, { align: 'l' }),
];

export type ClubStatisticsData = ResultOf<typeof CLUB_STATISTICS_DOCUMENT>;

/**
 * Pure: WIRE.md §4 `clubs/:id/statistics` — rows carry `team_id`; 0 team (its league, then its name),
 * 1 tournament (qualification rank and group, then playoff/playout reached), 2 cup (`-` when none).
 */
export function reshapeClubStatistics(data: ClubStatisticsData, params: ClubStatisticsParams, ctx: RenderContext) {
  const club = orNotFound(data.club, `No club ${params.club_id}`);
  const t = textIn(ctx);
  const rows = club.seasonRecords.map((record) => {
    const rank = rankText(record.qualificationRank, ctx);
    const group = record.qualificationGroup?.name;
    return row(
      [
        linkedText(pageLink('team_detail', record.team.id), leaguesText(record), record.team.name),
        textCell(rank && group ? `${rank}, ${group}` : (rank ?? group ?? '-'), finalPhaseText(record, ctx)),
        textCell(cupText(record, ctx) ?? '-'),
      ],
      { team_id: record.team.id },
    );
  });
  return tableEnvelope(ctx.baseUrl, 'table', {
    context: { club_id: club.id, season: params.season, locale: localeContext(ctx.locale) },
    headers: headers(STATISTICS_COLUMNS, ctx.locale),
    title: club.name,
    subtitle: `${t(TEXTS.season)} ${data.season?.label ?? params.season}`,
    regions: [region(null, rows)],
  });
}

export function clubRoutes(app: FastifyInstance, deps: FacadeDependencies): void {
  const clubs = facadeDocument(deps, SEASON_CLUBS_DOCUMENT);
  const statistics = facadeDocument(deps, CLUB_STATISTICS_DOCUMENT);
  const resolveSeason = seasonResolver(deps);
  facadeGet(
    app,
    deps,
    '/clubs',
    {
      querystring: CLUBS_QUERY,
      doc: {
        id: 'clubs',
        tag: 'Teams and clubs',
        summary: 'Clubs',
        response: 'dropdown',
        examples: [example('a season', (ids) => `/api/clubs?season=${ids.season}`), example('malformed season', '/api/clubs?season=abc', 400)],
        snapshot: (ids) => [localized(59, `/api/clubs?season=${ids.season}`)],
      },
    },
    async (params, ctx) => {
      const season = await resolveSeason(params.season);
      return reshapeSeasonClubs(await clubs({ season }), { ...params, season }, ctx);
    },
  );
  facadeGet(
    app,
    deps,
    '/clubs/:club_id/statistics',
    {
      querystring: CLUBS_QUERY,
      params: CLUB_STATISTICS_PATH,
      config: readsOneRecord('club', 'club_id'),
      doc: {
        id: 'clubStatistics',
        tag: 'Teams and clubs',
        summary: "A club's teams: placements and cup",
        response: 'table',
        examples: [
          example('a club', (ids) => `/api/clubs/${ids.club}/statistics`),
          example('malformed id', '/api/clubs/abc/statistics', 400),
          example('unknown club', '/api/clubs/999999/statistics', 404),
        ],
        snapshot: ({ club, previousSeason }) => [
          localized(60, `/api/clubs/${club}/statistics`),
          ...(previousSeason ? [localized(61, `/api/clubs/${club}/statistics?season=${previousSeason}`)] : []),
        ],
      },
    },
    async (params, ctx) => {
      const season = await resolveSeason(params.season);
      return reshapeClubStatistics(await statistics({ id: params.club_id, season }), { ...params, season }, ctx);
    },
  );
}
