import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database.js';
import { generateDemoLeague, loadDemoLeague } from '../../src/data/demo/index.js';
import { ImportValidationError, type ImportEntity, type LeagueImport } from '../../src/data/import/format.js';
import { importLeague, type ImportSummary } from '../../src/data/import/importer.js';
import { openTestDatabase } from '../support/database.js';

const NOW = new Date('2026-11-22T15:30:00Z');

const TABLES: Record<ImportEntity, string> = {
  seasons: 'Season',
  gameClasses: 'GameClass',
  leagues: 'League',
  leagueGroups: 'LeagueGroup',
  rounds: 'Round',
  cupTournaments: 'CupTournament',
  cupRounds: 'CupRound',
  venues: 'Venue',
  clubs: 'Club',
  teams: 'Team',
  teamRegistrations: 'TeamRegistration',
  players: 'Player',
  licenses: 'License',
  teamMembers: 'TeamMember',
  games: 'Game',
  gameEvents: 'GameEvent',
  lineups: 'LineupEntry',
  nationalSelections: 'NationalSelection',
  nationalPlayers: 'NationalPlayer',
  nationalPlayerRecords: 'NationalPlayerRecord',
};

async function tableCounts(db: Database): Promise<Record<ImportEntity, number>> {
  const counts = {} as Record<ImportEntity, number>;
  for (const [entity, table] of Object.entries(TABLES) as [ImportEntity, string][]) {
    const [row] = await db.prisma.$queryRawUnsafe<{ count: number }[]>(`SELECT count(*)::int AS count FROM "${table}"`);
    counts[entity] = row.count;
  }
  return counts;
}

function documentCounts(league: LeagueImport): Record<ImportEntity, number> {
  const counts = {} as Record<ImportEntity, number>;
  for (const entity of Object.keys(TABLES) as ImportEntity[]) counts[entity] = league[entity]?.length ?? 0;
  return counts;
}

function written(summary: ImportSummary): number {
  return Object.values(summary).reduce((total, count) => total + count.inserted + count.updated, 0);
}

