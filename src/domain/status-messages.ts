/**
 * The status messages a desk may send a game now, named as the federation's back office names
 * them: each is tried against the live rules (`decide`), so the list cannot disagree with what a
 * write of it would be told. A reader's game has no events loaded: its stored clock stands in for
 * them (the period being played, or the one that ended when penalty shots are due).
 */
import { DomainError } from './errors.js';
import type { GameWrite, LiveGameState, StoredEvent } from './game-write.js';
import { boundsOfPeriod, lastPeriod } from './game-format.js';
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

/**
 * The markers that put a live game where its stored clock says: started, in `period` (open), or
 * with the last period ended (penalty shots due) when no period is being played; then the events
 * recorded in that period (whether it is under way).
 */
export function markersOfClock(
  status: string,
  period: number | null,
  format: LiveGameState['format'],
  recorded: readonly { type: string; second: number; period: number | null }[] = [],
): StoredEvent[] {
  if (status !== 'LIVE') return [];
  const current = period ?? lastPeriod(format);
  const { start, end } = boundsOfPeriod(format, current);
  const marker = (id: number, type: string, second: number, markerPeriod: number): StoredEvent => ({
    id,
    type,
    second,
    period: markerPeriod,
    side: null,
    sequence: id,
    playerId: null,
    assistId: null,
    homeScore: null,
    awayScore: null,
  });
  const markers = [marker(1, 'GAME_START', 0, 1), marker(2, 'PERIOD_START', start, current)];
  if (period === null) markers.push(marker(3, 'PERIOD_END', end, current));
  const inPeriod = recorded.filter((event) => event.period === current);
  return [...markers, ...inPeriod.map((event, index) => marker(markers.length + 1 + index, event.type, event.second, current))];
}
