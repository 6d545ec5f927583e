import { formatDate, formatTime, LEAGUE_TIME_ZONE } from '../shared/format.js';

/**
 * A minimal iCalendar (RFC 5545) writer for game feeds: CRLF line ends, lines folded at 75 octets,
 * TEXT values escaped, local times with TZID=Europe/Zurich and the VTIMEZONE that defines it.
 */
export interface CalendarEvent {
  uid: string;
  start: Date;
  end: Date;
  summary: string;
  description?: string;
  location?: string;
  geo?: { latitude: number; longitude: number };
  url?: string;
  cancelled?: boolean;
}

export interface Calendar {
  name: string;
  /** The instant the feed is produced (DTSTAMP of every event). */
  stamp: Date;
  events: CalendarEvent[];
}

const CRLF = '\r\n';
const MAX_OCTETS = 75;

/** TEXT escaping (RFC 5545 §3.3.11): backslash, semicolon, comma, newline. */
export function escapeText(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/** Folds a content line into lines of at most 75 octets, never inside a UTF-8 character (RFC 5545 §3.1). */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    // Continuation lines begin with a space, which counts towards their 75 octets.
    const limit = parts.length === 0 ? MAX_OCTETS : MAX_OCTETS - 1;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join(`${CRLF} `);
}

/** `20260307T170000`, the wall-clock time in Zurich. */
export function localDateTime(instant: Date): string {
  const [day, month, year] = formatDate(instant).split('.');
  const [hour, minute] = formatTime(instant).split(':');
  return `${year}${month}${day}T${hour}${minute}00`;
}

/** `20261122T153000Z` */
export function utcDateTime(instant: Date): string {
  return instant
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/** Central European time with the EU daylight-saving rules, in force in Switzerland since 1981. */
const ZURICH_TIMEZONE = [
  'BEGIN:VTIMEZONE',
  `TZID:${LEAGUE_TIME_ZONE}`,
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0200',
  'TZNAME:CEST',
  'DTSTART:19810329T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+0200',
  'TZOFFSETTO:+0100',
  'TZNAME:CET',
  'DTSTART:19961027T030000',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
];

function eventLines(event: CalendarEvent, stamp: Date): string[] {
  const lines = [
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${utcDateTime(stamp)}`,
    `DTSTART;TZID=${LEAGUE_TIME_ZONE}:${localDateTime(event.start)}`,
    `DTEND;TZID=${LEAGUE_TIME_ZONE}:${localDateTime(event.end)}`,
    `SUMMARY:${escapeText(event.summary)}`,
  ];
  if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
  if (event.location) lines.push(`LOCATION:${escapeText(event.location)}`);
  // GEO is latitude;longitude, unescaped floats (RFC 5545 §3.8.1.6).
  if (event.geo) lines.push(`GEO:${event.geo.latitude};${event.geo.longitude}`);
  if (event.url) lines.push(`URL:${event.url}`);
  lines.push(`STATUS:${event.cancelled ? 'CANCELLED' : 'CONFIRMED'}`, 'END:VEVENT');
  return lines;
}

export function renderCalendar(calendar: Calendar): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//floorball-league-service//calendars//DE',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(calendar.name)}`,
    `X-WR-TIMEZONE:${LEAGUE_TIME_ZONE}`,
    ...ZURICH_TIMEZONE,
    ...calendar.events.flatMap((event) => eventLines(event, calendar.stamp)),
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join(CRLF) + CRLF;
}
