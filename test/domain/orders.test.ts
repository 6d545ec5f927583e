import { describe, expect, it } from 'vitest';
import { computeStandings, sortStandings, type StandingRow } from '../../src/domain/standings.js';
import { rankScorers, type ScorerRow, sortScorers } from '../../src/domain/top-scorers.js';

function standing(teamId: number, rank: number, facts: Partial<StandingRow>): StandingRow {
  return {
    rank,
    teamId,
    games: 10,
    wins: 0,
    overtimeWins: 0,
    overtimeLosses: 0,
    losses: 0,
    draws: 0,
    forfeits: 0,
    goalsFor: 0,
    goalsAgainst: 0,
    points: 0,
    tieBreaks: [],
    ...facts,
  };
}

// In ranking order: 3 before 1 (more points), 1 and 2 tied on points but 1 with the better difference.
const table = [
  standing(3, 1, { points: 20, goalsFor: 30, goalsAgainst: 25 }),
  standing(1, 2, { points: 15, goalsFor: 40, goalsAgainst: 20 }),
  standing(2, 3, { points: 15, goalsFor: 35, goalsAgainst: 30 }),
  standing(4, 4, { points: 3, goalsFor: 35, goalsAgainst: 50 }),
];
const names = new Map([
  [1, 'Zug United'],
  [2, 'Ägeri'],
  [3, 'Basel'],
  [4, 'Basel'],
]);
const nameOf = (teamId: number) => names.get(teamId) ?? '';
const ids = (rows: readonly { teamId: number }[]) => rows.map((row) => row.teamId);

describe('ordering a group table', () => {
  it('keeps the ranking by default and reverses it with DESC', () => {
    expect(ids(sortStandings(table, 'RANK', undefined, nameOf))).toEqual([3, 1, 2, 4]);
    expect(ids(sortStandings(table, 'RANK', 'DESC', nameOf))).toEqual([4, 2, 1, 3]);
  });

  it('reads numbers largest first unless asked otherwise; equal values keep the ranking in either direction', () => {
    expect(ids(sortStandings(table, 'POINTS', undefined, nameOf))).toEqual([3, 1, 2, 4]);
    expect(ids(sortStandings(table, 'POINTS', 'ASC', nameOf))).toEqual([4, 1, 2, 3]);
    expect(ids(sortStandings(table, 'GOALS_FOR', undefined, nameOf))).toEqual([1, 2, 4, 3]);
    expect(ids(sortStandings(table, 'GOALS_FOR', 'ASC', nameOf))).toEqual([3, 2, 4, 1]);
    expect(ids(sortStandings(table, 'GOAL_DIFFERENCE', undefined, nameOf))).toEqual([1, 3, 2, 4]);
    expect(ids(sortStandings(table, 'GOALS_AGAINST', undefined, nameOf))).toEqual([4, 2, 3, 1]);
  });

  it('orders by team name in German collation, equal names by ranking', () => {
    expect(ids(sortStandings(table, 'TEAM_NAME', undefined, nameOf))).toEqual([2, 3, 4, 1]);
    expect(ids(sortStandings(table, 'TEAM_NAME', 'DESC', nameOf))).toEqual([1, 3, 4, 2]);
  });

  it('ends ties on the team id when even the ranking is shared', () => {
    const tied = computeStandings([8, 5], []);
    expect(tied.map((row) => row.rank)).toEqual([1, 1]);
    expect(ids(sortStandings(tied, 'POINTS', undefined, nameOf))).toEqual([5, 8]);
    expect(ids(sortStandings(tied, 'RANK', 'DESC', nameOf))).toEqual([8, 5]);
  });

  it('does not reorder the table it was given', () => {
    sortStandings(table, 'RANK', 'DESC', nameOf);
    expect(ids(table)).toEqual([3, 1, 2, 4]);
  });
});

const goal = (playerId: number, assistId: number | null = null) => ({ type: 'GOAL', playerId, assistId, teamId: 1 });

describe('ordering top scorers', () => {
  // Player 2: 2 goals 1 assist; player 1: 2 goals; player 3: 1 goal 1 assist; player 5: 1 goal; player 4: 1 assist.
  const ranked = rankScorers([goal(1), goal(1), goal(2, 3), goal(3, 2), goal(2, 4), goal(5)]);
  const players = (rows: readonly ScorerRow[]) => rows.map((row) => row.playerId);

  it('keeps the league ranking by default', () => {
    expect(players(ranked)).toEqual([2, 1, 3, 5, 4]);
    expect(players(sortScorers(ranked, 'RANK', undefined))).toEqual([2, 1, 3, 5, 4]);
    expect(players(sortScorers(ranked, 'RANK', 'DESC'))).toEqual([4, 5, 3, 1, 2]);
  });

  it('orders by a column, largest first unless asked, equal values in ranking order', () => {
    expect(players(sortScorers(ranked, 'GOALS', undefined))).toEqual([2, 1, 3, 5, 4]);
    expect(players(sortScorers(ranked, 'ASSISTS', undefined))).toEqual([2, 3, 4, 1, 5]);
    expect(players(sortScorers(ranked, 'ASSISTS', 'ASC'))).toEqual([1, 5, 2, 3, 4]);
    expect(players(sortScorers(ranked, 'POINTS', 'ASC'))).toEqual([5, 4, 1, 3, 2]);
  });
});
