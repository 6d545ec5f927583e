import type { RequestInfo } from '../../shared/facade.js';
import { startOfLocalDay } from '../../shared/format.js';
import { localeContext, translate, type Translated } from '../../shared/locale.js';
import { COMMON_TEXTS } from '../../shared/texts.js';
import { optionalDate, optionalString } from '../../shared/params.js';
import { badRequest } from '../../shared/errors.js';
import { header, linkedText, pageLink, region, row, tableEnvelope, textCell } from '../../shared/table.js';
import { dateTime, GAME_ROW_FRAGMENT, gameLink, gameResult, gameRowExtras, type GameRowData } from './game-row.js';
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

const TEXTS = {
  ...COMMON_TEXTS,
  title: { de: 'Meine Spiele', fr: 'Mes matchs', it: 'Le mie partite', en: 'My games' },
} satisfies Record<string, Translated>;

/** Pure: one region per game that a favorite refers to (a game two favorites share appears once). */
export function reshapeFavoriteGames(data: FavoriteGamesData, params: ReturnType<typeof favoriteParams>, info: RequestInfo) {
  const t = (text: Translated) => translate(text, info.locale);
  const regions = new Map<number, ReturnType<typeof region>>();
  for (const favorite of data.favoriteSession?.favorites ?? []) {
    const game = favorite.nextGame;
    if (!game || regions.has(game.id)) continue;
    regions.set(
      game.id,
      region(favorite.title, [
        row(
          [
            linkedText(gameLink(game), dateTime(game)),
            linkedText(pageLink('team_detail', game.homeTeam.id), game.homeTeam.name),
            linkedText(pageLink('team_detail', game.awayTeam.id), game.awayTeam.name),
            textCell(gameResult(game, info)),
          ],
          gameRowExtras(game),
        ),
      ]),
    );
  }
  return tableEnvelope(info.baseUrl, 'table', {
    context: { mode: 'favorite', sid: params.sid, on_date: params.onDate, locale: localeContext(info.locale) },
    headers: [
      header(t(TEXTS.date), 'date', { align: 'l' }),
      header(t(TEXTS.home), 'home', { align: 'l' }),
      header(t(TEXTS.away), 'away', { align: 'l' }),
      header(t(TEXTS.result), 'result', { align: 'c' }),
    ],
    title: t(TEXTS.title),
    regions: [...regions.values()],
  });
}
