import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../../src/domain/errors.js';
import { gameFormat, STANDARD_FORMAT } from '../../src/domain/game-format.js';
import type { TransitionRecord } from '../../src/domain/game-transitions.js';
import type { LiveGameState } from '../../src/domain/game-write.js';
import { planWrite } from '../../src/domain/write-plan.js';
import { Log, liveInPeriodOne, stateOf, SCHEDULED_START } from '../support/live-state.js';

const started: TransitionRecord = { number: 1, kind: 'START', second: 0, statusBefore: 'SCHEDULED', decidedByBefore: 'REGULAR', lastEventIdBefore: 0 };

/** A live game in period 2 at 1:1: started (transition 1, events 1–2), a goal (3), period 1 ended (transition 2, events 4–5), an away penalty (6) and goal (7). */
function liveInPeriodTwo(): LiveGameState {
  const log = new Log().started();
  log.goal(300, 1, 'HOME', [1, 0]);
  log.periodChange(1, 1200, [1, 0]);
  log.add('PENALTY', 1300, 2, 'AWAY');
  log.goal(1400, 2, 'AWAY', [1, 1]);
  const periodEnded: TransitionRecord = { number: 2, kind: 'PERIOD_END', second: 1200, statusBefore: 'LIVE', decidedByBefore: 'REGULAR', lastEventIdBefore: 3 };
  return { ...stateOf('LIVE', log.events), transitions: [started, periodEnded], storedScore: { home: 1, away: 1 } };
}

describe('a forfeit', () => {
  it("awards the other side the league's forfeit score, before or during play, and is kept as a status change", () => {
    const plan = planWrite(stateOf('SCHEDULED'), { kind: 'forfeitGame', forfeitingSide: 'AWAY' });
    expect(plan.game).toMatchObject({ status: 'FORFEIT', score: { home: 5, away: 0 }, forfeitedBy: 'AWAY' });
    expect(plan.transition).toEqual({ record: { kind: 'FORFEIT', second: 0 } });
    expect(plan.announce).toEqual({ kind: 'FORFEITED', scoreChanged: true, statusChanged: true, resultChanged: true });
    const smallField = {
      ...liveInPeriodOne(),
      format: gameFormat({ periods: 3, periodMinutes: 15, overtimeMinutes: 5, penaltyShootout: true, drawAllowed: false, forfeitGoals: 3 }),
    };
    expect(planWrite(smallField, { kind: 'forfeitGame', forfeitingSide: 'HOME' }).game.score).toMatchObject({ home: 0, away: 3 });
  });

  it('is refused for a game already over', () => {
    expect(() => planWrite(stateOf('FINISHED'), { kind: 'forfeitGame', forfeitingSide: 'HOME' })).toThrow('A finished game cannot be forfeited');
  });
});

describe('an abort', () => {
  it('stops a live game with its score, at the second given or the last event’s', () => {
    const game = liveInPeriodTwo();
    const plan = planWrite(game, { kind: 'abortGame' });
    expect(plan.game).toMatchObject({ status: 'ABORTED', score: { home: 1, away: 1 } });
    expect(plan.transition).toEqual({ record: { kind: 'ABORT', second: 1400 } });
    expect(planWrite(game, { kind: 'abortGame', second: 1500 }).transition).toEqual({ record: { kind: 'ABORT', second: 1500 } });
  });

  it('is refused at a second before the last event or past the end of play', () => {
    const game = liveInPeriodTwo();
    expect(() => planWrite(game, { kind: 'abortGame', second: 1000 })).toThrow(
      "second must be a whole number from the last event's (1400) to the end of play (4200)",
    );
    expect(() => planWrite(game, { kind: 'abortGame', second: 4201 })).toThrow('to the end of play (4200)');
  });

  it('is refused before the start (that is a cancellation) and after the end', () => {
    expect(() => planWrite(stateOf('SCHEDULED'), { kind: 'abortGame' })).toThrow('cancelled, not aborted');
    expect(() => planWrite(stateOf('FORFEIT'), { kind: 'abortGame' })).toThrow(InvalidInputError);
  });
});

