import { describe, expect, it } from 'vitest';
import { dayOf, isoDate, seasonEnd, seasonIdOfDay, seasonStart } from '../../src/data/demo/calendar.js';
import { SEASON_START_MONTH, seasonIdAt, seasonLabel, seasonOfGame, seasonStartsAt } from '../../src/domain/season.js';

describe('season of a date', () => {
  it('starts at midnight UTC of August 1 and is named by its first year', () => {
    expect(SEASON_START_MONTH).toBe(7);
    expect(seasonStartsAt(2025).toISOString()).toBe('2025-08-01T00:00:00.000Z');
    expect(seasonIdAt(seasonStartsAt(2025))).toBe(2025);
    expect(seasonIdAt(new Date(seasonStartsAt(2025).getTime() - 1))).toBe(2024);
    expect(seasonLabel(2009)).toBe('2009/10');
  });

  it('is the one rule of the demo calendar too', () => {
    expect(isoDate(seasonStart(2025))).toBe('2025-08-01');
    expect(isoDate(seasonEnd(2025))).toBe('2026-07-31');
    expect(seasonIdOfDay(dayOf(2026, 7, 31))).toBe(2025);
    expect(seasonIdOfDay(dayOf(2026, 8, 1))).toBe(2026);
    for (let day = dayOf(2024, 1, 1); day < dayOf(2027, 1, 1); day += 1) {
      const season = seasonIdOfDay(day);
      expect(day >= seasonStart(season) && day <= seasonEnd(season)).toBe(true);
    }
  });
});

describe('season of a game', () => {
  it('is its group’s season, else its cup tournament’s, else none', () => {
    expect(seasonOfGame({ group: { seasonId: 2025 }, cupRound: null })).toBe(2025);
    expect(seasonOfGame({ group: null, cupRound: { tournament: { seasonId: 2024 } } })).toBe(2024);
    expect(seasonOfGame({ group: null, cupRound: null })).toBeNull();
  });
});
