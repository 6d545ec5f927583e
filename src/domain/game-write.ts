/**
 * The vocabulary of a live write: what officials send (one write per GraphQL mutation), the state
 * of the locked game it is decided on, and the plan `planWrite` (write-plan.ts) decides, which the
 * writer (src/live/game-writer.ts) stores as it stands.
 */
import type { GameStatus } from './game-status.js';
import type { GameFormat } from './game-format.js';
import type { StoredClock } from './live-clock.js';
import type { CorrectableTransition, ResultReport, TransitionKind, TransitionRecord } from './game-transitions.js';
import type { Decision, LogEvent, Marker, RecordedType, Score, Side, StartWindow } from './live-game.js';
import type { PenaltyKind, PenaltyRole } from './player-statistics.js';
import type { PlayerEventType, TeamEventType } from './event-kinds.js';
import type { Decider } from './result-authority.js';
import type { GameClubs, ProtestChange, ProtestRecord, ResultActor, StoredResult } from './result-life.js';

export type GameWrite =
  /** `outsideStartWindow`: a federation key's word that the game is played now, whatever its schedule (the schema refuses it from other keys). */
  | { kind: 'startGame'; outsideStartWindow?: boolean; reason?: string | null }
  | {
      kind: 'recordGoal';
      side: Side;
      second: number;
      scorerLicenseId?: number | null;
      assistLicenseId?: number | null;
      /** Credited to `side`; its scorer, when named, is on the other side's sheet. */
      ownGoal?: boolean | null;
      penaltyShot?: boolean | null;
      /** A penalty shot's category as the desk recorded it (event-kinds.ts `PENALTY_SHOT_GOAL_CODES`). */
      code?: number | null;
      worldTime?: Date | null;
    }
  | {
      kind: 'recordPenalty';
      side: Side;
      second: number;
      playerLicenseId?: number | null;
      penaltyKind: PenaltyKind;
      /** Absent: the offender's own (stored as null, which reads as OFFENDER). */
      penaltyRole?: PenaltyRole | null;
      /** The federation's offence code, 0–999. */
      code?: number | null;
      reason?: string | null;
      worldTime?: Date | null;
    }
  | { kind: 'recordTimeout'; side: Side; second: number; worldTime?: Date | null }
  | { kind: 'recordPenaltyEnd'; side: Side; second: number; playerLicenseId: number; worldTime?: Date | null }
  | { kind: 'recordTeamEvent'; side: Side; second: number; eventType: TeamEventType; worldTime?: Date | null }
  | { kind: 'recordPlayerEvent'; side: Side; second: number; eventType: PlayerEventType; playerLicenseId: number; worldTime?: Date | null }
  /** `side` only with a player, whose sheet it names. */
  | { kind: 'recordMisc'; second: number; code: number; side?: Side | null; playerLicenseId?: number | null; worldTime?: Date | null }
  | { kind: 'recordInspection'; second: number; done: boolean; worldTime?: Date | null }
  /** `beforeShootout`: the end of play before penalty shots (the back office's start_penalty_shootout), refused anywhere else. */
  | { kind: 'endPeriod'; beforeShootout?: boolean }
  /** The next period begins now (the back office's start_third): the open one if it has not begun (its start marker takes the moment), else the one after it. */
  | { kind: 'startPeriod'; worldTime?: Date | null }
  /** `decidedBy` absent: as the game stands (`decisionAsItStands`), the back office's plain game_over. */
  | { kind: 'finishGame'; decidedBy?: Decision | null; shootoutWinner?: Side | null; reason?: string | null }
  | {
      kind: 'correctEvent';
      eventId: number;
      second?: number | null;
      side?: Side | null;
      playerLicenseId?: number | null;
      assistLicenseId?: number | null;
      penaltyKind?: PenaltyKind | null;
      reason?: string | null;
      penaltyRole?: PenaltyRole | null;
      code?: number | null;
      worldTime?: Date | null;
      /** Why a confirmed (or protested) result is changed: the federation's word, required then (result-life.ts). */
      correctionReason?: string | null;
    }
  | { kind: 'deleteEvent'; eventId: number; correctionReason?: string | null }
  | { kind: 'forfeitGame'; forfeitingSide: Side; reason?: string | null }
  /** `second`: the clock when play stopped; the last recorded event's when not given. */
  | { kind: 'abortGame'; second?: number | null; reason?: string | null }
  | ({ kind: 'reportResult'; reason?: string | null } & ResultReport)
  | { kind: 'undoStatus'; reason?: string | null }
  | { kind: 'correctTransition'; to: CorrectableTransition; second: number; reason?: string | null }
  | { kind: 'recordSpectators'; spectators: number }
  /** A club of the game protests its provisional result (result-life.ts). */
  | { kind: 'protestResult'; reason: string }
  /** The federation upholds the protest: the result is corrected to this score and confirmed. */
  | { kind: 'upholdProtest'; reason: string; homeScore: number; awayScore: number }
  | { kind: 'rejectProtest'; reason: string }
  /** The federation confirms a provisional result before its protest window closes. */
  | { kind: 'confirmResult'; reason?: string | null };

