import { describe, expect, it } from 'vitest';
import { resultBefore, type TableResult, tableCutoff } from '../../src/domain/standings-as-of.js';
import { startOfLocalDay } from '../../src/domain/league-time.js';

// A Sunday afternoon in Zurich (UTC+1 in November).
const NOW = new Date('2026-11-22T15:00:00Z');
const TONIGHT = startOfLocalDay('2026-11-23');

describe('which games a table as of a day counts', () => {
  it("today's table counts the games of today and before, and changes at midnight", () => {
    expect(tableCutoff({}, NOW)).toEqual({ before: TONIGHT, changesAt: TONIGHT });
    expect(tableCutoff({ asOf: '2026-11-22' }, NOW)).toEqual({ before: TONIGHT, changesAt: TONIGHT });
  });

  it('a day ahead reads as today: results count from their game’s day on', () => {
    expect(tableCutoff({ asOf: '2027-01-10' }, NOW)).toEqual({ before: TONIGHT, changesAt: TONIGHT });
  });

  it('a day past ends at its local midnight and never changes with time alone', () => {
    expect(tableCutoff({ asOf: '2026-11-21' }, NOW)).toEqual({ before: new Date('2026-11-21T23:00:00Z'), changesAt: undefined });
    // Summer time: the day ends at 22:00 UTC.
    expect(tableCutoff({ asOf: '2026-07-04' }, NOW).before).toEqual(new Date('2026-07-04T22:00:00Z'));
  });
});

describe('a result as it stood', () => {
  const stored: TableResult & { id: number } = { id: 1, status: 'FINISHED', homeScore: 3, awayScore: 2, decidedBy: 'OVERTIME', resultState: 'CONFIRMED' };

  it('stands as stored when no write touched it since (an imported result)', () => {
    expect(resultBefore(stored, [])).toEqual(stored);
  });

  it('is what the first later write that recorded each part found', () => {
    const later = [
      { resultState: 'PROVISIONAL' as const }, // a confirmation: no score
      { status: 'FINISHED' as const, score: { home: 2, away: 2 }, decidedBy: 'REGULAR' as const }, // a goal corrected
      { status: 'LIVE' as const, score: { home: 9, away: 9 } }, // anything after says nothing more
    ];
    expect(resultBefore(stored, later)).toEqual({ id: 1, status: 'FINISHED', homeScore: 2, awayScore: 2, decidedBy: 'REGULAR', resultState: 'PROVISIONAL' });
  });

  it('a game undone or finished later was not decided then', () => {
    const finishedNextDay = [{ status: 'LIVE' as const, score: { home: 1, away: 0 }, resultState: null }];
    expect(resultBefore(stored, finishedNextDay)).toMatchObject({ status: 'LIVE', homeScore: 1, awayScore: 0, resultState: null });
  });
});
