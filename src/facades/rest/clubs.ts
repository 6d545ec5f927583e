import type { FastifyInstance } from 'fastify';
import { notFound } from '../shared/errors.js';
import { facadeDocument, requestInfo, type FacadeDependencies, type RequestInfo } from '../shared/facade.js';
import { localeContext, translate, type Translated } from '../shared/locale.js';
import { TEXTS } from '../shared/texts.js';
import { optionalInt, pathId } from '../shared/params.js';
import { seasonResolver } from '../shared/season.js';
import { column, dropdown, dropdownEntry, headers, linkedText, pageLink, region, row, tableEnvelope, textCell } from '../shared/table.js';
import { cupText, finalPhaseText, leaguesText, rankText, SEASON_RECORD_FRAGMENT, type SeasonRecordData } from './achievements.js';

/** `/clubs?season=` (dropdown of the clubs that played in the season) and `/clubs/:club_id/statistics`. */
export const SEASON_CLUBS_DOCUMENT = /* GraphQL */ `
  query SeasonClubs($season: Int!) { clubs(season: $season, first: 5000) { edges { node { id name } } } }
`;

export interface SeasonClubsData {
  clubs: { edges: { node: { id: number; name: string } }[] };
}

/** Pure: levels `Verein`, `set_in_context.club_id`, clubs by name. */
export function reshapeSeasonClubs(data: SeasonClubsData, info: RequestInfo) {
  return dropdown(translate(TEXTS.club, info.locale), '/clubs', 'Verein', data.clubs.edges.map(({ node }) => dropdownEntry(node.name, { club_id: node.id })));
}

export const CLUB_STATISTICS_DOCUMENT = /* GraphQL */ `
  query ClubStatistics($id: Int!, $season: Int!) {
    season(id: $season) { label }
    club(id: $id) { id name seasonRecords(season: $season) { ...SeasonRecordTexts } }
  }
  ${SEASON_RECORD_FRAGMENT}
`;

const STATISTICS_COLUMNS = [column('team', TEXTS.team, { align: 'l' }), column('tournament', TEXTS.championship, { align: 'l' }), column('cup', TEXTS.cup, { align: 'l' })];

export interface ClubStatisticsData {
  season: { label: string } | null;
  club: { id: number; name: string; seasonRecords: SeasonRecordData[] } | null;
}

/**
 * Pure: WIRE.md §4 `clubs/:id/statistics` — rows carry `team_id`; 0 team (its league, then its name),
 * 1 tournament (qualification rank and group, then playoff/playout reached), 2 cup (`-` when none).
 */
export function reshapeClubStatistics(data: ClubStatisticsData, season: number, info: RequestInfo) {
  const club = data.club;
  if (!club) throw notFound(`No club ${info.params.club_id}`);
  const t = (text: Translated) => translate(text, info.locale);
  const rows = club.seasonRecords.map((record) => {
    const rank = rankText(record.qualificationRank, info);
    const group = record.qualificationGroup?.name;
    return row(
      [
        linkedText(pageLink('team_detail', record.team.id), leaguesText(record), record.team.name),
        textCell(rank && group ? `${rank}, ${group}` : (rank ?? group ?? '-'), finalPhaseText(record, info)),
        textCell(cupText(record, info) ?? '-'),
      ],
      { team_id: record.team.id },
    );
  });
  return tableEnvelope(info.baseUrl, 'table', {
    context: { club_id: club.id, season, locale: localeContext(info.locale) },
    headers: headers(STATISTICS_COLUMNS, info.locale),
    title: club.name,
    subtitle: `${t(TEXTS.season)} ${data.season?.label ?? season}`,
    regions: [region(null, rows)],
  });
}

export function clubRoutes(app: FastifyInstance, deps: FacadeDependencies): void {
  const clubs = facadeDocument<SeasonClubsData>(deps, SEASON_CLUBS_DOCUMENT);
  const statistics = facadeDocument<ClubStatisticsData>(deps, CLUB_STATISTICS_DOCUMENT);
  const resolveSeason = seasonResolver(deps);
  app.get('/clubs', async (request) => {
    const info = requestInfo(deps, request);
    const season = await resolveSeason(optionalInt(info.query, 'season', { min: 1900, max: 2999 }));
    return reshapeSeasonClubs(await clubs({ season }), info);
  });
  app.get('/clubs/:club_id/statistics', async (request) => {
    const info = requestInfo(deps, request);
    const id = pathId(info.params, 'club_id');
    const season = await resolveSeason(optionalInt(info.query, 'season', { min: 1900, max: 2999 }));
    return reshapeClubStatistics(await statistics({ id, season }), season, info);
  });
}
