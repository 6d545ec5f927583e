import type { FastifyInstance } from 'fastify';
import type { ResultOf } from '@graphql-typed-document-node/core';
import { graphql } from '../generated/gql.js';
import { readsOneRecord } from '../shared/change-scope.js';
import { facadeDocument, type FacadeDependencies } from '../shared/facade.js';
import { orNotFound } from '../shared/found.js';
import { localeContext } from '../shared/locale.js';
import type { RenderContext } from '../shared/render-context.js';
import { facadeGet } from '../shared/route.js';
import { example, localized, probe } from '../shared/route-doc.js';
import { seasonResolver } from '../shared/season.js';
import { multiTableEnvelope } from '../shared/table.js';
import { reshapeNationalPlayerStatistics } from './national-players.js';
import { PLAYER_OVERVIEW_PATH, PLAYER_OVERVIEW_QUERY, type PlayerOverviewParams, reshapePlayerOverview } from './player-overview.js';
import { reshapePlayerDetail, reshapePlayerStatistics } from './players.js';
import { playerName } from './shared/player-profile.js';

/**
 * `/ui/players/:player_id`: the player page as one multi table (the federation's MULTI_TABLE). Its
 * rows hold, in this order, the tables the player's own routes answer: the profile
 * (`/players/:id`), the statistics per season (`/players/:id/statistics`), the games of the season
 * (`/players/:id/overview`, `season` as there), and, for a national player, the statistics per
 * selection (`/national_players/:id/statistics`). One document reads them all, through the
 * fragments those routes' documents spread, and their reshapers build the tables.
 */
export const UI_PLAYER_DOCUMENT = graphql(`
  query UiPlayer($id: Int!, $season: Int!) {
    season(id: $season) { label }
    player(id: $id) { ...ProfilePlayer ...StatisticsPlayer nationalPlayer { ...StatisticsNationalPlayer } }
    overview: player(id: $id) { ...OverviewPlayer }
  }
`);

export type UiPlayerData = ResultOf<typeof UI_PLAYER_DOCUMENT>;

/** Pure: the player's tables, each as its own route answers it, in one multi table. */
export function reshapeUiPlayer(data: UiPlayerData, params: PlayerOverviewParams, ctx: RenderContext) {
  const player = orNotFound(data.player, `No player ${params.player_id}`);
  const ids = { player_id: params.player_id };
  const national = player.nationalPlayer;
  const tables = [
    reshapePlayerDetail({ player }, ids, ctx),
    reshapePlayerStatistics({ player }, ids, ctx),
    reshapePlayerOverview({ season: data.season, player: data.overview }, params, ctx),
    ...(national ? [reshapeNationalPlayerStatistics({ nationalPlayer: national }, { national_player_id: national.id }, ctx)] : []),
  ];
  return multiTableEnvelope(
    ctx.baseUrl,
    { context: { player_id: player.id, season: params.season, locale: localeContext(ctx.locale) }, title: playerName(player) },
    tables,
  );
}

export function uiPlayerRoute(app: FastifyInstance, deps: FacadeDependencies): void {
  const run = facadeDocument(deps, UI_PLAYER_DOCUMENT);
  const resolveSeason = seasonResolver(deps);
  facadeGet(
    app,
    deps,
    '/ui/players/:player_id',
    {
      querystring: PLAYER_OVERVIEW_QUERY,
      params: PLAYER_OVERVIEW_PATH,
      config: readsOneRecord('player', 'player_id'),
      doc: {
        id: 'uiPlayer',
        tag: 'Players',
        summary: 'The player page: profile, statistics, games of the season and national-team statistics in one multi table',
        description:
          "Each row's `table` is a table or attribute list as the player's own route answers it: `/players/{player_id}`, `/players/{player_id}/statistics`, `/players/{player_id}/overview` (of `season`, default the current one) and, for a national player, `/national_players/{national_player_id}/statistics`.",
        response: 'multi_table',
        examples: [
          example('a player', (ids) => `/api/ui/players/${ids.currentPlayer}`),
          example('malformed id', '/api/ui/players/abc', 400),
          example('unknown player', '/api/ui/players/999999', 404),
        ],
        snapshot: (ids) => [localized(undefined, `/api/ui/players/${ids.currentPlayer}`), probe(undefined, '/api/ui/players/999999')],
      },
    },
    async (params, ctx) => {
      const season = await resolveSeason(params.season);
      return reshapeUiPlayer(await run({ id: params.player_id, season }), { ...params, season }, ctx);
    },
  );
}
