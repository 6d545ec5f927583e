/** Referee names are published no earlier than 48 hours before the game starts. */
export const REFEREE_VISIBILITY_MS = 48 * 60 * 60 * 1000;

export function refereesVisible(startsAt: Date, now: Date): boolean {
  return now.getTime() >= startsAt.getTime() - REFEREE_VISIBILITY_MS;
}

/** The moment the referees' names appear, if that is still ahead of `now`: until then, what shows them does not change with time. */
export function refereesAppearAt(startsAt: Date, now: Date): Date | undefined {
  const visibleFrom = startsAt.getTime() - REFEREE_VISIBILITY_MS;
  return now.getTime() < visibleFrom ? new Date(visibleFrom) : undefined;
}
