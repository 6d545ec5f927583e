import { boundsOfPeriod, periodAt, regulationSeconds, STANDARD_FORMAT } from './game-format.js';

/**
 * The standard game clock (game-format.ts `STANDARD_FORMAT`), which the demo league plays: three
 * periods of 20 minutes, then, for a tie that must be decided, 10 minutes of sudden-death overtime
 * (period 4) and penalty shots. The clock runs in seconds from the start of the game and does not
 * run between periods, so period 2 starts at second 1200. A league's own format: game-format.ts.
 */
export const PERIOD_SECONDS = STANDARD_FORMAT.periodSeconds;
export const REGULATION_SECONDS = regulationSeconds(STANDARD_FORMAT);
export const OVERTIME_SECONDS = STANDARD_FORMAT.overtimeSeconds;

/** The period a clock time falls in; a period's last second (20:00) already counts for the next. */
export function periodOf(second: number): number {
  return periodAt(STANDARD_FORMAT, second);
}

/** First and last second of a period, both inclusive (an event at 20:00 may close period 1). */
export function periodBounds(period: number): { start: number; end: number } {
  return boundsOfPeriod(STANDARD_FORMAT, period);
}

/** The game clock as desks, tables and audits write it: minutes and seconds since the start, `47:05`. */
export function clockText(second: number): string {
  return `${String(Math.floor(second / 60)).padStart(2, '0')}:${String(second % 60).padStart(2, '0')}`;
}
