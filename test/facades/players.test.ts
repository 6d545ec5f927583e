import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countQueries, openTestLeague, type TestLeague } from '../support/app.js';
import { expectError, getJson, type Json } from '../support/api.js';
import { expectTableEnvelope } from '../support/wire.js';

let league: TestLeague;
let scorerId: number;
beforeAll(async () => {
  league = await openTestLeague();
  // A player with goals, assists and penalties in finished games of several seasons.
  const candidates = await league.db.prisma.player.findMany({
    where: {
      goals: { some: { type: 'PENALTY', game: { status: 'FINISHED' } } },
      assists: { some: { game: { status: 'FINISHED', group: { seasonId: 2024 } } } },
      lineups: { some: { game: { status: 'FINISHED', group: { seasonId: 2026 } } } },
    },
    orderBy: { id: 'asc' },
  });
  scorerId = candidates[0].id;
});
afterAll(async () => {
  await league?.close();
});

const PLAYED = { status: { in: ['FINISHED' as const, 'LIVE' as const] } };

describe('GET /api/players/:player_id', () => {
  it('is the attribute list portrait, club, number, position, year of birth, height, weight, license', async () => {
    const player = await league.db.prisma.player.findUniqueOrThrow({ where: { id: scorerId } });
    const body = await getJson(league.app, `/api/players/${scorerId}`);
    expectTableEnvelope(body, 'attribute_list');
    expect(body.data.headers.map((h: Json) => h.key)).toEqual(['portrait', 'club', 'number', 'position', 'year_of_birth', 'height', 'weight', 'license']);
    expect(body.data.subtitle).toBe(`${player.firstName} ${player.lastName}`);
    expect(body.data.context.player_id).toBe(scorerId);
    const cells = body.data.regions[0].rows[0].cells;
    expect(cells).toHaveLength(8);
    const license = await league.db.prisma.license.findFirstOrThrow({ where: { playerId: scorerId, seasonId: 2026 }, include: { club: true } });
    expect(cells[1].text).toEqual([license.club.name]);
    expect(cells[4].text).toEqual([String(player.yearOfBirth)]);
    expect(cells[5].text).toEqual([player.heightCm === null ? '-' : `${player.heightCm} cm`]);
    expect(cells[6].text).toEqual([player.weightKg === null ? '-' : `${player.weightKg} kg`]);
    expect(cells[7].text[0]).toContain(license.licenseType);
  });

  it('shows - for what is unknown', async () => {
    const unknown = await league.db.prisma.player.findFirstOrThrow({ where: { heightCm: null, weightKg: null }, orderBy: { id: 'asc' } });
    const cells = (await getJson(league.app, `/api/players/${unknown.id}`)).data.regions[0].rows[0].cells;
    expect(cells[5].text).toEqual(['-']);
    expect(cells[6].text).toEqual(['-']);
  });

  it('runs a fixed number of queries and answers unknown ids', async () => {
    expect(await countQueries(league.db, () => getJson(league.app, `/api/players/${scorerId}`))).toBeLessThanOrEqual(4);
    await expectError(league.app, '/api/players/99999999', 404);
    await expectError(league.app, '/api/players/-1', 400, /player_id/);
  });
});

describe('GET /api/players/:player_id/statistics', () => {
  it('has 11 columns per season, league and team, newest season first', async () => {
    const body = await getJson(league.app, `/api/players/${scorerId}/statistics`);
    expectTableEnvelope(body);
    expect(body.data.headers.map((h: Json) => h.key)).toEqual([
      'saison',
      'liga',
      'verein',
      'games',
      'goals',
      'assists',
      'points',
      '2-minute-penalty',
      '5-minute-penalty',
      '10-minute-penalty',
      'matchpenalty',
    ]);
    const rows = body.data.regions[0].rows;
    for (const row of rows) expect(row.cells).toHaveLength(11);
    const seasons = rows.map((r: Json) => r.cells[0].text[0]);
    expect(seasons).toEqual([...seasons].sort().reverse());
    expect(seasons).toContain('2024/25');
    expect(rows[0].cells[2].link.page).toBe('team_detail');
  });

  it('sums to what the player’s lineups and events say', async () => {
    const body = await getJson(league.app, `/api/players/${scorerId}/statistics`);
    const column = (index: number) => body.data.regions[0].rows.reduce((sum: number, r: Json) => sum + Number(r.cells[index].text[0]), 0);
    const games = await league.db.prisma.lineupEntry.count({ where: { playerId: scorerId, game: PLAYED } });
    const goals = await league.db.prisma.gameEvent.count({ where: { type: 'GOAL', playerId: scorerId, game: PLAYED } });
    const assists = await league.db.prisma.gameEvent.count({ where: { type: 'GOAL', assistId: scorerId, game: PLAYED } });
    const penalties = await league.db.prisma.gameEvent.groupBy({
      by: ['penaltyKind'],
      where: { type: 'PENALTY', playerId: scorerId, game: PLAYED },
      _count: true,
    });
    const penaltiesOf = (kind: string) => penalties.find((p) => p.penaltyKind === kind)?._count ?? 0;
    expect([3, 4, 5, 6, 7, 8, 9, 10].map(column)).toEqual([
      games,
      goals,
      assists,
      goals + assists,
      penaltiesOf('MINOR_2'),
      penaltiesOf('MAJOR_5'),
      penaltiesOf('MISCONDUCT_10'),
      penaltiesOf('MATCH'),
    ]);
    expect(goals + assists).toBeGreaterThan(0);
  });

  it('runs a fixed number of queries and answers unknown ids', async () => {
    expect(await countQueries(league.db, () => getJson(league.app, `/api/players/${scorerId}/statistics`))).toBeLessThanOrEqual(7);
    await expectError(league.app, '/api/players/99999999/statistics', 404);
  });
});
