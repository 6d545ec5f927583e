import { describe, expect, it } from 'vitest';
import { addMonths, calendarWindow } from '../../src/domain/calendar-window.js';

describe('calendarWindow', () => {
  it('runs from 1 month back to 12 months ahead, whatever the season', () => {
    expect(calendarWindow(new Date('2026-11-22T15:30:00Z'))).toEqual({ from: new Date('2026-10-22T15:30:00Z'), to: new Date('2027-11-22T15:30:00Z') });
    // Early in a season the window reaches back into the season before.
    expect(calendarWindow(new Date('2026-08-10T08:00:00Z')).from).toEqual(new Date('2026-07-10T08:00:00Z'));
  });

  it('keeps the day of the month, or the month’s last day where it has none', () => {
    expect(addMonths(new Date('2026-03-31T12:00:00Z'), -1)).toEqual(new Date('2026-02-28T12:00:00Z'));
    expect(addMonths(new Date('2027-02-28T12:00:00Z'), 12)).toEqual(new Date('2028-02-28T12:00:00Z'));
    expect(addMonths(new Date('2026-01-15T00:00:00Z'), -1)).toEqual(new Date('2025-12-15T00:00:00Z'));
  });
});
