/**
 * A game's status changes beyond play itself, as the federation's back office knows them: a
 * forfeit, an abort, a result reported without the events (`report_result`), the undo of the last
 * status change, and the second of a past one corrected. Every status change written live is kept,
 * numbered per game, with what the game was before it, so that the last one can be undone.
 */
import { InvalidInputError } from './errors.js';
import { type GameFormat, lastPeriod, overtimePeriod, boundsOfPeriod, regulationSeconds } from './game-format.js';
import type { GameStatus } from './game-status.js';
import type { Decision, LogEvent, Score, Side } from './live-game.js';

export const TRANSITION_KINDS = ['START', 'PERIOD_END', 'FINISH', 'FORFEIT', 'ABORT', 'REPORT_RESULT'] as const;
export type TransitionKind = (typeof TRANSITION_KINDS)[number];

/** A status change written live, as it is kept. */
export interface TransitionRecord {
  number: number;
  kind: TransitionKind;
  second: number;
  statusBefore: GameStatus;
  decidedByBefore: Decision;
  /** Events with a greater id were written by this change or after it. */
  lastEventIdBefore: number;
}

/** The status changes whose second may be corrected afterwards; the periods' starts are fixed by the clock (0:00, 20:00, 40:00, and the overtime's). */
export const CORRECTABLE_TRANSITIONS = ['GAME_OVER', 'PENALTY_SHOOTOUT', 'FORFEIT', 'ABORTED'] as const;
export type CorrectableTransition = (typeof CORRECTABLE_TRANSITIONS)[number];

export const MAX_REPORTED_GOALS = 99;
export const MAX_SPECTATORS = 200_000;

const closed = (status: GameStatus) => status === 'FINISHED' || status === 'FORFEIT' || status === 'CANCELLED' || status === 'ABORTED';

function scoreOf(home: number, away: number): Score {
  return { home, away, homePeriodScores: [], awayPeriodScores: [] };
}

/** A forfeit: the side that did not forfeit wins by the league's forfeit score. Before or during play only. */
export function forfeitOutcome(status: GameStatus, format: GameFormat, forfeitingSide: Side): { score: Score; forfeitedBy: Side } {
  if (closed(status)) throw new InvalidInputError(`A ${status.toLowerCase()} game cannot be forfeited: undo its last status change first`);
  const goals = format.forfeitGoals;
  return { score: forfeitingSide === 'HOME' ? scoreOf(0, goals) : scoreOf(goals, 0), forfeitedBy: forfeitingSide };
}

/**
 * An abort stops a game under way; its score stays as it was, and no result counts. It happens at
 * the second given, or at the last event's: not before an event recorded, nor past the clock's end.
 */
export function abortSecond(status: GameStatus, format: GameFormat, events: readonly LogEvent[], given: number | null | undefined): number {
  if (status === 'SCHEDULED') throw new InvalidInputError('The game has not started: a game that is not played is cancelled, not aborted');
  if (status !== 'LIVE') throw new InvalidInputError(`A ${status.toLowerCase()} game cannot be aborted`);
  const second = given ?? Math.max(0, ...events.map((event) => event.second));
  assertAbortSecond(format, events, second);
  return second;
}

/** The second play stopped at, when an abort is written and when it is corrected: from the last event recorded to the end of play. */
function assertAbortSecond(format: GameFormat, events: readonly LogEvent[], second: number): void {
  const lastEvent = Math.max(0, ...events.map((event) => event.second));
  const end = boundsOfPeriod(format, lastPeriod(format)).end;
  if (!Number.isInteger(second) || second < lastEvent || second > end) {
    throw new InvalidInputError(`second must be a whole number from the last event's (${lastEvent}) to the end of play (${end})`, 'second');
  }
}

/** A result reported as a whole, before or instead of the events. */
export interface ResultReport {
  homeScore: number;
  awayScore: number;
  spectators?: number | null;
  secondsPlayed?: number | null;
  overtime?: boolean | null;
  penaltyShootout?: boolean | null;
}

