import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { urlCell } from '../../src/facades/shared/table.js';
import { countQueries, openTestLeague, type TestLeague } from '../support/app.js';
import { expectError, getJson, type Json } from '../support/api.js';
import { expectTableEnvelope } from '../support/wire.js';
import { sample, shapeDifferences, shapeOf } from '../support/shape.js';

let league: TestLeague;
beforeAll(async () => {
  league = await openTestLeague();
});
afterAll(async () => {
  await league?.close();
});

const registeredIn = (season: number, leagueId: number, gameClassId: number) =>
  league.db.prisma.team.findMany({
    where: { gameClassId, registrations: { some: { group: { seasonId: season, leagueId } } } },
    orderBy: [{ name: 'asc' }, { id: 'asc' }],
  });

describe('GET /api/teams', () => {
  it('has the shape of the captured response: the teams of the men’s top league this season', async () => {
    const body = await getJson(league.app, '/api/teams');
    expect(shapeDifferences(shapeOf(body), shapeOf(sample('teams-default.json')))).toEqual([]);
    expectTableEnvelope(body);
    expect(body.data.headers.map((h: Json) => h.key)).toEqual(['name', 'logo', 'homepage', 'portrait']);
    expect(body.data.title).toBe('Teamübersicht');
    const teams = await registeredIn(2026, 1, 11);
    const rows = body.data.regions[0].rows;
    expect(rows.map((r: Json) => r.id)).toEqual(teams.map((t) => t.id));
    rows.forEach((r: Json, i: number) => {
      expect(r.cells[0].text).toEqual([teams[i].name]);
      expect(r.cells[1].image.url).toMatch(/^http:\/\/test\.local\/media\/teams\/\d+\/logo\.svg$/);
      // The deployed form keeps the url object when a team has no website.
      expect(r.cells[2].url).toEqual({ href: teams[i].website, text: teams[i].name });
    });
  });

  it('takes league, game class and season', async () => {
    const body = await getJson(league.app, '/api/teams?league=1&game_class=21&season=2025&locale=fr');
    expect(body.data.regions[0].rows.map((r: Json) => r.id)).toEqual((await registeredIn(2025, 1, 21)).map((t) => t.id));
    expect(body.data.title).toBe('Aperçu des équipes');
  });

  it('with mode=by_club is a dropdown of the club’s teams in the season (levels Team)', async () => {
    const club = await league.db.prisma.club.findFirstOrThrow({
      where: { teams: { some: { registrations: { some: { group: { seasonId: 2026 } } } } } },
      orderBy: { id: 'asc' },
    });
    const body = await getJson(league.app, `/api/teams?mode=by_club&club_id=${club.id}&season=2026`);
    expect(Object.keys(body)).toEqual(['type', 'text', 'resource', 'entries', 'levels', 'highlight']);
    expect(body).toMatchObject({ type: 'dropdown', resource: '/teams', levels: ['Team'], highlight: false });
    const teams = await league.db.prisma.team.findMany({ where: { clubId: club.id, registrations: { some: { group: { seasonId: 2026 } } } } });
    expect(body.entries.map((e: Json) => e.set_in_context.team_id).sort()).toEqual(teams.map((t) => t.id).sort());
    for (const entry of body.entries) expect(Object.keys(entry)).toEqual(['text', 'set_in_context', 'entries', 'highlight']);
  });

  it('answers bad input with the error envelope', async () => {
    await expectError(league.app, '/api/teams?mode=by_club&season=2026', 400, /club_id/);
    await expectError(league.app, '/api/teams?mode=by_club&club_id=1', 400, /season/);
    await expectError(league.app, '/api/teams?mode=by_club&club_id=99999999&season=2026', 404);
    await expectError(league.app, '/api/teams?mode=everything', 400, /mode/);
    await expectError(league.app, '/api/teams?league=abc', 400, /league/);
    // The parameters of the other mode are not read.
    await expectError(league.app, '/api/teams?mode=by_club&league=abc&season=2026', 400, /Parameter club_id is required/);
    await getJson(league.app, '/api/teams?mode=by_club&club_id=401001&season=2026&league=abc');
    await expectError(league.app, '/api/teams?club_id=abc&league=0', 400, /Parameter league must be from 1/);
    await getJson(league.app, '/api/teams?unknown=1');
  });

  it('runs a fixed number of queries', async () => {
    expect(await countQueries(league.db, () => getJson(league.app, '/api/teams'))).toBeLessThanOrEqual(2);
    expect(await countQueries(league.db, () => getJson(league.app, '/api/teams?mode=by_club&club_id=401001&season=2026'))).toBeLessThanOrEqual(1);
  });
});

describe('GET /api/teams/:team_id', () => {
  it('is the attribute list name, logo, website, portrait, league, address', async () => {
    const team = (await registeredIn(2026, 1, 11))[0];
    const club = await league.db.prisma.club.findUniqueOrThrow({ where: { id: team.clubId } });
    const body = await getJson(league.app, `/api/teams/${team.id}`);
    expectTableEnvelope(body, 'attribute_list');
    expect(body.data.headers.map((h: Json) => h.key)).toEqual(['teamname', 'logo_url', 'website_url', 'portrait', 'liga', 'address']);
    const cells = body.data.regions[0].rows[0].cells;
    expect(cells).toHaveLength(6);
    expect(cells[0].text).toEqual([team.name]);
    expect(cells[1].image.url).toContain(`/media/teams/${team.id}/logo.svg`);
    expect(cells[2].url.text).toBe(team.name);
    expect(cells[4].text).toEqual(['Herren GF L-UPL']);
    expect(cells[5].text).toEqual([club.name, club.street, `${club.zip} ${club.city}`]);
    expect(body.data.title).toBe(team.name);
    expect(await countQueries(league.db, () => getJson(league.app, `/api/teams/${team.id}`))).toBeLessThanOrEqual(2);
  });

  it('answers unknown and malformed ids', async () => {
    await expectError(league.app, '/api/teams/99999999', 404);
    await expectError(league.app, '/api/teams/abc', 400, /team_id/);
  });
});

describe('urlCell', () => {
  it('keeps the url object with a null href, as deployed', () => {
    expect(urlCell(null, 'Club')).toEqual({ url: { href: null, text: 'Club' } });
    expect(urlCell('https://x.example', 'Club')).toEqual({ url: { href: 'https://x.example', text: 'Club' } });
  });
});
