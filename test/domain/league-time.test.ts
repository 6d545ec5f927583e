import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../../src/domain/errors.js';
import { addDays, localDay, localDayRange, localDaysRange, localTime, startOfLocalDay } from '../../src/domain/league-time.js';

const hours = (range: { from: Date; to: Date }) => (range.to.getTime() - range.from.getTime()) / 3_600_000;

describe('local days of the league (Europe/Zurich)', () => {
  it('begin at local midnight: 23:00 UTC in winter, 22:00 UTC in summer', () => {
    expect(startOfLocalDay('2026-01-15').toISOString()).toBe('2026-01-14T23:00:00.000Z');
    expect(startOfLocalDay('2026-07-15').toISOString()).toBe('2026-07-14T22:00:00.000Z');
  });

  it('last 23 hours on the last Sunday of March, when the clocks go forward', () => {
    const range = localDayRange('2026-03-29');
    expect(range.from.toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(range.to.toISOString()).toBe('2026-03-29T22:00:00.000Z');
    expect(hours(range)).toBe(23);
    expect(hours(localDayRange('2025-03-30'))).toBe(23);
  });

  it('last 25 hours on the last Sunday of October, when the clocks go back', () => {
    const range = localDayRange('2026-10-25');
    expect(range.from.toISOString()).toBe('2026-10-24T22:00:00.000Z');
    expect(range.to.toISOString()).toBe('2026-10-25T23:00:00.000Z');
    expect(hours(range)).toBe(25);
    expect(hours(localDayRange('2025-10-26'))).toBe(25);
  });

  it('last 24 hours on the days around a change', () => {
    for (const day of ['2026-03-28', '2026-03-30', '2026-10-24', '2026-10-26', '2026-12-31']) expect(hours(localDayRange(day))).toBe(24);
  });

  it('hold every instant from their first to their last minute, and no other', () => {
    const { from, to } = localDayRange('2026-10-25');
    expect(localDay(from)).toBe('2026-10-25');
    expect(localDay(new Date(to.getTime() - 60_000))).toBe('2026-10-25');
    expect(localDay(to)).toBe('2026-10-26');
    expect(localDay(new Date(from.getTime() - 60_000))).toBe('2026-10-24');
  });

  it('show the local wall-clock time of an instant, across the change', () => {
    expect(localTime(new Date('2026-03-29T00:59:00Z'))).toBe('01:59');
    expect(localTime(new Date('2026-03-29T01:00:00Z'))).toBe('03:00');
    expect(localTime(new Date('2026-10-25T00:30:00Z'))).toBe('02:30');
    expect(localTime(new Date('2026-10-25T01:30:00Z'))).toBe('02:30');
    expect(localTime(new Date('2026-11-22T19:00:00Z'))).toBe('20:00');
    expect(localDay(new Date('2026-11-22T23:30:00Z'))).toBe('2026-11-23');
  });

  it('count calendar days across months and years', () => {
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});

describe('a range of local days', () => {
  it('includes both ends, and either end may be open', () => {
    const range = localDaysRange('2026-10-24', '2026-10-25');
    expect(range.from?.toISOString()).toBe('2026-10-23T22:00:00.000Z');
    expect(range.to?.toISOString()).toBe('2026-10-25T23:00:00.000Z');
    expect(localDaysRange('2026-10-25', null)).toEqual({ from: new Date('2026-10-24T22:00:00.000Z') });
    expect(localDaysRange(undefined, '2026-03-29')).toEqual({ to: new Date('2026-03-29T22:00:00.000Z') });
    expect(localDaysRange()).toEqual({});
    expect(hours(localDaysRange('2026-10-25', '2026-10-25') as { from: Date; to: Date })).toBe(25);
  });

  it('refuses one that ends before it starts, naming the arguments', () => {
    expect(() => localDaysRange('2026-10-26', '2026-10-25')).toThrow(InvalidInputError);
    expect(() => localDaysRange('2026-10-26', '2026-10-25', { from: 'filter.fromDay', to: 'filter.toDay' })).toThrow(
      'filter.fromDay 2026-10-26 is after filter.toDay 2026-10-25',
    );
  });
});
