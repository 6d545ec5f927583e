/** Top-scorer ranking computed from goal events (never stored). */

import type { SortDirection } from './national-statistics.js';
import { sharedRanks } from './ranking.js';
import { creditsScorer, pointsOf } from './scoring.js';

export interface ScoringEvent {
  type: 'GOAL' | 'OWN_GOAL' | string;
  playerId: number | null;
  assistId: number | null;
  teamId: number | null;
}

export interface ScorerRow {
  rank: number;
  playerId: number;
  teamId: number | null;
  goals: number;
  assists: number;
  points: number;
}

type Ordered = Pick<ScorerRow, 'points' | 'goals' | 'playerId'>;

/** The ranking's order: points, then goals (most first), then player id. */
const byPoints = (a: Ordered, b: Ordered) => b.points - a.points || b.goals - a.goals || a.playerId - b.playerId;

/** Where `row` goes in `rows` (in the ranking's order) to keep them in it. */
function placeOf(rows: readonly Ordered[], row: Ordered): number {
  let low = 0;
  let high = rows.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (byPoints(rows[middle], row) < 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** A player's goals and assists so far, and how many of them each team was credited with (in the order first credited). */
interface Tally {
  goals: number;
  assists: number;
  teams: Map<number, number>;
}

/**
 * The scorers' totals over a set of goals, kept as goals are counted in and out (a game's goals
 * when its version moves), so that a table after a goal counts that game's goals, not the season's.
 * Own goals count for nobody; a player's team is the first team still credited with one of the
 * player's goals or assists (after a change of team, one of them).
 */
export class ScorerTotals {
  private readonly tallies = new Map<number, Tally>();

  /** Counts an event in (`sign` 1) or out again (`sign` -1). */
  count(event: ScoringEvent, sign: 1 | -1 = 1): void {
    if (!creditsScorer(event)) return;
    if (event.playerId !== null) this.credit(event.playerId, event.teamId, sign, 'goals');
    if (event.assistId !== null) this.credit(event.assistId, event.teamId, sign, 'assists');
  }

  /**
   * Players with points, ranked: points = goals + assists; ties share a rank; order points, goals,
   * then player id. With `first`, only the first that many of that list (a table's head, without
   * ordering every player).
   */
  ranked(first = Number.POSITIVE_INFINITY): ScorerRow[] {
    const rows: ScorerRow[] = [];
    for (const [playerId, tally] of this.tallies) {
      const points = pointsOf(tally);
      const last = rows.length >= first ? rows[rows.length - 1] : undefined;
      if (last && byPoints(last, { points, goals: tally.goals, playerId }) < 0) continue;
      const row = { rank: 0, playerId, teamId: tally.teams.keys().next().value ?? null, goals: tally.goals, assists: tally.assists, points };
      if (!Number.isFinite(first)) rows.push(row);
      else {
        rows.splice(placeOf(rows, row), 0, row);
        if (rows.length > first) rows.pop();
      }
    }
    if (!Number.isFinite(first)) rows.sort(byPoints);
    const ranks = sharedRanks(rows, (previous, row) => previous.points === row.points && previous.goals === row.goals);
    for (const [index, row] of rows.entries()) row.rank = ranks[index];
    return rows;
  }

  private credit(playerId: number, teamId: number | null, sign: 1 | -1, what: 'goals' | 'assists'): void {
    let tally = this.tallies.get(playerId);
    if (!tally) this.tallies.set(playerId, (tally = { goals: 0, assists: 0, teams: new Map() }));
    tally[what] += sign;
    if (teamId !== null) {
      const credited = (tally.teams.get(teamId) ?? 0) + sign;
      if (credited > 0) tally.teams.set(teamId, credited);
      else tally.teams.delete(teamId);
    }
    if (tally.goals === 0 && tally.assists === 0) this.tallies.delete(playerId);
  }
}

/** Points = goals + assists; ties share a rank; order points, goals, then player id. Own goals count for nobody. */
export function rankScorers(events: readonly ScoringEvent[]): ScorerRow[] {
  const totals = new ScorerTotals();
  for (const event of events) totals.count(event);
  return totals.ranked();
}

/** The columns a top-scorer list may be ordered by besides the league's ranking. */
export const TOP_SCORER_ORDERS = ['RANK', 'POINTS', 'GOALS', 'ASSISTS'] as const;
export type TopScorerOrder = (typeof TOP_SCORER_ORDERS)[number];

const SCORER_VALUE: Record<Exclude<TopScorerOrder, 'RANK'>, (row: ScorerRow) => number> = {
  POINTS: (row) => row.points,
  GOALS: (row) => row.goals,
  ASSISTS: (row) => row.assists,
};

const byRanking = (a: ScorerRow, b: ScorerRow) => a.rank - b.rank || a.playerId - b.playerId;

/**
 * Ranked scorers in the order asked. Without a direction the ranking reads from the top and numbers
 * largest first. Rows equal in the column asked keep the league's ranking (then player id), whatever
 * the direction, so the order is total.
 */
export function sortScorers(rows: readonly ScorerRow[], order: TopScorerOrder, direction: SortDirection | null | undefined): ScorerRow[] {
  const sign = (direction ?? (order === 'RANK' ? 'ASC' : 'DESC')) === 'ASC' ? 1 : -1;
  if (order === 'RANK') return [...rows].sort((a, b) => sign * byRanking(a, b));
  const value = SCORER_VALUE[order];
  return [...rows].sort((a, b) => sign * (value(a) - value(b)) || byRanking(a, b));
}

/**
 * How many of the ranking's first rows a list needs: `first` when it is the ranking read from the
 * top (the order `ranked` gives), else every row (undefined).
 */
export function rankingHeadNeeded(order: TopScorerOrder, direction: SortDirection | null | undefined, first: number, all: boolean): number | undefined {
  return !all && order === 'RANK' && (direction ?? 'ASC') === 'ASC' ? first : undefined;
}
