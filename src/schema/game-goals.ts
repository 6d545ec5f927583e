import type { Prisma } from '../generated/prisma/client.js';
import type { ScoringEvent } from '../domain/top-scorers.js';
import type { GraphQLContext } from './context.js';

/** A record as a kept list lists it: its id and the version it is at (Game.version, raised by every live write). */
export interface VersionedRecord {
  id: number;
  version: number;
}

/**
 * Rows of records kept across requests by version, told of writes by the change feed: the app's
 * VersionedRows (src/cache/versioned-rows.ts), which the schema sees only through this.
 */
export interface KeptRows<Row extends VersionedRecord> {
  /** Whether rows are kept at all (not with the response cache off). */
  readonly enabled: boolean;
  /** The rows of `listed` in its order: those held at least as new as listed, the rest read by `read` (and kept). */
  assemble(listed: readonly VersionedRecord[], read: (ids: number[]) => Promise<readonly Row[]>): Promise<Row[]>;
}

/** A played game's goals at its version: scorer, assist and team of each goal, NONE where there is none. */
export interface GameGoals extends VersionedRecord {
  goals: Int32Array;
}

const NONE = -1;
const FIELDS_PER_GOAL = 3;

/** What the goals of played games may hold at most. */
export const GAME_GOAL_ROWS = {
  maxRows: 50_000,
  maxBytes: 32 * 1024 * 1024,
  /** The goals' bytes (12 a goal, outside the heap) and the row with its typed array and key (measured: 290–325 bytes of heap a row). */
  weigh: (row: GameGoals) => row.goals.byteLength + 330,
};

const GOAL_FIELDS = { playerId: true, assistId: true, teamId: true } as const;

function packed(id: number, version: number, goals: readonly { playerId: number | null; assistId: number | null; teamId: number | null }[]): GameGoals {
  const values = new Int32Array(goals.length * FIELDS_PER_GOAL);
  goals.forEach((goal, index) => {
    values[index * FIELDS_PER_GOAL] = goal.playerId ?? NONE;
    values[index * FIELDS_PER_GOAL + 1] = goal.assistId ?? NONE;
    values[index * FIELDS_PER_GOAL + 2] = goal.teamId ?? NONE;
  });
  return { id, version, goals: values };
}

const orNull = (value: number) => (value === NONE ? null : value);

/**
 * The goals of the games `where` selects (played games of a league's season), for the top scorers;
 * only those of teams in `teamIds` when given. With rows kept, the games' versions are listed and
 * only the goals of games whose version moved since they were kept are read: a league's table
 * after a goal reads one game's goals instead of the season's.
 */
export async function goalsOfGames(ctx: GraphQLContext, where: Prisma.GameWhereInput, teamIds: ReadonlySet<number> | undefined): Promise<ScoringEvent[]> {
  const kept = ctx.keptGoals;
  if (!kept?.enabled) {
    const teamFilter = teamIds ? { teamId: { in: [...teamIds] } } : {};
    const events = await ctx.prisma.gameEvent.findMany({ where: { type: 'GOAL', ...teamFilter, game: where }, select: GOAL_FIELDS });
    return events.map((event) => ({ type: 'GOAL', ...event }));
  }
  const listed = await ctx.prisma.game.findMany({ where, select: { id: true, version: true } });
  const rows = await kept.assemble(listed, async (ids) => {
    const goals = await ctx.prisma.gameEvent.findMany({ where: { gameId: { in: ids }, type: 'GOAL' }, select: { gameId: true, ...GOAL_FIELDS } });
    const byGame = new Map<number, typeof goals>();
    for (const goal of goals) {
      const ofGame = byGame.get(goal.gameId);
      if (ofGame) ofGame.push(goal);
      else byGame.set(goal.gameId, [goal]);
    }
    // Each row says the version listed: the goals, read after the listing from the same server (one
    // answers a whole operation), are at least that new; a newer write raised the version, and its
    // row is read again next time.
    const versionOf = new Map(listed.map((game) => [game.id, game.version]));
    return ids.map((id) => packed(id, versionOf.get(id) ?? 0, byGame.get(id) ?? []));
  });
  const events: ScoringEvent[] = [];
  for (const { goals } of rows) {
    for (let index = 0; index < goals.length; index += FIELDS_PER_GOAL) {
      const teamId = orNull(goals[index + 2]);
      if (teamIds && (teamId === null || !teamIds.has(teamId))) continue;
      events.push({ type: 'GOAL', playerId: orNull(goals[index]), assistId: orNull(goals[index + 1]), teamId });
    }
  }
  return events;
}
