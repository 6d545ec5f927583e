/** Rendering of UTC instants in the league's time zone; formatters are built once. */
export const LEAGUE_TIME_ZONE = 'Europe/Zurich';

const parts = new Intl.DateTimeFormat('en-GB', {
  timeZone: LEAGUE_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

interface LocalParts {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
}

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

function localParts(instant: Date): LocalParts {
  const local = new Date(instant.getTime() + zoneOffsetMs(instant.getTime()));
  return {
    year: String(local.getUTCFullYear()),
    month: twoDigits(local.getUTCMonth() + 1),
    day: twoDigits(local.getUTCDate()),
    hour: twoDigits(local.getUTCHours()),
    minute: twoDigits(local.getUTCMinutes()),
  };
}

/** `07.03.2026` */
export function formatDate(instant: Date): string {
  const p = localParts(instant);
  return `${p.day}.${p.month}.${p.year}`;
}

/** `17:00` */
export function formatTime(instant: Date): string {
  const p = localParts(instant);
  return `${p.hour}:${p.minute}`;
}

/** `2026-03-07`, the local calendar day of the instant. */
export function localDay(instant: Date): string {
  const p = localParts(instant);
  return `${p.year}-${p.month}-${p.day}`;
}

/** `7.3.2026` (the slider's short form). */
export function formatShortDate(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return `${date}.${month}.${year}`;
}

/** The UTC instant at which a local calendar day (YYYY-MM-DD) begins in the league's time zone. */
export function startOfLocalDay(day: string): Date {
  const [year, month, date] = day.split('-').map(Number);
  const guess = Date.UTC(year, month - 1, date);
  // Zurich is UTC+1 or UTC+2: step back by the offset the guess shows.
  return new Date(guess - zoneOffsetMs(guess));
}

export function addDays(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
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
