import { describe, expect, it } from 'vitest';
import { ForbiddenError, InvalidInputError } from '../../src/domain/errors.js';
import { assertPossibleMargin, reportedResult } from '../../src/domain/game-transitions.js';
import { gameFormat } from '../../src/domain/game-format.js';
import { ANY_TIME, DEFAULT_START_WINDOW } from '../../src/domain/live-game.js';
import { assertMayDecideNow, decisionWindow, resultsCountBefore } from '../../src/domain/result-authority.js';

// A Saturday evening game in Zurich (CET, UTC+1).
const STARTS_AT = new Date('2026-11-28T19:00:00Z');
const at = (iso: string) => new Date(iso);
const moment = (now: string, decider: 'desk' | 'federation' = 'desk') => ({ now: at(now), startsAt: STARTS_AT, startWindow: DEFAULT_START_WINDOW, decider });

describe('the window a desk decides a game in', () => {
  it('opens with the start window and closes at the later of its end and the end of the game’s day in league time', () => {
    const window = decisionWindow(STARTS_AT, DEFAULT_START_WINDOW);
    expect(new Date(window.fromMs).toISOString()).toBe('2026-11-28T18:00:00.000Z');
    // 20:00 local + 240 minutes is midnight local, which is also the end of the day.
    expect(new Date(window.untilMs).toISOString()).toBe('2026-11-28T23:00:00.000Z');
    const afternoon = decisionWindow(at('2026-11-28T12:00:00Z'), DEFAULT_START_WINDOW);
    expect(new Date(afternoon.untilMs).toISOString()).toBe('2026-11-28T23:00:00.000Z');
    const late = decisionWindow(at('2026-11-28T21:30:00Z'), DEFAULT_START_WINDOW);
    expect(new Date(late.untilMs).toISOString()).toBe('2026-11-29T01:30:00.000Z');
  });

  it('lets a desk forfeit, finish, report, undo and correct inside it; refuses it outside, naming the window', () => {
    for (const kind of ['forfeitGame', 'finishGame', 'reportResult', 'undoStatus', 'correctTransition', 'abortGame'] as const) {
      expect(() => assertMayDecideNow({ kind }, moment('2026-11-28T22:59:00Z'))).not.toThrow();
      expect(() => assertMayDecideNow({ kind }, moment('2026-11-28T17:59:00Z'))).toThrow(ForbiddenError);
      expect(() => assertMayDecideNow({ kind }, moment('2026-11-29T08:00:00Z'))).toThrow(
        /from 2026-11-28 19:00 to 2026-11-29 00:00; outside that only the federation may/,
      );
    }
  });

  it('lets the federation decide outside it only with a reason of 1 to 200 characters', () => {
    expect(() => assertMayDecideNow({ kind: 'forfeitGame' }, moment('2027-03-01T10:00:00Z', 'federation'))).toThrow(InvalidInputError);
    expect(() => assertMayDecideNow({ kind: 'forfeitGame', reason: 'withdrawn' }, moment('2027-03-01T10:00:00Z', 'federation'))).not.toThrow();
    expect(() => assertMayDecideNow({ kind: 'forfeitGame', reason: ' ' }, moment('2027-03-01T10:00:00Z', 'federation'))).toThrow(/reason must be/);
    expect(() => assertMayDecideNow({ kind: 'forfeitGame', reason: 'x'.repeat(201) }, moment('2026-11-28T20:00:00Z', 'federation'))).toThrow(/reason must be/);
  });

  it('judges a start by the start window, and asks the federation’s reason only when its word is used outside it', () => {
    expect(() => assertMayDecideNow({ kind: 'startGame' }, moment('2026-11-25T10:00:00Z'))).not.toThrow(); // startMarkers refuses it
    expect(() => assertMayDecideNow({ kind: 'startGame', outsideStartWindow: true }, moment('2026-11-25T10:00:00Z', 'federation'))).toThrow(/state the reason/);
    expect(() =>
      assertMayDecideNow({ kind: 'startGame', outsideStartWindow: true, reason: 'moved' }, moment('2026-11-25T10:00:00Z', 'federation')),
    ).not.toThrow();
    expect(() => assertMayDecideNow({ kind: 'startGame', outsideStartWindow: true }, moment('2026-11-28T19:10:00Z', 'federation'))).not.toThrow();
  });

  it('asks nothing of play recorded in a live game, nor anything where the app runs without a window', () => {
    expect(() => assertMayDecideNow({ kind: 'recordGoal' }, moment('2027-03-01T10:00:00Z'))).not.toThrow();
    expect(() => assertMayDecideNow({ kind: 'forfeitGame' }, { ...moment('2027-03-01T10:00:00Z'), startWindow: ANY_TIME })).not.toThrow();
  });

  it('counts results from the start of the next local day on: a game later today counts, tomorrow’s does not', () => {
    expect(resultsCountBefore(at('2026-11-28T15:00:00Z')).toISOString()).toBe('2026-11-28T23:00:00.000Z');
    expect(resultsCountBefore(at('2026-11-28T23:30:00Z')).toISOString()).toBe('2026-11-29T23:00:00.000Z');
  });
});

describe('results that could have happened', () => {
  const format = gameFormat(null);

  it('overtime ends one goal apart; a shootout adds one goal to a tie', () => {
    expect(() => assertPossibleMargin('OVERTIME', 3, 2)).not.toThrow();
    expect(() => assertPossibleMargin('OVERTIME', 5, 2)).toThrow(/golden goal/);
    expect(() => assertPossibleMargin('PENALTY_SHOTS', 4, 5)).not.toThrow();
    expect(() => assertPossibleMargin('PENALTY_SHOTS', 5, 1)).toThrow(/adds one goal to a tie/);
    expect(() => assertPossibleMargin('REGULAR', 9, 0)).not.toThrow();
  });

  it('a reported result agrees with the goals recorded live: the same score, or a shootout won from a recorded tie', () => {
    const none = { home: 0, away: 0 };
    expect(reportedResult('SCHEDULED', format, { homeScore: 4, awayScore: 2 }, none).score).toMatchObject({ home: 4, away: 2 });
    expect(() => reportedResult('LIVE', format, { homeScore: 1, awayScore: 3 }, { home: 2, away: 0 })).toThrow(/recorded goals \(2:0\)/);
    expect(reportedResult('LIVE', format, { homeScore: 2, awayScore: 0 }, { home: 2, away: 0 }).decidedBy).toBe('REGULAR');
    expect(reportedResult('LIVE', format, { homeScore: 2, awayScore: 3, penaltyShootout: true }, { home: 2, away: 2 }).decidedBy).toBe('PENALTY_SHOTS');
    expect(() => reportedResult('LIVE', format, { homeScore: 3, awayScore: 2, overtime: true }, { home: 2, away: 2 })).toThrow(/recorded goals/);
  });
});
