/**
 * A result's life. A game that gets a result (a final whistle, a forfeit, a result reported after
 * the fact) has a PROVISIONAL result; a club of the game may protest it, once, within its league
 * group's protest window; a protested result stays PROTESTED until the federation upholds the
 * protest (the score corrected, with a reason) or rejects it; either decision confirms it. An
 * unprotested result is CONFIRMED when the window closes, with no write (`resultStateAt`), or
 * earlier when the federation confirms it. A confirmed (or protested) result is frozen: no desk
 * changes it any more, only the federation, stating its reason. Pure: `decide` (write-plan.ts)
 * applies it to every write, and every reader asks `resultStateAt` what a stored result is now.
 */
import { ForbiddenError, InvalidInputError } from './errors.js';
import type { GameStatus } from './game-status.js';
import { isDecided } from './game-status.js';
import type { Side } from './live-game.js';
import type { Decider } from './result-authority.js';

/** The states of prisma/schema.prisma `ResultState`. */
export const RESULT_STATES = ['PROVISIONAL', 'PROTESTED', 'CONFIRMED'] as const;
export type ResultState = (typeof RESULT_STATES)[number];

export const PROTEST_DECISIONS = ['UPHELD', 'REJECTED'] as const;
export type ProtestDecision = (typeof PROTEST_DECISIONS)[number];

/** Which results a league group's standings and statistics count (prisma `ResultCounting`). */
export const RESULT_COUNTINGS = ['PROVISIONAL_AND_CONFIRMED', 'CONFIRMED_ONLY'] as const;
export type ResultCounting = (typeof RESULT_COUNTINGS)[number];

/**
 * The protest window of a league group that sets none (a cup game has no group): 48 hours, as
 * leagues commonly give a club to file a protest after the game (the column's default too).
 */
export const DEFAULT_PROTEST_WINDOW_HOURS = 48;
export const DEFAULT_RESULT_COUNTING: ResultCounting = 'PROVISIONAL_AND_CONFIRMED';

/** The writes of a result's life, by their GraphQL mutation (and audit) names. */
export const RESULT_LIFE_WRITES = ['protestResult', 'upholdProtest', 'rejectProtest', 'confirmResult'] as const;
export type ResultLifeWriteKind = (typeof RESULT_LIFE_WRITES)[number];
export const isResultLifeWrite = (kind: string): kind is ResultLifeWriteKind => (RESULT_LIFE_WRITES as readonly string[]).includes(kind);

/** A result as stored on the game: null state while the game has none. */
export interface StoredResult {
  state: ResultState | null;
  provisionalSince: Date | null;
  confirmedAt: Date | null;
}

/** A result as it is at an instant. */
export interface ResultAt {
  state: ResultState;
  provisionalSince: Date;
  /** When it was confirmed: the federation's decision, or the window's close; null while it is not. */
  confirmedAt: Date | null;
  /** The last instant a protest is taken (the window's close). */
  protestWindowClosesAt: Date;
}

const HOUR_MS = 3_600_000;

export function protestWindowClosesAt(provisionalSince: Date, windowHours: number): Date {
  return new Date(provisionalSince.getTime() + windowHours * HOUR_MS);
}

/**
 * The result at `now`: a PROVISIONAL one whose window has closed reads CONFIRMED, confirmed at the
 * window's close. A result stored without its start (rows written before results had a life) is
 * taken as confirmed from the moment it was stored. Null while the game has no result.
 */
export function resultStateAt(stored: StoredResult, now: Date, windowHours: number): ResultAt | null {
  if (stored.state === null) return null;
  const provisionalSince = stored.provisionalSince ?? stored.confirmedAt ?? new Date(0);
  const closes = protestWindowClosesAt(provisionalSince, windowHours);
  if (stored.state === 'PROVISIONAL' && now.getTime() >= closes.getTime()) {
    return { state: 'CONFIRMED', provisionalSince, confirmedAt: closes, protestWindowClosesAt: closes };
  }
  return { state: stored.state, provisionalSince, confirmedAt: stored.confirmedAt, protestWindowClosesAt: closes };
}

/**
 * The moment the result changes by itself after `now` (a provisional result's window closing), for
 * answer horizons (`nowUntil`, src/clock.ts); undefined when only a write can change it.
 */
export function resultChangesAt(stored: StoredResult, now: Date, windowHours: number): Date | undefined {
  const at = resultStateAt(stored, now, windowHours);
  return at?.state === 'PROVISIONAL' ? at.protestWindowClosesAt : undefined;
}

