import { describe, expect, it } from 'vitest';
import { ForbiddenError, InvalidInputError } from '../../src/domain/errors.js';
import type { GameWrite, LiveGameState, ResultLife } from '../../src/domain/game-write.js';
import {
  assertResultOpen,
  decideResultLife,
  resultChangesAt,
  resultCounts,
  resultStateAt,
  type ResultActor,
  type ResultLifeState,
  type StoredResult,
} from '../../src/domain/result-life.js';
import { planWrite } from '../../src/domain/write-plan.js';
import { stateOf } from '../support/live-state.js';

const HOUR = 3_600_000;
const FINAL_WHISTLE = new Date('2026-11-21T17:30:00Z');
const at = (hours: number) => new Date(FINAL_WHISTLE.getTime() + hours * HOUR);
const HOME_CLUB = 3;
const AWAY_CLUB = 4;
const OTHER_CLUB = 5;
const FEDERATION: ResultActor = { kind: 'federation' };
const AWAY: ResultActor = { kind: 'club', clubId: AWAY_CLUB };
const HOME: ResultActor = { kind: 'club', clubId: HOME_CLUB };
const PROVISIONAL: StoredResult = { state: 'PROVISIONAL', provisionalSince: FINAL_WHISTLE, confirmedAt: null };

function life(more: Partial<ResultLifeState> = {}): ResultLifeState {
  return {
    status: 'FINISHED',
    result: PROVISIONAL,
    windowHours: 48,
    protests: [],
    actor: AWAY,
    clubs: { home: HOME_CLUB, away: AWAY_CLUB },
    now: at(1),
    ...more,
  };
}

/** A finished game at 3:2 whose result's life is `result`, written by `actor` at `now`. */
function finishedGame(result: StoredResult, actor: ResultActor, now: Date, protests: ResultLife['protests'] = []): LiveGameState {
  const game = stateOf('FINISHED');
  return {
    ...game,
    now,
    // The game was on the day before the write: outside the desk's decision window, so a federation's correction states a reason anyway.
    decider: actor.kind === 'federation' ? 'federation' : 'desk',
    storedScore: { home: 3, away: 2 },
    // Its result was reported: an undo has a status change to take back.
    transitions: [{ number: 1, kind: 'REPORT_RESULT', second: 3600, statusBefore: 'SCHEDULED', decidedByBefore: 'REGULAR', lastEventIdBefore: 0 }],
    life: { result, windowHours: 48, protests, actor, clubs: { home: HOME_CLUB, away: AWAY_CLUB } },
  };
}

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a refusal');
};

describe('the state at an instant', () => {
  it('a provisional result reads confirmed from the window’s close on, confirmed at the close', () => {
    const justBefore = resultStateAt(PROVISIONAL, new Date(at(48).getTime() - 1), 48);
    expect(justBefore).toMatchObject({ state: 'PROVISIONAL', confirmedAt: null, protestWindowClosesAt: at(48) });
    expect(resultStateAt(PROVISIONAL, at(48), 48)).toEqual({
      state: 'CONFIRMED',
      provisionalSince: FINAL_WHISTLE,
      confirmedAt: at(48),
      protestWindowClosesAt: at(48),
    });
    expect(resultStateAt(PROVISIONAL, at(30), 24)?.state).toBe('CONFIRMED');
  });

  it('a protested result stays protested past the window; no result is null', () => {
    expect(resultStateAt({ ...PROVISIONAL, state: 'PROTESTED' }, at(500), 48)?.state).toBe('PROTESTED');
    expect(resultStateAt({ state: null, provisionalSince: null, confirmedAt: null }, at(1), 48)).toBeNull();
  });

  it('changes by itself only at a provisional result’s window close', () => {
    expect(resultChangesAt(PROVISIONAL, at(1), 48)).toEqual(at(48));
    expect(resultChangesAt(PROVISIONAL, at(48), 48)).toBeUndefined();
    expect(resultChangesAt({ ...PROVISIONAL, state: 'PROTESTED' }, at(1), 48)).toBeUndefined();
  });
});

