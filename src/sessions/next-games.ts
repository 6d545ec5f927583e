import type { PrismaClient } from '../db/database.js';
import { NEXT_GAME_STATUSES } from '../domain/game-status.js';
import { seasonIdAt } from '../domain/season.js';

export interface FavoriteRecord {
  id: number;
  type: string;
  gameClass: number | null;
  league: number | null;
  group: string | null;
  clubId: number | null;
  teamId: number | null;
  playerId: number | null;
}

/** How far ahead a favorite's next game is looked for. */
const HORIZON_MS = 366 * 24 * 60 * 60 * 1000;

interface UpcomingGame {
  id: number;
  startsAt: Date;
  /** Null while the pairing is undecided (src/domain/pairing.ts). */
  homeTeamId: number | null;
  awayTeamId: number | null;
  groupId: number | null;
  homeTeam: { clubId: number } | null;
  awayTeam: { clubId: number } | null;
}

/**
 * The next game (from `from` on) of each favorite, in a fixed number of queries whatever the number
 * of favorites: one for players' teams, one for league groups, one for the candidate games.
 */
export async function nextGameIds(prisma: PrismaClient, favorites: readonly FavoriteRecord[], from: Date): Promise<Map<number, number | null>> {
  const playerIds = favorites.flatMap((f) => (f.playerId === null ? [] : [f.playerId]));
  const leagueFavorites = favorites.filter((f) => f.type === 'league');
  const [memberships, groups] = await Promise.all([
    playerIds.length
      ? prisma.teamMember.findMany({ where: { playerId: { in: playerIds }, seasonId: seasonIdAt(from) }, select: { playerId: true, teamId: true } })
      : [],
    leagueFavorites.length
      ? prisma.leagueGroup.findMany({
          where: { OR: leagueFavorites.map((f) => ({ leagueId: f.league ?? -1, gameClassId: f.gameClass ?? -1, name: f.group ?? undefined })) },
          select: { id: true, leagueId: true, gameClassId: true, name: true },
        })
      : [],
  ]);
  const teamsOf = (f: FavoriteRecord): number[] =>
    f.teamId !== null ? [f.teamId] : f.playerId !== null ? memberships.filter((m) => m.playerId === f.playerId).map((m) => m.teamId) : [];
  const groupsOf = (f: FavoriteRecord): number[] =>
    groups.filter((g) => g.leagueId === f.league && g.gameClassId === f.gameClass && (f.group === null || g.name === f.group)).map((g) => g.id);

  const teamIds = [...new Set(favorites.flatMap(teamsOf))];
  const clubIds = [...new Set(favorites.flatMap((f) => (f.clubId === null ? [] : [f.clubId])))];
  const groupIds = [...new Set(favorites.flatMap(groupsOf))];
  const or = [
    ...(teamIds.length ? [{ homeTeamId: { in: teamIds } }, { awayTeamId: { in: teamIds } }] : []),
    ...(clubIds.length ? [{ homeTeam: { clubId: { in: clubIds } } }, { awayTeam: { clubId: { in: clubIds } } }] : []),
    ...(groupIds.length ? [{ groupId: { in: groupIds } }] : []),
  ];
  const games: UpcomingGame[] = or.length
    ? await prisma.game.findMany({
        where: { OR: or, startsAt: { gte: from, lt: new Date(from.getTime() + HORIZON_MS) }, status: { in: [...NEXT_GAME_STATUSES] } },
        orderBy: [{ startsAt: 'asc' }, { id: 'asc' }],
        select: {
          id: true,
          startsAt: true,
          homeTeamId: true,
          awayTeamId: true,
          groupId: true,
          homeTeam: { select: { clubId: true } },
          awayTeam: { select: { clubId: true } },
        },
      })
    : [];

  const result = new Map<number, number | null>();
  for (const favorite of favorites) {
    const teams = new Set(teamsOf(favorite));
    const favoriteGroups = new Set(groupsOf(favorite));
    const next = games.find((g) => {
      if (favorite.type === 'club') return g.homeTeam?.clubId === favorite.clubId || g.awayTeam?.clubId === favorite.clubId;
      if (favorite.type === 'league') return g.groupId !== null && favoriteGroups.has(g.groupId);
      return (g.homeTeamId !== null && teams.has(g.homeTeamId)) || (g.awayTeamId !== null && teams.has(g.awayTeamId));
    });
    result.set(favorite.id, next?.id ?? null);
  }
  return result;
}