/**
 * Whether a decided game's result counts in standings and statistics under the group's rule. A
 * protested result counts as it stands where provisional ones do. A decided game without a stored
 * state (none is left after the migration; a row written around the service) counts as confirmed.
 */
export function resultCounts(state: ResultState | null, counting: ResultCounting): boolean {
  if (state === null || state === 'CONFIRMED') return true;
  return counting === 'PROVISIONAL_AND_CONFIRMED';
}

/** Who writes, as far as a result's life asks: the federation, a club's key, or an event desk's key. */
export type ResultActor = { kind: 'federation' } | { kind: 'club'; clubId: number } | { kind: 'event' };

/** The clubs of a game's teams. */
export interface GameClubs {
  home: number;
  away: number;
}

/** A protest as kept: the club, its side, and the federation's decision once given. */
export interface ProtestRecord {
  clubId: number;
  side: Side;
  decision: ProtestDecision | null;
}

/** The longest reason kept (as result-authority.ts's). */
export const RESULT_REASON_MAX_LENGTH = 200;

function assertReason(reason: string | null | undefined, required: boolean, field = 'reason'): void {
  if (reason == null) {
    if (required) throw new InvalidInputError(`${field} is required: say why, in 1 to ${RESULT_REASON_MAX_LENGTH} characters`, field);
    return;
  }
  if (reason.trim() === '' || reason.length > RESULT_REASON_MAX_LENGTH) {
    throw new InvalidInputError(`${field} must be 1 to ${RESULT_REASON_MAX_LENGTH} characters`, field);
  }
}

/**
 * Who may send a write of a result's life, before anything else is looked at (the writer asks it
 * before a retry is replayed): a protest comes from a club of the game, through its own key; the
 * decisions and the confirmation from the federation (a key of no club and no event).
 */
export function assertMayWriteResult(kind: ResultLifeWriteKind, actor: ResultActor, clubs: GameClubs): void {
  if (kind === 'protestResult') {
    if (actor.kind === 'federation') throw new ForbiddenError('A protest is a club’s: the federation decides protests, it does not file them');
    if (actor.kind === 'event') throw new ForbiddenError('An event desk’s key may not protest a result: the club protests, through its own key');
    if (actor.clubId !== clubs.home && actor.clubId !== clubs.away)
      throw new ForbiddenError('This API key’s club did not play this game: it may not protest its result');
    return;
  }
  if (actor.kind !== 'federation') {
    throw new ForbiddenError(`Only the federation (a key of no club and no event) may ${kind === 'confirmResult' ? 'confirm a result' : 'decide a protest'}`);
  }
}

/** What a game's result life is decided on: the stored result, its group's window, the protests kept, who writes and the game's clubs. */
export interface ResultLifeState {
  status: GameStatus;
  result: StoredResult;
  windowHours: number;
  protests: readonly ProtestRecord[];
  actor: ResultActor;
  clubs: GameClubs;
  now: Date;
}

/** A protest to keep, or the decision of the open ones. */
export type ProtestChange = { file: { clubId: number; side: Side; reason: string } } | { decide: { decision: ProtestDecision; reason: string } };

export type ResultLifeWrite =
  | { kind: 'protestResult'; reason: string }
  | { kind: 'upholdProtest'; reason: string }
  | { kind: 'rejectProtest'; reason: string }
  | { kind: 'confirmResult'; reason?: string | null };

/** What a write of a result's life stores: the result after it, and the protest it files or decides (none for a confirmation). */
export interface ResultLifeDecision {
  result: StoredResult;
  protest: ProtestChange | null;
}

const shown = (at: Date) => at.toISOString();

/**
 * The rules' verdict on a protest, an uphold, a rejection or a confirmation. An upheld protest's
 * corrected score is checked by the caller (write-plan.ts, with the league's format); the result
 * it leaves is CONFIRMED from now, as a rejected one's.
 */
