/**
 * Knock-out series (playoff, playout): the games of one round between the same two teams, played
 * until one side has won a majority of the best-of-N. The series score is never stored; it is
 * counted here from the games.
 */

import { isDecided, isPlayed } from './game-status.js';

/** What a series needs to know of a game; callers pass their own rows, which are handed back. */
export interface SeriesGame {
  id: number;
  homeTeamId: number;
  awayTeamId: number;
  /** ISO-8601 date-time. */
  startsAt: string;
  status: string;
  homeScore: number | null;
  awayScore: number | null;
}

export interface Series<G extends SeriesGame> {
  /** The home team of the series' first game (the better seed, who opens at home). */
  homeTeamId: number;
  awayTeamId: number;
  homeWins: number;
  awayWins: number;
  /** One side has won the majority of the best-of-N. */
  decided: boolean;
  winnerTeamId: number | null;
  /** Every game of the pairing in the round, by start then id. */
  games: G[];
  /** The games to show: those after the deciding game that were not played are left out. */
  shown: G[];
}

/** Wins that decide a best-of-N series: a majority of N (3 of 5, 4 of 7; 3 of 4 for an even N). */
export function winsToDecide(bestOf: number): number {
  return Math.floor(bestOf / 2) + 1;
}

/**
 * The team that won a game: a decided game's higher score (overtime and penalty shots are in the
 * score, a forfeit is recorded with its awarded score). Null while open, without a score or level.
 */
export function gameWinnerTeamId(game: SeriesGame): number | null {
  if (!isDecided(game.status) || game.homeScore === null || game.awayScore === null || game.homeScore === game.awayScore) return null;
  return game.homeScore > game.awayScore ? game.homeTeamId : game.awayTeamId;
}

/** A game that took place or is taking place: the rest (scheduled, cancelled) is only on the calendar. */
function tookPlace(status: string): boolean {
  return isPlayed(status) || isDecided(status);
}

const byStart = (a: SeriesGame, b: SeriesGame) => Date.parse(a.startsAt) - Date.parse(b.startsAt) || a.id - b.id;

function seriesOf<G extends SeriesGame>(games: G[], needed: number): Series<G> {
  const [first] = games;
  const series: Series<G> = {
    homeTeamId: first.homeTeamId,
    awayTeamId: first.awayTeamId,
    homeWins: 0,
    awayWins: 0,
    decided: false,
    winnerTeamId: null,
    games,
    shown: [],
  };
  for (const game of games) {
    if (series.decided && !tookPlace(game.status)) continue;
    series.shown.push(game);
    const winner = gameWinnerTeamId(game);
    if (winner === null) continue;
    if (winner === series.homeTeamId) series.homeWins += 1;
    else series.awayWins += 1;
    if (!series.decided && Math.max(series.homeWins, series.awayWins) >= needed) {
      series.decided = true;
      series.winnerTeamId = winner;
    }
  }
  return series;
}

/**
 * The series of one round of a group that plays best-of-`bestOf` series, in the order they start
 * (first game's start, then its id). Null when the group plays single games (no `bestOf`): such a
 * round is not made of series.
 */
export function roundSeries<G extends SeriesGame>(bestOf: number | null | undefined, games: readonly G[]): Series<G>[] | null {
  if (bestOf === null || bestOf === undefined || bestOf < 1) return null;
  const pairings = new Map<string, G[]>();
  for (const game of [...games].sort(byStart)) {
    const key = [game.homeTeamId, game.awayTeamId].sort((a, b) => a - b).join('-');
    const pairing = pairings.get(key);
    if (pairing) pairing.push(game);
    else pairings.set(key, [game]);
  }
  const needed = winsToDecide(bestOf);
  // Games were sorted before grouping, so pairings arrive in the order of their first games.
  return [...pairings.values()].map((pairing) => seriesOf(pairing, needed));
}
