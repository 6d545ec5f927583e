/**
 * Who may decide a game's result, and when. A result decides promotion and relegation, so it
 * stands only if it was decided by someone who may, at a moment it could have been decided: a
 * game's desk (a club's key for its home games, an event's key for its games) starts, finishes,
 * forfeits, aborts, reports, undoes or corrects a game only around its scheduled time; outside that
 * only the federation may, and it says why (the reason is kept in the game's audit). A result
 * counts in the standings from the game's scheduled day, never before. Pure: `decide`
 * (write-plan.ts) applies it to every write on every interface, and `statusMessagesAllowed` lists
 * only what it allows.
 */
import { ForbiddenError, InvalidInputError } from './errors.js';
import { localDay, localParts, nextLocalMidnight } from './league-time.js';
import type { StartWindow } from './live-game.js';

/** The writes that start a game, end it, award it, or change how it ended. Recording play needs none: a game is only live once started. */
export const DECIDING_WRITES = ['startGame', 'finishGame', 'forfeitGame', 'abortGame', 'reportResult', 'undoStatus', 'correctTransition'] as const;
type DecidingWriteKind = (typeof DECIDING_WRITES)[number];

const isDecidingWrite = (kind: string): kind is DecidingWriteKind => (DECIDING_WRITES as readonly string[]).includes(kind);

/** What this rule reads of a write (game-write.ts's GameWrite, which imports this module's Decider). */
interface WriteBeingDecided {
  kind: string;
  reason?: string | null;
  outsideStartWindow?: boolean;
}

/** Who decides: the game's desk (a club's or an event's key) or the federation (a key of no club and no event). */
export type Decider = 'desk' | 'federation';

/** The longest reason kept. */
const DECISION_REASON_MAX_LENGTH = 200;

/** The instants (ms) a game's desk may decide it between; infinite ends where the app runs without a start window. */
export interface DecisionWindow {
  fromMs: number;
  untilMs: number;
}

/**
 * A desk decides a game from the opening of its start window (GAME_START_EARLY_MINUTES before the
 * scheduled start) to the later of the window's close (GAME_START_LATE_MINUTES after) and the end
 * of the scheduled day in league time: a game that starts at 20:00 is finished, corrected or
 * reported until midnight; a forfeit is declared when a team does not show up, on the day.
 */
export function decisionWindow(startsAt: Date, window: StartWindow): DecisionWindow {
  const start = startsAt.getTime();
  const fromMs = start - window.earlyMinutes * 60_000;
  const untilMs = Math.max(start + window.lateMinutes * 60_000, nextLocalMidnight(startsAt).getTime());
  return { fromMs, untilMs };
}

export interface DecisionMoment {
  now: Date;
  startsAt: Date;
  startWindow: StartWindow;
  /** Who writes; a reader that lists what may be sent (statusMessages) asks as a desk. */
  decider: Decider;
}

const VERB: Record<DecidingWriteKind, string> = {
  startGame: 'start',
  finishGame: 'finish',
  forfeitGame: 'forfeit',
  abortGame: 'abort',
  reportResult: 'report the result of',
  undoStatus: 'undo the last status change of',
  correctTransition: 'correct the status changes of',
};

function shown(ms: number): string {
  const instant = new Date(ms);
  const parts = localParts(instant);
  return `${localDay(instant)} ${parts.hour}:${parts.minute}`;
}

/**
 * Refuses a deciding write outside the game's decision window unless the federation sends it with
 * a reason; a start has its own window and word (`outsideStartWindow`), judged by `startMarkers`,
 * and needs the reason too when it is used.
 */
export function assertMayDecideNow(write: WriteBeingDecided, moment: DecisionMoment): void {
  if (!isDecidingWrite(write.kind)) return;
  const reason = write.reason;
  if (reason != null && (reason.trim() === '' || reason.length > DECISION_REASON_MAX_LENGTH)) {
    throw new InvalidInputError(`reason must be 1 to ${DECISION_REASON_MAX_LENGTH} characters`, 'reason');
  }
  const now = moment.now.getTime();
  const start = moment.startsAt.getTime();
  // A start outside its window without the federation's word is refused by startMarkers, which says how to give it.
  const window =
    write.kind === 'startGame'
      ? { fromMs: start - moment.startWindow.earlyMinutes * 60_000, untilMs: start + moment.startWindow.lateMinutes * 60_000 }
      : decisionWindow(moment.startsAt, moment.startWindow);
  const outside = now < window.fromMs || now > window.untilMs;
  if (!outside || (write.kind === 'startGame' && write.outsideStartWindow !== true)) return;
  const verb = VERB[write.kind];
  if (moment.decider !== 'federation') {
    throw new ForbiddenError(
      `The game is scheduled for ${shown(moment.startsAt.getTime())} (league time): its desk may ${verb} it from ${shown(window.fromMs)} to ` +
        `${shown(window.untilMs)}; outside that only the federation may, stating its reason`,
    );
  }
  if (reason == null) {
    throw new InvalidInputError(
      `The game is scheduled for ${shown(moment.startsAt.getTime())} (league time), outside the window its desk may ${verb} it in: ` +
        'state the reason (GraphQL `reason`, back office `reason=`); it is kept in the game’s audit',
      'reason',
    );
  }
}

/**
 * A decided result counts in the standings from its game's scheduled day on: a forfeit declared
 * months ahead changes no table before the game's day. The first instant that no longer counts.
 */
export function resultsCountBefore(now: Date): Date {
  return nextLocalMidnight(now);
}
