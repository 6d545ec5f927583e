/**
 * The league's calendar: games are played on local days and at local wall-clock times in
 * Europe/Zurich and stored as UTC instants. A local day is 23 hours long on the last Sunday of
 * March and 25 hours on the last Sunday of October, so a day is never "24 hours from midnight UTC".
 */

import { InvalidInputError } from './errors.js';

export const LEAGUE_TIME_ZONE = 'Europe/Zurich';

/** A calendar day, YYYY-MM-DD. */
export type LocalDay = string;

export interface LocalParts {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
}

const parts = new Intl.DateTimeFormat('en-GB', {
  timeZone: LEAGUE_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** Offsets change only on whole quarter hours (UTC), so one offset serves a whole quarter hour. */
const QUARTER_HOUR_MS = 15 * 60_000;
const offsetsByQuarterHour = new Map<number, number>();
const MAX_CACHED_OFFSETS = 100_000;

/**
 * The league zone's UTC offset at an instant. Intl's formatToParts costs several microseconds a call
 * and a games table renders hundreds of instants, most of them in the same few quarter hours.
 */
function zoneOffsetMs(epochMs: number): number {
  const quarter = Math.floor(epochMs / QUARTER_HOUR_MS);
  let offset = offsetsByQuarterHour.get(quarter);
  if (offset === undefined) {
    const start = quarter * QUARTER_HOUR_MS;
    const shown: Record<string, string> = {};
    for (const part of parts.formatToParts(start)) shown[part.type] = part.value;
    offset = Date.UTC(Number(shown.year), Number(shown.month) - 1, Number(shown.day), Number(shown.hour), Number(shown.minute)) - start;
    if (offsetsByQuarterHour.size >= MAX_CACHED_OFFSETS) offsetsByQuarterHour.clear();
    offsetsByQuarterHour.set(quarter, offset);
  }
  return offset;
}

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** The local date and wall-clock time of an instant in the league's time zone. */
export function localParts(instant: Date): LocalParts {
  const local = new Date(instant.getTime() + zoneOffsetMs(instant.getTime()));
  return {
    year: String(local.getUTCFullYear()),
    month: twoDigits(local.getUTCMonth() + 1),
    day: twoDigits(local.getUTCDate()),
    hour: twoDigits(local.getUTCHours()),
    minute: twoDigits(local.getUTCMinutes()),
  };
}

/** `2026-03-07`, the local calendar day of the instant. */
export function localDay(instant: Date): LocalDay {
  const p = localParts(instant);
  return `${p.year}-${p.month}-${p.day}`;
}

/** `17:00`, the local wall-clock time of the instant. */
export function localTime(instant: Date): string {
  const p = localParts(instant);
  return `${p.hour}:${p.minute}`;
}

export function addDays(day: LocalDay, days: number): LocalDay {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/** The UTC instant at which a local calendar day (YYYY-MM-DD) begins in the league's time zone. */
export function startOfLocalDay(day: LocalDay): Date {
  const [year, month, date] = day.split('-').map(Number);
  const midnightUtc = Date.UTC(year, month - 1, date);
  // Step back by the offset the guess shows, then by the offset at the instant found: the two differ
  // only if the zone changed its offset in between, and then the second one is local midnight's.
  const guess = midnightUtc - zoneOffsetMs(midnightUtc);
  return new Date(midnightUtc - zoneOffsetMs(guess));
}

/** The first instant of the local day after the one `instant` falls on: where "today" in the league's time zone ends. */
export function nextLocalMidnight(instant: Date): Date {
  return startOfLocalDay(addDays(localDay(instant), 1));
}

/** The instants of one local day: starting at or after `from`, before `to` (23, 24 or 25 hours). */
export function localDayRange(day: LocalDay): { from: Date; to: Date } {
  return { from: startOfLocalDay(day), to: startOfLocalDay(addDays(day, 1)) };
}

/**
 * The instants of the local days from `fromDay` to `toDay`, both inclusive; either end may be open.
 * A range that ends before it starts is the caller's mistake, not an empty answer.
 */
export function localDaysRange(fromDay?: LocalDay | null, toDay?: LocalDay | null, names = { from: 'fromDay', to: 'toDay' }): { from?: Date; to?: Date } {
  if (fromDay != null && toDay != null && fromDay > toDay) {
    throw new InvalidInputError(`${names.from} ${fromDay} is after ${names.to} ${toDay}`);
  }
  return {
    ...(fromDay == null ? {} : { from: startOfLocalDay(fromDay) }),
    ...(toDay == null ? {} : { to: startOfLocalDay(addDays(toDay, 1)) }),
  };
}
