/**
 * What a game's status means for the league's rules. Each rule that looks at games names the
 * statuses it counts here, once, so "which games count" cannot drift apart between the GraphQL
 * schema, the facades and the demo generator.
 */

/** The statuses of prisma/schema.prisma `GameStatus` (the domain stays free of Prisma types). */
export const GAME_STATUSES = ['SCHEDULED', 'LIVE', 'FINISHED', 'CANCELLED', 'FORFEIT', 'ABORTED'] as const;
export type GameStatus = (typeof GAME_STATUSES)[number];

/**
 * Games whose events and lineups count (player statistics, top scorers, "did not play"): finished
 * ones and the one being played, whose goals count as they fall. A forfeit is not played: whatever
 * events it has do not count.
 */
export const PLAYED_STATUSES = ['FINISHED', 'LIVE'] as const satisfies readonly GameStatus[];

/**
 * Games whose result counts (standings, head-to-head, the game a suspension follows): played to the
 * end or awarded by forfeit. A live game's score is not a result yet.
 */
export const DECIDED_STATUSES = ['FINISHED', 'FORFEIT'] as const satisfies readonly GameStatus[];

/**
 * Games whose spectators count for a team's visitors average: only games played to the end — a
 * forfeit draws no crowd worth counting and a live game's count is not final.
 */
export const VISITORS_COUNTED_STATUSES = ['FINISHED'] as const satisfies readonly GameStatus[];

/**
 * Games whose decision (regular time, overtime, penalty shots) is shown: only games played to the
 * end. Every other game keeps a stored decision that decided nothing (the column's default for a
 * game not played, what a forfeit or an abort left in place), and showing it would say "decided in
 * regular time" of a game never decided by play.
 */
export const DECISION_SHOWN_STATUSES = ['FINISHED'] as const satisfies readonly GameStatus[];

/** Games still to come or under way: a knock-out round with one of them is not decided yet. */
export const PENDING_STATUSES = ['SCHEDULED', 'LIVE'] as const satisfies readonly GameStatus[];

/**
 * Games that may be a favorite's next game: every game on the calendar, including one already
 * under way, finished, awarded by forfeit or aborted; only a cancelled game will not take place.
 */
export const NEXT_GAME_STATUSES = ['SCHEDULED', 'LIVE', 'FINISHED', 'FORFEIT', 'ABORTED'] as const satisfies readonly GameStatus[];

/**
 * Games a team's "last game" is chosen from (the lineup interface's `teams/:id/last_game`, as the
 * federation documents it: status *Durchgeführt* or *Abgebrochen*): played to the end or stopped
 * during play. A forfeit was never started; a live game has not ended.
 */
export const LAST_STARTED_STATUSES = ['FINISHED', 'ABORTED'] as const satisfies readonly GameStatus[];

function includes(statuses: readonly GameStatus[], status: string): boolean {
  return (statuses as readonly string[]).includes(status);
}

/** Statuses arrive as plain strings from the database and from GraphQL data, hence `string`. */
export const isPlayed = (status: string): boolean => includes(PLAYED_STATUSES, status);
export const isDecided = (status: string): boolean => includes(DECIDED_STATUSES, status);
export const countsForVisitors = (status: string): boolean => includes(VISITORS_COUNTED_STATUSES, status);
export const isPending = (status: string): boolean => includes(PENDING_STATUSES, status);
/** The decision a game shows (GraphQL `Game.decidedBy`, the back office's `decided_by`): its stored one, or none (DECISION_SHOWN_STATUSES). */
export const shownDecision = <D extends string>(status: string, decidedBy: D): D | null => (includes(DECISION_SHOWN_STATUSES, status) ? decidedBy : null);
/**
 * Whether a write that leaves a game in `after`, from `before`, may change a result that counts
 * (standings): only a game decided on either side of it has one. A goal in a live game does not.
 */
export const changesResult = (before: string, after: string): boolean => isDecided(before) || isDecided(after);
/** A cancelled game will not take place (as scheduled): every view says so instead of its date. */
export const isCancelled = (status: string): boolean => status === 'CANCELLED';
