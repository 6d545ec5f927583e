/**
 * The rules of a game recorded live by its officials: what may be recorded when, which markers a
 * transition writes, and the score, which is always derived from the events (never typed in a
 * second time). Pure: `planWrite` (write-plan.ts) applies them to one write, and the writer
 * (src/live/game-writer.ts) stores the plan it returns.
 */
import { InvalidInputError } from './errors.js';
import { clockText } from './game-clock.js';
import { boundsOfPeriod, type GameFormat, overtimePeriod } from './game-format.js';
import { isRecordedType, type LogEvent, type Side, scores } from './event-kinds.js';

// The log's event and the recorded kinds are the event-kind catalogue's (event-kinds.ts), which
// imports nothing of this module; they are read from here as well.
export { isRecordedType, type LogEvent, RECORDED_TYPES, type RecordedType, type Side } from './event-kinds.js';
export type Decision = 'REGULAR' | 'OVERTIME' | 'PENALTY_SHOTS';

/** Each team has one timeout per game. */
export const TIMEOUTS_PER_TEAM = 1;
export const PENALTY_REASON_MAX_LENGTH = 100;

/** Where a game stands: not started, in a period (open or just ended), or finished. */
export type Phase = { kind: 'not-started' } | { kind: 'playing'; period: number; periodOpen: boolean } | { kind: 'finished' };

/** Clock order, then the order events were written in. */
export function inGameOrder<E extends LogEvent>(events: readonly E[]): E[] {
  return [...events].sort((a, b) => a.second - b.second || a.sequence - b.sequence);
}

export function phaseOf(status: string, events: readonly LogEvent[]): Phase {
  if (status === 'FINISHED' || status === 'FORFEIT' || status === 'CANCELLED' || status === 'ABORTED') return { kind: 'finished' };
  if (status !== 'LIVE') return { kind: 'not-started' };
  let period = 1;
  let periodOpen = true;
  for (const event of events) {
    if (event.type === 'PERIOD_START' && (event.period ?? 1) >= period) {
      period = event.period ?? 1;
      periodOpen = true;
    } else if (event.type === 'PERIOD_END' && (event.period ?? 1) === period) {
      periodOpen = false;
    }
  }
  return { kind: 'playing', period, periodOpen };
}

function playing(phase: Phase): Extract<Phase, { kind: 'playing' }> {
  if (phase.kind === 'not-started') throw new InvalidInputError('The game has not started: start it first');
  if (phase.kind === 'finished') throw new InvalidInputError('The game is over: nothing can be recorded after the final whistle');
  return phase;
}

/** The period an event at `second` is recorded in: the open one, and the second must lie within it. */
export function periodForRecord(format: GameFormat, phase: Phase, second: number): number {
  const { period, periodOpen } = playing(phase);
  if (!periodOpen) throw new InvalidInputError(`Period ${period} has ended: no event can be recorded until play resumes`);
  assertWithinPeriod(format, period, second);
  return period;
}

/**
 * The period a corrected event moves to: its own if the new second is still within it, else the
 * period the second falls in, which must have started already.
 */
export function periodForCorrection(format: GameFormat, phase: Phase, currentPeriod: number, second: number): number {
  const { period: latest } = playing(phase);
  const own = boundsOfPeriod(format, currentPeriod);
  if (second >= own.start && second <= own.end) return currentPeriod;
  for (let period = 1; period <= latest; period++) {
    const bounds = boundsOfPeriod(format, period);
    if (second >= bounds.start && second <= bounds.end) return period;
  }
  assertWithinPeriod(format, latest, second);
  return latest;
}

function assertWithinPeriod(format: GameFormat, period: number, second: number): void {
  const { start, end } = boundsOfPeriod(format, period);
  if (!Number.isInteger(second) || second < start || second > end) {
    throw new InvalidInputError(`Second ${second} is outside period ${period} (${clockText(start)} to ${clockText(end)})`, 'second');
  }
}

export function assertTimeoutLeft(events: readonly LogEvent[], side: Side, ignoring?: LogEvent): void {
  const taken = events.filter((event) => event !== ignoring && event.type === 'TIMEOUT' && event.side === side).length;
  if (taken >= TIMEOUTS_PER_TEAM) throw new InvalidInputError(`The ${side === 'HOME' ? 'home' : 'away'} team has already taken its timeout`, 'side');
}

