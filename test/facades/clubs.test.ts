import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

const playedIn = (season: number) => ({ teams: { some: { registrations: { some: { group: { seasonId: season } } } } } });

describe('GET /api/clubs', () => {
  it('is a dropdown (levels Verein) of the clubs that played in the season', async () => {
    for (const season of [2024, 2026]) {
      const body = await getJson(league.app, `/api/clubs?season=${season}`);
      expect(Object.keys(body)).toEqual(['type', 'text', 'resource', 'entries', 'levels', 'highlight']);
      expect(body).toMatchObject({ type: 'dropdown', text: 'Verein', resource: '/clubs', levels: ['Verein'], highlight: false });
      const clubs = await league.db.prisma.club.findMany({ where: playedIn(season), orderBy: [{ name: 'asc' }, { id: 'asc' }] });
      expect(body.entries.map((e: Json) => e.set_in_context)).toEqual(clubs.map((c) => ({ club_id: c.id })));
      expect(body.entries.map((e: Json) => e.text)).toEqual(clubs.map((c) => c.name));
    }
    const current = await getJson(league.app, '/api/clubs');
    expect(current.entries).toHaveLength(await league.db.prisma.club.count({ where: playedIn(2026) }));
    expect(await countQueries(league.db, () => getJson(league.app, '/api/clubs?season=2026'))).toBeLessThanOrEqual(1);
  });

  it('answers bad input with the error envelope', async () => {
    await expectError(league.app, '/api/clubs?season=zwei', 400, /season/);
  });
});

describe('GET /api/clubs/:club_id/statistics', () => {
  it('has a row per team of the club that played in the season, carrying team_id', async () => {
    const club = await league.db.prisma.club.findFirstOrThrow({
      where: { teams: { some: { registrations: { some: { group: { seasonId: 2025, leagueId: 1 } } } } } },
      orderBy: { id: 'asc' },
    });
    const body = await getJson(league.app, `/api/clubs/${club.id}/statistics?season=2025`);
    expectTableEnvelope(body);
    expect(body.data.headers.map((h: Json) => h.key)).toEqual(['team', 'tournament', 'cup']);
    expect(body.data.title).toBe(club.name);
    const teams = await league.db.prisma.team.findMany({ where: { clubId: club.id, registrations: { some: { group: { seasonId: 2025 } } } } });
    const rows = body.data.regions[0].rows;
    expect(rows.map((r: Json) => r.team_id).sort()).toEqual(teams.map((t) => t.id).sort());
    for (const row of rows) {
      expect(Object.keys(row)).toEqual(['team_id', 'highlight', 'cells']);
      expect(row.cells).toHaveLength(3);
      expect(row.cells[0].link).toEqual({ type: 'page', page: 'team_detail', ids: [row.team_id] });
      expect(row.cells[0].text[1]).toBe(teams.find((t) => t.id === row.team_id)!.name);
      expect(row.cells[1].text[0]).toMatch(/^\d+\. Rang, /);
    }
    const top = rows.find((r: Json) => r.cells[0].text[0] === 'Herren GF L-UPL');
    const rankings = await getJson(league.app, '/api/rankings?season=2025&league=1&game_class=11');
    const standing = rankings.data.regions[0].rows.find((r: Json) => r.data?.team.id === top.team_id);
    expect(top.cells[1].text[0]).toBe(`${standing.data.rank}. Rang, Gruppe 1`);
  });

  it('defaults to the current season, runs a fixed number of queries and answers bad input', async () => {
    const club = await league.db.prisma.club.findFirstOrThrow({ where: playedIn(2026), orderBy: { id: 'asc' } });
    const body = await getJson(league.app, `/api/clubs/${club.id}/statistics`);
    expect(body.data.context).toMatchObject({ club_id: club.id, season: 2026 });
    expect(await countQueries(league.db, () => getJson(league.app, `/api/clubs/${club.id}/statistics?season=2025`))).toBeLessThanOrEqual(11);
    await expectError(league.app, '/api/clubs/99999999/statistics', 404);
    await expectError(league.app, '/api/clubs/abc/statistics', 400, /club_id/);
    // The path id is checked before the query string.
    await expectError(league.app, '/api/clubs/abc/statistics?season=zwei', 400, /club_id must be a positive integer/);
    await expectError(league.app, `/api/clubs/${club.id}/statistics?season=1`, 400, /season/);
  });
});