export function decideResultLife(state: ResultLifeState, write: ResultLifeWrite): ResultLifeDecision {
  assertMayWriteResult(write.kind, state.actor, state.clubs);
  assertReason(write.reason, write.kind !== 'confirmResult');
  const at = isDecided(state.status) ? resultStateAt(state.result, state.now, state.windowHours) : null;
  if (at === null) throw new InvalidInputError(`A ${state.status.toLowerCase()} game has no result: there is nothing to ${verbOf(write.kind)}`);
  const confirmed: StoredResult = { state: 'CONFIRMED', provisionalSince: at.provisionalSince, confirmedAt: state.now };
  switch (write.kind) {
    case 'protestResult': {
      const clubId = state.actor.kind === 'club' ? state.actor.clubId : -1;
      if (state.protests.some((protest) => protest.clubId === clubId)) {
        throw new InvalidInputError('This club has already protested this result: a club protests a result once');
      }
      if (at.state === 'CONFIRMED') {
        throw new InvalidInputError(
          at.confirmedAt !== null && at.confirmedAt.getTime() < at.protestWindowClosesAt.getTime()
            ? `The result was confirmed by the federation at ${shown(at.confirmedAt)}: it can no longer be protested`
            : `The protest window closed at ${shown(at.protestWindowClosesAt)}: the result is confirmed`,
        );
      }
      if (state.now.getTime() >= at.protestWindowClosesAt.getTime()) {
        throw new InvalidInputError(`The protest window closed at ${shown(at.protestWindowClosesAt)}`);
      }
      const side: Side = clubId === state.clubs.home ? 'HOME' : 'AWAY';
      return {
        result: { ...state.result, state: 'PROTESTED', provisionalSince: at.provisionalSince },
        protest: { file: { clubId, side, reason: write.reason } },
      };
    }
    case 'upholdProtest':
    case 'rejectProtest':
      if (at.state !== 'PROTESTED') throw new InvalidInputError(`The result is ${at.state.toLowerCase()}: there is no protest to decide`);
      return { result: confirmed, protest: { decide: { decision: write.kind === 'upholdProtest' ? 'UPHELD' : 'REJECTED', reason: write.reason } } };
    case 'confirmResult':
      if (at.state === 'PROTESTED') throw new InvalidInputError('The result is under protest: uphold or reject the protest, which confirms it');
      if (at.state === 'CONFIRMED') throw new InvalidInputError(`The result is confirmed already (at ${shown(at.confirmedAt ?? at.provisionalSince)})`);
      return { result: confirmed, protest: null };
  }
}

function verbOf(kind: ResultLifeWriteKind): string {
  return { protestResult: 'protest', upholdProtest: 'uphold', rejectProtest: 'reject', confirmResult: 'confirm' }[kind];
}

/**
 * The result a write of the game leaves: a game that gets one (FINISHED, FORFEIT) has it
 * PROVISIONAL from now; one that loses it (an undo) has none; otherwise it stays as stored. A
 * correction of a provisional result does not restart its window.
 */
export function resultAfterStatus(stored: StoredResult, before: GameStatus, after: GameStatus, now: Date): StoredResult {
  const had = isDecided(before);
  const has = isDecided(after);
  if (!had && has) return { state: 'PROVISIONAL', provisionalSince: now, confirmedAt: null };
  if (had && !has) return { state: null, provisionalSince: null, confirmedAt: null };
  return stored;
}

/** The writes a frozen result still takes from a desk: the spectators change no result. */
const NEVER_FROZEN = new Set(['recordSpectators']);

/**
 * A confirmed or protested result is frozen: a desk's write that could change the game is refused,
 * the federation's needs its reason (`reason` of a deciding write, `correctionReason` of an event's
 * correction or deletion). Writes of the result's life judge themselves.
 */
export function assertResultOpen(
  write: { kind: string; reason?: string | null; correctionReason?: string | null },
  state: Pick<ResultLifeState, 'status' | 'result' | 'windowHours' | 'now'>,
  decider: Decider,
): void {
  if (isResultLifeWrite(write.kind) || NEVER_FROZEN.has(write.kind) || !isDecided(state.status)) return;
  const at = resultStateAt(state.result, state.now, state.windowHours);
  if (at === null || at.state === 'PROVISIONAL') return;
  const why = at.state === 'PROTESTED' ? 'is under protest, which the federation decides' : 'is confirmed';
  if (decider !== 'federation') {
    throw new ForbiddenError(`The result ${why}: only the federation may change it now, stating its reason`);
  }
  const field = write.kind === 'correctEvent' || write.kind === 'deleteEvent' ? 'correctionReason' : 'reason';
  const reason = field === 'reason' ? write.reason : write.correctionReason;
  if (reason == null) throw new InvalidInputError(`The result ${why}: state the reason for changing it (${field}); it is kept in the game’s audit`, field);
  assertReason(reason, true, field);
}