export function assertPenaltyReason(reason: string | null | undefined): void {
  if (reason != null && reason.length > PENALTY_REASON_MAX_LENGTH)
    throw new InvalidInputError(`reason must be at most ${PENALTY_REASON_MAX_LENGTH} characters`, 'reason');
}

export function assertCorrectable(type: string): void {
  if (!isRecordedType(type))
    throw new InvalidInputError(`A ${type} event follows from starting, ending a period or finishing the game: it cannot be corrected or deleted`, 'eventId');
}

/** A marker event a transition writes. */
export interface Marker {
  type: 'GAME_START' | 'PERIOD_START' | 'PERIOD_END' | 'GAME_END' | 'PENALTY_SHOOTOUT';
  second: number;
  period: number;
  side?: Side;
}

/**
 * When a game may be started: from `earlyMinutes` before its scheduled start to `lateMinutes` after
 * it (GAME_START_EARLY_MINUTES, GAME_START_LATE_MINUTES). A start outside it is a mistake (the wrong
 * game picked on the desk) unless a federation key says the game is played at another time.
 */
export interface StartWindow {
  earlyMinutes: number;
  lateMinutes: number;
}

export const DEFAULT_START_WINDOW: StartWindow = { earlyMinutes: 60, lateMinutes: 240 };
/** No window: an app built without one (tests that do not exercise it) starts a game at any time, as its other limits are off. */
export const ANY_TIME: StartWindow = { earlyMinutes: Number.POSITIVE_INFINITY, lateMinutes: Number.POSITIVE_INFINITY };

/** The moment of a start, against the game's scheduled start; `outsideWindow` is a federation key's word that the game is played now. */
export interface StartTiming {
  now: Date;
  startsAt: Date;
  window: StartWindow;
  outsideWindow: boolean;
}

export function startMarkers(status: string, timing: StartTiming): Marker[] {
  if (status === 'LIVE') throw new InvalidInputError('The game is already under way');
  if (status !== 'SCHEDULED') throw new InvalidInputError(`A ${status.toLowerCase()} game cannot be started`);
  const minutesFromSchedule = (timing.now.getTime() - timing.startsAt.getTime()) / 60_000;
  const inWindow = minutesFromSchedule >= -timing.window.earlyMinutes && minutesFromSchedule <= timing.window.lateMinutes;
  if (!inWindow && !timing.outsideWindow) {
    throw new InvalidInputError(
      `The game is scheduled for ${timing.startsAt.toISOString()}: it can be started from ${timing.window.earlyMinutes} minutes before to ` +
        `${timing.window.lateMinutes} minutes after that. Outside that only the federation may start it, stating its reason ` +
        '(GraphQL `outsideStartWindow: true` and `reason`; back office `outside_start_window=yes` and `reason=`)',
      'outsideStartWindow',
    );
  }
  return [
    { type: 'GAME_START', second: 0, period: 1 },
    { type: 'PERIOD_START', second: 0, period: 1 },
  ];
}

/**
 * The period that follows `period`: the next regular one; after regulation only a tie goes on, into
 * overtime (without overtime, straight to penalty shots: null); none after overtime. A game decided
 * after regulation is finished instead.
 */
function periodAfter(format: GameFormat, period: number, score: { home: number; away: number }): number | null {
  if (period < format.periods) return period + 1;
  if (period > format.periods) return null;
  if (score.home !== score.away) throw new InvalidInputError('The game is decided after regulation: finish it (decidedBy REGULAR)');
  if (format.drawAllowed) throw new InvalidInputError('The game is tied after regulation and this league lets a draw stand: finish it (decidedBy REGULAR)');
  return overtimePeriod(format);
}

/**
 * Ending the open period. Play resumes at once in the next period (the clock stands still between
 * periods); after regulation only a tie goes on, into overtime. A decided game is finished instead.
 */
export function endPeriodMarkers(format: GameFormat, phase: Phase, score: { home: number; away: number }, beforeShootout = false): Marker[] {
  const { period, periodOpen } = playing(phase);
  if (!periodOpen) throw new InvalidInputError(`Period ${period} has already ended`);
  if (beforeShootout) assertShootoutFollows(format, period, score);
  const end: Marker = { type: 'PERIOD_END', second: boundsOfPeriod(format, period).end, period };
  const next = periodAfter(format, period, score);
  return next === null ? [end] : [end, { type: 'PERIOD_START', second: end.second, period: next }];
}

