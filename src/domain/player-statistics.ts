/** Player statistics computed from lineups and game events of played games (PLAYED_STATUSES in game-status.ts; never stored). */

import { creditsScorer, pointsOf } from './scoring.js';

/**
 * The penalties of prisma/schema.prisma `PenaltyKind`, with the federation's categories: 2' (3),
 * 2+2' (49), 5' (4), 10' (5), match penalty of no recorded grade (167) and of grade I, II, III
 * (6, 7, 8), and "Penalty" (9): the offence is punished by a penalty shot for the other team.
 */
export const PENALTY_KINDS = ['MINOR_2', 'MINOR_2_2', 'MAJOR_5', 'MISCONDUCT_10', 'MATCH', 'MATCH_1', 'MATCH_2', 'MATCH_3', 'PENALTY_SHOT'] as const;
export type PenaltyKind = (typeof PENALTY_KINDS)[number];

/** Every match penalty, graded or not. */
export const MATCH_PENALTIES: readonly PenaltyKind[] = ['MATCH', 'MATCH_1', 'MATCH_2', 'MATCH_3'];

/**
 * Minutes a penalty counts in penalty-minute totals. 2+2' counts 4, its two minor penalties. Every
 * match penalty counts 25, the convention of floorball and ice-hockey statistics (5 minutes served
 * by the team plus the player's 20-minute exclusion): its grade (I, II, III) is the disciplinary
 * consequence the federation draws afterwards (how long the player is suspended), not time in the
 * game, so the grades count alike, and alike with a match penalty recorded without its grade. A
 * penalty shot awarded instead of minutes counts none.
 */
export const PENALTY_MINUTES: Readonly<Record<PenaltyKind, number>> = {
  MINOR_2: 2,
  MINOR_2_2: 4,
  MAJOR_5: 5,
  MISCONDUCT_10: 10,
  MATCH: 25,
  MATCH_1: 25,
  MATCH_2: 25,
  MATCH_3: 25,
  PENALTY_SHOT: 0,
};

/**
 * Whose penalty it is (prisma `PenaltyRole`): the named player's own (OFFENDER), or one they serve
 * for another, as an assist (153–158) or a deputy (161, 162: for a goalie or a bench penalty).
 */
export const PENALTY_ROLES = ['OFFENDER', 'ASSIST', 'DEPUTY'] as const;
export type PenaltyRole = (typeof PENALTY_ROLES)[number];

/** A penalty recorded without its role (every one imported before roles were) is the offender's own. */
export function penaltyRoleOf(role: string | null | undefined): PenaltyRole {
  return role && (PENALTY_ROLES as readonly string[]).includes(role) ? (role as PenaltyRole) : 'OFFENDER';
}

/**
 * Only the offender's own penalty counts in the named player's statistics (and suspends them): an
 * assist or a deputy sits out a penalty that is another's. A team's totals count every penalty it served.
 */
export function isOwnPenalty(role: string | null | undefined): boolean {
  return penaltyRoleOf(role) === 'OFFENDER';
}

export function isMatchPenalty(kind: string | null | undefined): boolean {
  return MATCH_PENALTIES.includes(penaltyKindOf(kind));
}

/** A penalty recorded without its kind counts as the common minor one, in every total. */
export function penaltyKindOf(kind: string | null | undefined): PenaltyKind {
  return kind && Object.hasOwn(PENALTY_MINUTES, kind) ? (kind as PenaltyKind) : 'MINOR_2';
}

/** The minutes of one penalty event. */
export function penaltyMinutesOf(kind: string | null | undefined): number {
  return PENALTY_MINUTES[penaltyKindOf(kind)];
}

/**
 * How long the penalized player sits out, in game seconds: the penalty's minutes (a 2' and either
 * half of a 2+2' end early at a goal against, which the desk records as the penalty's end). A match
 * penalty's player does not come back (Infinity), and a penalty shot sends nobody out (0).
 */
export function penaltyBoxSecondsOf(kind: string | null | undefined): number {
  return isMatchPenalty(kind) ? Number.POSITIVE_INFINITY : penaltyMinutesOf(kind) * 60;
}

/** A lineup entry: the player was on the game sheet of that team. */
export interface Appearance {
  playerId: number;
  gameId: number;
  teamId: number;
}

export interface StatisticsEvent {
  gameId: number;
  type: string;
  teamId: number | null;
  playerId: number | null;
  assistId: number | null;
  penaltyKind: PenaltyKind | null;
  /** Null or absent: the offender's own (penaltyRoleOf). */
  penaltyRole?: PenaltyRole | null;
}

/** The counting columns of every statistics table (player, national player, all national players). */
export interface Totals {
  games: number;
  goals: number;
  assists: number;
  points: number;
  penalties2: number;
  penalties5: number;
  penalties10: number;
  matchPenalties: number;
}