describe('a result reported as a whole', () => {
  it('finishes a scheduled game with its score, spectators and seconds played, decided as the flags say', () => {
    const plan = planWrite(stateOf('SCHEDULED'), {
      kind: 'reportResult',
      homeScore: 3,
      awayScore: 4,
      spectators: 230,
      secondsPlayed: 3600,
      penaltyShootout: true,
      overtime: true,
    });
    expect(plan.game).toMatchObject({ status: 'FINISHED', decidedBy: 'PENALTY_SHOTS', score: { home: 3, away: 4 }, spectators: 230, secondsPlayed: 3600 });
    expect(plan.transition).toEqual({ record: { kind: 'REPORT_RESULT', second: 3600 } });
    expect(planWrite(stateOf('SCHEDULED'), { kind: 'reportResult', homeScore: 2, awayScore: 1 }).game).toMatchObject({
      decidedBy: 'REGULAR',
      secondsPlayed: 3600,
    });
    expect(planWrite(stateOf('SCHEDULED'), { kind: 'reportResult', homeScore: 2, awayScore: 1, overtime: true }).game).toMatchObject({
      decidedBy: 'OVERTIME',
      secondsPlayed: 4200,
    });
  });

  it('refuses a tie where no draw stands, a tied shootout, scores and counts out of range', () => {
    expect(() => planWrite(stateOf('SCHEDULED'), { kind: 'reportResult', homeScore: 2, awayScore: 2 })).toThrow('lets no draw stand');
    expect(() => planWrite(stateOf('SCHEDULED'), { kind: 'reportResult', homeScore: 2, awayScore: 2, penaltyShootout: true })).toThrow('has a winner');
    expect(() => planWrite(stateOf('SCHEDULED'), { kind: 'reportResult', homeScore: -1, awayScore: 2 })).toThrow(
      'homeScore must be a whole number from 0 to 99',
    );
    expect(() => planWrite(stateOf('SCHEDULED'), { kind: 'reportResult', homeScore: 1, awayScore: 2, spectators: -5 })).toThrow('spectators must be');
    expect(() => planWrite(stateOf('SCHEDULED'), { kind: 'reportResult', homeScore: 1, awayScore: 2, secondsPlayed: 5000 })).toThrow(
      'secondsPlayed must be a whole number from 0 to 4200',
    );
    const draws = {
      ...stateOf('SCHEDULED'),
      format: gameFormat({ ...{ periods: 2, periodMinutes: 15, overtimeMinutes: 0, penaltyShootout: false, drawAllowed: true, forfeitGoals: 5 } }),
    };
    expect(planWrite(draws, { kind: 'reportResult', homeScore: 2, awayScore: 2 }).game).toMatchObject({ decidedBy: 'REGULAR', secondsPlayed: 1800 });
  });
});

