import type { FastifyInstance } from 'fastify';
import type { NationalRecordOrder } from '../../domain/national-statistics.js';
import { badRequest } from '../shared/errors.js';
import { facadeDocument, requestInfo, type FacadeDependencies, type RequestInfo } from '../shared/facade.js';
import { localeContext, translate, type Translated } from '../shared/locale.js';
import { TEXTS } from '../shared/texts.js';
import { optionalEnum, optionalString } from '../shared/params.js';
import { column, headers, linkedText, pageLink, region, row, tableEnvelope } from '../shared/table.js';
import { selectionName, selectionParam } from './national-players.js';
import { playerName, TOTALS_COLUMNS, totalsCells } from './player-profile.js';
import type { Totals } from '../../domain/player-statistics.js';

/**
 * `/national_players/statistics?selection_id=&order=&direction=`: every player of the selection with at
 * least one game, ordered by a column of the table; `order` takes the table's header keys.
 */
export const NATIONAL_RECORDS_DOCUMENT = /* GraphQL */ `
  query NationalRecords($selection: Int!, $order: NationalRecordOrder!, $direction: SortDirection!) {
    nationalSelections { id name }
    nationalPlayerRecords(selectionId: $selection, orderBy: $order, direction: $direction, minGames: 1) {
      games goals assists points penalties2 penalties5 penalties10 matchPenalties
      nationalPlayer { id player { id firstName lastName } }
    }
  }
`;

export interface NationalRecordsData {
  nationalSelections: { id: number; name: string }[];
  nationalPlayerRecords: (Totals & { nationalPlayer: { id: number; player: { id: number; firstName: string; lastName: string } } })[];
}

/** The table's header keys, in column order, and the order each stands for. */
export const ORDER_KEYS: Readonly<Record<string, NationalRecordOrder>> = {
  name: 'NAME',
  games: 'GAMES',
  goals: 'GOALS',
  assists: 'ASSISTS',
  points: 'POINTS',
  '2-minute-penalty': 'PENALTIES_2',
  '5-minute-penalty': 'PENALTIES_5',
  '10-minute-penalty': 'PENALTIES_10',
  matchpenalty: 'MATCH_PENALTIES',
};

const DEFAULT_ORDER = 'points';
const DIRECTIONS = ['asc', 'desc'] as const;

export interface NationalRecordsParams {
  selection: number;
  order: string;
  direction: (typeof DIRECTIONS)[number];
}

/** Names sort A–Z by default, numbers from the highest. */
export function nationalRecordsParams(info: RequestInfo): NationalRecordsParams {
  const order = optionalString(info.query, 'order') ?? DEFAULT_ORDER;
  if (!Object.hasOwn(ORDER_KEYS, order)) throw badRequest(`Parameter order must be one of ${Object.keys(ORDER_KEYS).join(', ')}, got "${order}"`);
  const direction = optionalEnum(info.query, 'direction', DIRECTIONS) ?? (order === 'name' ? 'asc' : 'desc');
  return { selection: selectionParam(info), order, direction };
}

export function nationalRecordsVariables(params: NationalRecordsParams) {
  return { selection: params.selection, order: ORDER_KEYS[params.order], direction: params.direction.toUpperCase() };
}

/** Keyed as `order` accepts (ORDER_KEYS). */
const COLUMNS = [column('name', TEXTS.name, { align: 'l' }), ...TOTALS_COLUMNS];

/** Pure: rows in the order the schema returned (rows carry the national player id), headers keyed as `order` accepts. */
export function reshapeNationalRecords(data: NationalRecordsData, params: NationalRecordsParams, info: RequestInfo) {
  const t = (text: Translated) => translate(text, info.locale);
  const name = selectionName(data.nationalSelections, params.selection);
  const rows = data.nationalPlayerRecords.map((record) =>
    row([linkedText(pageLink('player_detail', record.nationalPlayer.player.id), playerName(record.nationalPlayer.player)), ...totalsCells(record)], {
      id: record.nationalPlayer.id,
    }),
  );
  return tableEnvelope(info.baseUrl, 'table', {
    context: { selection_id: params.selection, order: params.order, direction: params.direction, locale: localeContext(info.locale) },
    headers: headers(COLUMNS, info.locale),
    title: `${t(TEXTS.nationalTeamStatistics)} ${name}`,
    regions: [region(null, rows)],
  });
}

export function nationalStatisticsRoute(app: FastifyInstance, deps: FacadeDependencies): void {
  const run = facadeDocument<NationalRecordsData>(deps, NATIONAL_RECORDS_DOCUMENT);
  app.get('/national_players/statistics', async (request) => {
    const info = requestInfo(deps, request);
    const params = nationalRecordsParams(info);
    return reshapeNationalRecords(await run(nationalRecordsVariables(params)), params, info);
  });
}
