/**
 * The vocabulary of a live write: what officials send (one write per GraphQL mutation), the state
 * of the locked game it is decided on, and the plan `planWrite` (write-plan.ts) decides, which the
 * writer (src/live/game-writer.ts) stores as it stands.
 */
import type { GameStatus } from './game-status.js';
import type { GameFormat } from './game-format.js';
import type { Decision, LogEvent, Marker, RecordedType, Score, Side, StartWindow } from './live-game.js';
import type { PenaltyKind } from './player-statistics.js';

export type GameWrite =
  /** `outsideStartWindow`: a federation key's word that the game is played now, whatever its schedule (the schema refuses it from other keys). */
  | { kind: 'startGame'; outsideStartWindow?: boolean }
  | {
      kind: 'recordGoal';
      side: Side;
      second: number;
      scorerLicenseId?: number | null;
      assistLicenseId?: number | null;
      ownGoal?: boolean | null;
      penaltyShot?: boolean | null;
    }
  | { kind: 'recordPenalty'; side: Side; second: number; playerLicenseId?: number | null; penaltyKind: PenaltyKind; reason?: string | null }
  | { kind: 'recordTimeout'; side: Side; second: number }
  | { kind: 'endPeriod' }
  | { kind: 'finishGame'; decidedBy: Decision; shootoutWinner?: Side | null }
  | {
      kind: 'correctEvent';
      eventId: number;
      second?: number | null;
      side?: Side | null;
      playerLicenseId?: number | null;
      assistLicenseId?: number | null;
      penaltyKind?: PenaltyKind | null;
      reason?: string | null;
    }
  | { kind: 'deleteEvent'; eventId: number };

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
  /** Every event of the game, in clock order, then the order written (sequence), then id. */
  events: readonly E[];
  /** The game-sheet lines of the licenses the write names (`licensesNamedBy`); others may be present. */
  sheet: readonly SheetLine[];
}

/** How a game changed, as caches and subscribers hear of it; `liveGames` subscribers hear of the status and score changes only. */
export const GAME_CHANGE_KINDS = ['STARTED', 'EVENT_ADDED', 'EVENT_CORRECTED', 'EVENT_DELETED', 'PERIOD_ENDED', 'FINISHED'] as const;
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
}

/** An event to store: its place among the events of the same second (sequence) and its team. */
export interface NewEvent extends EventDraft {
  sequence: number;
  teamId: number | null;
}

/** The fields a correction stores on the event; a penalty's kind and reason only when the correction gives them. */
export interface CorrectedFields {
  second: number;
  period: number;
  side: Side;
  teamId: number;
  playerId: number | null;
  assistId: number | null;
  penaltyKind?: PenaltyKind;
  penaltyReason?: string;
}

/** What a write does to the log: a transition adds markers, a record adds its event, a correction or deletion changes one stored event. */
export type EventEffect<E extends StoredEvent = StoredEvent> =
  | { kind: 'markers'; markers: NewEvent[] }
  | { kind: 'recorded'; event: NewEvent }
  | { kind: 'corrected'; event: E; fields: CorrectedFields }
  | { kind: 'deleted'; event: E };

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
  /** The game's fields after the write; `decidedBy` only when the write decides the game. */
  game: { status: GameStatus; decidedBy?: Decision; score: Score };
  /** The score before the write, which the audit keeps beside the score after. */
  scoreBefore: { home: number; away: number };
  /** What caches and subscribers are told. */
  announce: { kind: GameChangeKind; scoreChanged: boolean };
}

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
      return [write.playerLicenseId];
    case 'correctEvent':
      return [write.playerLicenseId, write.assistLicenseId];
    default:
      return [];
  }
}
