// Calendar arithmetic in the league's time zone (Europe/Zurich). Games are planned in local wall
// time and stored in UTC. The EU summer-time rule (last Sunday of March to last Sunday of October,
// switching at 01:00 UTC) is computed directly, so results do not depend on the ICU data of Node.

import { seasonIdAt, seasonStartsAt } from '../../domain/season.js';

/** A calendar day, counted in days since 1970-01-01. */
export type Day = number;

const MS_PER_DAY = 86_400_000;
const MS_PER_MINUTE = 60_000;

export const SATURDAY = 6;
export const SUNDAY = 0;
export const WEDNESDAY = 3;

export function dayOf(year: number, month: number, dayOfMonth: number): Day {
  return Date.UTC(year, month - 1, dayOfMonth) / MS_PER_DAY;
}

/** 0 = Sunday … 6 = Saturday. */
export function weekdayOf(day: Day): number {
  return (((day + 4) % 7) + 7) % 7;
}

/** Monday of the day's week. */
function mondayOf(day: Day): Day {
  return day - ((weekdayOf(day) + 6) % 7);
}

/** The given weekday in the same Monday-to-Sunday week as `day`. */
export function weekdayInWeekOf(day: Day, weekday: number): Day {
  return mondayOf(day) + ((weekday + 6) % 7);
}

export function isoDate(day: Day): string {
  return new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
}

function lastSundayOf(year: number, month: number): Day {
  const lastDay = dayOf(year, month + 1, 0);
  return lastDay - weekdayOf(lastDay);
}

/** Minutes Zurich is ahead of UTC at an instant: 120 in summer time, 60 otherwise. */
function zurichOffsetMinutes(instantMs: number): number {
  const year = new Date(instantMs).getUTCFullYear();
  const summerStart = lastSundayOf(year, 3) * MS_PER_DAY + 60 * MS_PER_MINUTE;
  const summerEnd = lastSundayOf(year, 10) * MS_PER_DAY + 60 * MS_PER_MINUTE;
  return instantMs >= summerStart && instantMs < summerEnd ? 120 : 60;
}

/** The instant of a local wall-clock time (minutes after local midnight) on a day. */
export function zurichInstant(day: Day, minutesOfDay: number): Date {
  const wallMs = day * MS_PER_DAY + minutesOfDay * MS_PER_MINUTE;
  const guess = wallMs - 60 * MS_PER_MINUTE;
  return new Date(wallMs - zurichOffsetMinutes(guess) * MS_PER_MINUTE);
}

function localWallMs(instant: Date): number {
  return instant.getTime() + zurichOffsetMinutes(instant.getTime()) * MS_PER_MINUTE;
}

/** The local calendar day of an instant. */
export function zurichDay(instant: Date): Day {
  return Math.floor(localWallMs(instant) / MS_PER_DAY);
}

/** Local minutes after midnight of an instant. */
export function zurichMinutes(instant: Date): number {
  return Math.floor((localWallMs(instant) % MS_PER_DAY) / MS_PER_MINUTE);
}

export function addMinutes(instant: Date, minutes: number): Date {
  return new Date(instant.getTime() + minutes * MS_PER_MINUTE);
}

export function minutesBetween(from: Date, to: Date): number {
  return (to.getTime() - from.getTime()) / MS_PER_MINUTE;
}

/** Rounds an instant down to a whole quarter hour (local and UTC quarters coincide). */
export function floorToQuarterHour(instant: Date): Date {
  const quarter = 15 * MS_PER_MINUTE;
  return new Date(Math.floor(instant.getTime() / quarter) * quarter);
}

/** The season a day falls in (the league's rule, src/domain/season.ts). */
export function seasonIdOfDay(day: Day): number {
  return seasonIdAt(new Date(day * MS_PER_DAY));
}

/** The season's first day. */
export function seasonStart(seasonId: number): Day {
  return seasonStartsAt(seasonId).getTime() / MS_PER_DAY;
}

/** The season's last day: the eve of the next season's first. */
export function seasonEnd(seasonId: number): Day {
  return seasonStart(seasonId + 1) - 1;
}

/** No league games between Christmas and Epiphany. */
export function isHolidayBreak(day: Day): boolean {
  const date = new Date(day * MS_PER_DAY);
  const month = date.getUTCMonth();
  const dayOfMonth = date.getUTCDate();
  return (month === 11 && dayOfMonth >= 21) || (month === 0 && dayOfMonth <= 4);
}