/**
 * The end of play before penalty shots (the back office's start_penalty_shootout without its
 * winner): only at the end of the last period before the shots (overtime, or regulation in a
 * league without it), tied, in a league that plays them. Anywhere else it would end a period the
 * desk did not mean to end, and the next final whistle would record an overtime never played.
 */
function assertShootoutFollows(format: GameFormat, period: number, score: { home: number; away: number }): void {
  if (!format.penaltyShootout || format.drawAllowed) throw new InvalidInputError('This league plays no penalty shots');
  const overtime = overtimePeriod(format);
  const last = overtime ?? format.periods;
  if (period !== last) {
    throw new InvalidInputError(
      `Penalty shots follow the end of ${overtime === null ? `period ${format.periods}` : 'overtime'}; the game is in period ${period}`,
    );
  }
  if (score.home !== score.away) throw new InvalidInputError(`Penalty shots follow a tie: the score is ${score.home}:${score.away}`);
}

const MARKER_TYPES = new Set(['GAME_START', 'PERIOD_START', 'PERIOD_END', 'GAME_END', 'PENALTY_SHOOTOUT']);

/** What starting the next period does (the back office's start_third), as the game stands. */
export type PeriodStart<E> = { kind: 'resume'; marker: E } | { kind: 'markers'; markers: Marker[] };

/**
 * Play resumes after a break, in the period that follows:
 * - the open period when nothing was recorded in it yet (periods open when the one before ends):
 *   its start marker takes the moment (`resume`);
 * - after a period ended with no next one opened (a break, as an imported game may stand in): the
 *   next one opens;
 * - the open period under way, or the first (it began with the game): it ends, and the next opens.
 * Refused where no period follows (penalty shots, or the final whistle, come next).
 */
export function periodStart<E extends LogEvent & { id: number }>(
  format: GameFormat,
  phase: Phase,
  events: readonly E[],
  score: { home: number; away: number },
): PeriodStart<E> {
  const { period, periodOpen } = playing(phase);
  const noneFollows = () => new InvalidInputError(`No period follows period ${period}: the game goes on to penalty shots or ends`);
  if (!periodOpen) {
    const next = periodAfter(format, period, score);
    if (next === null) throw noneFollows();
    return { kind: 'markers', markers: [{ type: 'PERIOD_START', second: boundsOfPeriod(format, period).end, period: next }] };
  }
  const begun = period === 1 || events.some((event) => event.period === period && !MARKER_TYPES.has(event.type));
  const marker = events.filter((event) => event.type === 'PERIOD_START' && event.period === period).at(-1);
  if (!begun && marker) return { kind: 'resume', marker };
  const markers = endPeriodMarkers(format, phase, score);
  if (!markers.some((next) => next.type === 'PERIOD_START')) throw noneFollows();
  return { kind: 'markers', markers };
}

/**
 * How a final whistle with no decision named decides the game, by where it stands: in overtime, by
 * the golden goal, or by penalty shots while tied; after the last regular period without overtime,
 * by penalty shots while tied where no draw stands; otherwise in regulation. `finishMarkers` then
 * refuses what the game's state does not allow, with its usual words.
 */
export function decisionAsItStands(format: GameFormat, phase: Phase, score: { home: number; away: number }): Decision {
  if (phase.kind !== 'playing') return 'REGULAR';
  const tied = score.home === score.away;
  if (phase.period > format.periods) return tied ? 'PENALTY_SHOTS' : 'OVERTIME';
  if (phase.period === format.periods && tied && !format.drawAllowed && overtimePeriod(format) === null && !phase.periodOpen) return 'PENALTY_SHOTS';
  return 'REGULAR';
}

/**
 * Finishing the game, with the markers that close it. REGULAR after the third period (a draw where
 * the group allows one), OVERTIME after a golden goal in overtime, PENALTY_SHOTS after a tied
 * overtime, whose shootout winner is credited one goal.
 */
