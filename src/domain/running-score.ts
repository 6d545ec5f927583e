/**
 * The running score kept on the events: each event that carries a score (goals, period and game
 * ends) holds the score at its moment. A goal recorded, moved or deleted out of clock order changes
 * it on every later such event, so the log as it will be stored is replayed whole, and only the
 * running scores that differ from those stored are stored again.
 */
import type { RunningScoreChange } from './game-write.js';
import { type LogEvent, replayScore, type Score } from './live-game.js';

/** An event of the log as it will be stored: where it stands, the running score it holds now, and which row it is. */
export interface SettlingEvent extends LogEvent {
  target: RunningScoreChange['target'];
  /** Orders events of the same second and sequence as the writer reads them (by id); an added event has a sequence of its own. */
  order: number;
  homeScore: number | null;
  awayScore: number | null;
}

/** The score of the log, and the running scores to store. */
export function settleRunningScores(log: readonly SettlingEvent[]): { score: Score; changes: RunningScoreChange[] } {
  const ordered = [...log].sort((a, b) => a.second - b.second || a.sequence - b.sequence || a.order - b.order);
  const { score, running } = replayScore(ordered);
  const changes: RunningScoreChange[] = [];
  for (const event of ordered) {
    const at = running.get(event) ?? null;
    const homeScore = at?.home ?? null;
    const awayScore = at?.away ?? null;
    if (event.homeScore !== homeScore || event.awayScore !== awayScore) changes.push({ target: event.target, homeScore, awayScore });
  }
  return { score, changes };
}
