import { isCancelled } from '../../domain/game-status.js';
import type { Translated } from './locale.js';
import { TEXTS } from './texts.js';

/** Game outcome texts shared by every games table: `3:2`, `3:2 n.V.`, `3:2 n.P.`, live `2:1*`, `-`. */
export interface ScoreFacts {
  status: string;
  homeScore: number | null;
  awayScore: number | null;
  /** Null unless the game was played to the end (shownDecision in src/domain/game-status.ts). */
  decidedBy: string | null;
  homePeriodScores: number[];
  awayPeriodScores: number[];
}

/** The mark after a score decided beyond regular time (by `decidedBy`), awarded by forfeit or aborted (by `status`). */
export const SUFFIX: Record<string, Translated> = {
  OVERTIME: TEXTS.decidedInOvertime,
  PENALTY_SHOTS: TEXTS.decidedByPenaltyShots,
  FORFEIT: TEXTS.forfeitMark,
  ABORTED: TEXTS.abortedMark,
};

/** The mark a game's status puts after its score in every games table: a forfeit's or an abort's. */
export function statusMark(status: string): Translated | undefined {
  return status === 'FORFEIT' || status === 'ABORTED' ? SUFFIX[status] : undefined;
}

/** The score and its facts, without the period scores: what the result text reads (the live-day table selects no more). */
export type ResultFacts = Pick<ScoreFacts, 'status' | 'homeScore' | 'awayScore' | 'decidedBy'>;

export function resultText(game: ResultFacts, suffix: (decidedBy: string) => string | null): string {
  if (game.homeScore === null || game.awayScore === null || game.status === 'SCHEDULED' || isCancelled(game.status)) return '-';
  const score = `${game.homeScore}:${game.awayScore}`;
  if (game.status === 'LIVE') return `${score}*`;
  const marked = statusMark(game.status) ? game.status : game.decidedBy;
  const extra = marked === null || marked === 'REGULAR' ? null : suffix(marked);
  return extra ? `${score} ${extra}` : score;
}

/** `(1:1, 0:7, 0:0)` from the period scores; empty when none are known. */
export function periodsText(game: ScoreFacts): string | null {
  const periods = game.homePeriodScores.map((home, i) => `${home}:${game.awayPeriodScores[i] ?? 0}`);
  return periods.length ? `(${periods.join(', ')})` : null;
}
