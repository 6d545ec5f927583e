import type { FastifyInstance } from 'fastify';
import type { ResultOf } from '@graphql-typed-document-node/core';
import { graphql } from '../generated/gql.js';
import { facadeDocument, type FacadeDependencies } from '../shared/facade.js';
import { orNotFound } from '../shared/found.js';
import { localeContext } from '../shared/locale.js';
import { id, type ParamsOf, pathSchema } from '../shared/param-schema.js';
import { textIn, type RenderContext } from '../shared/render-context.js';
import { facadeGet } from '../shared/route.js';
import { example, localized, probe } from '../shared/route-doc.js';
import { TEXTS } from '../shared/texts.js';
import { column, headers, region, row, tableEnvelope, textCell } from '../shared/table.js';
import { cupText, finalPhaseText, leaguesText, rankText } from './shared/achievements.js';
import { readsOneRecord } from '../shared/change-scope.js';

/** `/teams/:team_id/statistics`: the team's achievements in every season it played, newest first. */
export const TEAM_STATISTICS_DOCUMENT = graphql(`
  query TeamStatistics($id: Int!) { team(id: $id) { id name seasonRecords { ...SeasonRecordTexts } } }
`);

export const TEAM_STATISTICS_PATH = pathSchema({ team_id: id() });
export type TeamStatisticsParams = ParamsOf<typeof TEAM_STATISTICS_PATH>;

export type TeamStatisticsData = ResultOf<typeof TEAM_STATISTICS_DOCUMENT>;

const COLUMNS = [
  column('season', TEXTS.season, { align: 'l' }),
  column('league', TEXTS.league, { align: 'l' }),
  column('playoff_out', TEXTS.playoffOrPlayout, { align: 'l' }),
  column('qualification', TEXTS.qualification, { align: 'l' }),
  column('cup', TEXTS.cup, { align: 'l' }),
];

const NONE = '-';

/** Pure: columns season, league, playoff_out, qualification, cup (spec "Team statistics"); `-` where the team had none. */
export function reshapeTeamStatistics(data: TeamStatisticsData, params: TeamStatisticsParams, ctx: RenderContext) {
  const team = orNotFound(data.team, `No team ${params.team_id}`);
  const t = textIn(ctx);
  const rows = team.seasonRecords.map((record) =>
    row([
      textCell(record.season.label),
      textCell(leaguesText(record) || NONE),
      textCell(finalPhaseText(record, ctx) ?? NONE),
      textCell(rankText(record.qualificationRank, ctx) ?? NONE),
      textCell(cupText(record, ctx) ?? NONE),
    ]),
  );
  return tableEnvelope(ctx.baseUrl, 'table', {
    context: { team_id: team.id, locale: localeContext(ctx.locale) },
    headers: headers(COLUMNS, ctx.locale),
    title: `${t(TEXTS.achievements)} ${team.name}`,
    regions: [region(null, rows)],
  });
}

export function teamStatisticsRoute(app: FastifyInstance, deps: FacadeDependencies): void {
  const run = facadeDocument(deps, TEAM_STATISTICS_DOCUMENT);
  facadeGet(
    app,
    deps,
    '/teams/:team_id/statistics',
    {
      params: TEAM_STATISTICS_PATH,
      config: readsOneRecord('team', 'team_id'),
      doc: {
        id: 'teamStatistics',
        tag: 'Teams and clubs',
        summary: "A team's record per season",
        response: 'table',
        examples: [
          example('a team', (ids) => `/api/teams/${ids.team}/statistics`),
          example('malformed id', '/api/teams/abc/statistics', 400),
          example('unknown team', '/api/teams/999999/statistics', 404),
        ],
        snapshot: (ids) => [localized(56, `/api/teams/${ids.team}/statistics`), probe(90, '/api/teams/999999/statistics?locale=fr')],
      },
    },
    async (params, ctx) => reshapeTeamStatistics(await run({ id: params.team_id }), params, ctx),
  );
}
