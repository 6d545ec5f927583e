import { describe, expect, it } from 'vitest';
import {
  countsForVisitors,
  DECIDED_STATUSES,
  DECISION_SHOWN_STATUSES,
  GAME_STATUSES,
  isCancelled,
  isDecided,
  isPending,
  isPlayed,
  NEXT_GAME_STATUSES,
  PENDING_STATUSES,
  PLAYED_STATUSES,
  shownDecision,
  VISITORS_COUNTED_STATUSES,
} from '../../src/domain/game-status.js';

const statusesWhere = (predicate: (status: string) => boolean) => GAME_STATUSES.filter(predicate);

describe('game statuses', () => {
  it('count events and lineups of finished and live games', () => {
    expect(statusesWhere(isPlayed)).toEqual(['LIVE', 'FINISHED']);
    expect([...PLAYED_STATUSES].sort()).toEqual(['FINISHED', 'LIVE']);
  });

  it('count results of finished and forfeited games', () => {
    expect(statusesWhere(isDecided)).toEqual(['FINISHED', 'FORFEIT']);
    expect(DECIDED_STATUSES).toEqual(['FINISHED', 'FORFEIT']);
  });

  it('count spectators of finished games only', () => {
    expect(statusesWhere(countsForVisitors)).toEqual(['FINISHED']);
    expect(VISITORS_COUNTED_STATUSES).toEqual(['FINISHED']);
  });

  it('treat scheduled and live games as pending', () => {
    expect(statusesWhere(isPending)).toEqual(['SCHEDULED', 'LIVE']);
    expect(PENDING_STATUSES).toEqual(['SCHEDULED', 'LIVE']);
  });

  it("offer every game but a cancelled one as a favorite's next game", () => {
    expect(NEXT_GAME_STATUSES).toEqual(GAME_STATUSES.filter((status) => status !== 'CANCELLED'));
    expect(NEXT_GAME_STATUSES).toEqual(['SCHEDULED', 'LIVE', 'FINISHED', 'FORFEIT', 'ABORTED']);
  });

  it('show the decision of a game played to the end only: a scheduled, live, cancelled, forfeited or aborted game was decided by no play', () => {
    expect(DECISION_SHOWN_STATUSES).toEqual(['FINISHED']);
    // In GAME_STATUSES' order: scheduled, live, finished, cancelled, forfeit, aborted.
    expect(GAME_STATUSES.map((status) => shownDecision(status, 'PENALTY_SHOTS'))).toEqual([null, null, 'PENALTY_SHOTS', null, null, null]);
    expect(shownDecision('FORFEIT', 'REGULAR')).toBeNull();
    expect(shownDecision('FINISHED', 'REGULAR')).toBe('REGULAR');
  });

  it('tell a cancelled game apart', () => {
    expect(statusesWhere(isCancelled)).toEqual(['CANCELLED']);
  });

  it('count nothing of a cancelled game or an unknown status', () => {
    for (const predicate of [isPlayed, isDecided, countsForVisitors, isPending]) {
      expect(predicate('CANCELLED')).toBe(false);
      expect(predicate('POSTPONED')).toBe(false);
    }
  });
});
