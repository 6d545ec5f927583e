import type { Prisma } from '../generated/prisma/client.js';
import { rankScorers, type ScorerRow, ScorerTotals, type ScoringEvent } from '../domain/top-scorers.js';
import { isPlayed, PLAYED_STATUSES } from '../domain/game-status.js';
import type { PrismaClient } from '../db/database.js';

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

/** What the games' goals and the tables' listings with their totals may hold at most. */
export const GAME_GOAL_ROWS = {
  maxRows: 50_000,
  maxBytes: 32 * 1024 * 1024,
  /**
   * A table's listed game (120 bytes) and its part of the table's totals: the game's entry among
   * those counted and about one scorer's tally per game (2,045–42,668 goals in 266–5,616 games, about
   * as many scorers as games, in the bench's tables).
   */
  listedRecordBytes: 400,
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

/** A table's totals as last counted, and the rows of the games counted in them (each at the version counted). */
interface CountedTable {
  totals: ScorerTotals;
  counted: Map<number, GameGoals>;
}

/** The goals a row holds, as scoring events. */
function* goalsIn(row: GameGoals): Generator<ScoringEvent> {
  const { goals } = row;
  for (let index = 0; index < goals.length; index += FIELDS_PER_GOAL) {
    yield { type: 'GOAL', playerId: orNull(goals[index]), assistId: orNull(goals[index + 1]), teamId: orNull(goals[index + 2]) };
  }
}

/**
 * Brings a table's totals to the rows assembled: a game counted at an older version is counted out
 * and in again at the new one. A row older than the one counted (a request that began before
 * another counted a newer one) leaves the newer: versions only rise, so the totals are at least as
 * new as the request's listing.
 */
function countIn(table: CountedTable, rows: readonly GameGoals[]): void {
  for (const row of rows) {
    const counted = table.counted.get(row.id);
    if (counted && counted.version >= row.version) continue;
    if (counted?.played) for (const goal of goalsIn(counted)) table.totals.count(goal, -1);
    if (row.played) for (const goal of goalsIn(row)) table.totals.count(goal);
    table.counted.set(row.id, row);
  }
}

/**
 * The top scorers over the played games of `games` (a league's season, or a phase of it), counting
 * only the goals of the club's teams when `clubId` is given (read whole each time: asked for rarely).
 *
 * With rows kept, no live write changes which games `games` holds (no write moves a game to another
 * group; only an import does, and it drops everything kept): so the games' ids and versions are kept,
 * brought up to date from the change feed, with the table's totals beside them; each game's goals
 * are kept with its version and whether it is played (a start, an abort or an undo raises the
 * version). A table after a goal reads one statement, the goals and status of the game written, and
 * counts that game out and in again.
 */
export async function rankedScorersOf(
  ctx: { prisma: PrismaClient; keptGoals: KeptRows<GameGoals> | null },
  games: Prisma.GameWhereInput,
  clubId: number | null | undefined,
  /** Only the ranking's first that many rows are needed (the rest may be left out). */
  head?: number,
): Promise<ScorerRow[]> {
  const kept = ctx.keptGoals;
  if (!kept?.enabled || clubId != null) {
    const events = await ctx.prisma.gameEvent.findMany({
      where: { type: 'GOAL', team: clubId == null ? undefined : { clubId }, game: { ...games, status: { in: [...PLAYED_STATUSES] } } },
      select: GOAL_FIELDS,
    });
    return rankScorers(events.map((event) => ({ type: 'GOAL', ...event })));
  }
  // The key names the games: the same filter, the same games.
  const { listed, extra: table } = await kept.listing<CountedTable>(`games ${JSON.stringify(games)}`, async () => ({
    listed: await ctx.prisma.game.findMany({ where: games, select: { id: true, version: true } }),
    extra: { totals: new ScorerTotals(), counted: new Map() },
  }));
  const readGoals = async (ids: number[]) => {
    // One statement: each game's version and status with its goals, so a row is exactly the version it says.
    const read = await ctx.prisma.game.findMany({
      where: { id: { in: ids } },
      select: { id: true, version: true, status: true, events: { where: { type: 'GOAL' }, select: GOAL_FIELDS } },
    });
    return read.map((game) => packed(game.id, game.version, isPlayed(game.status), game.events));
  };
  // Only the games whose version moved since the table counted them: one after a goal.
  const moved = listed.filter((game) => (table.counted.get(game.id)?.version ?? Number.NEGATIVE_INFINITY) < game.version);
  if (moved.length > 0) countIn(table, await kept.assemble(moved, readGoals));
  return table.totals.ranked(head);
}