describe('importLeague', () => {
  let db: Database;
  let league: LeagueImport;
  let firstImport: ImportSummary;
  const stages: string[] = [];

  beforeAll(async () => {
    db = await openTestDatabase();
    league = generateDemoLeague({ seed: 5, scale: 0.1, now: NOW });
    firstImport = await importLeague(db.prisma, league, {
      onProgress: (stage, done, total) => {
        expect(done).toBeLessThanOrEqual(total);
        if (stages.at(-1) !== stage) stages.push(stage);
      },
    });
  });

  afterAll(async () => {
    await db?.close();
  });

  it('stores every record of the document', async () => {
    expect(await tableCounts(db)).toEqual(documentCounts(league));
    for (const [entity, count] of Object.entries(firstImport)) {
      expect(count, entity).toEqual({
        received: documentCounts(league)[entity as ImportEntity],
        inserted: documentCounts(league)[entity as ImportEntity],
        updated: 0,
        unchanged: 0,
      });
    }
    expect(stages).toEqual(Object.keys(TABLES).filter((entity) => documentCounts(league)[entity as ImportEntity] > 0));
  });

  it('stores values faithfully: enums, int arrays, UTC timestamps, dates', async () => {
    const game = (league.games ?? []).find((entry) => entry.decidedBy === 'PENALTY_SHOTS') ?? (league.games ?? [])[0];
    const stored = await db.prisma.game.findUniqueOrThrow({ where: { id: game.id } });
    expect(stored.startsAt.toISOString()).toBe(new Date(game.startsAt).toISOString());
    expect(stored.homePeriodScores).toEqual(game.homePeriodScores);
    expect(stored.decidedBy).toBe(game.decidedBy);
    const season = await db.prisma.season.findFirstOrThrow({ where: { isCurrent: true } });
    expect(season.startsOn.toISOString().slice(0, 10)).toBe('2026-08-01');
  });

  it('changes and duplicates nothing when the same document is imported again', async () => {
    const again = await importLeague(db.prisma, league);
    expect(written(again)).toBe(0);
    expect(again.games.unchanged).toBe(league.games?.length);
    expect(await tableCounts(db)).toEqual(documentCounts(league));
  });

  it('updates changed fields in place', async () => {
    const changed = structuredClone(league);
    const club = (changed.clubs ?? [])[0];
    club.name = `${club.name} (renamed)`;
    const lineup = (changed.lineups ?? [])[0];
    lineup.number = 77;
    const summary = await importLeague(db.prisma, changed);
    expect(summary.clubs).toMatchObject({ inserted: 0, updated: 1 });
    expect(summary.lineups).toMatchObject({ inserted: 0, updated: 1 });
    expect(written(summary)).toBe(2);
    expect((await db.prisma.club.findUniqueOrThrow({ where: { id: club.id } })).name).toBe(club.name);
    const entry = await db.prisma.lineupEntry.findUniqueOrThrow({ where: { gameId_playerId: { gameId: lineup.gameId, playerId: lineup.playerId } } });
    expect(entry.number).toBe(77);
    expect(await tableCounts(db)).toEqual(documentCounts(league));
  });

  it('imports a partial file that refers to records already in the database', async () => {
    const team = (league.teams ?? [])[0];
    const summary = await importLeague(db.prisma, { formatVersion: 1, teams: [{ ...team, shortName: 'Kurz' }] });
    expect(summary.teams).toMatchObject({ received: 1, updated: 1 });
    expect((await db.prisma.team.findUniqueOrThrow({ where: { id: team.id } })).shortName).toBe('Kurz');
  });

  it("imports a live game's kinds with their fields (role, code, penalty shot, inspection, world time) and gives the live game a clock reading", async () => {
    const game = (league.games ?? []).find((entry) => entry.status === 'LIVE');
    if (!game) throw new Error('the demo league has a live game');
    const events = [
      {
        id: 99_100_001,
        gameId: game.id,
        second: 30,
        period: 1,
        type: 'PENALTY' as const,
        side: 'HOME' as const,
        teamId: game.homeTeamId,
        penaltyKind: 'MINOR_2_2' as const,
        penaltyRole: 'DEPUTY' as const,
        code: 501,
      },
      { id: 99_100_002, gameId: game.id, second: 40, period: 1, type: 'GOAL' as const, side: 'AWAY' as const, teamId: game.awayTeamId, penaltyShot: true },
      {
        id: 99_100_003,
        gameId: game.id,
        second: 0,
        period: 1,
        type: 'PLAYER_INSPECTION' as const,
        inspectionDone: false,
        worldTime: '2026-11-22T15:02:03+01:00',
      },
    ];
    await importLeague(db.prisma, { formatVersion: 1, gameEvents: events });
    const stored = await db.prisma.gameEvent.findMany({ where: { id: { in: events.map((event) => event.id) } }, orderBy: { id: 'asc' } });
    expect(
      stored.map(({ penaltyKind, penaltyRole, code, penaltyShot, inspectionDone, worldTime }) => ({
        penaltyKind,
        penaltyRole,
        code,
        penaltyShot,
        inspectionDone,
        worldTime,
      })),
    ).toEqual([
      { penaltyKind: 'MINOR_2_2', penaltyRole: 'DEPUTY', code: 501, penaltyShot: false, inspectionDone: null, worldTime: null },
      { penaltyKind: null, penaltyRole: null, code: null, penaltyShot: true, inspectionDone: null, worldTime: null },
      { penaltyKind: null, penaltyRole: null, code: null, penaltyShot: false, inspectionDone: false, worldTime: new Date('2026-11-22T14:02:03Z') },
    ]);
    const clock = await db.prisma.game.findUniqueOrThrow({ where: { id: game.id }, select: { clockPeriod: true, clockRunning: true, clockAt: true } });
    expect(clock).toMatchObject({ clockRunning: true, clockAt: expect.any(Date) });
    expect(clock.clockPeriod).toBeGreaterThanOrEqual(1);
    await db.prisma.gameEvent.deleteMany({ where: { id: { in: events.map((event) => event.id) } } });
  });

  it('refuses references to records neither in the file nor in the database, before writing anything', async () => {
    const game = { ...(league.games ?? [])[0], id: 99_000_001, awayTeamId: 99 };
    const club = { id: 99_000_002, name: 'Neuer Club' };
    const attempt = importLeague(db.prisma, { formatVersion: 1, clubs: [club], games: [game] });
    await expect(attempt).rejects.toThrow(ImportValidationError);
    await expect(attempt).rejects.toThrow('games[0] (id 99000001): awayTeamId 99 refers to no team in the file or database');
    expect(await db.prisma.club.findUnique({ where: { id: club.id } })).toBeNull();
  });

  it('refuses a unique key that another stored record holds', async () => {
    const round = (league.rounds ?? [])[0];
    const attempt = importLeague(db.prisma, { formatVersion: 1, rounds: [{ ...round, id: 99_000_003 }] });
    await expect(attempt).rejects.toThrow(
      `rounds[0] (id 99000003): groupId ${round.groupId}, number ${round.number} already belongs to round ${round.id} in the database`,
    );
  });

  it('moves the current-season mark when a file makes another season current', async () => {
    await importLeague(db.prisma, {
      formatVersion: 1,
      seasons: [{ id: 2027, label: '2027/28', isCurrent: true, startsOn: '2027-08-01', endsOn: '2028-07-31' }],
    });
    const current = await db.prisma.season.findMany({ where: { isCurrent: true } });
    expect(current.map((season) => season.id)).toEqual([2027]);
  });
});

describe('loadDemoLeague', () => {
  it('generates and imports in one call', async () => {
    const db = await openTestDatabase();
    try {
      const summary = await loadDemoLeague(db.prisma, { seed: 1, scale: 0.1, now: NOW });
      expect(summary.games.inserted).toBeGreaterThan(100);
      expect(await db.prisma.game.count({ where: { status: 'LIVE' } })).toBeGreaterThan(0);
    } finally {
      await db.close();
    }
  });
});
