import { notFound } from '../../shared/errors.js';
import type { RequestInfo } from '../../shared/facade.js';
import { localeContext } from '../../shared/locale.js';
import { requiredEnum, requiredInt } from '../../shared/params.js';
import { headers, region, tableEnvelope } from '../../shared/table.js';
import { compactGameColumns, compactGameRow, GAME_ROW_FRAGMENT, type GameRowData } from './game-row.js';

export const CUP_DOCUMENT = /* GraphQL */ `
  query CupRound($tournament: Int!) {
    cupTournament(id: $tournament) {
      name
      season { label }
      rounds { id number name games { bracketPosition ...GameRow } }
    }
  }
  ${GAME_ROW_FRAGMENT}
`;

type CupGame = GameRowData & { bracketPosition: number | null };

export interface CupData {
  cupTournament: { name: string; season: { label: string }; rounds: { id: number; number: number; name: string; games: CupGame[] }[] } | null;
}

export function cupParams(info: RequestInfo) {
  return {
    tournamentId: requiredInt(info.query, 'tournament_id', { min: 1 }),
    roundId: requiredInt(info.query, 'round', { min: 1 }),
    side: requiredEnum(info.query, 'side', ['left', 'right'] as const),
  };
}

/**
 * Pure: games in bracket order. Left side: one region per pair of positions (2k-1, 2k) whose winners
 * meet in the next round; right side: one region with the same games in the same order.
 */
export function reshapeCup(data: CupData, params: ReturnType<typeof cupParams>, info: RequestInfo) {
  const cup = data.cupTournament;
  if (!cup) throw notFound(`No cup tournament ${params.tournamentId}`);
  const round = cup.rounds.find((r) => r.id === params.roundId);
  if (!round) throw notFound(`No round ${params.roundId} in cup tournament ${params.tournamentId}`);
  const games = [...round.games].sort((a, b) => (a.bracketPosition ?? Number.MAX_SAFE_INTEGER) - (b.bracketPosition ?? Number.MAX_SAFE_INTEGER) || a.id - b.id);
  const toRow = (game: CupGame) => compactGameRow(game, info, { periods: true });
  const pairs: CupGame[][] = [];
  for (let i = 0; i < games.length; i += 2) pairs.push(games.slice(i, i + 2));
  return tableEnvelope(info.baseUrl, 'table', {
    context: { mode: 'cup', tournament_id: params.tournamentId, round: params.roundId, side: params.side, locale: localeContext(info.locale) },
    headers: headers(compactGameColumns(), info.locale),
    title: cup.name,
    subtitle: `${round.name} ${cup.season.label}`,
    regions: params.side === 'left' ? pairs.map((pair) => region(null, pair.map(toRow))) : [region(null, games.map(toRow))],
  });
}
