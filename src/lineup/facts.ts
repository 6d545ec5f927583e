import { GraphQLError } from 'graphql';
import type { PrismaClient } from '../db/database.js';
import type { CandidateFacts } from '../domain/lineup.js';

export interface CandidateRecord extends CandidateFacts {
  firstName: string;
  lastName: string;
  licenseType: string;
  number: number | null;
  position: 'GOALKEEPER' | 'DEFENDER' | 'CENTER' | 'FORWARD' | null;
  captain: boolean;
}

function notFound(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { code: 'NOT_FOUND' } });
}

/** Everything the lineup rules need for one team in one game, in a fixed number of queries. */
export async function loadCandidateFacts(prisma: PrismaClient, gameId: number, teamId: number): Promise<CandidateRecord[]> {
  const game = await prisma.game.findUnique({
    where: { id: gameId },
    select: {
      startsAt: true,
      homeTeamId: true,
      awayTeamId: true,
      group: { select: { seasonId: true, league: { select: { level: true } } } },
      cupRound: { select: { tournament: { select: { seasonId: true } } } },
    },
  });
  if (!game) throw notFound(`no game ${gameId}`);
  if (game.homeTeamId !== teamId && game.awayTeamId !== teamId) throw notFound(`team ${teamId} does not play in game ${gameId}`);
  const seasonId = game.group?.seasonId ?? game.cupRound?.tournament.seasonId;
  const team = await prisma.team.findUniqueOrThrow({ where: { id: teamId }, select: { clubId: true, gameClassId: true } });
  if (seasonId === undefined) return [];

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
      where: { OR: [{ homeTeamId: teamId }, { awayTeamId: teamId }], startsAt: { lt: game.startsAt }, status: { in: ['FINISHED', 'FORFEIT'] } },
      orderBy: [{ startsAt: 'desc' }, { id: 'desc' }],
      select: { events: { where: { type: 'PENALTY', penaltyKind: 'MATCH', teamId }, select: { playerId: true } } },
    }),
  ]);

  const levelOf = new Map(clubTeams.map((t) => [t.id, Math.min(...t.registrations.map((r) => r.group.league.level), Number.POSITIVE_INFINITY)]));
  const ownLevel = levelOf.get(teamId) ?? game.group?.league.level ?? Number.POSITIVE_INFINITY;
  const suspended = new Set(previousGame?.events.map((e) => e.playerId) ?? []);

  return licenses.map((license) => {
    const own = license.player.memberships.find((m) => m.teamId === teamId);
    const lower = license.player.memberships.some((m) => m.teamId !== teamId && (levelOf.get(m.teamId) ?? Number.NEGATIVE_INFINITY) > ownLevel);
    const membership = own ?? license.player.memberships[0];
    const position = membership?.position ?? license.player.position;
    return {
      licenseId: license.id,
      playerId: license.player.id,
      locked: license.locked,
      multiLicense: license.licensing === 'MULTI',
      memberOfTeam: own !== undefined,
      memberOfLowerTeam: lower,
      suspended: suspended.has(license.player.id),
      isGoalkeeper: position === 'GOALKEEPER',
      firstName: license.player.firstName,
      lastName: license.player.lastName,
      licenseType: license.licenseType,
      number: membership?.number ?? null,
      position,
      captain: own?.captain ?? false,
    };
  });
}
