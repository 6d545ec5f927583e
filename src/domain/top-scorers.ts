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

/** Points = goals + assists; ties share a rank; order points, goals, then player id. Own goals count for nobody. */
export function rankScorers(events: readonly ScoringEvent[]): ScorerRow[] {
  const rows = new Map<number, ScorerRow>();
  const rowOf = (playerId: number, teamId: number | null) => {
    let row = rows.get(playerId);
    if (!row) rows.set(playerId, (row = { rank: 0, playerId, teamId, goals: 0, assists: 0, points: 0 }));
    if (row.teamId === null) row.teamId = teamId;
    return row;
  };
  for (const event of events) {
    if (!creditsScorer(event)) continue;
    if (event.playerId !== null) rowOf(event.playerId, event.teamId).goals += 1;
    if (event.assistId !== null) rowOf(event.assistId, event.teamId).assists += 1;
  }
  for (const row of rows.values()) row.points = pointsOf(row);
  const sorted = [...rows.values()].sort((a, b) => b.points - a.points || b.goals - a.goals || a.playerId - b.playerId);
  const ranks = sharedRanks(sorted, (previous, row) => previous.points === row.points && previous.goals === row.goals);
  for (const [index, row] of sorted.entries()) row.rank = ranks[index];
  return sorted;
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
