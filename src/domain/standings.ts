/** League standings computed from game results (never stored). */

import { isDecided, type GameStatus } from './game-status.js';
import type { SortDirection } from './national-statistics.js';
import { sharedRanks } from './ranking.js';

export interface ResultInput {
  homeTeamId: number;
  awayTeamId: number;
  status: GameStatus;
  homeScore: number | null;
  awayScore: number | null;
  decidedBy: 'REGULAR' | 'OVERTIME' | 'PENALTY_SHOTS';
}

export interface StandingRow {
  rank: number;
  teamId: number;
  games: number;
  wins: number;
  overtimeWins: number;
  overtimeLosses: number;
  losses: number;
  /** Ties that stood as the result (a league whose format allows a draw). */
  draws: number;
  /** Games this team lost by forfeit. */
  forfeits: number;
  goalsFor: number;
  goalsAgainst: number;
  points: number;
}

// Floorball points: 3 for a win in regular time, 2 for a win after overtime or penalty shots,
// 1 for such a loss or a draw, 0 for a loss in regular time or by forfeit.
const POINTS = { win: 3, overtimeWin: 2, overtimeLoss: 1, draw: 1, loss: 0 } as const;

function emptyRow(teamId: number): StandingRow {
  return { rank: 0, teamId, games: 0, wins: 0, overtimeWins: 0, overtimeLosses: 0, losses: 0, draws: 0, forfeits: 0, goalsFor: 0, goalsAgainst: 0, points: 0 };
}

/** Ranks by points, then goal difference, then goals scored, then team id for a stable order. */
export function computeStandings(teamIds: readonly number[], games: readonly ResultInput[]): StandingRow[] {
  const rows = new Map<number, StandingRow>(teamIds.map((id) => [id, emptyRow(id)]));
  const rowOf = (id: number) => {
    let row = rows.get(id);
    if (!row) rows.set(id, (row = emptyRow(id)));
    return row;
  };
  for (const game of games) {
    if (!isDecided(game.status) || game.homeScore === null || game.awayScore === null) continue;
    const sides = [
      { row: rowOf(game.homeTeamId), scored: game.homeScore, conceded: game.awayScore },
      { row: rowOf(game.awayTeamId), scored: game.awayScore, conceded: game.homeScore },
    ];
    // A forfeit is scored as a loss in regular time, whatever was recorded as deciding it.
    const extraTime = game.status === 'FINISHED' && game.decidedBy !== 'REGULAR';
    for (const { row, scored, conceded } of sides) {
      row.games += 1;
      row.goalsFor += scored;
      row.goalsAgainst += conceded;
      // A tie that was finished stands as a draw: only a format that allows one lets a game end
      // tied (src/domain/game-format.ts), and a game played is never left out of the table.
      if (scored === conceded) {
        row.draws += 1;
        row.points += POINTS.draw;
        continue;
      }
      const won = scored > conceded;
      if (won) {
        if (extraTime) row.overtimeWins += 1;
        else row.wins += 1;
        row.points += extraTime ? POINTS.overtimeWin : POINTS.win;
      } else {
        if (game.status === 'FORFEIT') row.forfeits += 1;
        if (extraTime) row.overtimeLosses += 1;
        else row.losses += 1;
        row.points += extraTime ? POINTS.overtimeLoss : POINTS.loss;
      }
    }
  }
  const sorted = [...rows.values()].sort(
    (a, b) => b.points - a.points || b.goalsFor - b.goalsAgainst - (a.goalsFor - a.goalsAgainst) || b.goalsFor - a.goalsFor || a.teamId - b.teamId,
  );
  const ranks = sharedRanks(
    sorted,
    (previous, row) =>
      previous.points === row.points && previous.goalsFor - previous.goalsAgainst === row.goalsFor - row.goalsAgainst && previous.goalsFor === row.goalsFor,
  );
  for (const [index, row] of sorted.entries()) row.rank = ranks[index];
  return sorted;
}

/** The columns a group table may be ordered by besides its ranking. */
export const STANDING_ORDERS = ['RANK', 'POINTS', 'GOAL_DIFFERENCE', 'GOALS_FOR', 'GOALS_AGAINST', 'GAMES', 'WINS', 'TEAM_NAME'] as const;
export type StandingOrder = (typeof STANDING_ORDERS)[number];

const STANDING_VALUE: Record<Exclude<StandingOrder, 'RANK' | 'TEAM_NAME'>, (row: StandingRow) => number> = {
  POINTS: (row) => row.points,
  GOAL_DIFFERENCE: (row) => row.goalsFor - row.goalsAgainst,
  GOALS_FOR: (row) => row.goalsFor,
  GOALS_AGAINST: (row) => row.goalsAgainst,
  GAMES: (row) => row.games,
  WINS: (row) => row.wins,
};

const byRanking = (a: StandingRow, b: StandingRow) => a.rank - b.rank || a.teamId - b.teamId;

/**
 * A group table in the order asked. Without a direction each order reads its natural way: the
 * ranking and team names from the top, numbers largest first. Rows equal in the column asked keep
 * the table's ranking (then team id), whatever the direction, so the order is total.
 */
export function sortStandings<R extends StandingRow>(
  rows: readonly R[],
  order: StandingOrder,
  direction: SortDirection | null | undefined,
  teamNameOf: (teamId: number) => string,
): R[] {
  const natural: SortDirection = order === 'RANK' || order === 'TEAM_NAME' ? 'ASC' : 'DESC';
  const sign = (direction ?? natural) === 'ASC' ? 1 : -1;
  if (order === 'RANK') return [...rows].sort((a, b) => sign * byRanking(a, b));
  if (order === 'TEAM_NAME') return [...rows].sort((a, b) => sign * teamNameOf(a.teamId).localeCompare(teamNameOf(b.teamId), 'de') || byRanking(a, b));
  const value = STANDING_VALUE[order];
  return [...rows].sort((a, b) => sign * (value(a) - value(b)) || byRanking(a, b));
}