describe('who may protest, and when', () => {
  it('the away club within the window: PROTESTED, its side kept', () => {
    expect(decideResultLife(life({ now: new Date(at(48).getTime() - 1) }), { kind: 'protestResult', reason: 'Ineligible player' })).toEqual({
      result: { state: 'PROTESTED', provisionalSince: FINAL_WHISTLE, confirmedAt: null },
      protest: { file: { clubId: AWAY_CLUB, side: 'AWAY', reason: 'Ineligible player' } },
    });
  });

  it.each([
    ['the window’s close', at(48), /protest window closed at 2026-11-23T17:30:00.000Z/],
    ['after the window', at(100), /protest window closed/],
  ])('refuses a protest at %s', (_when, now, message) => {
    const error = refusal(() => decideResultLife(life({ now }), { kind: 'protestResult', reason: 'late' }));
    expect(error).toBeInstanceOf(InvalidInputError);
    expect((error as Error).message).toMatch(message);
  });

  it.each([
    ['a club not in the game', { kind: 'club', clubId: OTHER_CLUB } as ResultActor, /did not play this game/],
    ['an event desk', { kind: 'event' } as ResultActor, /event desk/],
    ['the federation', FEDERATION, /the federation decides protests/],
  ])('refuses a protest by %s', (_who, actor, message) => {
    const error = refusal(() => decideResultLife(life({ actor }), { kind: 'protestResult', reason: 'no' }));
    expect(error).toBeInstanceOf(ForbiddenError);
    expect((error as Error).message).toMatch(message);
  });

  it('a club protests once; the other club may protest too while the window is open', () => {
    const protests = [{ clubId: AWAY_CLUB, side: 'AWAY' as const, decision: null }];
    const protested = { ...PROVISIONAL, state: 'PROTESTED' as const };
    expect(refusal(() => decideResultLife(life({ result: protested, protests }), { kind: 'protestResult', reason: 'again' }))).toMatchObject({
      message: 'This club has already protested this result: a club protests a result once',
    });
    expect(decideResultLife(life({ result: protested, protests, actor: HOME }), { kind: 'protestResult', reason: 'us too' }).protest).toEqual({
      file: { clubId: HOME_CLUB, side: 'HOME', reason: 'us too' },
    });
  });

  it('a protest needs its reason; a game without a result has nothing to protest', () => {
    expect(refusal(() => decideResultLife(life(), { kind: 'protestResult', reason: ' ' }))).toMatchObject({ field: 'reason' });
    expect(refusal(() => decideResultLife(life({ status: 'LIVE' }), { kind: 'protestResult', reason: 'x' }))).toMatchObject({
      message: 'A live game has no result: there is nothing to protest',
    });
  });

  it('a result the federation confirmed early can no longer be protested', () => {
    const confirmed: StoredResult = { state: 'CONFIRMED', provisionalSince: FINAL_WHISTLE, confirmedAt: at(2) };
    expect(refusal(() => decideResultLife(life({ result: confirmed, now: at(3) }), { kind: 'protestResult', reason: 'x' }))).toMatchObject({
      message: 'The result was confirmed by the federation at 2026-11-21T19:30:00.000Z: it can no longer be protested',
    });
  });
});

describe('the federation’s decisions', () => {
  const protested = life({ result: { ...PROVISIONAL, state: 'PROTESTED' }, actor: FEDERATION, now: at(60) });

  it('upholding or rejecting confirms the result at the decision', () => {
    for (const kind of ['upholdProtest', 'rejectProtest'] as const) {
      expect(decideResultLife(protested, { kind, reason: 'decided' })).toEqual({
        result: { state: 'CONFIRMED', provisionalSince: FINAL_WHISTLE, confirmedAt: at(60) },
        protest: { decide: { decision: kind === 'upholdProtest' ? 'UPHELD' : 'REJECTED', reason: 'decided' } },
      });
    }
  });

  it('a confirmation ends the window early; a club key or an event key may not confirm or decide', () => {
    expect(decideResultLife(life({ actor: FEDERATION }), { kind: 'confirmResult' }).result).toEqual({
      state: 'CONFIRMED',
      provisionalSince: FINAL_WHISTLE,
      confirmedAt: at(1),
    });
    for (const actor of [HOME, { kind: 'event' } as ResultActor]) {
      expect(refusal(() => decideResultLife(life({ actor }), { kind: 'confirmResult' }))).toBeInstanceOf(ForbiddenError);
      expect(refusal(() => decideResultLife({ ...protested, actor }, { kind: 'upholdProtest', reason: 'x' }))).toBeInstanceOf(ForbiddenError);
    }
  });

  it('no protest to decide, or one to decide before a confirmation', () => {
    expect(refusal(() => decideResultLife(life({ actor: FEDERATION }), { kind: 'rejectProtest', reason: 'x' }))).toMatchObject({
      message: 'The result is provisional: there is no protest to decide',
    });
    expect(refusal(() => decideResultLife(protested, { kind: 'confirmResult' }))).toMatchObject({
      message: 'The result is under protest: uphold or reject the protest, which confirms it',
    });
    expect(refusal(() => decideResultLife(life({ actor: FEDERATION, now: at(49) }), { kind: 'confirmResult' }))).toMatchObject({
      message: 'The result is confirmed already (at 2026-11-23T17:30:00.000Z)',
    });
  });
});

