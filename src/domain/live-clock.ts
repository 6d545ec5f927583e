/**
 * The game clock as readers see it: where the game stands (its phase and period), the second of
 * play now, and whether the clock runs. Each write stores a reading (the second at a moment, and
 * whether it runs from there); a reader moves it on to its own moment. Between writes the clock
 * runs with the wall clock and stops at the end of the period: the desk's next write, with the
 * second it names, sets it right again.
 */
import { boundsOfPeriod, type GameFormat, overtimePeriod } from './game-format.js';
import type { GameStatus } from './game-status.js';
import { type LogEvent, phaseOf } from './live-game.js';

/** Where a game stands, as its clock shows it. */
export const GAME_PHASES = ['SCHEDULED', 'PERIOD', 'OVERTIME', 'PENALTY_SHOOTOUT', 'FINISHED', 'FORFEIT', 'ABORTED', 'CANCELLED'] as const;
export type GamePhase = (typeof GAME_PHASES)[number];

/** A reading of the clock as a write stores it on the game. */
export interface StoredClock {
  /** The period being played; null when no period is (before the start, after the end, waiting for penalty shots). */
  period: number | null;
  /** The second of play at `at`. */
  second: number;
  at: Date;
  running: boolean;
}

/** The clock after a write: the period it leaves open, and the latest second any event names, running from the write's moment while a period is open. */
export function clockAfter(status: GameStatus, events: readonly LogEvent[], now: Date, secondsPlayed?: number | null): StoredClock {
  const second = secondsPlayed ?? Math.max(0, ...events.map((event) => event.second));
  const phase = phaseOf(status, events);
  if (phase.kind !== 'playing') return { period: null, second, at: now, running: false };
  return { period: phase.periodOpen ? phase.period : null, second, at: now, running: phase.periodOpen };
}

/** What a reader shows at `now`. */
export interface ClockView {
  phase: GamePhase;
  period: number | null;
  second: number;
  running: boolean;
}

export function readClock(status: GameStatus, stored: StoredClock | null, format: GameFormat, now: Date): ClockView {
  if (status !== 'LIVE' || !stored) {
    const phase: GamePhase = status === 'LIVE' ? 'PERIOD' : status;
    return { phase, period: null, second: stored?.second ?? 0, running: false };
  }
  if (stored.period === null) return { phase: 'PENALTY_SHOOTOUT', period: null, second: stored.second, running: false };
  const { end } = boundsOfPeriod(format, stored.period);
  const elapsed = stored.running ? Math.max(0, Math.floor((now.getTime() - stored.at.getTime()) / 1000)) : 0;
  const second = Math.min(end, stored.second + elapsed);
  return {
    phase: stored.period === overtimePeriod(format) ? 'OVERTIME' : 'PERIOD',
    period: stored.period,
    second,
    running: stored.running && second < end,
  };
}

/**
 * The next moment the reading `readClock` gives changes without a write: the next second of a
 * running period, until the period's end; undefined when the clock stands (not live, between
 * periods, stopped, or run out), which only a write changes.
 */
export function clockChangesAt(status: GameStatus, stored: StoredClock | null, format: GameFormat, now: Date): Date | undefined {
  if (status !== 'LIVE' || !stored?.running || stored.period === null) return undefined;
  const { end } = boundsOfPeriod(format, stored.period);
  const elapsed = Math.max(0, Math.floor((now.getTime() - stored.at.getTime()) / 1000));
  if (stored.second + elapsed >= end) return undefined;
  return new Date(stored.at.getTime() + (elapsed + 1) * 1000);
}
