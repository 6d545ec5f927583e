/**
 * The federation's calendar feeds of a team or a club (`/calendars?team_id=` | `?club_id=`) hold the
 * games from 1 month in the past to 12 months in the future, whatever the season; a league's feed
 * holds its season.
 */
export const CALENDAR_MONTHS_BACK = 1;
export const CALENDAR_MONTHS_AHEAD = 12;

/** The same instant `months` calendar months later (earlier when negative), in UTC; the 31st becomes the month's last day. */
export function addMonths(instant: Date, months: number): Date {
  const result = new Date(instant.getTime());
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}

/** The window of a team's or a club's calendar at `now`: games starting at or after `from` and before `to`. */
export function calendarWindow(now: Date): { from: Date; to: Date } {
  return { from: addMonths(now, -CALENDAR_MONTHS_BACK), to: addMonths(now, CALENDAR_MONTHS_AHEAD) };
}
