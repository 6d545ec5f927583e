/**
 * The records of the demo league that example requests name (the OpenAPI examples, the wire
 * snapshot's probes, the OpenAPI and doc-links tests), chosen by stable rules, so that the same
 * league (seed, scale, "now": demo-fixture.ts) always gives the same ids. A route's examples name
 * them symbolically (`(ids) => \`/api/games/${ids.finished}\``, ExampleIds in
 * src/facades/shared/route-doc.ts); this is the one place the rules live, beside the tooling that
 * resolves them, so that no route imports the demo generator to declare its examples.
 */
import type { PrismaClient } from '../../src/generated/prisma/client.js';
import type { ExampleIds } from '../../src/facades/shared/route-doc.js';

/**
 * Resolves the ids on a database holding the demo league. `candidateLicenses` asks the lineup
 * interface for a team's candidates in a game, as a client does (their order is the interface's);
 * without it (the wire snapshot, which checks no lineup of them) `licenses` is empty.
 */
export async function exampleIds(
  prisma: PrismaClient,
  candidateLicenses?: (gameId: number, teamId: number) => Promise<readonly number[]>,
): Promise<ExampleIds> {
  const season = await prisma.season.findFirstOrThrow({ where: { isCurrent: true } });
  const previous = await prisma.season.findFirst({ where: { id: { lt: season.id } }, orderBy: { id: 'desc' } });
  const matchPenalty = await prisma.gameEvent.findFirst({ where: { penaltyKind: 'MATCH' }, orderBy: { id: 'asc' } });
  const finished = await prisma.game.findFirstOrThrow({ where: { status: 'FINISHED', lineup: { some: {} }, events: { some: {} } }, orderBy: { id: 'asc' } });
  const byStatus = async (status: 'LIVE' | 'SCHEDULED' | 'CANCELLED' | 'FORFEIT') => prisma.game.findFirst({ where: { status }, orderBy: { id: 'asc' } });
  const otherGames = [await byStatus('LIVE'), await byStatus('SCHEDULED'), await byStatus('CANCELLED'), await byStatus('FORFEIT')].flatMap((game) =>
    game ? [game.id] : [],
  );
  const team = await prisma.team.findUniqueOrThrow({ where: { id: finished.homeTeamId ?? -1 } });
  const away = await prisma.team.findUniqueOrThrow({ where: { id: finished.awayTeamId ?? -1 } });
  const otherClub = await prisma.club.findFirstOrThrow({ where: { id: { notIn: [team.clubId, away.clubId] } }, orderBy: { id: 'asc' } });
  const lineup = await prisma.lineupEntry.findFirstOrThrow({ where: { gameId: finished.id, teamId: team.id }, orderBy: { id: 'asc' } });
  const member = await prisma.teamMember.findFirstOrThrow({ where: { seasonId: season.id }, orderBy: { id: 'asc' } });
  const nationalPlayer = await prisma.nationalPlayer.findFirstOrThrow({ orderBy: { id: 'asc' } });
  const { cupRound } = await prisma.game.findFirstOrThrow({ where: { cupRoundId: { not: null } }, orderBy: { id: 'asc' }, include: { cupRound: true } });
  if (!cupRound) throw new Error('the demo league has no cup game');
  const upcoming = await prisma.game.findFirst({ where: { status: 'SCHEDULED', groupId: { not: null } }, orderBy: { startsAt: 'asc' } });
  const group = await prisma.leagueGroup.findFirstOrThrow({ where: { seasonId: season.id, phase: 'QUALIFICATION' }, orderBy: { id: 'asc' } });
  const playoff = await prisma.leagueGroup.findFirst({
    where: { phase: 'PLAYOFF', seriesBestOf: { not: null } },
    orderBy: [{ seasonId: 'desc' }, { id: 'asc' }],
  });
  return {
    season: season.id,
    ...(previous ? { previousSeason: previous.id } : {}),
    finished: finished.id,
    games: [finished.id, ...otherGames, ...(matchPenalty ? [matchPenalty.gameId] : [])],
    team: team.id,
    club: team.clubId,
    otherClub: otherClub.id,
    player: lineup.playerId,
    currentPlayer: member.playerId,
    nationalPlayer: nationalPlayer.id,
    cup: { tournament: cupRound.tournamentId, round: cupRound.id },
    group: { id: group.id, leagueId: group.leagueId, gameClassId: group.gameClassId, name: group.name },
    ...(upcoming?.homeTeamId ? { upcomingTeam: upcoming.homeTeamId } : {}),
    ...(playoff ? { playoff: { seasonId: playoff.seasonId, leagueId: playoff.leagueId, gameClassId: playoff.gameClassId, name: playoff.name } } : {}),
    licenses: candidateLicenses ? (await candidateLicenses(finished.id, team.id)).slice(0, 20) : [],
  };
}
