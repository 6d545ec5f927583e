/**
 * How the games of a league group are played: the federation's game phases (`third1` … `thirdN`,
 * `prolongation`, `penalty_shootout`). Most leagues play three periods of 20 minutes and decide a
 * tie with 10 minutes of sudden-death overtime and penalty shots; junior and small-field leagues
 * play shorter or fewer periods, some without overtime, and some let a tie stand as a draw.
 */
export interface GameFormat {
  /** Regular periods ("thirds"). */
  readonly periods: number;
  readonly periodSeconds: number;
  /** Sudden-death overtime for a tie after the regular periods; 0 = none. */
  readonly overtimeSeconds: number;
  /** Penalty shots decide a tie that is left after overtime (or after the regular periods, without one). */
  readonly penaltyShootout: boolean;
  /** A tie after the regular periods stands as the result (a draw); overtime and penalty shots are then not played. */
  readonly drawAllowed: boolean;
  /** The score a forfeit is recorded with: this many goals to none for the team that did not forfeit. */
  readonly forfeitGoals: number;
}

/** A game without a league group (a cup game) or a group without a format of its own. */
export const STANDARD_FORMAT: GameFormat = {
  periods: 3,
  periodSeconds: 20 * 60,
  overtimeSeconds: 10 * 60,
  penaltyShootout: true,
  drawAllowed: false,
  forfeitGoals: 5,
};

/** A league group's format as it is stored (minutes) and imported. */
export interface StoredGameFormat {
  periods: number;
  periodMinutes: number;
  overtimeMinutes: number;
  penaltyShootout: boolean;
  drawAllowed: boolean;
  forfeitGoals: number;
}

/** The standard format as it is stored: the columns' defaults. */
export const STANDARD_STORED_FORMAT: StoredGameFormat = {
  periods: STANDARD_FORMAT.periods,
  periodMinutes: STANDARD_FORMAT.periodSeconds / 60,
  overtimeMinutes: STANDARD_FORMAT.overtimeSeconds / 60,
  penaltyShootout: STANDARD_FORMAT.penaltyShootout,
  drawAllowed: STANDARD_FORMAT.drawAllowed,
  forfeitGoals: STANDARD_FORMAT.forfeitGoals,
};

/** The bounds the import and the database hold a stored format to. */
export const FORMAT_BOUNDS = {
  periods: { min: 1, max: 5 },
  periodMinutes: { min: 1, max: 60 },
  overtimeMinutes: { min: 0, max: 30 },
  forfeitGoals: { min: 0, max: 99 },
} as const;

export function gameFormat(stored: StoredGameFormat | null | undefined): GameFormat {
  if (!stored) return STANDARD_FORMAT;
  return {
    periods: stored.periods,
    periodSeconds: stored.periodMinutes * 60,
    overtimeSeconds: stored.overtimeMinutes * 60,
    penaltyShootout: stored.penaltyShootout,
    drawAllowed: stored.drawAllowed,
    forfeitGoals: stored.forfeitGoals,
  };
}

/** A phase of play, named as the federation's back office names it. */
export type GamePhaseName = `third${number}` | 'prolongation' | 'penalty_shootout';

/** The phases a game of this format may go through, in order (overtime and penalty shots only for a tie). */
export function phasesOf(format: GameFormat): GamePhaseName[] {
  const phases: GamePhaseName[] = Array.from({ length: format.periods }, (_unused, index) => `third${index + 1}` as const);
  if (format.drawAllowed) return phases;
  if (format.overtimeSeconds > 0) phases.push('prolongation');
  if (format.penaltyShootout) phases.push('penalty_shootout');
  return phases;
}

/** Seconds of the regular periods. */
export function regulationSeconds(format: GameFormat): number {
  return format.periods * format.periodSeconds;
}

/** The overtime's period number, or null for a format that plays none. */
export function overtimePeriod(format: GameFormat): number | null {
  return format.overtimeSeconds > 0 && !format.drawAllowed ? format.periods + 1 : null;
}

/** The last period that is played on the clock: the overtime, or the last regular period. */
export function lastPeriod(format: GameFormat): number {
  return overtimePeriod(format) ?? format.periods;
}

/** The phase a period is: `third1` … `thirdN`, or `prolongation` for the overtime. */
export function phaseOfPeriod(format: GameFormat, period: number): GamePhaseName {
  return period > format.periods ? 'prolongation' : `third${period}`;
}

/** The period a clock second falls in; a period's last second already counts for the next (as 20:00 does). */
export function periodAt(format: GameFormat, second: number): number {
  return Math.min(lastPeriod(format), Math.floor(second / format.periodSeconds) + 1);
}

/** First and last second of a period, both inclusive (an event at its last second may close it). */
export function boundsOfPeriod(format: GameFormat, period: number): { start: number; end: number } {
  const start = (period - 1) * format.periodSeconds;
  return { start, end: start + (period === overtimePeriod(format) ? format.overtimeSeconds : format.periodSeconds) };
}

/** What is wrong with a stored format, in words an import report can show; empty when nothing is. */
export function formatProblems(stored: StoredGameFormat): string[] {
  const problems: string[] = [];
  for (const [field, { min, max }] of Object.entries(FORMAT_BOUNDS) as [keyof typeof FORMAT_BOUNDS, { min: number; max: number }][]) {
    const value = stored[field];
    if (!Number.isInteger(value) || value < min || value > max) problems.push(`${field} must be a whole number from ${min} to ${max}`);
  }
  if (!stored.drawAllowed && stored.overtimeMinutes === 0 && !stored.penaltyShootout) {
    problems.push('a format without draws must decide a tie: give it overtime or penalty shots');
  }
  return problems;
}
