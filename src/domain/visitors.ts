/** The visitors ranking of teams by their average spectators (never stored). */

export interface VisitorsRank {
  /** Null for teams without a counted home game: they are listed last, unranked. */
  rank: number | null;
  teamId: number;
  averageVisitors: number | null;
  /** Share of the best average, 0–100. */
  percentOfTop: number;
}

/** Ranks by average visitors (rounded to whole visitors, so equal shown averages share a rank), team id breaking ties. */
export function rankByVisitors(teams: readonly { teamId: number; averageVisitors: number | null }[]): VisitorsRank[] {
  const sorted = [...teams].sort((a, b) => (b.averageVisitors ?? -1) - (a.averageVisitors ?? -1) || a.teamId - b.teamId);
  const top = sorted[0]?.averageVisitors ?? null;
  const ranked: VisitorsRank[] = [];
  sorted.forEach((team, index) => {
    const previous = ranked[index - 1];
    const shown = team.averageVisitors === null ? null : Math.round(team.averageVisitors);
    const tied = previous && previous.averageVisitors !== null && shown !== null && Math.round(previous.averageVisitors) === shown;
    ranked.push({
      rank: shown === null ? null : tied ? previous.rank : index + 1,
      teamId: team.teamId,
      averageVisitors: team.averageVisitors,
      percentOfTop: top && team.averageVisitors !== null ? (team.averageVisitors / top) * 100 : 0,
    });
  });
  return ranked;
}
