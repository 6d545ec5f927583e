import type { FastifyInstance } from 'fastify';
import { notFound } from '../shared/errors.js';
import { facadeDocument, requestInfo, type FacadeDependencies, type RequestInfo } from '../shared/facade.js';
import { localeContext, translate, type Translated } from '../shared/locale.js';
import { COMMON_TEXTS } from '../shared/texts.js';
import { pathId } from '../shared/params.js';
import { header, region, row, tableEnvelope, textCell } from '../shared/table.js';
import { cupText, finalPhaseText, leaguesText, rankText, SEASON_RECORD_FRAGMENT, type SeasonRecordData } from './achievements.js';

/** `/teams/:team_id/statistics`: the team's achievements in every season it played, newest first. */
export const TEAM_STATISTICS_DOCUMENT = /* GraphQL */ `
  query TeamStatistics($id: Int!) { team(id: $id) { id name seasonRecords { ...SeasonRecordTexts } } }
  ${SEASON_RECORD_FRAGMENT}
`;

export interface TeamStatisticsData {
  team: { id: number; name: string; seasonRecords: SeasonRecordData[] } | null;
}

const TEXTS = {
  ...COMMON_TEXTS,
  playoffOut: { de: 'Playoff/Playout', fr: 'Playoff/Playout', it: 'Playoff/Playout', en: 'Playoff/playout' },
  qualification: { de: 'Qualifikation', fr: 'Qualification', it: 'Qualificazione', en: 'Qualification' },
  cup: { de: 'Cup', fr: 'Coupe', it: 'Coppa', en: 'Cup' },
  title: { de: 'Erfolge', fr: 'Palmarès', it: 'Palmarès', en: 'Achievements' },
} satisfies Record<string, Translated>;

const NONE = '-';

/** Pure: columns season, league, playoff_out, qualification, cup (spec "Team statistics"); `-` where the team had none. */
export function reshapeTeamStatistics(data: TeamStatisticsData, info: RequestInfo) {
  const team = data.team;
  if (!team) throw notFound(`No team ${info.params.team_id}`);
  const t = (text: Translated) => translate(text, info.locale);
  const rows = team.seasonRecords.map((record) =>
    row([
      textCell(record.season.label),
      textCell(leaguesText(record) || NONE),
      textCell(finalPhaseText(record, info) ?? NONE),
      textCell(rankText(record.qualificationRank, info) ?? NONE),
      textCell(cupText(record, info) ?? NONE),
    ]),
  );
  return tableEnvelope(info.baseUrl, 'table', {
    context: { team_id: team.id, locale: localeContext(info.locale) },
    headers: [
      header(t(TEXTS.season), 'season', { align: 'l' }),
      header(t(TEXTS.league), 'league', { align: 'l' }),
      header(t(TEXTS.playoffOut), 'playoff_out', { align: 'l' }),
      header(t(TEXTS.qualification), 'qualification', { align: 'l' }),
      header(t(TEXTS.cup), 'cup', { align: 'l' }),
    ],
    title: `${t(TEXTS.title)} ${team.name}`,
    regions: [region(null, rows)],
  });
}

export function teamStatisticsRoute(app: FastifyInstance, deps: FacadeDependencies): void {
  const run = facadeDocument<TeamStatisticsData>(deps, TEAM_STATISTICS_DOCUMENT);
  app.get('/teams/:team_id/statistics', async (request) => {
    const info = requestInfo(deps, request);
    return reshapeTeamStatistics(await run({ id: pathId(info.params, 'team_id') }), info);
  });
}
