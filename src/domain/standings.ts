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
  /**
   * The ties this team was part of, widest first: the teams level with it on points, then, within
   * them, those still level after the rule that split them, and so on. Empty when no other team had
   * its points. Rows of one tie share its object.
   */
  tieBreaks: StandingTieBreak[];
}

/**
 * The table's order: what ranks the teams, in turn. Teams level on every one share a rank (and are
 * listed by team id). The one place the order is written: the sort, the shared ranks and the
 * tie-breaks' explanation all read it.
 */
const RANKING_RULES = [
  { rule: 'POINTS', value: (row: StandingRow) => row.points },
  { rule: 'GOAL_DIFFERENCE', value: (row: StandingRow) => row.goalsFor - row.goalsAgainst },
  { rule: 'GOALS_FOR', value: (row: StandingRow) => row.goalsFor },
] as const;

/** What separated teams level on points: a rule of the table's order after points, or nothing (a shared rank). */
export const TIE_BREAK_RULES = ['GOAL_DIFFERENCE', 'GOALS_FOR', 'SHARED_RANK'] as const;
export type TieBreakRule = (typeof TIE_BREAK_RULES)[number];

/** A group of teams level on everything before `rule`, in table order, and the rule that ordered them. */
export interface StandingTieBreak {
  rule: TieBreakRule;
  teamIds: number[];
}

// Floorball points: 3 for a win in regular time, 2 for a win after overtime or penalty shots,
// 1 for such a loss or a draw, 0 for a loss in regular time or by forfeit.
const POINTS = { win: 3, overtimeWin: 2, overtimeLoss: 1, draw: 1, loss: 0 } as const;

function emptyRow(teamId: number): StandingRow {
  return {
    rank: 0,
    teamId,
    games: 0,
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
  };
}

/** Larger first in each rule of the order, then the team id for a stable order. */
function byRankingRules(a: StandingRow, b: StandingRow): number {
  for (const { value } of RANKING_RULES) {
    const difference = value(b) - value(a);
    if (difference !== 0) return difference;
  }
  return a.teamId - b.teamId;
}

/** Consecutive rows of a sorted list with the same value: the runs the value leaves level. */
function runsOf(rows: readonly StandingRow[], value: (row: StandingRow) => number): StandingRow[][] {
  const runs: StandingRow[][] = [];
  for (const row of rows) {
    const run = runs.at(-1);
    if (run && value(run[0]) === value(row)) run.push(row);
    else runs.push([row]);
  }
  return runs;
}

/**
 * Explains the order of `level` (sorted rows level on the rules before `from`): the first rule from
 * `from` on that tells any of them apart, then the same within each run it leaves level; a rule on
 * which they are all level says nothing and is passed over. Nothing left: they share a rank.
 */
function explainTie(level: readonly StandingRow[], from: number, wider: readonly StandingTieBreak[]): void {
  if (level.length < 2) {
    for (const row of level) row.tieBreaks = [...wider];
    return;
  }
  const splitting = RANKING_RULES.findIndex((rule, index) => index >= from && runsOf(level, rule.value).length > 1);
  const teamIds = level.map((row) => row.teamId);
  if (splitting === -1) {
    const shared: StandingTieBreak = { rule: 'SHARED_RANK', teamIds };
    for (const row of level) row.tieBreaks = [...wider, shared];
    return;
  }
  const { rule, value } = RANKING_RULES[splitting];
  // Points are what a tie is level on, not a tie-break: the table's runs on points start the ties.
  const tie: StandingTieBreak[] = rule === 'POINTS' ? [] : [{ rule, teamIds }];
  for (const run of runsOf(level, value)) explainTie(run, splitting + 1, [...wider, ...tie]);
}

/** Sorts the rows into the table's order, numbers their ranks and explains each tie, all by RANKING_RULES. */
function rankRows(rows: Iterable<StandingRow>): StandingRow[] {
  const sorted = [...rows].sort(byRankingRules);
  const ranks = sharedRanks(sorted, (previous, row) => RANKING_RULES.every(({ value }) => value(previous) === value(row)));
  for (const [index, row] of sorted.entries()) row.rank = ranks[index];
  explainTie(sorted, 0, []);
  return sorted;
}

/** Ranks by RANKING_RULES: points, then goal difference, then goals scored; then team id for a stable order. */
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
  return rankRows(rows.values());
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
