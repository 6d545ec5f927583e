import { describe, expect, it } from 'vitest';
import {
  boundsOfPeriod,
  formatProblems,
  gameFormat,
  lastPeriod,
  overtimePeriod,
  periodAt,
  phaseOfPeriod,
  phasesOf,
  regulationSeconds,
  STANDARD_FORMAT,
  STANDARD_STORED_FORMAT,
} from '../../src/domain/game-format.js';
import { computeStandings } from '../../src/domain/standings.js';

const juniors = gameFormat({ periods: 2, periodMinutes: 15, overtimeMinutes: 0, penaltyShootout: false, drawAllowed: true, forfeitGoals: 5 });
const smallField = gameFormat({ periods: 3, periodMinutes: 15, overtimeMinutes: 5, penaltyShootout: true, drawAllowed: false, forfeitGoals: 3 });

describe('a game format', () => {
  it('is the standard one (3 × 20 minutes, 10 minutes overtime, penalty shots) for a game without a group', () => {
    expect(gameFormat(null)).toBe(STANDARD_FORMAT);
    expect(gameFormat(STANDARD_STORED_FORMAT)).toEqual(STANDARD_FORMAT);
    expect(phasesOf(STANDARD_FORMAT)).toEqual(['third1', 'third2', 'third3', 'prolongation', 'penalty_shootout']);
    expect(regulationSeconds(STANDARD_FORMAT)).toBe(3600);
    expect(overtimePeriod(STANDARD_FORMAT)).toBe(4);
    expect(boundsOfPeriod(STANDARD_FORMAT, 2)).toEqual({ start: 1200, end: 2400 });
    expect(boundsOfPeriod(STANDARD_FORMAT, 4)).toEqual({ start: 3600, end: 4200 });
    expect([periodAt(STANDARD_FORMAT, 0), periodAt(STANDARD_FORMAT, 1199), periodAt(STANDARD_FORMAT, 1200), periodAt(STANDARD_FORMAT, 9999)]).toEqual([
      1, 1, 2, 4,
    ]);
  });

  it('plays the phases of its league: two periods of 15 minutes and a draw, no overtime', () => {
    expect(phasesOf(juniors)).toEqual(['third1', 'third2']);
    expect(regulationSeconds(juniors)).toBe(1800);
    expect(overtimePeriod(juniors)).toBeNull();
    expect(lastPeriod(juniors)).toBe(2);
    expect(periodAt(juniors, 1799)).toBe(2);
    expect(periodAt(juniors, 2400)).toBe(2);
    expect(boundsOfPeriod(juniors, 2)).toEqual({ start: 900, end: 1800 });
  });

  it('plays a shorter overtime where its league says so, named prolongation', () => {
    expect(phasesOf(smallField)).toEqual(['third1', 'third2', 'third3', 'prolongation', 'penalty_shootout']);
    expect(boundsOfPeriod(smallField, 4)).toEqual({ start: 2700, end: 3000 });
    expect(phaseOfPeriod(smallField, 3)).toBe('third3');
    expect(phaseOfPeriod(smallField, 4)).toBe('prolongation');
    expect(smallField.forfeitGoals).toBe(3);
  });

  it('is refused when out of bounds, or when it neither lets a tie stand nor decides it', () => {
    expect(formatProblems(STANDARD_STORED_FORMAT)).toEqual([]);
    expect(formatProblems({ ...STANDARD_STORED_FORMAT, periods: 0, periodMinutes: 61 })).toEqual([
      'periods must be a whole number from 1 to 5',
      'periodMinutes must be a whole number from 1 to 60',
    ]);
    expect(formatProblems({ ...STANDARD_STORED_FORMAT, overtimeMinutes: 0, penaltyShootout: false })).toEqual([
      'a format without draws must decide a tie: give it overtime or penalty shots',
    ]);
    expect(formatProblems({ ...STANDARD_STORED_FORMAT, overtimeMinutes: 0, penaltyShootout: false, drawAllowed: true })).toEqual([]);
  });
});

describe('a tie in the standings', () => {
  it('counts as a draw, one point each, with its goals: a finished game is never left out of the table', () => {
    const rows = computeStandings(
      [1, 2, 3],
      [
        { homeTeamId: 1, awayTeamId: 2, status: 'FINISHED', homeScore: 3, awayScore: 3, decidedBy: 'REGULAR' },
        { homeTeamId: 2, awayTeamId: 3, status: 'FINISHED', homeScore: 4, awayScore: 1, decidedBy: 'REGULAR' },
      ],
    );
    const byTeam = new Map(rows.map((row) => [row.teamId, row]));
    expect(byTeam.get(1)).toMatchObject({ games: 1, draws: 1, wins: 0, losses: 0, points: 1, goalsFor: 3, goalsAgainst: 3 });
    expect(byTeam.get(2)).toMatchObject({ games: 2, draws: 1, wins: 1, points: 4, goalsFor: 7, goalsAgainst: 4 });
    expect(byTeam.get(3)).toMatchObject({ games: 1, draws: 0, losses: 1, points: 0 });
  });
});
