/**
 * Correcting and deleting what was recorded during play (a goal, a penalty, a timeout, and every
 * other recorded kind: event-kinds.ts) while the game is being played; markers follow from
 * transitions. A game that is over takes no correction: the status change that ended it is undone
 * first (game-transitions.ts), on every interface, which opens the game to corrections again.
 */
import { InvalidInputError, NotFoundError } from './errors.js';
import type { GameStatus } from './game-status.js';
import {
  assertFederationCode,
  assertGoalieMovesAlternate,
  assertPenaltyEndsFollowPenalties,
  assertPenaltyServerNamed,
  isGoalieMove,
  isSideless,
  namesPlayer,
  playerSideOf,
  requiresPlayer,
} from './event-kinds.js';
import { assertScorerIsNotAssist, playerOnSheet } from './game-sheet.js';
import { type CorrectedFields, type EventEffect, type LiveGameState, type StoredEvent, teamOf, type WriteOf } from './game-write.js';
import { assertCorrectable, assertPenaltyReason, assertTimeoutLeft, periodForCorrection, type Phase, type Side } from './live-game.js';

/** What ended a game that is over, as the desk undoes it. */
const ENDING: Partial<Record<GameStatus, string>> = { FINISHED: 'the final whistle', FORFEIT: 'the forfeit', ABORTED: 'the abort' };

/**
 * The recorded event a correction or deletion names, which must be this game's and still correctable.
 * The refusal after the end names the way out on every interface (the back office, GraphQL, the
 * other facades all show this text): undo the ending, then correct or delete.
 */
function correctableEvent<E extends StoredEvent>(game: LiveGameState<E>, phase: Phase, eventId: number): E {
  const event = game.events.find((candidate) => candidate.id === eventId);
  if (!event) throw new NotFoundError(`Game ${game.gameId} has no event ${eventId}`);
  assertCorrectable(event.type);
  if (phase.kind === 'finished') {
    const ending = ENDING[game.status] ?? 'its last status change';
    throw new InvalidInputError(`The game is over: undo ${ending} first (the back office's undo, GraphQL undoStatus), then correct or delete the event`);
  }
  return event;
}

export function deletionOf<E extends StoredEvent>(game: LiveGameState<E>, phase: Phase, write: WriteOf<'deleteEvent'>): EventEffect<E> {
  const event = correctableEvent(game, phase, write.eventId);
  assertLogHolds(
    game.events.filter((other) => other !== event),
    event,
    event,
  );
  return { kind: 'deleted', event };
}

/**
 * What the log must still hold once an event is corrected or deleted: a goalie's leaving before each
 * return, and a penalty before each penalty end (event-kinds.ts), for the sides and players the
 * event named before and names after.
 */
function assertLogHolds(log: readonly StoredEvent[], before: StoredEvent, after: Pick<StoredEvent, 'side' | 'playerId'>): void {
  if (isGoalieMove(before.type)) {
    for (const side of new Set([before.side, after.side])) if (side) assertGoalieMovesAlternate(log, side);
  }
  if (before.type === 'PENALTY' || before.type === 'PENALTY_END') assertPenaltyEndsFollowPenalties(log, [before.playerId, after.playerId]);
}

/** A correction changes only the fields it gives; the event may move to another started period, or to the other side. */
export function correctionOf<E extends StoredEvent>(game: LiveGameState<E>, phase: Phase, write: WriteOf<'correctEvent'>): EventEffect<E> {
  const event = correctableEvent(game, phase, write.eventId);
  if (write.side != null && isSideless(event.type)) throw new InvalidInputError(`A ${event.type} event is credited to no side`, 'side');
  // Every other recorded event is credited to a side, except a MISC event naming nobody.
  const side = write.side ?? (event.side as Side | null);
  const second = write.second ?? event.second;
  const period = periodForCorrection(game.format, phase, event.period ?? 1, second);
  if (event.type === 'TIMEOUT' && side !== null && side !== event.side) assertTimeoutLeft(game.events, side, event);
  if (!namesPlayer(event.type) && (write.playerLicenseId != null || write.assistLicenseId != null))
    throw new InvalidInputError(`A ${event.type} event names no player`, write.playerLicenseId != null ? 'playerLicenseId' : 'assistLicenseId');
  if (event.type !== 'GOAL' && write.assistLicenseId != null) throw new InvalidInputError('Only a goal has an assist', 'assistLicenseId');
  if (event.type !== 'PENALTY' && (write.penaltyKind != null || write.reason != null))
    throw new InvalidInputError('Only a penalty has a kind and a reason', write.penaltyKind != null ? 'penaltyKind' : 'reason');
  if (event.type !== 'PENALTY' && write.penaltyRole != null) throw new InvalidInputError('Only a penalty has a role', 'penaltyRole');
  if (event.type !== 'PENALTY' && event.type !== 'MISC' && write.code != null)
    throw new InvalidInputError('Only a penalty and a MISC event have a code', 'code');
  if (write.code != null) assertFederationCode(write.code);
  assertPenaltyReason(write.reason);
  const sideChanged = side !== event.side;
  // A player named before belongs to the side: moving the event to the other side needs the players named again.
  // The player is on the sheet of the side credited, or of the other side for an own goal (playerSideOf); an assist on the side's.
  const named = (licenseId: number | null | undefined, before: number | null, sheetSide: (credited: Side) => Side) => {
    if (licenseId == null) return sideChanged ? null : before;
    if (side === null) throw new InvalidInputError(`A ${event.type} event naming a player names the side whose game sheet they are on`, 'side');
    return playerOnSheet(game, sheetSide(side), licenseId);
  };
  const playerId = named(write.playerLicenseId, event.playerId, (credited) => playerSideOf(event.type, credited));
  const assistId = named(write.assistLicenseId, event.assistId, (credited) => credited);
  assertScorerIsNotAssist(playerId, assistId);
  if (playerId === null && requiresPlayer(event.type))
    throw new InvalidInputError(`A ${event.type} event names its player: name them on the side it moves to (playerLicenseId)`, 'playerLicenseId');
  if (event.type === 'PENALTY') assertPenaltyServerNamed(write.penaltyRole ?? event.penaltyRole, playerId);
  const fields: CorrectedFields = {
    second,
    period,
    side,
    teamId: side === null ? null : teamOf(game, side),
    playerId,
    assistId,
    ...(write.penaltyKind != null ? { penaltyKind: write.penaltyKind } : {}),
    ...(write.reason != null ? { penaltyReason: write.reason } : {}),
    ...(write.penaltyRole != null ? { penaltyRole: write.penaltyRole } : {}),
    ...(write.code != null ? { code: write.code } : {}),
    ...(write.worldTime ? { worldTime: write.worldTime } : {}),
  };
  const moved = { ...event, second, period, side, playerId };
  assertLogHolds(
    game.events.map((other) => (other === event ? moved : other)),
    event,
    moved,
  );
  return { kind: 'corrected', event, fields };
}
