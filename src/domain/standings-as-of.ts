/**
 * Standings as of a day: which games a table counts and each game's result as it stood at the end
 * of that day. A result corrected later (an event corrected or deleted, a status change moved, a
 * protest upheld) shows as it stood then: every write to a game keeps what it changed in the game's
 * audit, so the result at an instant is what the first audited write after it found. Pure: the
 * schema's loader reads the games and their later audit entries and asks here.
 */
import type { GameStatus } from './game-status.js';
import { addDays, type LocalDay, startOfLocalDay } from './league-time.js';
import { resultsCountBefore } from './result-authority.js';
import type { ResultInput } from './standings.js';

/** A result's state (Game.resultState); null while the game has none. */
export type ResultStateName = 'PROVISIONAL' | 'PROTESTED' | 'CONFIRMED';

/** A game's result as the table reads it, with its state. */
export interface TableResult extends Pick<ResultInput, 'status' | 'homeScore' | 'awayScore' | 'decidedBy'> {
  resultState: ResultStateName | null;
}

/**
 * What one audited write found of a result before it changed it (GameAuditEntry.change): each part
 * absent when the write did not record it (a game sheet records none, a protest's decision its state).
 */
export interface ResultBefore {
  status?: GameStatus;
  score?: { home: number; away: number };
  decidedBy?: ResultInput['decidedBy'];
  resultState?: ResultStateName | null;
}

/**
 * The result as it stood before the first of `laterWrites` (the game's audited writes from an
 * instant on, oldest first): each part as the first write that recorded it found it, else as stored
 * now. A game no audited write touched since (an imported result) stands as stored.
 */
export function resultBefore<G extends TableResult>(stored: G, laterWrites: readonly ResultBefore[]): G {
  const first = <K extends keyof ResultBefore>(part: K): ResultBefore[K] | undefined => laterWrites.find((write) => write[part] !== undefined)?.[part];
  const score = first('score');
  const state = first('resultState');
  return {
    ...stored,
    status: first('status') ?? stored.status,
    homeScore: score ? score.home : stored.homeScore,
    awayScore: score ? score.away : stored.awayScore,
    decidedBy: first('decidedBy') ?? stored.decidedBy,
    resultState: state === undefined ? stored.resultState : state,
  };
}

/**
 * A result's state as it reads at `at`.
 * TODO(merge): resultStateAt — helper A's `resultStateAt` (src/domain/result-life.ts) reads a
 * provisional result whose protest window closed by `at` as confirmed; until then, as stored.
 */
export const resultStateThen = (result: TableResult, _at: Date): ResultStateName | null => result.resultState;

/** The league group's rule of which result states count (LeagueGroup.resultCounting). */
export type ResultCountingName = 'PROVISIONAL_AND_CONFIRMED' | 'CONFIRMED_ONLY';

/**
 * Whether a decided result in `state` counts in a table under the group's `counting` rule: the
 * single place the counting rule plugs in.
 * TODO(merge): resultCounts — helper A's `resultCounts(state, counting)` (src/domain/result-life.ts);
 * until then every decided result counts, whatever its state and the rule.
 */
export const resultCountsInTable = (_state: ResultStateName | null, _counting: ResultCountingName): boolean => true;

/** The results a table counts, as they read at `at`: the group's counting rule applied to each. */
export function countedResults<G extends TableResult & { resultCounting: ResultCountingName }>(results: readonly G[], at: Date): G[] {
  return results.filter((result) => resultCountsInTable(resultStateThen(result, at), result.resultCounting));
}

/** Which day's table is asked for: absent, today's. */
export interface TableMoment {
  asOf?: LocalDay | null;
}

/** Where a table stops counting, and when it changes with time alone. */
export interface TableCutoff {
  /** Games starting at or after this instant are not counted; results are read as they stood just before it. */
  before: Date;
  /** When the same question gets another answer without any write; undefined: never. */
  changesAt: Date | undefined;
}

/**
 * A table as of a day counts the games played on or before it, read as they stood at its end. A
 * result counts from its game's day on (resultsCountBefore), so a day not over yet (today, or one
 * ahead) reads as today does and changes at midnight; a day past is settled, and only a write to
 * one of its games changes its table.
 */
export function tableCutoff(moment: TableMoment, now: Date): TableCutoff {
  const today = resultsCountBefore(now);
  if (moment.asOf == null) return { before: today, changesAt: today };
  const endOfDay = startOfLocalDay(addDays(moment.asOf, 1));
  return endOfDay < today ? { before: endOfDay, changesAt: undefined } : { before: today, changesAt: today };
}