export function finishMarkers(
  format: GameFormat,
  phase: Phase,
  events: readonly LogEvent[],
  score: { home: number; away: number },
  decidedBy: Decision,
  shootoutWinner: Side | null,
): Marker[] {
  const { period, periodOpen } = playing(phase);
  if (decidedBy !== 'PENALTY_SHOTS' && shootoutWinner)
    throw new InvalidInputError('shootoutWinner is for a game decided by penalty shots only', 'shootoutWinner');
  const markers: Marker[] = [];
  const close = (second: number) => {
    if (periodOpen) markers.push({ type: 'PERIOD_END', second, period });
  };
  const tied = score.home === score.away;
  if (decidedBy === 'REGULAR') {
    if (period !== format.periods)
      throw new InvalidInputError(`A game decided in regulation ends in period ${format.periods}; it is in period ${period}`, 'decidedBy');
    if (tied && !format.drawAllowed)
      throw new InvalidInputError('The score is tied and this league lets no draw stand: end the period to go on to overtime or penalty shots', 'decidedBy');
    close(boundsOfPeriod(format, period).end);
    markers.push({ type: 'GAME_END', second: boundsOfPeriod(format, period).end, period });
    return markers;
  }
  if (format.drawAllowed) throw new InvalidInputError('This league lets a draw stand: its games are decided in regulation (decidedBy REGULAR)', 'decidedBy');
  const overtime = overtimePeriod(format);
  if (decidedBy === 'OVERTIME') {
    if (overtime === null) throw new InvalidInputError('This league plays no overtime', 'decidedBy');
    if (period !== overtime) throw new InvalidInputError(`A game decided by overtime is in overtime first; it is in period ${period}`, 'decidedBy');
    if (tied) throw new InvalidInputError('Overtime is decided by a goal: the score is still tied', 'decidedBy');
    const overtimeGoals = events.filter((event) => event.period === overtime && scores(event.type)).map((event) => event.second);
    const goldenGoal = overtimeGoals.length > 0 ? Math.max(...overtimeGoals) : boundsOfPeriod(format, period).end;
    close(goldenGoal);
    markers.push({ type: 'GAME_END', second: goldenGoal, period });
    return markers;
  }
  if (!format.penaltyShootout) throw new InvalidInputError('This league plays no penalty shots', 'decidedBy');
  if (overtime !== null && period !== overtime)
    throw new InvalidInputError(`A game decided by penalty shots is in overtime first; it is in period ${period}`, 'decidedBy');
  if (overtime === null && (period !== format.periods || periodOpen))
    throw new InvalidInputError(`Penalty shots follow the end of period ${format.periods}: end it first; the game is in period ${period}`, 'decidedBy');
  if (!tied) throw new InvalidInputError(`Penalty shots follow a tied ${overtime === null ? 'regulation' : 'overtime'}: the score is not tied`, 'decidedBy');
  if (!shootoutWinner) throw new InvalidInputError('Name the shootout winner (shootoutWinner: HOME or AWAY)', 'shootoutWinner');
  const end = boundsOfPeriod(format, period).end;
  close(end);
  markers.push({ type: 'PENALTY_SHOOTOUT', second: end, period, side: shootoutWinner }, { type: 'GAME_END', second: end, period });
  return markers;
}

export interface Score {
  home: number;
  away: number;
  homePeriodScores: number[];
  awayPeriodScores: number[];
}

/**
 * The score after every event, in game order, and at the end: goals and own goals count for the
 * side credited, a shootout win for one goal more, and markers carry the score they close on.
 */
export function replayScore<E extends LogEvent>(events: readonly E[]): { score: Score; running: Map<E, { home: number; away: number } | null> } {
  const periods = Math.max(0, ...events.map((event) => (event.type === 'PERIOD_START' ? (event.period ?? 1) : 0)));
  const score: Score = { home: 0, away: 0, homePeriodScores: new Array<number>(periods).fill(0), awayPeriodScores: new Array<number>(periods).fill(0) };
  const running = new Map<E, { home: number; away: number } | null>();
  for (const event of inGameOrder(events)) {
    if (scores(event.type) && event.side) {
      if (event.side === 'HOME') score.home += 1;
      else score.away += 1;
      const index = (event.period ?? 1) - 1;
      if (event.type !== 'PENALTY_SHOOTOUT' && index < periods) {
        if (event.side === 'HOME') score.homePeriodScores[index] += 1;
        else score.awayPeriodScores[index] += 1;
      }
    }
    const carriesScore = scores(event.type) || event.type === 'PERIOD_END' || event.type === 'GAME_END';
    running.set(event, carriesScore ? { home: score.home, away: score.away } : null);
  }
  return { score, running };
}