export type GameWriteKind = GameWrite['kind'];
export type WriteOf<K extends GameWriteKind> = Extract<GameWrite, { kind: K }>;

/** An event of the game's log as it is stored: what the rules read, and the running score it carries. */
export interface StoredEvent extends LogEvent {
  id: number;
  playerId: number | null;
  assistId: number | null;
  /** The score at this event, kept on the events that carry one (goals, period and game ends); null on the others. */
  homeScore: number | null;
  awayScore: number | null;
  /** A penalty's role as stored (null: the offender's own); absent where the rules need none. */
  penaltyRole?: string | null;
}

/** A line of the game sheet: the player a license names, on one team's sheet of this game. */
export interface SheetLine {
  teamId: number;
  licenseId: number | null;
  playerId: number;
}

/**
 * The locked game a write is decided on. `E` is the stored event as the writer loaded it, handed
 * back in the plan (the event corrected or deleted), so that the audit keeps the whole row.
 */
export interface LiveGameState<E extends StoredEvent = StoredEvent> {
  gameId: number;
  status: GameStatus;
  homeTeamId: number;
  awayTeamId: number;
  /** How its league group plays (periods, overtime, penalty shots, draws). */
  format: GameFormat;
  startsAt: Date;
  /** The moment of the write, from the service's clock, and when a game may be started (GAME_START_*_MINUTES). */
  now: Date;
  startWindow: StartWindow;
  /** Who writes: a game's desk, or the federation (result-authority.ts). A desk when not given, as a reader listing what a desk may send. */
  decider?: Decider;
  /** How the game is decided now (REGULAR until a final whistle says otherwise). */
  decidedBy: Decision;
  /** The score stored on the game; none before the start (the events' score when not given). */
  storedScore?: { home: number; away: number } | null;
  /** Its status changes written live, in any order. */
  transitions: readonly TransitionRecord[];
  /** Every event of the game, in clock order, then the order written (sequence), then id. */
  events: readonly E[];
  /** The game-sheet lines of the licenses the write names (`licensesNamedBy`); others may be present. */
  sheet: readonly SheetLine[];
  /** Its result's life (result-life.ts); absent: no result stored, as a reader that lists a desk's messages of a game without one. */
  life?: ResultLife;
}

/** What a game's result life is decided on besides the game: the stored result, the group's window, the protests kept, who writes, the teams' clubs. */
export interface ResultLife {
  result: StoredResult;
  windowHours: number;
  protests: readonly ProtestRecord[];
  /** Who writes; a desk of the home club when not known (a reader). */
  actor: ResultActor;
  clubs: GameClubs;
}

/** How a game changed, as caches and subscribers hear of it; `liveGames` subscribers hear of the status and score changes only. */
export const GAME_CHANGE_KINDS = [
  'STARTED',
  'EVENT_ADDED',
  'EVENT_CORRECTED',
  'EVENT_DELETED',
  'PERIOD_ENDED',
  'FINISHED',
  'FORFEITED',
  'ABORTED',
  'STATUS_UNDONE',
  'TRANSITION_CORRECTED',
  'SPECTATORS_RECORDED',
  'SHEET_WRITTEN',
  'RESULT_PROTESTED',
  'PROTEST_UPHELD',
  'PROTEST_REJECTED',
  'RESULT_CONFIRMED',
] as const;
export type GameChangeKind = (typeof GAME_CHANGE_KINDS)[number];

/** An event a write adds, as the rules decide it; the plan numbers it and credits it to its side's team. */
export interface EventDraft {
  type: Marker['type'] | RecordedType;
  second: number;
  period: number;
  side: Side | null;
  playerId?: number | null;
  assistId?: number | null;
  penaltyShot?: boolean;
  penaltyKind?: PenaltyKind;
  penaltyReason?: string | null;
  penaltyRole?: PenaltyRole;
  code?: number;
  inspectionDone?: boolean;
  /** When the desk recorded it, by the wall clock; only when the write gives it. */
  worldTime?: Date;
}

/** An event to store: its place among the events of the same second (sequence) and its team. */
export interface NewEvent extends EventDraft {
  sequence: number;
  teamId: number | null;
}

