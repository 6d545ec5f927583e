import { notFound } from '../../shared/errors.js';
import type { RequestInfo } from '../../shared/facade.js';
import { localeContext, translate, type Translated } from '../../shared/locale.js';
import { TEXTS } from '../../shared/texts.js';
import { optionalInt, requiredInt } from '../../shared/params.js';
import { headers, region, tableEnvelope } from '../../shared/table.js';
import { compactGameColumns, compactGameRow, GAME_ROW_FRAGMENT, type Connection, type GameRowData } from './game-row.js';

export const DIRECT_TEAMS_DOCUMENT = /* GraphQL */ `
  query DirectTeams($id: Int!) { game(id: $id) { homeTeam { id } awayTeam { id } } }
`;

/** Played games between the two teams, newest first (the last `amount` of them). */
export const DIRECT_GAMES_DOCUMENT = /* GraphQL */ `
  query DirectGames($filter: GameFilter!, $amount: Int!) {
    games(filter: $filter, last: $amount) { edges { node { ...GameRow } } }
  }
  ${GAME_ROW_FRAGMENT}
`;

export interface DirectTeamsData {
  game: { homeTeam: { id: number }; awayTeam: { id: number } } | null;
}

export interface DirectGamesData {
  games: Connection<GameRowData>;
}

export const DEFAULT_DIRECT_AMOUNT = 10;

export function directParams(info: RequestInfo) {
  return {
    gameId: requiredInt(info.query, 'game_id', { min: 1 }),
    amount: optionalInt(info.query, 'amount', { min: 1, max: 100 }) ?? DEFAULT_DIRECT_AMOUNT,
  };
}

export function directGamesVariables(teams: DirectTeamsData, params: ReturnType<typeof directParams>) {
  if (!teams.game) throw notFound(`No game ${params.gameId}`);
  return {
    filter: { betweenTeams: [teams.game.homeTeam.id, teams.game.awayTeam.id], status: ['FINISHED', 'FORFEIT'] },
    amount: params.amount,
  };
}

export function reshapeDirectGames(data: DirectGamesData, params: ReturnType<typeof directParams>, info: RequestInfo) {
  const t = (text: Translated) => translate(text, info.locale);
  const games = data.games.edges.map((e) => e.node).sort((a, b) => b.startsAt.localeCompare(a.startsAt) || b.id - a.id);
  return tableEnvelope(info.baseUrl, 'table', {
    context: { mode: 'direct', game_id: params.gameId, amount: params.amount, locale: localeContext(info.locale) },
    headers: headers(compactGameColumns('score'), info.locale),
    title: t(TEXTS.directGamesTitle),
    regions: [region(null, games.map((game) => compactGameRow(game, info)))],
  });
}
