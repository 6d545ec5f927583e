/**
 * Recording what happens during play: a goal, a penalty, a timeout. Each is recorded in the open
 * period, at a second within it, naming only players on its side's game sheet.
 */
import { InvalidInputError } from './errors.js';
import { assertScorerIsNotAssist, playerOnSheet } from './game-sheet.js';
import type { EventDraft, LiveGameState, WriteOf } from './game-write.js';
import { assertPenaltyReason, assertTimeoutLeft, periodForRecord, type Phase } from './live-game.js';

export function goalOf(game: LiveGameState, phase: Phase, write: WriteOf<'recordGoal'>): EventDraft {
  const period = periodForRecord(game.format, phase, write.second);
  if (write.ownGoal && (write.scorerLicenseId != null || write.assistLicenseId != null))
    throw new InvalidInputError('An own goal names no scorer and no assist');
  if (write.ownGoal && write.penaltyShot) throw new InvalidInputError('A penalty shot is not an own goal');
  // Before the sheet is consulted, as it always was: one license names one player on a game's sheet.
  assertScorerIsNotAssist(write.scorerLicenseId, write.assistLicenseId);
  return {
    type: write.ownGoal ? 'OWN_GOAL' : 'GOAL',
    second: write.second,
    period,
    side: write.side,
    playerId: playerOnSheet(game, write.side, write.scorerLicenseId),
    assistId: playerOnSheet(game, write.side, write.assistLicenseId),
    penaltyShot: write.penaltyShot ?? false,
  };
}

export function penaltyOf(game: LiveGameState, phase: Phase, write: WriteOf<'recordPenalty'>): EventDraft {
  const period = periodForRecord(game.format, phase, write.second);
  assertPenaltyReason(write.reason);
  return {
    type: 'PENALTY',
    second: write.second,
    period,
    side: write.side,
    playerId: playerOnSheet(game, write.side, write.playerLicenseId),
    penaltyKind: write.penaltyKind,
    penaltyReason: write.reason ?? null,
  };
}

export function timeoutOf(game: LiveGameState, phase: Phase, write: WriteOf<'recordTimeout'>): EventDraft {
  const period = periodForRecord(game.format, phase, write.second);
  assertTimeoutLeft(game.events, write.side);
  return { type: 'TIMEOUT', second: write.second, period, side: write.side };
}
