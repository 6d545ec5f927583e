import { isDecided, isPlayed } from './game-status.js';

export interface CupRoundProgress {
  number: number;
  games: readonly { status: string }[];
}

/**
 * The round a cup stands at: the last one (by number) with a game under way or decided. Rounds are
 * drawn one after the other, so a later round with such a game means every earlier one is through.
 * Null before the first game is played.
 */
export function currentCupRound<R extends CupRoundProgress>(rounds: readonly R[]): R | null {
  const started = rounds.filter((round) => round.games.some((game) => isPlayed(game.status) || isDecided(game.status)));
  return started.reduce<R | null>((last, round) => (last === null || round.number > last.number ? round : last), null);
}
