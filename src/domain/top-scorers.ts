/** Top-scorer ranking computed from goal events (never stored). */

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
    if (event.type !== 'GOAL') continue;
    if (event.playerId !== null) {
      const row = rowOf(event.playerId, event.teamId);
      row.goals += 1;
      row.points += 1;
    }
    if (event.assistId !== null) {
      const row = rowOf(event.assistId, event.teamId);
      row.assists += 1;
      row.points += 1;
    }
  }
  const sorted = [...rows.values()].sort((a, b) => b.points - a.points || b.goals - a.goals || a.playerId - b.playerId);
  sorted.forEach((row, index) => {
    const previous = sorted[index - 1];
    row.rank = previous && previous.points === row.points && previous.goals === row.goals ? previous.rank : index + 1;
  });
  return sorted;
}
