import type { FastifyInstance } from 'fastify';
import { notFound } from '../shared/errors.js';
import { facadeDocument, requestInfo, type FacadeDependencies, type RequestInfo } from '../shared/facade.js';
import { localeContext, translate, type Translated } from '../shared/locale.js';
import { TEXTS } from '../shared/texts.js';
import { pathId } from '../shared/params.js';
import { column, headers, linkedText, pageLink, region, row, tableEnvelope, textCell } from '../shared/table.js';
import { playerName, PROFILE_PLAYER_FRAGMENT, profileAttributeList, licenseText, TOTALS_COLUMNS, totalsCells, type ProfilePlayerData } from './player-profile.js';
import type { Totals } from '../../domain/player-statistics.js';

/** `/players/:player_id` (attribute list) and `/players/:player_id/statistics` (per season, competition and team). */
export const PLAYER_DETAIL_DOCUMENT = /* GraphQL */ `
  query PlayerDetail($id: Int!) { player(id: $id) { ...ProfilePlayer } }
  ${PROFILE_PLAYER_FRAGMENT}
`;

export interface PlayerDetailData {
  player: ProfilePlayerData | null;
}

export function reshapePlayerDetail(data: PlayerDetailData, info: RequestInfo) {
  if (!data.player) throw notFound(`No player ${info.params.player_id}`);
  return profileAttributeList({ player: data.player, last: { key: 'license', text: licenseText(data.player) } }, info);
}

export const PLAYER_STATISTICS_DOCUMENT = /* GraphQL */ `
  query PlayerStatistics($id: Int!) {
    player(id: $id) {
      id firstName lastName
      statistics {
        season { id label } league { name } gameClass { name } cupTournament { name } team { id name }
        games goals assists points penalties2 penalties5 penalties10 matchPenalties
      }
    }
  }
`;

export interface PlayerStatisticsData {
  player: {
    id: number;
    firstName: string;
    lastName: string;
    statistics: (Totals & {
      season: { id: number; label: string };
      league: { name: string } | null;
      gameClass: { name: string };
      cupTournament: { name: string } | null;
      team: { id: number; name: string };
    })[];
  } | null;
}

const STATISTICS_COLUMNS = [
  column('saison', TEXTS.season, { align: 'l' }),
  column('liga', TEXTS.league, { align: 'l' }),
  column('verein', TEXTS.team, { align: 'l' }),
  ...TOTALS_COLUMNS,
];

/** Pure: WIRE.md §4 `players/:id/statistics`, newest season first, league rows before cup rows. */
export function reshapePlayerStatistics(data: PlayerStatisticsData, info: RequestInfo) {
  const player = data.player;
  if (!player) throw notFound(`No player ${info.params.player_id}`);
  const t = (text: Translated) => translate(text, info.locale);
  const rows = player.statistics.map((line) =>
    row([
      textCell(line.season.label),
      textCell(line.league ? `${line.gameClass.name} ${line.league.name}` : (line.cupTournament?.name ?? line.gameClass.name)),
      linkedText(pageLink('team_detail', line.team.id), line.team.name),
      ...totalsCells(line),
    ]),
  );
  return tableEnvelope(info.baseUrl, 'table', {
    context: { player_id: player.id, locale: localeContext(info.locale) },
    headers: headers(STATISTICS_COLUMNS, info.locale),
    title: `${t(TEXTS.statistics)} ${playerName(player)}`,
    subtitle: playerName(player),
    regions: [region(null, rows)],
  });
}

export function playerRoutes(app: FastifyInstance, deps: FacadeDependencies): void {
  const detail = facadeDocument<PlayerDetailData>(deps, PLAYER_DETAIL_DOCUMENT);
  const statistics = facadeDocument<PlayerStatisticsData>(deps, PLAYER_STATISTICS_DOCUMENT);
  app.get('/players/:player_id', async (request) => {
    const info = requestInfo(deps, request);
    return reshapePlayerDetail(await detail({ id: pathId(info.params, 'player_id') }), info);
  });
  app.get('/players/:player_id/statistics', async (request) => {
    const info = requestInfo(deps, request);
    return reshapePlayerStatistics(await statistics({ id: pathId(info.params, 'player_id') }), info);
  });
}
