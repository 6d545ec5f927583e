import { describe, expect, it } from 'vitest';
import { computeStandings, type ResultInput, type StandingRow } from '../../src/domain/standings.js';

const win = (home: number, away: number, homeScore: number, awayScore: number): ResultInput => ({
  homeTeamId: home,
  awayTeamId: away,
  status: 'FINISHED',
  homeScore,
  awayScore,
  decidedBy: 'REGULAR',
});

const order = (rows: readonly StandingRow[]) => rows.map((row) => row.teamId);
const tiesOf = (rows: readonly StandingRow[], teamId: number) => rows.find((row) => row.teamId === teamId)?.tieBreaks.map((tie) => [tie.rule, tie.teamIds]);

describe('tie-breaks, explained by the rule that sorts the table', () => {
  it('a team alone on its points has no tie-break', () => {
    const rows = computeStandings([1, 2], [win(1, 2, 3, 1)]);
    expect(order(rows)).toEqual([1, 2]);
    expect(rows.map((row) => row.tieBreaks)).toEqual([[], []]);
  });

  it('goal difference separates teams level on points', () => {
    // 1 and 2 win once each (3 points); 1 by five goals, 2 by one.
    const rows = computeStandings([1, 2, 3, 4], [win(1, 3, 6, 1), win(2, 4, 2, 1)]);
    expect(order(rows)).toEqual([1, 2, 4, 3]);
    expect(rows.map((row) => row.rank)).toEqual([1, 2, 3, 4]);
    expect(tiesOf(rows, 1)).toEqual([['GOAL_DIFFERENCE', [1, 2]]]);
    expect(tiesOf(rows, 2)).toEqual([['GOAL_DIFFERENCE', [1, 2]]]);
    expect(tiesOf(rows, 4)).toEqual([['GOAL_DIFFERENCE', [4, 3]]]);
    // Rows of one tie share it.
    expect(rows[0].tieBreaks[0]).toBe(rows[1].tieBreaks[0]);
  });

  it('goals scored separate teams level on points and goal difference; the rule they were level on is passed over', () => {
    // 1 wins 5:3, 2 wins 3:1: both +2 with 3 points; 2 scored fewer.
    const rows = computeStandings([1, 2, 3, 4], [win(1, 3, 5, 3), win(2, 4, 3, 1)]);
    expect(order(rows)).toEqual([1, 2, 3, 4]);
    expect(tiesOf(rows, 2)).toEqual([['GOALS_FOR', [1, 2]]]);
    expect(tiesOf(rows, 3)).toEqual([['GOALS_FOR', [3, 4]]]);
  });

  it('teams level on every rule share a rank, listed by team id', () => {
    const rows = computeStandings([7, 5, 9], [win(7, 9, 2, 0), win(5, 9, 2, 0)]);
    expect(order(rows)).toEqual([5, 7, 9]);
    expect(rows.map((row) => row.rank)).toEqual([1, 1, 3]);
    expect(tiesOf(rows, 5)).toEqual([['SHARED_RANK', [5, 7]]]);
    expect(tiesOf(rows, 9)).toEqual([]);
  });

  it('a wider tie splits by one rule and what is still level by the next: each team lists its ties, widest first', () => {
    // 1, 2, 3 each win once (3 points): 1 by four goals; 2 and 3 by two, 2 scoring more.
    const rows = computeStandings([1, 2, 3, 4, 5, 6], [win(1, 4, 4, 0), win(2, 5, 4, 2), win(3, 6, 3, 1)]);
    expect(order(rows).slice(0, 3)).toEqual([1, 2, 3]);
    expect(tiesOf(rows, 1)).toEqual([['GOAL_DIFFERENCE', [1, 2, 3]]]);
    expect(tiesOf(rows, 2)).toEqual([
      ['GOAL_DIFFERENCE', [1, 2, 3]],
      ['GOALS_FOR', [2, 3]],
    ]);
    expect(tiesOf(rows, 3)).toEqual(tiesOf(rows, 2));
  });

  it('a table before any game: every team level on everything, one shared rank', () => {
    const rows = computeStandings([2, 1], []);
    expect(rows.map((row) => row.rank)).toEqual([1, 1]);
    expect(tiesOf(rows, 1)).toEqual([['SHARED_RANK', [1, 2]]]);
  });
});
