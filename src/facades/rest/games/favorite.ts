import type { ResultOf } from '@graphql-typed-document-node/core';
import { graphql } from '../../generated/gql.js';
import { facadeDocument, type FacadeDependencies } from '../../shared/facade.js';
import { startOfLocalDay } from '../../shared/format.js';
import { localeContext } from '../../shared/locale.js';
import { day, paramsSchema, required, text, type ParamsOf } from '../../shared/param-schema.js';
import { textIn, type RenderContext } from '../../shared/render-context.js';
import { parseParams } from '../../shared/route.js';
import { TEXTS } from '../../shared/texts.js';
import { headers, region, tableEnvelope } from '../../shared/table.js';
import type { Region } from '../../shared/wire.js';
import { compactGameColumns, compactGameRow } from '../shared/game-row.js';
import { todayIn } from './current.js';

export const FAVORITE_GAMES_DOCUMENT = graphql(`
  query FavoriteGames($sid: String!, $from: DateTime!) {
    favoriteSession(sid: $sid) { favorites { title nextGame(from: $from) { ...GameRow } } }
  }
`);

export type FavoriteGamesData = ResultOf<typeof FAVORITE_GAMES_DOCUMENT>;

/** `mode=favorite`: the next game of each favorite of a session, from `on_date` (default today) on. */
export const FAVORITE_GAMES_QUERY = paramsSchema({ sid: required(text()), on_date: day() });
export type FavoriteGamesQuery = ParamsOf<typeof FAVORITE_GAMES_QUERY>;
export type FavoriteGamesParams = FavoriteGamesQuery & { on_date: string };

/** Pure: one region per game that a favorite refers to (a game two favorites share appears once). */
export function reshapeFavoriteGames(data: FavoriteGamesData, params: FavoriteGamesParams, ctx: RenderContext) {
  const t = textIn(ctx);
  const regions = new Map<number, Region>();
  for (const favorite of data.favoriteSession?.favorites ?? []) {
    const game = favorite.nextGame;
    if (!game || regions.has(game.id)) continue;
    regions.set(game.id, region(favorite.title, [compactGameRow(game, ctx)]));
  }
  return tableEnvelope(ctx.baseUrl, 'table', {
    context: { mode: 'favorite', sid: params.sid, on_date: params.on_date, locale: localeContext(ctx.locale) },
    headers: headers(compactGameColumns(), ctx.locale),
    title: t(TEXTS.favoriteGamesTitle),
    regions: [...regions.values()],
  });
}

export function favoriteGamesMode(deps: FacadeDependencies) {
  const run = facadeDocument(deps, FAVORITE_GAMES_DOCUMENT);
  return async (rawQuery: unknown, ctx: RenderContext) => {
    const query = parseParams(FAVORITE_GAMES_QUERY, rawQuery);
    const params: FavoriteGamesParams = { ...query, on_date: query.on_date ?? todayIn(ctx) };
    return reshapeFavoriteGames(await run({ sid: params.sid, from: startOfLocalDay(params.on_date).toISOString() }), params, ctx);
  };
}
