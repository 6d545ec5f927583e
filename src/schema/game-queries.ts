// Prisma helpers of the queries of games: plain Prisma, no Pothos type (those are in game-order.ts),
// since the DataLoaders import this module and the builder imports their context.
import type { Prisma } from '../generated/prisma/client.js';

/**
 * Games of a season (or of several), as a Prisma filter: the query form of `seasonOfGame`
 * (src/domain/season.ts) — league games by their group's season, cup games by their tournament's.
 */
export function gamesInSeasons(season: number | readonly number[]): Prisma.GameWhereInput {
  const seasonId = typeof season === 'number' ? season : { in: [...season] };
  return { OR: [{ group: { seasonId } }, { cupRound: { tournament: { seasonId } } }] };
}

/** Prisma's select of what `seasonOfGame` reads. */
export const GAME_SEASON_SELECT = {
  group: { select: { seasonId: true } },
  cupRound: { select: { tournament: { select: { seasonId: true } } } },
} as const satisfies Prisma.GameSelect;

/** Games by start, then id (so the order is total and a cursor, the id, finds its place), in the direction asked. */
export function gamesOrderBy(direction: 'ASC' | 'DESC' | null | undefined): Prisma.GameOrderByWithRelationInput[] {
  const sort = direction === 'DESC' ? 'desc' : 'asc';
  return [{ startsAt: sort }, { id: sort }];
}