/** The fields a correction stores on the event; a penalty's kind, reason and role, a code and a wall-clock time only when the correction gives them. */
export interface CorrectedFields {
  second: number;
  period: number;
  /** Null for an event credited to no side (a player inspection, a MISC event naming nobody). */
  side: Side | null;
  teamId: number | null;
  playerId: number | null;
  assistId: number | null;
  penaltyKind?: PenaltyKind;
  penaltyReason?: string;
  penaltyRole?: PenaltyRole;
  code?: number;
  worldTime?: Date;
}

/** What a write does to the log: a transition adds markers, a record adds its event, a correction or deletion changes one stored event. */
export type EventEffect<E extends StoredEvent = StoredEvent> =
  | { kind: 'markers'; markers: NewEvent[] }
  | { kind: 'recorded'; event: NewEvent }
  | { kind: 'corrected'; event: E; fields: CorrectedFields }
  | { kind: 'deleted'; event: E }
  /** A marker given the wall-clock moment it happened at. */
  | { kind: 'stamped'; event: E; worldTime: Date }
  /** A status change undone: the events it wrote and every one recorded after it. */
  | { kind: 'undone'; events: E[] }
  /** A past status change's markers moved to its corrected second. */
  | { kind: 'moved'; events: E[]; second: number }
  | { kind: 'none' };

/** A running score to store: on a stored event (by id), or on one the effect adds (by its index among them). */
export interface RunningScoreChange {
  target: { eventId: number } | { createdIndex: number };
  homeScore: number | null;
  awayScore: number | null;
}

/** Everything a write stores and announces, decided before anything is stored. */
export interface WritePlan<E extends StoredEvent = StoredEvent> {
  effect: EventEffect<E>;
  /** Running scores that differ from those stored once the effect is stored (added events start without one). */
  runningScores: RunningScoreChange[];
  /** The game's fields after the write; the optional ones only when the write sets them (`null` clears one). */
  game: {
    status: GameStatus;
    decidedBy?: Decision;
    /** Absent: left as it is stored. Null: none (a game back before its start). */
    score?: Score | null;
    forfeitedBy?: Side | null;
    secondsPlayed?: number | null;
    spectators?: number;
    /** The clock's reading as the write leaves it. */
    clock: StoredClock;
  };
  /** The status change this write is, to keep; the one it undoes; or the one whose second it corrects. */
  transition?: { record: { kind: TransitionKind; second: number } } | { undo: TransitionRecord } | { correct: { number: number; second: number } };
  /** The score before the write, which the audit keeps beside the score after. */
  scoreBefore: { home: number; away: number };
  /** The result's life after the write, and whether the write changes it; the protest it files or decides. */
  result: { before: StoredResult; after: StoredResult; changed: boolean };
  protest?: ProtestChange;
  /** What caches and subscribers are told. */
  announce: { kind: GameChangeKind; scoreChanged: boolean; statusChanged: boolean; resultChanged: boolean };
}

/**
 * Writes whose same request twice may mean twice: an undo goes one step further back, a period's
 * end or start moves on to the next one. They carry nothing of their own (no second, no player) by
 * which a resend could be told from a repeat, so a resend is recognised by time alone
 * (src/live/write-idempotency.ts). Every other write names what it records, and the same one twice
 * in a row is a resend.
 */
export function isRepeatableWrite(write: GameWrite): boolean {
  return REPEATABLE_WRITES.has(write.kind);
}
const REPEATABLE_WRITES: ReadonlySet<GameWriteKind> = new Set(['undoStatus', 'endPeriod', 'startPeriod']);

/**
 * How long the same request of a repeatable write, derived from its content (no key of the
 * client's), counts as a resend: a desk whose answer was lost resends at once (its software's
 * retry, a second tap on a frozen screen), while a desk that means "undo once more" reads the first
 * answer first. The answer to a resend says it was one, and how to send the same again on purpose.
 */
export const RESEND_WINDOW_MS = 5_000;

/** The team credited with what a side does. */
export function teamOf(game: Pick<LiveGameState, 'homeTeamId' | 'awayTeamId'>, side: Side): number {
  return side === 'HOME' ? game.homeTeamId : game.awayTeamId;
}

/** The licenses a write names, whose game-sheet lines its state must hold. */
export function licensesNamedBy(write: GameWrite): number[] {
  return licenseFieldsOf(write).filter((licenseId): licenseId is number => licenseId != null);
}

function licenseFieldsOf(write: GameWrite): (number | null | undefined)[] {
  switch (write.kind) {
    case 'recordGoal':
      return [write.scorerLicenseId, write.assistLicenseId];
    case 'recordPenalty':
    case 'recordPenaltyEnd':
    case 'recordPlayerEvent':
    case 'recordMisc':
      return [write.playerLicenseId];
    case 'correctEvent':
      return [write.playerLicenseId, write.assistLicenseId];
    default:
      return [];
  }
}
