import { describe, expect, it } from 'vitest';
import { addDays, formatDate, formatShortDate, formatTime, localDay, startOfLocalDay } from '../../src/facades/shared/format.js';
import { parseLocale } from '../../src/facades/shared/locale.js';
import { tableEnvelope } from '../../src/facades/shared/table.js';

describe('league-time formatting', () => {
  it('renders UTC instants in Zurich time, summer and winter', () => {
    expect(formatDate(new Date('2026-03-07T16:00:00Z'))).toBe('07.03.2026');
    expect(formatTime(new Date('2026-03-07T16:00:00Z'))).toBe('17:00');
    expect(formatTime(new Date('2026-09-12T18:00:00Z'))).toBe('20:00');
    expect(localDay(new Date('2026-09-12T22:30:00Z'))).toBe('2026-09-13');
  });

  it('finds the start of a local day across daylight-saving changes', () => {
    expect(startOfLocalDay('2026-01-10').toISOString()).toBe('2026-01-09T23:00:00.000Z');
    expect(startOfLocalDay('2026-07-10').toISOString()).toBe('2026-07-09T22:00:00.000Z');
    expect(startOfLocalDay('2026-03-29').toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(formatShortDate('2025-09-12')).toBe('12.9.2025');
  });

  it('agrees with Intl minute by minute across both daylight-saving changes and a year of instants', () => {
    const reference = new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Zurich',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    const expected = (instant: Date) => {
      const p = Object.fromEntries(reference.formatToParts(instant).map((part) => [part.type, part.value]));
      return `${p.day}.${p.month}.${p.year} ${p.hour}:${p.minute}`;
    };
    const instants: Date[] = [];
    for (const change of ['2026-03-29T01:00:00Z', '2026-10-25T01:00:00Z']) {
      for (let minute = -180; minute <= 180; minute += 1) instants.push(new Date(Date.parse(change) + minute * 60_000 + 17_000));
    }
    for (let hour = 0; hour < 366 * 24; hour += 7) instants.push(new Date(Date.UTC(2026, 0, 1) + hour * 3_600_000 + 59_999));
    for (const instant of instants) expect(`${formatDate(instant)} ${formatTime(instant)}`, instant.toISOString()).toBe(expected(instant));
  });

  it('accepts locales with - or _', () => {
    expect(parseLocale('de-CH')).toBe('de');
    expect(parseLocale('fr_CH')).toBe('fr');
    expect(parseLocale('it')).toBe('it');
    expect(parseLocale('xx')).toBe('de');
    expect(parseLocale(undefined)).toBe('de');
  });
});

describe('table envelope', () => {
  it('always carries every data key in the wire order', () => {
    const envelope = tableEnvelope('http://x', 'table', { title: 'T' });
    expect(Object.keys(envelope)).toEqual(['type', 'subtype', 'doc', 'data']);
    expect(Object.keys(envelope.data)).toEqual(['context', 'headers', 'title', 'subtitle', 'tabs', 'slider', 'regions']);
    expect(envelope.doc).toBe('http://x/api/doc/table');
  });
});