export interface Tally extends Totals {
  penaltyMinutes: number;
}

/**
 * One player in one game they played: in the lineup, or named in an event of the game (a game sheet
 * may be missing, the goal still counts). `games` is 1, so lines add up to season totals.
 */
export interface PlayerGameLine extends Tally {
  playerId: number;
  gameId: number;
  /** The team the player played for (lineup), else the team their events were for. */
  teamId: number | null;
}

export function emptyTally(): Tally {
  return { games: 0, goals: 0, assists: 0, points: 0, penalties2: 0, penalties5: 0, penalties10: 0, matchPenalties: 0, penaltyMinutes: 0 };
}

type PenaltyCounter = 'penalties2' | 'penalties5' | 'penalties10' | 'matchPenalties';

/**
 * The penalty columns a penalty counts in: 2+2' as two 2' penalties and every match penalty grade as
 * a match penalty, so that the minutes are always 2, 5, 10 and 25 times the columns; a penalty shot in none.
 */
export const PENALTY_COUNTS: Readonly<Record<PenaltyKind, Readonly<Partial<Record<PenaltyCounter, number>>>>> = {
  MINOR_2: { penalties2: 1 },
  MINOR_2_2: { penalties2: 2 },
  MAJOR_5: { penalties5: 1 },
  MISCONDUCT_10: { penalties10: 1 },
  MATCH: { matchPenalties: 1 },
  MATCH_1: { matchPenalties: 1 },
  MATCH_2: { matchPenalties: 1 },
  MATCH_3: { matchPenalties: 1 },
  PENALTY_SHOT: {},
};

/**
 * One line per player and game from the lineups and events given (callers pass played games only).
 * Goals and assists come from GOAL events (own goals count for nobody, as in the top-scorer ranking);
 * penalties from PENALTY events naming the player as its offender (isOwnPenalty). `counts` limits the lines to the players asked for:
 * the events of a game also name their team mates.
 */
export function playerGameLines(
  appearances: readonly Appearance[],
  events: readonly StatisticsEvent[],
  counts: (playerId: number) => boolean = () => true,
): PlayerGameLine[] {
  const lines = new Map<string, PlayerGameLine>();
  const lineOf = (playerId: number, gameId: number, teamId: number | null): PlayerGameLine | undefined => {
    if (!counts(playerId)) return undefined;
    const key = `${playerId}:${gameId}`;
    let line = lines.get(key);
    if (!line) lines.set(key, (line = { playerId, gameId, teamId, ...emptyTally(), games: 1 }));
    line.teamId ??= teamId;
    return line;
  };
  for (const appearance of appearances) {
    const line = lineOf(appearance.playerId, appearance.gameId, appearance.teamId);
    if (line) line.teamId = appearance.teamId;
  }
  for (const event of events) {
    if (creditsScorer(event)) {
      const scorer = event.playerId === null ? undefined : lineOf(event.playerId, event.gameId, event.teamId);
      if (scorer) scorer.goals += 1;
      const assist = event.assistId === null ? undefined : lineOf(event.assistId, event.gameId, event.teamId);
      if (assist) assist.assists += 1;
    } else if (event.type === 'PENALTY' && event.playerId !== null && isOwnPenalty(event.penaltyRole)) {
      const line = lineOf(event.playerId, event.gameId, event.teamId);
      if (line) {
        for (const [counter, count] of Object.entries(PENALTY_COUNTS[penaltyKindOf(event.penaltyKind)]) as [PenaltyCounter, number][]) line[counter] += count;
        line.penaltyMinutes += penaltyMinutesOf(event.penaltyKind);
      }
    }
  }
  for (const line of lines.values()) line.points = pointsOf(line);
  return [...lines.values()];
}

/** Adds lines up; `games` counts the games played. */
export function sumLines(lines: readonly Tally[]): Tally {
  const total = emptyTally();
  for (const line of lines) {
    for (const key of Object.keys(total) as (keyof Tally)[]) total[key] += line[key];
  }
  return total;
}

/** Sums lines per key (e.g. season and competition, or player); lines whose key is null are left out. */
export function tallyBy<L extends Tally>(lines: readonly L[], keyOf: (line: L) => string | null): Map<string, { first: L; tally: Tally }> {
  const groups = new Map<string, { first: L; lines: L[] }>();
  for (const line of lines) {
    const key = keyOf(line);
    if (key === null) continue;
    const group = groups.get(key);
    if (group) group.lines.push(line);
    else groups.set(key, { first: line, lines: [line] });
  }
  return new Map([...groups].map(([key, group]) => [key, { first: group.first, tally: sumLines(group.lines) }]));
}
