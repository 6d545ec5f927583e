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
import { type ResultCounting, type ResultState, resultChangesAt, resultCounts, resultStateAt, type StoredResult } from './result-life.js';
import type { ResultInput } from './standings.js';

/** A game's result as the table reads it, with its state. */
export interface TableResult extends Pick<ResultInput, 'status' | 'homeScore' | 'awayScore' | 'decidedBy'> {
  resultState: ResultState | null;
}

/** What a result's life reads of a game beside its state: since when it is provisional, when it was confirmed, and its group's window and counting rule. */
export interface LivedResult {
  resultState: ResultState | null;
  resultProvisionalSince: Date | null;
  resultConfirmedAt: Date | null;
  protestWindowHours: number;
  resultCounting: ResultCounting;
}

const storedResultOf = (result: LivedResult): StoredResult => ({
  state: result.resultState,
  provisionalSince: result.resultProvisionalSince,
  confirmedAt: result.resultConfirmedAt,
});

/**
 * What one audited write found of a result before it changed it (GameAuditEntry.change): each part
 * absent when the write did not record it (a game sheet records none, a protest's decision its state).
 */
export interface ResultBefore {
  status?: GameStatus;
  score?: { home: number; away: number };
  decidedBy?: ResultInput['decidedBy'];
  resultState?: ResultState | null;
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

/** The results a table counts, as they read at `at`: the group's counting rule (resultCounts) applied to each state as it reads then (resultStateAt). */
export function countedResults<G extends TableResult & LivedResult>(results: readonly G[], at: Date): G[] {
  return results.filter((result) => resultCounts(resultStateAt(storedResultOf(result), at, result.protestWindowHours)?.state ?? null, result.resultCounting));
}

/** The first moment after `now` a counted result changes by itself: a provisional result's window closing where its group counts confirmed results only. */
export function firstResultChange(results: readonly LivedResult[], now: Date): Date | undefined {
  const moments = results
    .filter((result) => result.resultCounting === 'CONFIRMED_ONLY')
    .map((result) => resultChangesAt(storedResultOf(result), now, result.protestWindowHours)?.getTime())
    .filter((moment): moment is number => moment !== undefined);
  return moments.length === 0 ? undefined : new Date(Math.min(...moments));
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
