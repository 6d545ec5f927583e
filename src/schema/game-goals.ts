import type { Prisma } from '../generated/prisma/client.js';
import type { ScoringEvent } from '../domain/top-scorers.js';
import { isPlayed, PLAYED_STATUSES } from '../domain/game-status.js';
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
  /**
   * The ids and versions of a list whose members no live write changes, kept under `key` and brought
   * up to date from the change feed; read by `read` when not kept.
   */
  listing<Extra>(
    key: string,
    read: () => Promise<{ listed: readonly VersionedRecord[]; extra: Extra }>,
  ): Promise<{ listed: readonly VersionedRecord[]; extra: Extra }>;
  /** The rows of `listed` in its order: those held at least as new as listed, the rest read by `read` (and kept). */
  assemble(listed: readonly VersionedRecord[], read: (ids: number[]) => Promise<readonly Row[]>): Promise<Row[]>;
}

/** A game's goals at its version: scorer, assist and team of each goal, NONE where there is none; whether they count (the game is played). */
export interface GameGoals extends VersionedRecord {
  played: boolean;
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

function packed(
  id: number,
  version: number,
  played: boolean,
  goals: readonly { playerId: number | null; assistId: number | null; teamId: number | null }[],
): GameGoals {
  const values = new Int32Array(goals.length * FIELDS_PER_GOAL);
  goals.forEach((goal, index) => {
    values[index * FIELDS_PER_GOAL] = goal.playerId ?? NONE;
    values[index * FIELDS_PER_GOAL + 1] = goal.assistId ?? NONE;
    values[index * FIELDS_PER_GOAL + 2] = goal.teamId ?? NONE;
  });
  return { id, version, played, goals: values };
}

const orNull = (value: number) => (value === NONE ? null : value);

/**
 * The goals of the played games of `games` (a league's season, or a phase of it), for the top
 * scorers; only those of teams in `teamIds` when given.
 *
 * With rows kept, no live write changes which games `games` holds (no write moves a game to another
 * group; only an import does, and it drops everything kept): so the games' ids and versions are kept
 * too, brought up to date from the change feed, and each game's goals with its version and whether
 * it is played (a start, an abort or an undo raises the version). A table after a goal reads one
 * statement: the goals and status of the game written.
 */
export async function goalsOfPlayedGames(ctx: GraphQLContext, games: Prisma.GameWhereInput, teamIds: ReadonlySet<number> | undefined): Promise<ScoringEvent[]> {
  const kept = ctx.keptGoals;
  if (!kept?.enabled) {
    const teamFilter = teamIds ? { teamId: { in: [...teamIds] } } : {};
    const events = await ctx.prisma.gameEvent.findMany({
      where: { type: 'GOAL', ...teamFilter, game: { ...games, status: { in: [...PLAYED_STATUSES] } } },
      select: GOAL_FIELDS,
    });
    return events.map((event) => ({ type: 'GOAL', ...event }));
  }
  // The key names the games: the same filter, the same games.
  const { listed } = await kept.listing(`games ${JSON.stringify(games)}`, async () => ({
    listed: await ctx.prisma.game.findMany({ where: games, select: { id: true, version: true } }),
    extra: null,
  }));
  const rows = await kept.assemble(listed, async (ids) => {
    // One statement: each game's version and status with its goals, so a row is exactly the version it says.
    const read = await ctx.prisma.game.findMany({
      where: { id: { in: ids } },
      select: { id: true, version: true, status: true, events: { where: { type: 'GOAL' }, select: GOAL_FIELDS } },
    });
    return read.map((game) => packed(game.id, game.version, isPlayed(game.status), game.events));
  });
  const events: ScoringEvent[] = [];
  for (const { played, goals } of rows) {
    if (!played) continue;
    for (let index = 0; index < goals.length; index += FIELDS_PER_GOAL) {
      const teamId = orNull(goals[index + 2]);
      if (teamIds && (teamId === null || !teamIds.has(teamId))) continue;
      events.push({ type: 'GOAL', playerId: orNull(goals[index]), assistId: orNull(goals[index + 1]), teamId });
    }
  }
  return events;
}
