import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countQueries, openTestLeague, type TestLeague } from '../support/app.js';
import { expectError, getJson, type Json } from '../support/api.js';
import { expectTableEnvelope } from '../support/wire.js';

let league: TestLeague;
let teamId: number;
beforeAll(async () => {
  league = await openTestLeague();
  teamId = (
    await league.db.prisma.team.findFirstOrThrow({
      where: { gameClassId: 11, registrations: { some: { group: { seasonId: 2026, leagueId: 1 } } } },
      orderBy: { id: 'asc' },
    })
  ).id;
});
afterAll(async () => {
  await league?.close();
});

const inSeason = (season: number) => ({
  status: { in: ['FINISHED' as const, 'LIVE' as const] },
  OR: [{ group: { seasonId: season } }, { cupRound: { tournament: { seasonId: season } } }],
});
const MINUTES: Record<string, number> = { MINOR_2: 2, MAJOR_5: 5, MISCONDUCT_10: 10, MATCH: 25 };

describe('GET /api/teams/:team_id/players', () => {
  it('lists the season’s roster: number, position, name with link, year of birth, goals, assists, points, penalty minutes', async () => {
    const body = await getJson(league.app, `/api/teams/${teamId}/players`);
    expectTableEnvelope(body);
    expect(body.data.headers.map((h: Json) => h.key)).toEqual(['number', 'position', 'name', 'year_of_birth', 'goals', 'assists', 'points', 'penalty_minutes']);
    expect(body.data.context).toMatchObject({ team_id: teamId, season: 2026 });
    const members = await league.db.prisma.teamMember.findMany({ where: { teamId, seasonId: 2026 }, include: { player: true } });
    const rows = body.data.regions[0].rows;
    expect(rows.map((r: Json) => r.id).sort()).toEqual(members.map((m) => m.playerId).sort());
    const positions = new Set(['Torhüter', 'Verteidiger', 'Center', 'Stürmer']);
    for (const row of rows) {
      expect(row.cells).toHaveLength(8);
      expect(positions.has(row.cells[1].text[0])).toBe(true);
      expect(row.cells[2].link).toEqual({ type: 'page', page: 'player_detail', ids: [row.id] });
    }
  });

  it('counts what each player’s events for this team say', async () => {
    const body = await getJson(league.app, `/api/teams/${teamId}/players`);
    const events = await league.db.prisma.gameEvent.findMany({ where: { teamId, type: { in: ['GOAL', 'PENALTY'] }, game: inSeason(2026) } });
    let scorers = 0;
    for (const row of body.data.regions[0].rows) {
      const goals = events.filter((e) => e.type === 'GOAL' && e.playerId === row.id).length;
      const assists = events.filter((e) => e.type === 'GOAL' && e.assistId === row.id).length;
      const minutes = events.filter((e) => e.type === 'PENALTY' && e.playerId === row.id).reduce((sum, e) => sum + MINUTES[e.penaltyKind!], 0);
      expect(row.cells.slice(4).map((c: Json) => c.text[0])).toEqual([goals, assists, goals + assists, minutes].map(String));
      if (goals > 0) scorers += 1;
    }
    expect(scorers).toBeGreaterThan(3);
  });

  it('takes a season, runs a fixed number of queries and answers bad input', async () => {
    const body = await getJson(league.app, `/api/teams/${teamId}/players?season=2025`);
    expect(body.data.regions[0].rows).toHaveLength(await league.db.prisma.teamMember.count({ where: { teamId, seasonId: 2025 } }));
    expect(await countQueries(league.db, () => getJson(league.app, `/api/teams/${teamId}/players?season=2025`))).toBeLessThanOrEqual(5);
    await expectError(league.app, '/api/teams/99999999/players', 404);
    await expectError(league.app, `/api/teams/${teamId}/players?season=abc`, 400, /season/);
  });
});
