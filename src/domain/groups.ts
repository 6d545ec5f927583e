/** League groups by phase: the regular season (qualification), then the final rounds. */

/** The phases of prisma/schema.prisma `GroupPhase`. */
export type Phase = 'QUALIFICATION' | 'PLAYOFF' | 'SUPERFINAL' | 'PLAYOUT';

/**
 * The order a team's season reads in: qualification first, then playoff, the superfinal (the
 * federation's one deciding game of the two playoff finalists), then playout.
 */
export const PHASE_ORDER: readonly Phase[] = ['QUALIFICATION', 'PLAYOFF', 'SUPERFINAL', 'PLAYOUT'];

/** The phases played as knock-out games after the qualification (the "finals"). */
export const KNOCKOUT_PHASES = ['PLAYOFF', 'SUPERFINAL', 'PLAYOUT'] as const satisfies readonly Phase[];

export function isKnockoutPhase(phase: string): boolean {
  return (KNOCKOUT_PHASES as readonly string[]).includes(phase);
}

/** A phase's place in PHASE_ORDER; a phase this code does not know goes last rather than first. */
function phaseRank(phase: string): number {
  const rank = PHASE_ORDER.indexOf(phase as Phase);
  return rank === -1 ? PHASE_ORDER.length : rank;
}

/** Comparator by phase only, for a stable sort that keeps the given order within a phase. */
export function comparePhases(a: { phase: string }, b: { phase: string }): number {
  return phaseRank(a.phase) - phaseRank(b.phase);
}

/**
 * A team's main group in a season, the one that names its league: the first group in phase order,
 * keeping the given order within a phase. Callers pass the groups of one season.
 */
export function mainGroupOf<T extends { phase: string }>(groups: readonly T[]): T | undefined {
  let main: T | undefined;
  for (const group of groups) {
    if (main === undefined || comparePhases(group, main) < 0) main = group;
  }
  return main;
}
