import type { FastifyInstance } from 'fastify';
import { notFound } from '../shared/errors.js';
import { facadeDocument, requestInfo, type FacadeDependencies, type RequestInfo } from '../shared/facade.js';
import { localeContext, translate, type Translated } from '../shared/locale.js';
import { TEXTS } from '../shared/texts.js';
import { optionalInt, pathId } from '../shared/params.js';
import { column, headers, linkedText, pageLink, region, row, tableEnvelope, textCell } from '../shared/table.js';
import { playerName, positionText, PROFILE_PLAYER_FRAGMENT, profileAttributeList, ROSTER_COLUMNS, TOTALS_COLUMNS, totalsCells, type ProfilePlayerData } from './player-profile.js';
import type { Totals } from '../../domain/player-statistics.js';

/**
 * `/national_players?selection_id=` (active players), `/national_players/:id` (attribute list, the
 * player profile with the selection as last attribute) and `/national_players/:id/statistics`.
 * The all-players table `/national_players/statistics` lives in national-statistics.ts.
 */
export const DEFAULT_SELECTION = 1;

export function selectionParam(info: RequestInfo): number {
  return optionalInt(info.query, 'selection_id', { min: 1 }) ?? DEFAULT_SELECTION;
}

export const NATIONAL_PLAYERS_DOCUMENT = /* GraphQL */ `
  query NationalPlayers($selection: Int!) {
    nationalSelections { id name }
    nationalPlayers(selectionId: $selection, active: true, first: 5000) {
      edges { node { id number position player { id firstName lastName } } }
    }
  }
`;

export interface NationalPlayersData {
  nationalSelections: { id: number; name: string }[];
  nationalPlayers: { edges: { node: { id: number; number: number | null; position: string | null; player: { id: number; firstName: string; lastName: string } } }[] };
}

export function selectionName(selections: { id: number; name: string }[], id: number): string {
  const selection = selections.find((s) => s.id === id);
  if (!selection) throw notFound(`No national selection ${id}: selections are ${selections.map((s) => s.id).join(', ')}`);
  return selection.name;
}

/** Pure: WIRE.md §4 `national_players` (number or `-`, position or empty, name); rows carry the national player id. */
export function reshapeNationalPlayers(data: NationalPlayersData, selection: number, info: RequestInfo) {
  const t = (text: Translated) => translate(text, info.locale);
  const name = selectionName(data.nationalSelections, selection);
  const rows = data.nationalPlayers.edges.map(({ node }) =>
    row(
      [
        textCell(node.number ?? '-'),
        textCell(positionText(node.position, info) ?? ''),
        linkedText(pageLink('player_detail', node.player.id), playerName(node.player)),
      ],
      { id: node.id },
    ),
  );
  return tableEnvelope(info.baseUrl, 'table', {
    context: { selection_id: selection, locale: localeContext(info.locale) },
    headers: headers(ROSTER_COLUMNS, info.locale),
    title: `${t(TEXTS.nationalTeam)} ${name}`,
    regions: [region(null, rows)],
  });
}

export const NATIONAL_PLAYER_DETAIL_DOCUMENT = /* GraphQL */ `
  query NationalPlayerDetail($id: Int!) {
    nationalPlayer(id: $id) { number position selection { name } player { ...ProfilePlayer } }
  }
  ${PROFILE_PLAYER_FRAGMENT}
`;

export interface NationalPlayerDetailData {
  nationalPlayer: { number: number | null; position: string | null; selection: { name: string }; player: ProfilePlayerData } | null;
}

export function reshapeNationalPlayerDetail(data: NationalPlayerDetailData, info: RequestInfo) {
  const national = data.nationalPlayer;
  if (!national) throw notFound(`No national player ${info.params.national_player_id}`);
  return profileAttributeList(
    { player: national.player, number: national.number, position: national.position ?? undefined, last: { key: 'selection', text: national.selection.name } },
    info,
  );
}

export const NATIONAL_PLAYER_STATISTICS_DOCUMENT = /* GraphQL */ `
  query NationalPlayerStatistics($id: Int!) {
    nationalPlayer(id: $id) {
      id player { firstName lastName }
      records { selection { name } games goals assists points penalties2 penalties5 penalties10 matchPenalties }
    }
  }
`;

const STATISTICS_COLUMNS = [column('selection', TEXTS.nationalTeam, { align: 'l' }), ...TOTALS_COLUMNS];

export interface NationalPlayerStatisticsData {
  nationalPlayer: { id: number; player: { firstName: string; lastName: string }; records: (Totals & { selection: { name: string } })[] } | null;
}

/** Pure: one row per selection the player has played in (selection, then the totals columns). */
export function reshapeNationalPlayerStatistics(data: NationalPlayerStatisticsData, info: RequestInfo) {
  const national = data.nationalPlayer;
  if (!national) throw notFound(`No national player ${info.params.national_player_id}`);
  const t = (text: Translated) => translate(text, info.locale);
  return tableEnvelope(info.baseUrl, 'table', {
    context: { national_player_id: national.id, locale: localeContext(info.locale) },
    headers: headers(STATISTICS_COLUMNS, info.locale),
    title: `${t(TEXTS.statistics)} ${playerName(national.player)}`,
    subtitle: playerName(national.player),
    regions: [region(null, national.records.map((record) => row([textCell(record.selection.name), ...totalsCells(record)])))],
  });
}

export function nationalPlayerRoutes(app: FastifyInstance, deps: FacadeDependencies): void {
  const list = facadeDocument<NationalPlayersData>(deps, NATIONAL_PLAYERS_DOCUMENT);
  const detail = facadeDocument<NationalPlayerDetailData>(deps, NATIONAL_PLAYER_DETAIL_DOCUMENT);
  const statistics = facadeDocument<NationalPlayerStatisticsData>(deps, NATIONAL_PLAYER_STATISTICS_DOCUMENT);
  app.get('/national_players', async (request) => {
    const info = requestInfo(deps, request);
    const selection = selectionParam(info);
    return reshapeNationalPlayers(await list({ selection }), selection, info);
  });
  app.get('/national_players/:national_player_id', async (request) => {
    const info = requestInfo(deps, request);
    return reshapeNationalPlayerDetail(await detail({ id: pathId(info.params, 'national_player_id') }), info);
  });
  app.get('/national_players/:national_player_id/statistics', async (request) => {
    const info = requestInfo(deps, request);
    return reshapeNationalPlayerStatistics(await statistics({ id: pathId(info.params, 'national_player_id') }), info);
  });
}