/** What a reported result decides: the score, how it was decided, and the seconds played (the clock's full length when not given). */
export function reportedResult(
  status: GameStatus,
  format: GameFormat,
  report: ResultReport,
  recorded: { home: number; away: number },
): { score: Score; decidedBy: Decision; secondsPlayed: number } {
  if (closed(status)) throw new InvalidInputError(`A ${status.toLowerCase()} game has its result: undo its last status change first`);
  for (const [field, value] of [
    ['homeScore', report.homeScore],
    ['awayScore', report.awayScore],
  ] as const) {
    if (!Number.isInteger(value) || value < 0 || value > MAX_REPORTED_GOALS)
      throw new InvalidInputError(`${field} must be a whole number from 0 to ${MAX_REPORTED_GOALS}`, field);
  }
  assertSpectators(report.spectators);
  const tied = report.homeScore === report.awayScore;
  let decidedBy: Decision = 'REGULAR';
  if (report.penaltyShootout) {
    if (!format.penaltyShootout || format.drawAllowed) throw new InvalidInputError('This league plays no penalty shots', 'penaltyShootout');
    if (tied) throw new InvalidInputError('A game decided by penalty shots has a winner: the shootout goal counts in the score', 'penaltyShootout');
    decidedBy = 'PENALTY_SHOTS';
  } else if (report.overtime) {
    if (overtimePeriod(format) === null) throw new InvalidInputError('This league plays no overtime', 'overtime');
    if (tied) throw new InvalidInputError('A game decided in overtime has a winner: the score is tied', 'overtime');
    decidedBy = 'OVERTIME';
  } else if (tied && !format.drawAllowed) {
    throw new InvalidInputError('The score is tied and this league lets no draw stand: report the overtime or the penalty shots that decided it', 'overtime');
  }
  assertPossibleMargin(decidedBy, report.homeScore, report.awayScore);
  // The goals recorded live are the score (the score is never typed in a second time): a report may
  // stand in for events nobody recorded, but not contradict those that were. Replacing them is a
  // correction of each goal, which keeps its own audit. A shootout's goal is no event of play: a
  // tie recorded live agrees with a shootout won by one.
  const shootoutGoal = decidedBy === 'PENALTY_SHOTS' && recorded.home === recorded.away ? 1 : 0;
  const agrees =
    recorded.home + recorded.away + shootoutGoal === report.homeScore + report.awayScore &&
    report.homeScore >= recorded.home &&
    report.awayScore >= recorded.away;
  if (recorded.home + recorded.away > 0 && !agrees) {
    throw new InvalidInputError(
      `The game has recorded goals (${recorded.home}:${recorded.away}): a reported result must agree with them. ` +
        'Correct or delete the goals that are wrong first, or finish the game with its final whistle',
      'homeScore',
    );
  }
  const fullLength = boundsOfPeriod(format, lastPeriod(format)).end;
  const secondsPlayed = report.secondsPlayed ?? (decidedBy === 'REGULAR' ? regulationSeconds(format) : fullLength);
  if (!Number.isInteger(secondsPlayed) || secondsPlayed < 0 || secondsPlayed > fullLength) {
    throw new InvalidInputError(`secondsPlayed must be a whole number from 0 to ${fullLength}`, 'secondsPlayed');
  }
  return { score: scoreOf(report.homeScore, report.awayScore), decidedBy, secondsPlayed };
}

/**
 * The score an upheld protest corrects a result to (result-life.ts): whole goals, and for a game
 * played to the end a result its decision could have had (a tie only where the league lets a draw
 * stand). A forfeit's corrected score is the federation's to set.
 */
export function upheldScore(status: GameStatus, format: GameFormat, decidedBy: Decision, home: number, away: number): Score {
  for (const [field, value] of [
    ['homeScore', home],
    ['awayScore', away],
  ] as const) {
    if (!Number.isInteger(value) || value < 0 || value > MAX_REPORTED_GOALS)
      throw new InvalidInputError(`${field} must be a whole number from 0 to ${MAX_REPORTED_GOALS}`, field);
  }
  if (status === 'FINISHED') {
    if (home === away && (decidedBy !== 'REGULAR' || !format.drawAllowed)) {
      throw new InvalidInputError(`${home}:${away} is a tie, and this game cannot end in one`, 'homeScore');
    }
    assertPossibleMargin(decidedBy, home, away);
  }
  return scoreOf(home, away);
}

/**
 * Overtime is played to a golden goal and ends one goal apart; a shootout adds one goal to a tie.
 * Any other margin could not have happened.
 */
