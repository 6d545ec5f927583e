import type { Database } from '../../src/db/database.js';

/**
 * A tiny league made for the lineup rules: club 1 with team 10 (top league) and team 11 (second
 * league), club 2 with team 20. Game 100 (10 vs 20) is scheduled; game 99 (10 vs 20) was played
 * before it, with a match penalty for player 7. Players and their licenses (license id = 1000 + player):
 *   1–3 goalkeepers of team 10; 4–12 field players of team 10 (12 is captain)
 *   13 locked license, member of team 10        14 member of team 11 (lower team: may play up)
 *   15 multi-team license, member of no team      16 licensed by club 1 but member of no team
 *   17 license of the small-field class            7 suspended (match penalty in game 99)
 *   18–22 members of team 11 (lower team)          30 member of team 20 (club 2)
 */
export async function buildLineupLeague(db: Database): Promise<void> {
  const p = db.prisma;
  await p.season.create({ data: { id: 2026, label: '2026/27', isCurrent: true, startsOn: new Date('2026-08-01'), endsOn: new Date('2027-07-31') } });
  await p.gameClass.createMany({
    data: [
      { id: 11, name: 'Herren GF', shortName: 'H GF', gender: 'MALE' },
      { id: 12, name: 'Herren KF', shortName: 'H KF', gender: 'MALE', isSmallField: true },
    ],
  });
  await p.league.createMany({
    data: [
      { id: 1, name: 'L-UPL', level: 1 },
      { id: 2, name: 'NLB', level: 2 },
    ],
  });
  await p.leagueGroup.createMany({
    data: [
      { id: 1, seasonId: 2026, leagueId: 1, gameClassId: 11, name: 'Gruppe 1' },
      { id: 2, seasonId: 2026, leagueId: 2, gameClassId: 11, name: 'Gruppe 1' },
    ],
  });
  await p.club.createMany({
    data: [
      { id: 1, name: 'UHC Testdorf' },
      { id: 2, name: 'Floorball Anderswo' },
    ],
  });
  await p.team.createMany({
    data: [
      { id: 10, clubId: 1, gameClassId: 11, name: 'UHC Testdorf' },
      { id: 11, clubId: 1, gameClassId: 11, name: 'UHC Testdorf II' },
      { id: 20, clubId: 2, gameClassId: 11, name: 'Floorball Anderswo' },
    ],
  });
  await p.teamRegistration.createMany({
    data: [
      { teamId: 10, groupId: 1 },
      { teamId: 20, groupId: 1 },
      { teamId: 11, groupId: 2 },
    ],
  });
  await p.game.createMany({
    data: [
      { id: 99, groupId: 1, homeTeamId: 20, awayTeamId: 10, startsAt: new Date('2026-11-15T18:00:00Z'), status: 'FINISHED', homeScore: 3, awayScore: 4 },
      { id: 100, groupId: 1, homeTeamId: 10, awayTeamId: 20, startsAt: new Date('2026-11-29T18:00:00Z') },
    ],
  });
  const players = [...Array.from({ length: 22 }, (_, i) => i + 1), 30];
  await p.player.createMany({
    data: players.map((id) => ({
      id,
      firstName: `Vorname${id}`,
      lastName: `Spieler${String(id).padStart(2, '0')}`,
      position: id <= 3 ? 'GOALKEEPER' : 'FORWARD',
    })),
  });
  const clubOf = (id: number) => (id === 30 ? 2 : 1);
  await p.license.createMany({
    data: players.map((id) => ({
      id: 1000 + id,
      playerId: id,
      seasonId: 2026,
      clubId: clubOf(id),
      gameClassId: id === 17 ? 12 : 11,
      licenseType: id === 15 ? 'Mehrfachlizenz Herren GF' : 'Aktivlizenz Herren GF',
      licensing: id === 15 ? 'MULTI' : 'REGULAR',
      locked: id === 13,
    })),
  });
  const teamOf = (id: number): number | null => (id === 30 ? 20 : id === 14 || id >= 18 ? 11 : id === 15 || id === 16 || id === 17 ? null : 10);
  await p.teamMember.createMany({
    data: players.flatMap((id) => {
      const teamId = teamOf(id);
      return teamId === null
        ? []
        : [{ teamId, seasonId: 2026, playerId: id, number: id, position: id <= 3 ? ('GOALKEEPER' as const) : ('FORWARD' as const), captain: id === 12 }];
    }),
  });
  await p.gameEvent.create({
    data: { id: 1, gameId: 99, second: 1500, type: 'PENALTY', side: 'AWAY', teamId: 10, playerId: 7, penaltyKind: 'MATCH', penaltyReason: 'Stockschlag' },
  });
}

export const licenseOf = (player: number) => 1000 + player;
