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
