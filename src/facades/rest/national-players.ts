import type { FastifyInstance } from 'fastify';
import type { ResultOf } from '@graphql-typed-document-node/core';
import { graphql } from '../generated/gql.js';
import { facadeDocument, type FacadeDependencies } from '../shared/facade.js';
import { orNotFound } from '../shared/found.js';
import { localeContext } from '../shared/locale.js';
import { id, integer, paramsSchema, withDefault, type ParamsOf, pathSchema } from '../shared/param-schema.js';
import { textIn, type RenderContext } from '../shared/render-context.js';
import { facadeGet } from '../shared/route.js';
import { example, localized } from '../shared/route-doc.js';
import { TEXTS } from '../shared/texts.js';
import { column, headers, linkedText, pageLink, region, row, tableEnvelope, textCell } from '../shared/table.js';
import { playerName, playerStatisticsTable, positionText, profileAttributeList, ROSTER_COLUMNS, TOTALS_COLUMNS, totalsCells } from './shared/player-profile.js';

/**
 * `/national_players?selection_id=` (active players), `/national_players/:id` (attribute list, the
 * player profile with the selection as last attribute) and `/national_players/:id/statistics`.
 * The all-players table `/national_players/statistics` lives in national-statistics.ts.
 */
export const DEFAULT_SELECTION = 1;

/** `selection_id`, also of `/national_players/statistics`. */
export const SELECTION_ID = withDefault(integer({ min: 1 }), DEFAULT_SELECTION);

export const NATIONAL_PLAYERS_QUERY = paramsSchema({ selection_id: SELECTION_ID });
export type NationalPlayersParams = ParamsOf<typeof NATIONAL_PLAYERS_QUERY>;

export const NATIONAL_PLAYER_PATH = pathSchema({ national_player_id: id() });
export type NationalPlayerParams = ParamsOf<typeof NATIONAL_PLAYER_PATH>;

export const NATIONAL_PLAYERS_DOCUMENT = graphql(`
  query NationalPlayers($selection: Int!) {
    nationalSelections { id name }
    nationalPlayers(selectionId: $selection, active: true, first: 5000) {
      edges { node { id number position player { id firstName lastName } } }
    }
  }
`);

export type NationalPlayersData = ResultOf<typeof NATIONAL_PLAYERS_DOCUMENT>;

export function selectionName(selections: { id: number; name: string }[], selectionId: number): string {
  const selection = selections.find((s) => s.id === selectionId);
  return orNotFound(selection, `No national selection ${selectionId}: selections are ${selections.map((s) => s.id).join(', ')}`).name;
}

/** Pure: WIRE.md §4 `national_players` (number or `-`, position or empty, name); rows carry the national player id. */
export function reshapeNationalPlayers(data: NationalPlayersData, params: NationalPlayersParams, ctx: RenderContext) {
  const t = textIn(ctx);
  const name = selectionName(data.nationalSelections, params.selection_id);
  const rows = data.nationalPlayers.edges.map(({ node }) =>
    row(
      [
        textCell(node.number ?? '-'),
        textCell(positionText(node.position, ctx) ?? ''),
        linkedText(pageLink('player_detail', node.player.id), playerName(node.player)),
      ],
      { id: node.id },
    ),
  );
  return tableEnvelope(ctx.baseUrl, 'table', {
    context: { selection_id: params.selection_id, locale: localeContext(ctx.locale) },
    headers: headers(ROSTER_COLUMNS, ctx.locale),
    title: `${t(TEXTS.nationalTeam)} ${name}`,
    regions: [region(null, rows)],
  });
}

export const NATIONAL_PLAYER_DETAIL_DOCUMENT = graphql(`
  query NationalPlayerDetail($id: Int!) {
    nationalPlayer(id: $id) { number position selection { name } player { ...ProfilePlayer } }
  }
`);

export type NationalPlayerDetailData = ResultOf<typeof NATIONAL_PLAYER_DETAIL_DOCUMENT>;

export function reshapeNationalPlayerDetail(data: NationalPlayerDetailData, params: NationalPlayerParams, ctx: RenderContext) {
  const national = orNotFound(data.nationalPlayer, `No national player ${params.national_player_id}`);
  return profileAttributeList(
    { player: national.player, number: national.number, position: national.position ?? undefined, last: { key: 'selection', text: national.selection.name } },
    ctx,
  );
}

