/**
 * Correcting and deleting what was recorded during play (a goal, a penalty, a timeout) while the
 * game is being played; markers follow from transitions and a finished game's events are
 * corrected in the back office.
 */
import { InvalidInputError, NotFoundError } from './errors.js';
import { assertScorerIsNotAssist, playerOnSheet } from './game-sheet.js';
import { type EventEffect, type LiveGameState, type StoredEvent, teamOf, type WriteOf } from './game-write.js';
import { assertCorrectable, assertPenaltyReason, assertTimeoutLeft, periodForCorrection, type Phase, type Side } from './live-game.js';

/** The recorded event a correction or deletion names, which must be this game's and still correctable. */
function correctableEvent<E extends StoredEvent>(game: LiveGameState<E>, phase: Phase, eventId: number): E {
  const event = game.events.find((candidate) => candidate.id === eventId);
  if (!event) throw new NotFoundError(`Game ${game.gameId} has no event ${eventId}`);
  assertCorrectable(event.type);
  if (phase.kind === 'finished') throw new InvalidInputError('The game is over: its events are corrected in the back office, not live');
  return event;
}

export function deletionOf<E extends StoredEvent>(game: LiveGameState<E>, phase: Phase, write: WriteOf<'deleteEvent'>): EventEffect<E> {
  return { kind: 'deleted', event: correctableEvent(game, phase, write.eventId) };
}

/** A correction changes only the fields it gives; the event may move to another started period, or to the other side. */
export function correctionOf<E extends StoredEvent>(game: LiveGameState<E>, phase: Phase, write: WriteOf<'correctEvent'>): EventEffect<E> {
  const event = correctableEvent(game, phase, write.eventId);
  // Every recorded event (goal, own goal, penalty, timeout) is credited to a side.
  const side = write.side ?? (event.side as Side);
  const second = write.second ?? event.second;
  const period = periodForCorrection(game.format, phase, event.period ?? 1, second);
  if (event.type === 'TIMEOUT' && side !== event.side) assertTimeoutLeft(game.events, side, event);
  const namesPlayers = event.type === 'GOAL' || event.type === 'PENALTY';
  if (!namesPlayers && (write.playerLicenseId != null || write.assistLicenseId != null)) throw new InvalidInputError(`A ${event.type} event names no player`);
  if (event.type !== 'GOAL' && write.assistLicenseId != null) throw new InvalidInputError('Only a goal has an assist');
  if (event.type !== 'PENALTY' && (write.penaltyKind != null || write.reason != null)) throw new InvalidInputError('Only a penalty has a kind and a reason');
  assertPenaltyReason(write.reason);
  const sideChanged = side !== event.side;
  // A player named before belongs to the side: moving the event to the other side needs the players named again.
  const playerId = write.playerLicenseId != null ? playerOnSheet(game, side, write.playerLicenseId) : sideChanged ? null : event.playerId;
  const assistId = write.assistLicenseId != null ? playerOnSheet(game, side, write.assistLicenseId) : sideChanged ? null : event.assistId;
  assertScorerIsNotAssist(playerId, assistId);
  return {
    kind: 'corrected',
    event,
    fields: {
      second,
      period,
      side,
      teamId: teamOf(game, side),
      playerId,
      assistId,
      ...(write.penaltyKind != null ? { penaltyKind: write.penaltyKind } : {}),
      ...(write.reason != null ? { penaltyReason: write.reason } : {}),
    },
  };
}
