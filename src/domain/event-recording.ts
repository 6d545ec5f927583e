/**
 * Recording what happens during play: a goal, a penalty, a timeout, a penalty's end, a goalie
 * leaving the goal or coming back, what happens to a player, a MISC code, the player inspection.
 * Each is recorded in the open period, at a second within it, naming only players on its side's
 * game sheet; the wall-clock moment the desk gives (`worldTime`) is stored beside the second.
 */
import { InvalidInputError } from './errors.js';
import {
  assertFederationCode,
  assertGoalCode,
  assertGoalieMovesAlternate,
  assertPenaltyEndsFollowPenalties,
  assertPenaltyServerNamed,
  playerSideOf,
} from './event-kinds.js';
import { assertScorerIsNotAssist, playerOnSheet } from './game-sheet.js';
import type { EventDraft, LiveGameState, StoredEvent, WriteOf } from './game-write.js';
import { assertPenaltyReason, assertTimeoutLeft, periodForRecord, type Phase } from './live-game.js';

/** The wall-clock moment, stored only when the desk gives one. */
export function worldTimeOf(worldTime: Date | null | undefined): { worldTime?: Date } {
  return worldTime ? { worldTime } : {};
}

/** The log as it stands once the draft is stored: after every stored event of its second (the writer gives it the next sequence). */
function withDraft(events: readonly StoredEvent[], draft: EventDraft): StoredEvent[] {
  const sequence = Math.max(-1, ...events.map((event) => event.sequence)) + 1;
  return [...events, { ...draft, id: 0, sequence, playerId: draft.playerId ?? null, assistId: null, homeScore: null, awayScore: null }];
}

/** A goal, or an own goal: credited to `side`, whose scorer (when named) plays for the other side. */
export function goalOf(game: LiveGameState, phase: Phase, write: WriteOf<'recordGoal'>): EventDraft {
  const period = periodForRecord(game.format, phase, write.second);
  if (write.ownGoal && write.assistLicenseId != null) throw new InvalidInputError('An own goal has no assist', 'assistLicenseId');
  if (write.ownGoal && write.penaltyShot) throw new InvalidInputError('A penalty shot is not an own goal', 'penaltyShot');
  if (write.code != null) assertGoalCode(write.code, write.penaltyShot === true);
  // Before the sheet is consulted, as it always was: one license names one player on a game's sheet.
  assertScorerIsNotAssist(write.scorerLicenseId, write.assistLicenseId);
  const type = write.ownGoal ? 'OWN_GOAL' : 'GOAL';
  return {
    type,
    second: write.second,
    period,
    side: write.side,
    playerId: playerOnSheet(game, playerSideOf(type, write.side), write.scorerLicenseId, 'scorerLicenseId'),
    assistId: playerOnSheet(game, write.side, write.assistLicenseId, 'assistLicenseId'),
    penaltyShot: write.penaltyShot ?? false,
    ...(write.code != null ? { code: write.code } : {}),
    ...worldTimeOf(write.worldTime),
  };
}

export function penaltyOf(game: LiveGameState, phase: Phase, write: WriteOf<'recordPenalty'>): EventDraft {
  const period = periodForRecord(game.format, phase, write.second);
  assertPenaltyReason(write.reason);
  if (write.code != null) assertFederationCode(write.code);
  assertPenaltyServerNamed(write.penaltyRole, write.playerLicenseId);
  return {
    type: 'PENALTY',
    second: write.second,
    period,
    side: write.side,
    playerId: playerOnSheet(game, write.side, write.playerLicenseId, 'playerLicenseId'),
    penaltyKind: write.penaltyKind,
    penaltyReason: write.reason ?? null,
    ...(write.penaltyRole != null ? { penaltyRole: write.penaltyRole } : {}),
    ...(write.code != null ? { code: write.code } : {}),
    ...worldTimeOf(write.worldTime),
  };
}

export function timeoutOf(game: LiveGameState, phase: Phase, write: WriteOf<'recordTimeout'>): EventDraft {
  const period = periodForRecord(game.format, phase, write.second);
  assertTimeoutLeft(game.events, write.side);
  return { type: 'TIMEOUT', second: write.second, period, side: write.side, ...worldTimeOf(write.worldTime) };
}

/** A player's last penalty has ended: the player has a penalty for the side before it. */
export function penaltyEndOf(game: LiveGameState, phase: Phase, write: WriteOf<'recordPenaltyEnd'>): EventDraft {
  const period = periodForRecord(game.format, phase, write.second);
  const draft: EventDraft = {
    type: 'PENALTY_END',
    second: write.second,
    period,
    side: write.side,
    playerId: playerOnSheet(game, write.side, write.playerLicenseId, 'playerLicenseId'),
    ...worldTimeOf(write.worldTime),
  };
  assertPenaltyEndsFollowPenalties(withDraft(game.events, draft), [draft.playerId ?? null]);
  return draft;
}

/** The side's goalie leaves the goal or comes back, in turn. */
export function teamEventOf(game: LiveGameState, phase: Phase, write: WriteOf<'recordTeamEvent'>): EventDraft {
  const period = periodForRecord(game.format, phase, write.second);
  const draft: EventDraft = { type: write.eventType, second: write.second, period, side: write.side, ...worldTimeOf(write.worldTime) };
  assertGoalieMovesAlternate(withDraft(game.events, draft), write.side);
  return draft;
}

/** A player event (`PLAYER_EVENT_TYPES`, the catalogue's kinds of shape `playerEvent` in event-kinds.ts): a player of the side, who scores nothing. */
export function playerEventOf(game: LiveGameState, phase: Phase, write: WriteOf<'recordPlayerEvent'>): EventDraft {
  const period = periodForRecord(game.format, phase, write.second);
  return {
    type: write.eventType,
    second: write.second,
    period,
    side: write.side,
    playerId: playerOnSheet(game, write.side, write.playerLicenseId, 'playerLicenseId'),
    ...worldTimeOf(write.worldTime),
  };
}

/** A federation code (required) without a kind of its own; a player named with the side whose sheet they are on. */
export function miscOf(game: LiveGameState, phase: Phase, write: WriteOf<'recordMisc'>): EventDraft {
  const period = periodForRecord(game.format, phase, write.second);
  assertFederationCode(write.code);
  const side = write.side ?? null;
  if (side === null && write.playerLicenseId != null)
    throw new InvalidInputError('A MISC event naming a player names the side whose game sheet they are on', 'side');
  return {
    type: 'MISC',
    second: write.second,
    period,
    side,
    playerId: side === null ? null : playerOnSheet(game, side, write.playerLicenseId, 'playerLicenseId'),
    code: write.code,
    ...worldTimeOf(write.worldTime),
  };
}

/** The players' licenses were checked, or the check was skipped: about both teams, credited to neither. */
export function inspectionOf(game: LiveGameState, phase: Phase, write: WriteOf<'recordInspection'>): EventDraft {
  const period = periodForRecord(game.format, phase, write.second);
  return { type: 'PLAYER_INSPECTION', second: write.second, period, side: null, inspectionDone: write.done, ...worldTimeOf(write.worldTime) };
}
