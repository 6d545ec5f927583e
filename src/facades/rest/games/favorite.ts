import type { RequestInfo } from '../../shared/facade.js';
import { startOfLocalDay } from '../../shared/format.js';
import { localeContext, translate, type Translated } from '../../shared/locale.js';
import { TEXTS } from '../../shared/texts.js';
import { optionalDate, optionalString } from '../../shared/params.js';
import { badRequest } from '../../shared/errors.js';
import { headers, region, tableEnvelope } from '../../shared/table.js';
import { compactGameColumns, compactGameRow, GAME_ROW_FRAGMENT, type GameRowData } from './game-row.js';
import { todayIn } from './current.js';

export const FAVORITE_GAMES_DOCUMENT = /* GraphQL */ `
  query FavoriteGames($sid: String!, $from: DateTime!) {
    favoriteSession(sid: $sid) { favorites { title nextGame(from: $from) { ...GameRow } } }
  }
  ${GAME_ROW_FRAGMENT}
`;

export interface FavoriteGamesData {
  favoriteSession: { favorites: { title: string; nextGame: GameRowData | null }[] } | null;
}

export function favoriteParams(info: RequestInfo) {
  const sid = optionalString(info.query, 'sid');
  if (!sid) throw badRequest('Parameter sid is required');
  const onDate = optionalDate(info.query, 'on_date') ?? todayIn(info);
  return { sid, onDate, from: startOfLocalDay(onDate).toISOString() };
}

/** Pure: one region per game that a favorite refers to (a game two favorites share appears once). */
export function reshapeFavoriteGames(data: FavoriteGamesData, params: ReturnType<typeof favoriteParams>, info: RequestInfo) {
  const t = (text: Translated) => translate(text, info.locale);
  const regions = new Map<number, ReturnType<typeof region>>();
  for (const favorite of data.favoriteSession?.favorites ?? []) {
    const game = favorite.nextGame;
    if (!game || regions.has(game.id)) continue;
    regions.set(
      game.id,
      region(favorite.title, [compactGameRow(game, info)]),
    );
  }
  return tableEnvelope(info.baseUrl, 'table', {
    context: { mode: 'favorite', sid: params.sid, on_date: params.onDate, locale: localeContext(info.locale) },
    headers: headers(compactGameColumns(), info.locale),
    title: t(TEXTS.favoriteGamesTitle),
    regions: [...regions.values()],
  });
}