export function assertPossibleMargin(decidedBy: Decision, home: number, away: number): void {
  if (decidedBy === 'REGULAR' || Math.abs(home - away) === 1) return;
  throw new InvalidInputError(
    decidedBy === 'OVERTIME'
      ? `Overtime ends with its golden goal, one goal apart: ${home}:${away} cannot be a result decided in overtime`
      : `A shootout adds one goal to a tie: ${home}:${away} cannot be a result decided by penalty shots`,
    'homeScore',
  );
}

export function assertSpectators(spectators: number | null | undefined): void {
  if (spectators == null) return;
  if (!Number.isInteger(spectators) || spectators < 0 || spectators > MAX_SPECTATORS) {
    throw new InvalidInputError(`spectators must be a whole number from 0 to ${MAX_SPECTATORS}`, 'spectators');
  }
}

/** Spectators are counted once the game is under way, and corrected after it. */
export function assertSpectatorsRecordable(status: GameStatus): void {
  if (status === 'SCHEDULED' || status === 'CANCELLED') throw new InvalidInputError(`A ${status.toLowerCase()} game has no spectators to count`);
}

/** The status change an undo takes back: the last one written live. */
export function lastTransition(transitions: readonly TransitionRecord[]): TransitionRecord {
  const last = transitions.reduce<TransitionRecord | undefined>(
    (latest, transition) => (!latest || transition.number > latest.number ? transition : latest),
    undefined,
  );
  if (!last) throw new InvalidInputError('No status change of this game was recorded live: there is nothing to undo');
  return last;
}

/** The events an undo deletes: those its status change wrote and every one recorded after it. */
export function eventsUndoneBy<E extends LogEvent & { id: number }>(transition: TransitionRecord, events: readonly E[]): E[] {
  return events.filter((event) => event.id > transition.lastEventIdBefore);
}

const KIND_OF: Record<CorrectableTransition, TransitionKind> = { GAME_OVER: 'FINISH', PENALTY_SHOOTOUT: 'FINISH', FORFEIT: 'FORFEIT', ABORTED: 'ABORT' };
const MOVED_MARKERS = new Set(['PERIOD_END', 'GAME_END', 'PENALTY_SHOOTOUT']);

/**
 * The second of a past status change corrected, with the markers it wrote (the end of the last
 * period, the final whistle, the shootout). The end of a game stays within the period it ended in
 * and after every event recorded in it.
 */
export function correctedTransition<E extends LogEvent & { id: number }>(
  transitions: readonly TransitionRecord[],
  events: readonly E[],
  format: GameFormat,
  to: CorrectableTransition,
  second: number,
): { number: number; second: number; moved: E[] } {
  if (!Number.isInteger(second) || second < 0) throw new InvalidInputError('second must be a whole number of seconds from the start', 'second');
  const kind = KIND_OF[to];
  const transition = [...transitions].sort((a, b) => b.number - a.number).find((candidate) => candidate.kind === kind);
  if (!transition) throw new InvalidInputError(`This game has no ${to.toLowerCase().replace('_', ' ')} recorded live to correct`, 'to');
  const next = transitions.find((candidate) => candidate.number === transition.number + 1);
  const written = events.filter((event) => event.id > transition.lastEventIdBefore && (!next || event.id <= next.lastEventIdBefore));
  if (to === 'PENALTY_SHOOTOUT' && !written.some((event) => event.type === 'PENALTY_SHOOTOUT')) {
    throw new InvalidInputError('This game was not decided by penalty shots: there is no shootout to correct', 'to');
  }
  if (to === 'ABORTED') assertAbortSecond(format, events, second);
  const moved = written.filter((event) => MOVED_MARKERS.has(event.type));
  const period = moved.find((event) => event.type === 'GAME_END')?.period;
  if (period != null) {
    const { start, end } = boundsOfPeriod(format, period);
    const lastPlay = Math.max(start, ...events.filter((event) => event.period === period && !MOVED_MARKERS.has(event.type)).map((event) => event.second));
    if (second < lastPlay || second > end) {
      throw new InvalidInputError(`The game ended in period ${period}: its end lies from the last event there (second ${lastPlay}) to second ${end}`, 'second');
    }
  }
  return { number: transition.number, second, moved };
}
