/** A season runs from August 1 to July 31 and is named by its first year. */
export const SEASON_START_MONTH = 7; // August, 0-based

export function seasonIdAt(date: Date): number {
  const year = date.getUTCFullYear();
  return date.getUTCMonth() >= SEASON_START_MONTH ? year : year - 1;
}

export function seasonLabel(seasonId: number): string {
  return `${seasonId}/${String((seasonId + 1) % 100).padStart(2, '0')}`;
}
