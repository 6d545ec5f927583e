/** Top-scorer ranking computed from goal events (never stored). */

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