describe('what a confirmation freezes', () => {
  const confirmed: StoredResult = { state: 'CONFIRMED', provisionalSince: FINAL_WHISTLE, confirmedAt: at(2) };
  const undo: GameWrite = { kind: 'undoStatus' };

  it('a desk may not change a confirmed or protested result, the federation only with its reason', () => {
    expect(refusal(() => planWrite(finishedGame(confirmed, HOME, at(3)), undo))).toMatchObject({
      message: 'The result is confirmed: only the federation may change it now, stating its reason',
    });
    expect(refusal(() => planWrite(finishedGame({ ...PROVISIONAL, state: 'PROTESTED' }, HOME, at(3)), undo))).toBeInstanceOf(ForbiddenError);
    expect(refusal(() => assertResultOpen({ kind: 'deleteEvent' }, life({ result: confirmed }), 'federation'))).toMatchObject({
      field: 'correctionReason',
    });
    expect(() => assertResultOpen({ kind: 'deleteEvent', correctionReason: 'scorer misread' }, life({ result: confirmed }), 'federation')).not.toThrow();
    // The window closed without a write: the result is confirmed all the same.
    expect(() => assertResultOpen(undo, life({ now: at(49) }), 'desk')).toThrow(ForbiddenError);
    expect(() => assertResultOpen(undo, life(), 'desk')).not.toThrow();
    expect(() => assertResultOpen({ kind: 'recordSpectators' }, life({ result: confirmed }), 'desk')).not.toThrow();
  });

  it('the federation undoing a confirmed result with a reason leaves the game without one', () => {
    const plan = planWrite(
      {
        ...finishedGame(confirmed, FEDERATION, at(3)),
        transitions: [{ number: 1, kind: 'REPORT_RESULT', second: 3600, statusBefore: 'SCHEDULED', decidedByBefore: 'REGULAR', lastEventIdBefore: 0 }],
      },
      { kind: 'undoStatus', reason: 'Reported on the wrong game' },
    );
    expect(plan.result).toEqual({ before: confirmed, after: { state: null, provisionalSince: null, confirmedAt: null }, changed: true });
  });
});

describe('a result’s life in the plan of a write', () => {
  it('a final whistle, a forfeit and a reported result make the result provisional from the moment of the write', () => {
    const scheduled = { ...stateOf('SCHEDULED'), now: at(0) };
    for (const write of [
      { kind: 'forfeitGame', forfeitingSide: 'AWAY' },
      { kind: 'reportResult', homeScore: 2, awayScore: 1 },
    ] as GameWrite[]) {
      const plan = planWrite(scheduled, write);
      expect(plan.result.after).toEqual({ state: 'PROVISIONAL', provisionalSince: at(0), confirmedAt: null });
      expect(plan.result.changed).toBe(true);
    }
  });

  it('an upheld protest corrects the score and confirms the result; the change says so', () => {
    const game = finishedGame({ ...PROVISIONAL, state: 'PROTESTED' }, FEDERATION, at(20), [{ clubId: AWAY_CLUB, side: 'AWAY', decision: null }]);
    const plan = planWrite(game, { kind: 'upholdProtest', reason: 'Ineligible player: forfeit score', homeScore: 0, awayScore: 5 });
    expect(plan.game.score).toEqual({ home: 0, away: 5, homePeriodScores: [], awayPeriodScores: [] });
    expect(plan.scoreBefore).toEqual({ home: 3, away: 2 });
    expect(plan.result.after).toEqual({ state: 'CONFIRMED', provisionalSince: FINAL_WHISTLE, confirmedAt: at(20) });
    expect(plan.protest).toEqual({ decide: { decision: 'UPHELD', reason: 'Ineligible player: forfeit score' } });
    expect(plan.announce).toEqual({ kind: 'PROTEST_UPHELD', scoreChanged: true, statusChanged: false, resultChanged: true });
    expect(refusal(() => planWrite(game, { kind: 'upholdProtest', reason: 'x', homeScore: 2, awayScore: 2 }))).toMatchObject({ field: 'homeScore' });
    expect(refusal(() => planWrite(game, { kind: 'upholdProtest', reason: 'x', homeScore: -1, awayScore: 2 }))).toMatchObject({ field: 'homeScore' });
  });
});

describe('which results count', () => {
  it('counts provisional and protested results only where the group counts them; confirmed ones always', () => {
    expect(resultCounts('CONFIRMED', 'CONFIRMED_ONLY')).toBe(true);
    expect(resultCounts('PROVISIONAL', 'CONFIRMED_ONLY')).toBe(false);
    expect(resultCounts('PROTESTED', 'CONFIRMED_ONLY')).toBe(false);
    expect(resultCounts('PROVISIONAL', 'PROVISIONAL_AND_CONFIRMED')).toBe(true);
    expect(resultCounts('PROTESTED', 'PROVISIONAL_AND_CONFIRMED')).toBe(true);
    expect(resultCounts(null, 'CONFIRMED_ONLY')).toBe(true);
  });
});
