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

function localParts(instant: Date): LocalParts {
  const result: Record<string, string> = {};
  for (const part of parts.formatToParts(instant)) result[part.type] = part.value;
  return result as unknown as LocalParts;
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
  const guess = new Date(Date.UTC(year, month - 1, date));
  // Zurich is UTC+1 or UTC+2: step back by the offset the guess shows.
  const shown = localParts(guess);
  const offsetMs = Date.UTC(Number(shown.year), Number(shown.month) - 1, Number(shown.day), Number(shown.hour), Number(shown.minute)) - guess.getTime();
  return new Date(guess.getTime() - offsetMs);
}

export function addDays(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}
