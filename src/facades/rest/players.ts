import type { FastifyInstance } from 'fastify';
import type { ResultOf } from '@graphql-typed-document-node/core';
import { graphql } from '../generated/gql.js';
import { facadeDocument, type FacadeDependencies } from '../shared/facade.js';
import { orNotFound } from '../shared/found.js';
import { id, type ParamsOf, pathSchema } from '../shared/param-schema.js';
import { readsNoGameData, readsOneRecord } from '../shared/change-scope.js';
import type { RenderContext } from '../shared/render-context.js';
import { facadeGet } from '../shared/route.js';
import { example, localized } from '../shared/route-doc.js';
import { TEXTS } from '../shared/texts.js';
import { column, linkedText, pageLink, row, textCell } from '../shared/table.js';
import { licenseText, playerStatisticsTable, profileAttributeList, TOTALS_COLUMNS, totalsCells } from './shared/player-profile.js';
import { competitionName } from '../shared/competition.js';

/** `/players/:player_id` (attribute list) and `/players/:player_id/statistics` (per season, competition and team). */
export const PLAYER_DETAIL_DOCUMENT = graphql(`
  query PlayerDetail($id: Int!) { player(id: $id) { ...ProfilePlayer } }
`);

export const PLAYER_PATH = pathSchema({ player_id: id() });
export type PlayerParams = ParamsOf<typeof PLAYER_PATH>;

export type PlayerDetailData = ResultOf<typeof PLAYER_DETAIL_DOCUMENT>;

export function reshapePlayerDetail(data: PlayerDetailData, params: PlayerParams, ctx: RenderContext) {
  const player = orNotFound(data.player, `No player ${params.player_id}`);
  return profileAttributeList({ player, last: { key: 'license', text: licenseText(player) }, context: { player_id: player.id } }, ctx);
}

/** What the statistics table reads of a player; also spread by the player page (ui-player.ts). */
export const STATISTICS_PLAYER_FRAGMENT = graphql(`
  fragment StatisticsPlayer on Player {
    id firstName lastName
    statistics {
      season { id label } league { name } gameClass { name } cupTournament { name } team { id name }
      games goals assists points penalties2 penalties5 penalties10 matchPenalties
    }
  }
`);

export const PLAYER_STATISTICS_DOCUMENT = graphql(`
  query PlayerStatistics($id: Int!) { player(id: $id) { ...StatisticsPlayer } }
`);

export type PlayerStatisticsData = ResultOf<typeof PLAYER_STATISTICS_DOCUMENT>;

const STATISTICS_COLUMNS = [
  column('saison', TEXTS.season, { align: 'l' }),
  column('liga', TEXTS.league, { align: 'l' }),
  column('verein', TEXTS.team, { align: 'l' }),
  ...TOTALS_COLUMNS,
];

/** Pure: WIRE.md §4 `players/:id/statistics`, newest season first, league rows before cup rows. */
export function reshapePlayerStatistics(data: PlayerStatisticsData, params: PlayerParams, ctx: RenderContext) {
  const player = orNotFound(data.player, `No player ${params.player_id}`);
  const rows = player.statistics.map((line) =>
    row([
      textCell(line.season.label),
      textCell(line.league ? competitionName({ league: line.league, gameClass: line.gameClass }) : (line.cupTournament?.name ?? line.gameClass.name)),
      linkedText(pageLink('team_detail', line.team.id), line.team.name),
      ...totalsCells(line),
    ]),
  );
  return playerStatisticsTable({ context: { player_id: player.id }, player, columns: STATISTICS_COLUMNS, rows }, ctx);
}

export function playerRoutes(app: FastifyInstance, deps: FacadeDependencies): void {
  const detail = facadeDocument(deps, PLAYER_DETAIL_DOCUMENT);
  const statistics = facadeDocument(deps, PLAYER_STATISTICS_DOCUMENT);
  facadeGet(
    app,
    deps,
    '/players/:player_id',
    {
      params: PLAYER_PATH,
      // Name, club, number, position, licence: nothing a game write changes (a goal names the player).
      config: readsNoGameData,
      doc: {
        id: 'playerDetail',
        tag: 'Players',
        summary: 'One player',
        response: 'attribute_list',
        examples: [
          example('a player', (ids) => `/api/players/${ids.player}`),
          example('malformed id', '/api/players/abc', 400),
          example('unknown player', '/api/players/999999', 404),
        ],
        snapshot: (ids) => [localized(62, `/api/players/${ids.player}`)],
      },
    },
    async (params, ctx) => reshapePlayerDetail(await detail({ id: params.player_id }), params, ctx),
  );
  facadeGet(
    app,
    deps,
    '/players/:player_id/statistics',
    {
      params: PLAYER_PATH,
      config: readsOneRecord('player', 'player_id'),
      doc: {
        id: 'playerStatistics',
        tag: 'Players',
        summary: "A player's totals per season and league",
        response: 'table',
        examples: [
          example('a player', (ids) => `/api/players/${ids.player}/statistics`),
          example('malformed id', '/api/players/abc/statistics', 400),
          example('unknown player', '/api/players/999999/statistics', 404),
        ],
        snapshot: (ids) => [localized(63, `/api/players/${ids.player}/statistics`)],
      },
    },
    async (params, ctx) => reshapePlayerStatistics(await statistics({ id: params.player_id }), params, ctx),
  );
}
