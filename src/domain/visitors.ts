/** The visitors ranking of teams by their average spectators (never stored). */

import { countsForVisitors } from './game-status.js';
import { sharedRanks } from './ranking.js';

/** A home game of the team in the season, league or cup. */
export interface VisitedGame {
  status: string;
  /** Null when no count was reported. */
  spectators: number | null;
}

/** A home game counts when it was played to the end (VISITORS_COUNTED_STATUSES) and its spectators were counted. */
export function countsForAverage(game: VisitedGame): boolean {
  return countsForVisitors(game.status) && game.spectators !== null;
}

/** Mean spectators of the home games that count, unrounded; null when none counts. */
export function averageVisitors(homeGames: readonly VisitedGame[]): number | null {
  const counts = homeGames.filter(countsForAverage).map((game) => game.spectators ?? 0);
  return counts.length ? counts.reduce((a, b) => a + b, 0) / counts.length : null;
}

/** An average as it is shown and ranked: whole visitors. */
export function wholeVisitors(average: number): number {
  return Math.round(average);
}

export interface VisitorsRank {
  /** Null for teams without a counted home game: they are listed last, unranked. */
  rank: number | null;
  teamId: number;
  averageVisitors: number | null;
  /** Share of the best average, 0–100. */
  percentOfTop: number;
}

/** Ranks by average visitors (in whole visitors, so equal shown averages share a rank), team id breaking ties. */
export function rankByVisitors(teams: readonly { teamId: number; averageVisitors: number | null }[]): VisitorsRank[] {
  const sorted = [...teams].sort((a, b) => (b.averageVisitors ?? -1) - (a.averageVisitors ?? -1) || a.teamId - b.teamId);
  const top = sorted[0]?.averageVisitors ?? null;
  const shown = (team: { averageVisitors: number | null }) => (team.averageVisitors === null ? null : wholeVisitors(team.averageVisitors));
  const ranks = sharedRanks(sorted, (previous, team) => shown(previous) !== null && shown(previous) === shown(team));
  return sorted.map((team, index) => ({
    rank: team.averageVisitors === null ? null : ranks[index],
    teamId: team.teamId,
    averageVisitors: team.averageVisitors,
    percentOfTop: top && team.averageVisitors !== null ? (team.averageVisitors / top) * 100 : 0,
  }));
}
