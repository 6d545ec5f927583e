import type { FastifyInstance } from 'fastify';
import type { ResultOf } from '@graphql-typed-document-node/core';
import { graphql } from '../generated/gql.js';
import type { NationalRecordOrder } from '../../domain/national-statistics.js';
import { facadeDocument, type FacadeDependencies } from '../shared/facade.js';
import { localeContext } from '../shared/locale.js';
import { oneOf, paramsSchema, withDefault, type ParamsOf } from '../shared/param-schema.js';
import { textIn, type RenderContext } from '../shared/render-context.js';
import { facadeGet } from '../shared/route.js';
import { example, localized, probe } from '../shared/route-doc.js';
import { TEXTS } from '../shared/texts.js';
import { column, headers, linkedText, pageLink, region, row, tableEnvelope } from '../shared/table.js';
import { SELECTION_ID, selectionName } from './national-players.js';
import { playerName, TOTALS_COLUMNS, totalsCells } from './shared/player-profile.js';

/**
 * `/national_players/statistics?selection_id=&order=&direction=`: every player of the selection with at
 * least one game, ordered by a column of the table; `order` takes the table's header keys.
 */
export const NATIONAL_RECORDS_DOCUMENT = graphql(`
  query NationalRecords($selection: Int!, $order: NationalRecordOrder!, $direction: SortDirection!) {
    nationalSelections { id name }
    nationalPlayerRecords(selectionId: $selection, orderBy: $order, direction: $direction, minGames: 1) {
      games goals assists points penalties2 penalties5 penalties10 matchPenalties
      nationalPlayer { id player { id firstName lastName } }
    }
  }
`);

export type NationalRecordsData = ResultOf<typeof NATIONAL_RECORDS_DOCUMENT>;

/** The table's header keys, in column order, and the order each stands for. */
export const ORDER_KEYS = {
  name: 'NAME',
  games: 'GAMES',
  goals: 'GOALS',
  assists: 'ASSISTS',
  points: 'POINTS',
  '2-minute-penalty': 'PENALTIES_2',
  '5-minute-penalty': 'PENALTIES_5',
  '10-minute-penalty': 'PENALTIES_10',
  matchpenalty: 'MATCH_PENALTIES',
} as const satisfies Record<string, NationalRecordOrder>;
type OrderKey = keyof typeof ORDER_KEYS;

const DIRECTIONS = ['asc', 'desc'] as const;

/** `direction` is left open here: its default depends on `order` (nationalRecordsParams). */
export const NATIONAL_RECORDS_QUERY = paramsSchema({
  order: withDefault(oneOf(Object.keys(ORDER_KEYS) as OrderKey[]), 'points'),
  direction: oneOf(DIRECTIONS),
  selection_id: SELECTION_ID,
});

export type NationalRecordsParams = Required<ParamsOf<typeof NATIONAL_RECORDS_QUERY>>;

/** Names sort A–Z by default, numbers from the highest. */
export function nationalRecordsParams(query: ParamsOf<typeof NATIONAL_RECORDS_QUERY>): NationalRecordsParams {
  return { ...query, direction: query.direction ?? (query.order === 'name' ? 'asc' : 'desc') };
}

const DIRECTION_VALUES = { asc: 'ASC', desc: 'DESC' } as const satisfies Record<(typeof DIRECTIONS)[number], string>;

export function nationalRecordsVariables(params: NationalRecordsParams) {
  return { selection: params.selection_id, order: ORDER_KEYS[params.order], direction: DIRECTION_VALUES[params.direction] };
}

/** Keyed as `order` accepts (ORDER_KEYS). */
const COLUMNS = [column('name', TEXTS.name, { align: 'l' }), ...TOTALS_COLUMNS];

/** Pure: rows in the order the schema returned (rows carry the national player id), headers keyed as `order` accepts. */
export function reshapeNationalRecords(data: NationalRecordsData, params: NationalRecordsParams, ctx: RenderContext) {
  const t = textIn(ctx);
  const name = selectionName(data.nationalSelections, params.selection_id);
  const rows = data.nationalPlayerRecords.map((record) =>
    row([linkedText(pageLink('player_detail', record.nationalPlayer.player.id), playerName(record.nationalPlayer.player)), ...totalsCells(record)], {
      id: record.nationalPlayer.id,
    }),
  );
  return tableEnvelope(ctx.baseUrl, 'table', {
    context: { selection_id: params.selection_id, order: params.order, direction: params.direction, locale: localeContext(ctx.locale) },
    headers: headers(COLUMNS, ctx.locale),
    title: `${t(TEXTS.nationalTeamStatistics)} ${name}`,
    regions: [region(null, rows)],
  });
}

export function nationalStatisticsRoute(app: FastifyInstance, deps: FacadeDependencies): void {
  const run = facadeDocument(deps, NATIONAL_RECORDS_DOCUMENT);
  facadeGet(
    app,
    deps,
    '/national_players/statistics',
    {
      querystring: NATIONAL_RECORDS_QUERY,
      doc: {
        id: 'nationalRecords',
        tag: 'Players',
        summary: "National selections' players ordered by a total",
        response: 'table',
        examples: [
          example('by games', '/api/national_players/statistics?selection_id=1&order=games&direction=asc'),
          example('unknown direction', '/api/national_players/statistics?direction=sideways', 400),
          example('unknown selection', '/api/national_players/statistics?selection_id=999', 404),
        ],
        snapshot: () => [
          localized(67, '/api/national_players/statistics?selection_id=1&order=games&direction=asc'),
          probe(93, '/api/national_players/statistics?direction=sideways'),
        ],
      },
    },
    async (query, ctx) => {
      const params = nationalRecordsParams(query);
      return reshapeNationalRecords(await run(nationalRecordsVariables(params)), params, ctx);
    },
  );
}
