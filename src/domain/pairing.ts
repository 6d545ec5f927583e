import { InvalidInputError } from './errors.js';

/**
 * A game's pairing may be undecided: a later cup round or a playoff game whose teams are the
 * winners of games not yet played. Its home and/or away team is then null, and the federation's
 * placeholder text ("Sieger Halbfinal 1") stands in its place.
 */
export interface PairingSides {
  homeTeamId: number | null;
  awayTeamId: number | null;
}

/** A game whose two teams are known. */
export type Paired<T extends PairingSides> = T & { homeTeamId: number; awayTeamId: number };

export function isPaired<T extends PairingSides>(game: T): game is Paired<T> {
  return game.homeTeamId !== null && game.awayTeamId !== null;
}

/** Only the games whose two teams are known: standings, statistics and records ignore the others. */
export function pairedGames<T extends PairingSides>(games: readonly T[]): Paired<T>[] {
  return games.filter(isPaired);
}

/**
 * A game without both teams cannot be played: it cannot be started, recorded, reported or get a
 * game sheet until its pairing is decided (the importer, or the federation's next file, sets the teams).
 */
export function assertPaired<T extends PairingSides & { id: number }>(game: T, what = 'recorded'): asserts game is Paired<T> {
  if (!isPaired(game)) {
    throw new InvalidInputError(
      `Game ${game.id} has no ${game.homeTeamId === null ? 'home' : 'away'} team yet: it cannot be ${what} until its pairing is decided`,
    );
  }
}

/**
 * What a list shows for one side: the team's name, else the federation's placeholder, else the
 * `undecided` text of the list's locale.
 */
export function sideName(team: { name: string } | null | undefined, placeholder: string | null | undefined, undecided: string): string {
  return team?.name ?? (placeholder || undecided);
}
