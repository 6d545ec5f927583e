import type { PrismaClient } from '../db/database.js';
import { NotFoundError } from '../domain/errors.js';
import { DECIDED_STATUSES } from '../domain/game-status.js';
import { assertTeamPlays, candidateRecords, SUSPENDING_PENALTIES, suspendedPlayerIds, teamLevel, type CandidateRecord } from '../domain/lineup-candidates.js';
import { seasonOfGame } from '../domain/season.js';

/**
 * Loads what the lineup rules need for one team in one game, in a fixed number of queries; the rules
 * themselves are src/domain/lineup-candidates.ts and src/domain/lineup.ts. It lives beside the
 * schema, not in the domain, because it talks to the database.
 */
export async function loadCandidateFacts(
  prisma: PrismaClient,
  gameId: number,
  teamId: number,
  /** Called with the team's club once game and team are known, before anything of the club is read: it throws to refuse. */
  authorize: (clubId: number) => void,
): Promise<CandidateRecord[]> {
  const game = await prisma.game.findUnique({
    where: { id: gameId },
    select: {
      id: true,
      startsAt: true,
      homeTeamId: true,
      awayTeamId: true,
      group: { select: { seasonId: true, league: { select: { level: true } } } },
      cupRound: { select: { tournament: { select: { seasonId: true } } } },
    },
  });
  if (!game) throw new NotFoundError(`No game ${gameId}`);
  assertTeamPlays(game, teamId);
  const seasonId = seasonOfGame(game);
  const team = await prisma.team.findUniqueOrThrow({ where: { id: teamId }, select: { clubId: true, gameClassId: true } });
  authorize(team.clubId);
  if (seasonId === null) return [];

  const [licenses, clubTeams, previousGame] = await Promise.all([
    prisma.license.findMany({
      where: { clubId: team.clubId, seasonId, gameClassId: team.gameClassId },
      select: {
        id: true,
        licenseType: true,
        licensing: true,
        locked: true,
        player: {
          select: {
            id: true,
            firstName: true,
            lastName: true,
            position: true,
            memberships: { where: { seasonId, team: { clubId: team.clubId } }, select: { teamId: true, number: true, position: true, captain: true } },
          },
        },
      },
      orderBy: [{ player: { lastName: 'asc' } }, { player: { firstName: 'asc' } }, { id: 'asc' }],
    }),
    prisma.team.findMany({
      where: { clubId: team.clubId, gameClassId: team.gameClassId },
      select: { id: true, registrations: { where: { group: { seasonId } }, select: { group: { select: { league: { select: { level: true } } } } } } },
    }),
    prisma.game.findFirst({
      where: { OR: [{ homeTeamId: teamId }, { awayTeamId: teamId }], startsAt: { lt: game.startsAt }, status: { in: [...DECIDED_STATUSES] } },
      orderBy: [{ startsAt: 'desc' }, { id: 'desc' }],
      // Only the events that can suspend, so the rule reads a handful of rows, not the whole game.
      select: {
        events: {
          where: { type: 'PENALTY', penaltyKind: { in: [...SUSPENDING_PENALTIES] }, teamId },
          select: { type: true, penaltyKind: true, penaltyRole: true, teamId: true, playerId: true },
        },
      },
    }),
  ]);

  return candidateRecords(licenses, {
    teamId,
    levelOfTeam: new Map(clubTeams.map((t) => [t.id, teamLevel(t.registrations.map((r) => r.group.league.level))])),
    gameLeagueLevel: game.group?.league.level ?? null,
    suspended: suspendedPlayerIds(previousGame?.events ?? [], teamId),
  });
}
