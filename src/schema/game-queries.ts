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