/** What the statistics per selection read of a national player; also spread by the player page (ui-player.ts). */
export const STATISTICS_NATIONAL_PLAYER_FRAGMENT = graphql(`
  fragment StatisticsNationalPlayer on NationalPlayer {
    id player { firstName lastName }
    records { selection { name } games goals assists points penalties2 penalties5 penalties10 matchPenalties }
  }
`);

export const NATIONAL_PLAYER_STATISTICS_DOCUMENT = graphql(`
  query NationalPlayerStatistics($id: Int!) { nationalPlayer(id: $id) { ...StatisticsNationalPlayer } }
`);

const STATISTICS_COLUMNS = [column('selection', TEXTS.nationalTeam, { align: 'l' }), ...TOTALS_COLUMNS];

export type NationalPlayerStatisticsData = ResultOf<typeof NATIONAL_PLAYER_STATISTICS_DOCUMENT>;

/** Pure: one row per selection the player has played in (selection, then the totals columns). */
export function reshapeNationalPlayerStatistics(data: NationalPlayerStatisticsData, params: NationalPlayerParams, ctx: RenderContext) {
  const national = orNotFound(data.nationalPlayer, `No national player ${params.national_player_id}`);
  const rows = national.records.map((record) => row([textCell(record.selection.name), ...totalsCells(record)]));
  return playerStatisticsTable({ context: { national_player_id: national.id }, player: national.player, columns: STATISTICS_COLUMNS, rows }, ctx);
}

export function nationalPlayerRoutes(app: FastifyInstance, deps: FacadeDependencies): void {
  const list = facadeDocument(deps, NATIONAL_PLAYERS_DOCUMENT);
  const detail = facadeDocument(deps, NATIONAL_PLAYER_DETAIL_DOCUMENT);
  const statistics = facadeDocument(deps, NATIONAL_PLAYER_STATISTICS_DOCUMENT);
  facadeGet(
    app,
    deps,
    '/national_players',
    {
      querystring: NATIONAL_PLAYERS_QUERY,
      doc: {
        id: 'nationalPlayers',
        tag: 'Players',
        summary: 'The players of a national selection',
        response: 'table',
        examples: [
          example('default selection', '/api/national_players'),
          example('malformed selection', '/api/national_players?selection_id=x', 400),
          example('unknown selection', '/api/national_players?selection_id=999', 404),
        ],
        snapshot: () => [localized(65, '/api/national_players'), localized(66, '/api/national_players?selection_id=2')],
      },
    },
    async (params, ctx) => reshapeNationalPlayers(await list({ selection: params.selection_id }), params, ctx),
  );
  facadeGet(
    app,
    deps,
    '/national_players/:national_player_id',
    {
      params: NATIONAL_PLAYER_PATH,
      doc: {
        id: 'nationalPlayerDetail',
        tag: 'Players',
        summary: 'One national player',
        response: 'attribute_list',
        examples: [
          example('a national player', (ids) => `/api/national_players/${ids.nationalPlayer}`),
          example('malformed id', '/api/national_players/abc', 400),
          example('unknown national player', '/api/national_players/999999', 404),
        ],
        snapshot: (ids) => [localized(68, `/api/national_players/${ids.nationalPlayer}`)],
      },
    },
    async (params, ctx) => reshapeNationalPlayerDetail(await detail({ id: params.national_player_id }), params, ctx),
  );
  facadeGet(
    app,
    deps,
    '/national_players/:national_player_id/statistics',
    {
      params: NATIONAL_PLAYER_PATH,
      doc: {
        id: 'nationalPlayerStatistics',
        tag: 'Players',
        summary: "A national player's totals per selection",
        response: 'table',
        examples: [
          example('a national player', (ids) => `/api/national_players/${ids.nationalPlayer}/statistics`),
          example('malformed id', '/api/national_players/abc/statistics', 400),
          example('unknown national player', '/api/national_players/999999/statistics', 404),
        ],
        snapshot: (ids) => [localized(69, `/api/national_players/${ids.nationalPlayer}/statistics`)],
      },
    },
    async (params, ctx) => reshapeNationalPlayerStatistics(await statistics({ id: params.national_player_id }), params, ctx),
  );
}
