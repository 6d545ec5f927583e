/** Referee names are published no earlier than 48 hours before the game starts. */
export const REFEREE_VISIBILITY_MS = 48 * 60 * 60 * 1000;

export function refereesVisible(startsAt: Date, now: Date): boolean {
  return now.getTime() >= startsAt.getTime() - REFEREE_VISIBILITY_MS;
}
