import { AsyncLocalStorage } from 'node:async_hooks';

/** "Now" for every date rule (current games, referee visibility, session expiry), injectable in tests. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export function fixedClock(at: Date | string): Clock & { set(at: Date | string): void; advance(ms: number): void } {
  let current = new Date(at);
  return {
    now: () => new Date(current),
    set: (next) => {
      current = new Date(next);
    },
    advance: (ms) => {
      current = new Date(current.getTime() + ms);
    },
  };
}

/**
 * How long an answer that read the clock without saying when its reading stops holding may be
 * kept: the lifetime every cached answer had before answers knew their horizon. A reader that knows
 * the moment its answer changes (a game's start, midnight in the league's time zone) says so with
 * `nowUntil` and is kept exactly that long.
 */
export const UNDECLARED_TIME_READ_MS = 60_000;

/**
 * How long an answer's reading of the clock holds: the shortest of its reads' remaining times (the
 * moment each said its answer changes, less the moment it read), or unbounded when it read no
 * clock. A write that changes what the answer read drops it anyway (src/live/change-scope.ts); the
 * horizon covers what no write announces, time itself.
 */
export class AnswerHorizon {
  private remaining = Number.POSITIVE_INFINITY;

  /** A read at `readAt` whose result holds until `until` (ms, on the same clock). */
  note(readAt: Date, until: number): void {
    const remaining = Math.max(0, until - readAt.getTime());
    if (remaining < this.remaining) this.remaining = remaining;
  }

  /** How long, from the build, the answer's clock readings still hold; Infinity when it read none. */
  get remainingMs(): number {
    return this.remaining;
  }
}

const horizons = new AsyncLocalStorage<AnswerHorizon>();

/** The horizon of the answer being built in this async context, if a request is being answered. */
export function currentHorizon(): AnswerHorizon | undefined {
  return horizons.getStore();
}

/** Runs `build` with its own horizon: every clock read within it (and what it awaits) is noted there. */
export function withinHorizon<T>(horizon: AnswerHorizon, build: () => T): T {
  return horizons.run(horizon, build);
}

/**
 * The service's clock, noting each read on the horizon of the answer being built: as undeclared
 * (UNDECLARED_TIME_READ_MS) for a plain `now()`, exactly for `nowUntil`. Outside a request (writes'
 * background work, timers) it is the clock it wraps.
 */
export class HorizonNotingClock implements Clock {
  constructor(readonly inner: Clock) {}

  now(): Date {
    const at = this.inner.now();
    horizons.getStore()?.note(at, at.getTime() + UNDECLARED_TIME_READ_MS);
    return at;
  }
}

/** The clock, noting reads on answers' horizons; the same clock if it already does. */
export function horizonNoting(clock: Clock): Clock {
  return clock instanceof HorizonNotingClock ? clock : new HorizonNotingClock(clock);
}

/**
 * "Now", for a computation whose result holds until `changesAt(now)` (undefined: it never changes
 * with time from here on). The answer being built is kept no longer than that, so it changes at
 * that moment and not one undeclared lifetime later.
 */
export function nowUntil(clock: Clock, changesAt: (now: Date) => Date | number | undefined): Date {
  const at = (clock instanceof HorizonNotingClock ? clock.inner : clock).now();
  const until = changesAt(at);
  if (until !== undefined) horizons.getStore()?.note(at, typeof until === 'number' ? until : until.getTime());
  return at;
}
