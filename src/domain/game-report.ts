/**
 * The facts of a game report that the back office shows beside the events and the sheets: how long
 * was played, when play started and finished by the wall clock, whether overtime and a shootout
 * were played, whether a player inspection is on record, and each sheet's top scorer. Pure: the
 * schema (src/schema/game-report.ts) loads the game, its transitions and events.
 */
import { type GameFormat, overtimePeriod, regulationSeconds } from './game-format.js';

export interface ReportTransition {
  kind: string;
  at: Date;
}

export interface ReportInput {
  status: string;
  decidedBy: string;
  format: GameFormat;
  /** Seconds of play a result-only report gave; null when the events tell it. */
  secondsPlayed: number | null;
  /** The second the stored clock last stood at. */
  clockSecond: number | null;
  /** The period the stored clock is in (null: none being played). */
  clockPeriod: number | null;
  events: readonly { type: string; second: number; period: number | null }[];
  /** Status changes written live, oldest first. */
  transitions: readonly ReportTransition[];
}

export interface ReportFacts {
  totalSecondsPlayed: number;
  playerInspectionOrdered: boolean;
  startedAt: Date | null;
  finishedAt: Date | null;
  overtimePlayed: boolean;
  penaltyShootoutPlayed: boolean;
}

/** The transitions that end play: the final whistle, a forfeit, an abort, a result reported. */
const ENDING_KINDS = new Set(['FINISH', 'FORFEIT', 'ABORT', 'REPORT_RESULT']);

function lastOf(transitions: readonly ReportTransition[], matches: (kind: string) => boolean): Date | null {
  for (let i = transitions.length - 1; i >= 0; i--) if (matches(transitions[i].kind)) return transitions[i].at;
  return null;
}

/**
 * - Seconds played: a reported result's seconds; otherwise the latest second the clock or an event
 *   reached (a game not started has played none).
 * - Started and finished: the wall-clock moments of the last start and of the last transition that
 *   ended play (an undone one is gone from the record). Finished stays null while play goes on, and
 *   for a game forfeited before it started: no play ended (a result reported without a start says
 *   the game was played, so its report's moment stands).
 * - Overtime played: decided in overtime or by penalty shots, or an event or the clock in overtime.
 * - Shootout played: decided by penalty shots, or the game waiting for them (no period open after
 *   regulation and overtime).
 * - Player inspection "ordered": the service keeps no orders, so a game has one on record when the
 *   desk recorded an inspection, done or skipped.
 */
export function reportFacts(input: ReportInput): ReportFacts {
  const overtime = overtimePeriod(input.format);
  const lastSecond = Math.max(input.clockSecond ?? 0, ...input.events.map((event) => event.second));
  const inOvertime = overtime !== null && (input.clockPeriod === overtime || input.events.some((event) => event.period === overtime));
  const waitingForShots = input.status === 'LIVE' && input.clockPeriod === null && lastSecond >= regulationSeconds(input.format);
  const finished = input.status !== 'SCHEDULED' && input.status !== 'LIVE';
  const startedAt = lastOf(input.transitions, (kind) => kind === 'START');
  // Started: the start's marker is in the log (a game started before its status changes were kept
  // has the marker without the transition).
  const neverPlayed = input.status === 'FORFEIT' && startedAt === null && !input.events.some((event) => event.type === 'GAME_START');
  return {
    totalSecondsPlayed: input.secondsPlayed ?? (input.status === 'SCHEDULED' ? 0 : lastSecond),
    playerInspectionOrdered: input.events.some((event) => event.type === 'PLAYER_INSPECTION'),
    startedAt,
    finishedAt: finished && !neverPlayed ? lastOf(input.transitions, (kind) => ENDING_KINDS.has(kind)) : null,
    overtimePlayed: input.decidedBy === 'OVERTIME' || input.decidedBy === 'PENALTY_SHOTS' || inOvertime,
    penaltyShootoutPlayed: input.decidedBy === 'PENALTY_SHOTS' || (waitingForShots && input.format.penaltyShootout),
  };
}

/**
 * Each sheet's top scorer, as the back office flags it: the players of a team's sheet with the most
 * points (goals and assists) in the game's league ranking of the season; ties are all flagged, and a
 * sheet whose players have no points has none.
 */
export function sheetTopScorers(lines: readonly { playerId: number; teamId: number }[], points: ReadonlyMap<number, number>): Set<number> {
  const best = new Map<number, number>();
  for (const line of lines) best.set(line.teamId, Math.max(best.get(line.teamId) ?? 0, points.get(line.playerId) ?? 0));
  return new Set(
    lines.filter((line) => (best.get(line.teamId) ?? 0) > 0 && (points.get(line.playerId) ?? 0) === best.get(line.teamId)).map((line) => line.playerId),
  );
}
