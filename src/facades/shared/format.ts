/** Rendering of UTC instants in the league's time zone; the calendar itself is src/domain/league-time.ts. */
import { localDay, localParts, localTime } from '../../domain/league-time.js';

export { addDays, LEAGUE_TIME_ZONE, localDay, startOfLocalDay } from '../../domain/league-time.js';

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** `07.03.2026` */
export function formatDate(instant: Date): string {
  const p = localParts(instant);
  return `${p.day}.${p.month}.${p.year}`;
}

/** `17:00` */
export function formatTime(instant: Date): string {
  return localTime(instant);
}

/** `7.3.2026` (the slider's short form). */
export function formatShortDate(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return `${date}.${month}.${year}`;
}

/** `2026-11-22T16:00:00+01:00`: an instant in the league's time zone, with its offset, so it is also one exact instant. */
export function zurichDateTime(instant: Date): string {
  const local = `${localDay(instant)}T${formatTime(instant)}`;
  const wholeMinute = instant.getTime() - (instant.getTime() % 60_000);
  const offset = (Date.parse(`${local}:00Z`) - wholeMinute) / 60_000;
  const sign = offset < 0 ? '-' : '+';
  const minutes = Math.abs(offset);
  return `${local}:${twoDigits(instant.getUTCSeconds())}${sign}${twoDigits(Math.floor(minutes / 60))}:${twoDigits(minutes % 60)}`;
}
