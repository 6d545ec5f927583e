import { describe, expect, it } from 'vitest';
import { sharedRanks } from '../../src/domain/ranking.js';
import { creditsScorer, pointsOf } from '../../src/domain/scoring.js';
import { averageVisitors, countsForAverage, rankByVisitors, wholeVisitors } from '../../src/domain/visitors.js';

describe('shared ranks', () => {
  it('give tied rows the rank of the row before and skip the positions they take', () => {
    expect(sharedRanks([9, 7, 7, 5, 5, 5, 1], (a, b) => a === b)).toEqual([1, 2, 2, 4, 4, 4, 7]);
    expect(sharedRanks([], () => true)).toEqual([]);
  });
});

describe('scoring', () => {
  it('credits goals only, and points are goals plus assists', () => {
    expect(creditsScorer({ type: 'GOAL' })).toBe(true);
    expect(creditsScorer({ type: 'OWN_GOAL' })).toBe(false);
    expect(creditsScorer({ type: 'PENALTY' })).toBe(false);
    expect(pointsOf({ goals: 3, assists: 4 })).toBe(7);
  });
});

describe('visitors average', () => {
  const game = (status: string, spectators: number | null) => ({ status, spectators });

  it('counts finished home games with a spectator count, unrounded', () => {
    expect(countsForAverage(game('FINISHED', 0))).toBe(true);
    expect(countsForAverage(game('FINISHED', null))).toBe(false);
    expect(countsForAverage(game('FORFEIT', 300))).toBe(false);
    expect(countsForAverage(game('LIVE', 300))).toBe(false);
    expect(averageVisitors([game('FINISHED', 100), game('FINISHED', 201), game('FORFEIT', 5000), game('FINISHED', null), game('LIVE', 900)])).toBe(150.5);
  });

  it('is null without a game that counts', () => {
    expect(averageVisitors([])).toBeNull();
    expect(averageVisitors([game('SCHEDULED', null), game('CANCELLED', null)])).toBeNull();
  });

  it('is shown and ranked in whole visitors', () => {
    expect(wholeVisitors(150.5)).toBe(151);
    expect(wholeVisitors(150.49)).toBe(150);
    const ranked = rankByVisitors([
      { teamId: 1, averageVisitors: 150.4 },
      { teamId: 2, averageVisitors: 149.6 },
      { teamId: 3, averageVisitors: 300 },
      { teamId: 4, averageVisitors: null },
    ]);
    expect(ranked.map((r) => [r.teamId, r.rank, r.percentOfTop])).toEqual([
      [3, 1, 100],
      [1, 2, (150.4 / 300) * 100],
      [2, 2, (149.6 / 300) * 100],
      [4, null, 0],
    ]);
  });
});