describe('an undo of the last status change', () => {
  it('takes the game back into the period it ended, deleting the markers and every event recorded since', () => {
    const game = liveInPeriodTwo();
    const plan = planWrite(game, { kind: 'undoStatus' });
    expect(plan.effect).toMatchObject({ kind: 'undone', events: [{ id: 4 }, { id: 5 }, { id: 6 }, { id: 7 }] });
    expect(plan.game).toMatchObject({ status: 'LIVE', decidedBy: 'REGULAR', score: { home: 1, away: 0 }, forfeitedBy: null, secondsPlayed: null });
    expect(plan.transition).toEqual({ undo: game.transitions[1] });
    expect(plan.announce).toEqual({ kind: 'STATUS_UNDONE', scoreChanged: true, statusChanged: false, resultChanged: false });
  });

  it('takes a started game back to the schedule, without a score', () => {
    const game = { ...liveInPeriodOne(), transitions: [started] };
    const plan = planWrite(game, { kind: 'undoStatus' });
    expect(plan.effect).toMatchObject({ kind: 'undone', events: [{ id: 1 }, { id: 2 }] });
    expect(plan.game).toMatchObject({ status: 'SCHEDULED', score: null });
  });

  it('takes a forfeit back to the game it was, and refuses when nothing was changed live', () => {
    const forfeited: TransitionRecord = { number: 3, kind: 'FORFEIT', second: 1300, statusBefore: 'LIVE', decidedByBefore: 'REGULAR', lastEventIdBefore: 6 };
    const game = { ...liveInPeriodTwo(), status: 'FORFEIT' as const, storedScore: { home: 0, away: 5 } };
    const plan = planWrite({ ...game, transitions: [...game.transitions, { ...forfeited, lastEventIdBefore: 7 }] }, { kind: 'undoStatus' });
    expect(plan.effect).toEqual({ kind: 'undone', events: [] });
    expect(plan.game).toMatchObject({ status: 'LIVE', score: { home: 1, away: 1 }, forfeitedBy: null });
    expect(plan.announce).toMatchObject({ scoreChanged: true, statusChanged: true, resultChanged: true });
    expect(() => planWrite(stateOf('FINISHED'), { kind: 'undoStatus' })).toThrow('nothing to undo');
  });
});

describe('a past status change corrected', () => {
  /** Finished 2:1 in period 3 at 60:00: the final whistle (transition 3) wrote the period's end and the game's end, events 8 and 9. */
  function finished(): LiveGameState {
    const log = new Log().started().periodChange(1, 1200, [0, 0]).periodChange(2, 2400, [0, 0]);
    log.goal(3000, 3, 'HOME', [1, 0]);
    log.add('PERIOD_END', 3600, 3);
    log.add('GAME_END', 3600, 3);
    const whistle: TransitionRecord = { number: 4, kind: 'FINISH', second: 3600, statusBefore: 'LIVE', decidedByBefore: 'REGULAR', lastEventIdBefore: 7 };
    return { ...stateOf('FINISHED', log.events), transitions: [started, whistle], storedScore: { home: 1, away: 0 } };
  }

  it('moves the final whistle and its markers to the corrected second, leaving the score', () => {
    const plan = planWrite(finished(), { kind: 'correctTransition', to: 'GAME_OVER', second: 3590 });
    expect(plan.effect).toMatchObject({
      kind: 'moved',
      second: 3590,
      events: [
        { id: 8, type: 'PERIOD_END' },
        { id: 9, type: 'GAME_END' },
      ],
    });
    expect(plan.transition).toEqual({ correct: { number: 4, second: 3590 } });
    expect(plan.game.score).toBeUndefined();
  });

  it('keeps the end after the last event of its period, and names what was not recorded', () => {
    expect(() => planWrite(finished(), { kind: 'correctTransition', to: 'GAME_OVER', second: 2900 })).toThrow(
      'from the last event there (second 3000) to second 3600',
    );
    expect(() => planWrite(finished(), { kind: 'correctTransition', to: 'PENALTY_SHOOTOUT', second: 3600 })).toThrow('not decided by penalty shots');
    expect(() => planWrite(finished(), { kind: 'correctTransition', to: 'ABORTED', second: 3600 })).toThrow('no aborted recorded live');
    expect(STANDARD_FORMAT.periods).toBe(3);
  });
});

describe('spectators', () => {
  it('are recorded for a game under way or over, leaving its score as stored', () => {
    const plan = planWrite({ ...stateOf('FORFEIT'), storedScore: { home: 5, away: 0 } }, { kind: 'recordSpectators', spectators: 412 });
    expect(plan.game).toEqual({ clock: { period: null, second: 0, running: false, at: SCHEDULED_START }, status: 'FORFEIT', spectators: 412 });
    expect(plan.announce).toEqual({ kind: 'SPECTATORS_RECORDED', scoreChanged: false, statusChanged: false, resultChanged: true });
    expect(() => planWrite(stateOf('SCHEDULED'), { kind: 'recordSpectators', spectators: 10 })).toThrow('no spectators to count');
  });
});
