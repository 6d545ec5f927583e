/**
 * The status messages a desk may send a game now, named as the federation's back office names
 * them: each is tried against the live rules (`decide`) on the game's log, so the list cannot
 * disagree with what a write of it would be told.
 */
import { DomainError } from './errors.js';
import type { GameWrite, LiveGameState } from './game-write.js';
import { decide } from './write-plan.js';

export const STATUS_MESSAGES = [
  'START',
  'START_THIRD',
  'END_THIRD',
  'GAME_OVER',
  'START_PENALTY_SHOOTOUT',
  'REPORT_RESULT',
  'FORFAIT',
  'ABORT',
  'UNDO',
] as const;
export type StatusMessage = (typeof STATUS_MESSAGES)[number];

/** The writes a message stands for: allowed when any of them is. */
const WRITES_OF: Record<StatusMessage, GameWrite[]> = {
  START: [{ kind: 'startGame' }],
  START_THIRD: [{ kind: 'startPeriod' }],
  END_THIRD: [{ kind: 'endPeriod' }],
  GAME_OVER: [
    { kind: 'finishGame', decidedBy: 'REGULAR' },
    { kind: 'finishGame', decidedBy: 'OVERTIME' },
  ],
  START_PENALTY_SHOOTOUT: [{ kind: 'finishGame', decidedBy: 'PENALTY_SHOTS', shootoutWinner: 'HOME' }],
  REPORT_RESULT: [
    { kind: 'reportResult', homeScore: 1, awayScore: 0 },
    { kind: 'reportResult', homeScore: 1, awayScore: 0, overtime: true },
  ],
  FORFAIT: [{ kind: 'forfeitGame', forfeitingSide: 'AWAY' }],
  ABORT: [{ kind: 'abortGame' }],
  UNDO: [{ kind: 'undoStatus' }],
};

export function statusMessagesAllowed(game: LiveGameState, score: { home: number; away: number }): StatusMessage[] {
  return STATUS_MESSAGES.filter((message) =>
    WRITES_OF[message].some((write) => {
      try {
        decide(game, write, score);
        return true;
      } catch (error) {
        if (error instanceof DomainError) return false;
        throw error;
      }
    }),
  );
}
