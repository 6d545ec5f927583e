import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../../src/domain/errors.js';
import { assertScorerIsNotAssist, playerOnSheet } from '../../src/domain/game-sheet.js';
import { licensesNamedBy } from '../../src/domain/game-write.js';
import { AWAY_1, HOME_1, HOME_2, liveInPeriodOne } from '../support/live-state.js';

describe('the game sheet', () => {
  it('names the player of a license on the side’s sheet, and nobody when no license is given', () => {
    const game = liveInPeriodOne();
    expect(playerOnSheet(game, 'HOME', HOME_1.licenseId)).toBe(HOME_1.playerId);
    expect(playerOnSheet(game, 'AWAY', AWAY_1.licenseId)).toBe(AWAY_1.playerId);
    expect(playerOnSheet(game, 'HOME', null)).toBeNull();
    expect(playerOnSheet(game, 'HOME', undefined)).toBeNull();
    expect(() => playerOnSheet(game, 'AWAY', HOME_1.licenseId)).toThrow(`License ${HOME_1.licenseId} is not on the away team's game sheet`);
    expect(() => playerOnSheet({ ...game, sheet: [] }, 'HOME', HOME_1.licenseId)).toThrow(InvalidInputError);
  });
});

describe('the scorer and the assist', () => {
  it('accepts a scorer with a different assist, with no assist, and a goal naming nobody', () => {
    expect(() => assertScorerIsNotAssist(HOME_1.playerId, HOME_2.playerId)).not.toThrow();
    expect(() => assertScorerIsNotAssist(HOME_1.playerId, null)).not.toThrow();
    expect(() => assertScorerIsNotAssist(HOME_1.playerId, undefined)).not.toThrow();
    expect(() => assertScorerIsNotAssist(null, null)).not.toThrow();
    expect(() => assertScorerIsNotAssist(undefined, undefined)).not.toThrow();
    expect(() => assertScorerIsNotAssist(null, HOME_2.playerId)).not.toThrow();
  });

  it('refuses the same player as scorer and assist', () => {
    expect(() => assertScorerIsNotAssist(HOME_1.playerId, HOME_1.playerId)).toThrow(
      new InvalidInputError('The scorer cannot assist the own goal', 'assistLicenseId'),
    );
  });
});

describe('the licenses a write names', () => {
  it('are those of its scorer, assist or penalized player, when given', () => {
    expect(licensesNamedBy({ kind: 'recordGoal', side: 'HOME', second: 1, scorerLicenseId: 101, assistLicenseId: 102 })).toEqual([101, 102]);
    expect(licensesNamedBy({ kind: 'recordGoal', side: 'HOME', second: 1, scorerLicenseId: 101, assistLicenseId: null })).toEqual([101]);
    expect(licensesNamedBy({ kind: 'recordPenalty', side: 'AWAY', second: 1, penaltyKind: 'MINOR_2', playerLicenseId: 201 })).toEqual([201]);
    expect(licensesNamedBy({ kind: 'correctEvent', eventId: 1, assistLicenseId: 103 })).toEqual([103]);
    expect(licensesNamedBy({ kind: 'recordTimeout', side: 'HOME', second: 1 })).toEqual([]);
    expect(licensesNamedBy({ kind: 'startGame' })).toEqual([]);
  });
});
