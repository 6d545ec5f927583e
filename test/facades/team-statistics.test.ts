import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cupText, finalPhaseText, rankText, roundText, type SeasonRecordData } from '../../src/facades/rest/shared/achievements.js';
import { countQueries, openTestLeague, type TestLeague } from '../support/app.js';
import { expectError, getJson, type Json } from '../support/api.js';
import { expectTableEnvelope } from '../support/wire.js';

let league: TestLeague;
beforeAll(async () => {
  league = await openTestLeague();
});
afterAll(async () => {
  await league?.close();
});

describe('GET /api/teams/:team_id/statistics', () => {
  it('has a row per season played: season, league, playoff_out, qualification, cup', async () => {
    const champion = await league.db.prisma.teamRegistration.findFirstOrThrow({
      where: { group: { seasonId: 2025, phase: 'PLAYOFF', gameClassId: 11 } },
      orderBy: { teamId: 'asc' },
    });
    const body = await getJson(league.app, `/api/teams/${champion.teamId}/statistics`);
    expectTableEnvelope(body);
    expect(body.data.headers.map((h: Json) => h.key)).toEqual(['season', 'league', 'playoff_out', 'qualification', 'cup']);
    const seasons = await league.db.prisma.season.findMany({
      where: { groups: { some: { registrations: { some: { teamId: champion.teamId } } } } },
      orderBy: { id: 'desc' },
    });
    const rows = body.data.regions[0].rows;
    expect(rows.map((r: Json) => r.cells[0].text[0])).toEqual(seasons.map((s) => s.label));
    const row2025 = rows.find((r: Json) => r.cells[0].text[0] === '2025/26');
    expect(row2025.cells).toHaveLength(5);
    expect(row2025.cells[1].text).toEqual(['Herren GF L-UPL']);
    expect(row2025.cells[2].text[0]).toMatch(/^Playoff: (1\/2-Final|Final) \((gewonnen|verloren)\)$/);

    // The qualification rank is the rank of the season's standings.
    const rankings = await getJson(league.app, '/api/rankings?season=2025&league=1&game_class=11');
    const standing = rankings.data.regions[0].rows.find((r: Json) => r.data?.team.id === champion.teamId);
    expect(row2025.cells[3].text).toEqual([`${standing.data.rank}. Rang`]);

    // Cup: the last round the team played.
    const cupGames = await league.db.prisma.game.findMany({
      where: { cupRound: { tournament: { seasonId: 2025, gameClassId: 11 } }, OR: [{ homeTeamId: champion.teamId }, { awayTeamId: champion.teamId }] },
      include: { cupRound: true },
    });
    const last = cupGames.sort((a, b) => b.cupRound!.number - a.cupRound!.number)[0];
    expect(row2025.cells[4].text[0]).toMatch(last ? new RegExp(`^Schweizer Cup Herren: ${last.cupRound!.name.replace('/', '\\/')}`) : /^-$/);
  });

  it('runs a fixed number of queries and answers unknown ids', async () => {
    const team = await league.db.prisma.team.findFirstOrThrow({ orderBy: { id: 'asc' } });
    expect(await countQueries(league.db, () => getJson(league.app, `/api/teams/${team.id}/statistics`))).toBeLessThanOrEqual(9);
    await expectError(league.app, '/api/teams/99999999/statistics', 404);
    await expectError(league.app, '/api/teams/x1/statistics', 400);
  });
});

describe('achievement texts', () => {
  const record = (overrides: Partial<SeasonRecordData>): SeasonRecordData => ({
    season: { id: 2025, label: '2025/26' },
    team: { id: 1, name: 'A' },
    groups: [],
    qualificationRank: null,
    qualificationGroup: null,
    finalPhase: null,
    cup: null,
    ...overrides,
  });

  it('names ranks, rounds and their outcome in the request language', () => {
    expect(rankText(3, { locale: 'de' })).toBe('3. Rang');
    expect(rankText(3, { locale: 'en' })).toBe('Rank 3');
    expect(rankText(null, { locale: 'de' })).toBeNull();
    expect(roundText({ name: 'Final', final: true, won: true }, { locale: 'de' })).toBe('Final (gewonnen)');
    expect(roundText({ name: '1/2-Final', final: false, won: null }, { locale: 'de' })).toBe('1/2-Final');
    expect(finalPhaseText(record({ finalPhase: { phase: 'PLAYOUT', round: { name: 'Playout-Final', final: true, won: false } } }), { locale: 'fr' })).toBe(
      'Playout: Playout-Final (perdu)',
    );
    expect(finalPhaseText(record({ finalPhase: { phase: 'PLAYOFF', round: null } }), { locale: 'de' })).toBe('Playoff');
    expect(finalPhaseText(record({ finalPhase: { phase: 'SUPERFINAL', round: { name: 'Superfinal', final: true, won: true } } }), { locale: 'it' })).toBe(
      'Superfinale: Superfinal (vinto)',
    );
    expect(cupText(record({ cup: { tournament: { name: 'Ligacup Damen' }, round: { name: '1/4-Final', final: false, won: false } } }), { locale: 'de' })).toBe(
      'Ligacup Damen: 1/4-Final (verloren)',
    );
    expect(cupText(record({}), { locale: 'de' })).toBeNull();
  });
});
