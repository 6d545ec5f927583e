import type { Prisma } from '../generated/prisma/client.js';
import { builder } from './builder.js';
import { SortDirectionEnum } from './national-statistics.js';

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

export const GameOrderEnum = builder.enumType('GameOrder', {
  description: 'What a list of games is ordered by; games starting at the same instant are ordered by id.',
  values: { START: { description: 'The start time: earliest first unless the direction is DESC.' } },
});

/** Games by start, then id (so the order is total and a cursor, the id, finds its place), in the direction asked. */
export function gamesOrderBy(direction: 'ASC' | 'DESC' | null | undefined): Prisma.GameOrderByWithRelationInput[] {
  const sort = direction === 'DESC' ? 'desc' : 'asc';
  return [{ startsAt: sort }, { id: sort }];
}

/** The ordering arguments of every list of games (`Query.games`, a group's, a team's home and away games). */
export const GAME_ORDER_ARGS = builder.args((t) => ({
  orderBy: t.field({ type: GameOrderEnum, defaultValue: 'START' }),
  direction: t.field({ type: SortDirectionEnum, description: 'ASC (earliest first) unless given.' }),
}));
