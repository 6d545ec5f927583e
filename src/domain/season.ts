/** A season runs from August 1 to July 31 and is named by its first year (2025 = 2025/26). */
export const SEASON_START_MONTH = 7; // August, 0-based

/** The season an instant falls in, by its UTC calendar date. */
export function seasonIdAt(date: Date): number {
  const year = date.getUTCFullYear();
  return date.getUTCMonth() >= SEASON_START_MONTH ? year : year - 1;
}

/** The first instant of the season: midnight UTC of its August 1 (so `seasonIdAt(seasonStartsAt(s)) === s`). */
export function seasonStartsAt(seasonId: number): Date {
  return new Date(Date.UTC(seasonId, SEASON_START_MONTH, 1));
}

/** `2025/26`; the second year by its last two digits. */
export function seasonLabel(seasonId: number): string {
  return `${seasonId}/${String((seasonId + 1) % 100).padStart(2, '0')}`;
}

/** Where a game's season is recorded: on its league group, or on the tournament of its cup round. */
export interface GameCompetition {
  group: { seasonId: number } | null;
  cupRound: { tournament: { seasonId: number } } | null;
}

/** A game belongs to the season of its league group or of its cup tournament; null for neither. */
export function seasonOfGame(game: GameCompetition): number | null {
  return game.group?.seasonId ?? game.cupRound?.tournament.seasonId ?? null;
}
