import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countQueries, openTestLeague, type TestLeague } from '../support/app.js';
import { expectError, getJson, type Json } from '../support/api.js';
import { sample, shapeDifferences, shapeOf } from '../support/shape.js';

let league: TestLeague;
let liveGame: { id: number; homeTeamId: number | null };
let cupGame: { id: number };
let scheduledGame: { id: number };

beforeAll(async () => {
  league = await openTestLeague();
  liveGame = await league.db.prisma.game.findFirstOrThrow({
    where: { status: 'LIVE', groupId: { not: null }, events: { some: { type: 'GOAL' } } },
    orderBy: { id: 'asc' },
  });
  cupGame = await league.db.prisma.game.findFirstOrThrow({
    where: { status: 'FINISHED', cupRoundId: { not: null }, events: { some: { type: 'GOAL' } } },
    orderBy: { id: 'asc' },
  });
  scheduledGame = await league.db.prisma.game.findFirstOrThrow({ where: { status: 'SCHEDULED', lineup: { none: {} } }, orderBy: { id: 'asc' } });
});
afterAll(async () => {
  await league?.close();
});

describe('GET /api/game_events/:game_id', () => {
  it.each([
    ['league', 'game-events-league.json', () => liveGame.id],
    ['cup', 'game-events-cup.json', () => cupGame.id],
  ])('has the shape of the captured %s events', async (_kind, file, id) => {
    const body = await getJson(league.app, `/api/game_events/${id()}`);
    expect(shapeDifferences(shapeOf(body), shapeOf(sample(file)))).toEqual([]);
  });

  it('lists newest first with German texts and tabs all/home/away', async () => {
    const body = await getJson(league.app, `/api/game_events/${liveGame.id}`);
    const rows = body.data.regions[0].rows;
    const times = rows.map((r: Json) => r.cells[0].text[0]);
    expect([...times].sort().reverse()).toEqual(times);
    const texts: string[] = rows.map((r: Json) => r.cells[1].text[0]);
    expect(texts.some((t) => /^Torschütze \d+:\d+$/.test(t))).toBe(true);
    expect(texts).toContain('Spielbeginn');
    expect(body.data.tabs.map((t: Json) => t.link.set_in_context.team)).toEqual([null, 'home', 'away']);
    const goals = await league.db.prisma.gameEvent.count({ where: { gameId: liveGame.id, type: 'GOAL', side: 'HOME' } });
    const home = await getJson(league.app, `/api/game_events/${liveGame.id}?team=home`);
    expect(home.data.regions[0].rows.filter((r: Json) => /^Torschütze/.test(r.cells[1].text[0]))).toHaveLength(goals);
    expect(home.data.tabs[1].highlight).toBe(true);
  });

  it('speaks French on request and rejects bad input', async () => {
    const body = await getJson(league.app, `/api/game_events/${liveGame.id}?locale=fr_CH`);
    expect(body.data.title).toBe('Événements du match');
    await expectError(league.app, '/api/game_events/xyz', 400);
    await expectError(league.app, '/api/game_events/99999999', 404);
    await expectError(league.app, `/api/game_events/${liveGame.id}?team=both`, 400, /team/);
    expect(await countQueries(league.db, () => getJson(league.app, `/api/game_events/${liveGame.id}`))).toBeLessThanOrEqual(2);
  });
});

describe('GET /api/games/:game_id/summary', () => {
  it('titles with teams and score and lists goals and penalties', async () => {
    const body = await getJson(league.app, `/api/games/${cupGame.id}/summary`);
    expect(body.subtype).toBe('attribute_list');
    expect(body.data.title).toMatch(/ - .* \d+:\d+/);
    const cells = body.data.regions[0].rows[0].cells;
    expect(cells).toHaveLength(3);
    expect(cells[2].text[0]).toMatch(/^Tore: /);
    expect(cells[2].text[1]).toMatch(/^Strafen: /);
    const scheduled = await getJson(league.app, `/api/games/${scheduledGame.id}/summary`);
    expect(scheduled.data.regions[0].rows[0].cells[0].text[0]).toMatch(/empfängt/);
    await expectError(league.app, '/api/games/99999999/summary', 404);
    expect(await countQueries(league.db, () => getJson(league.app, `/api/games/${cupGame.id}/summary`))).toBeLessThanOrEqual(2);
  });
});

describe('GET /api/games/:game_id/teams/:is_home/players', () => {
  it('is_home=0 is the home team; number, position, name with player link', async () => {
    const body = await getJson(league.app, `/api/games/${liveGame.id}/teams/0/players`);
    const entries = await league.db.prisma.lineupEntry.findMany({ where: { gameId: liveGame.id, teamId: liveGame.homeTeamId! } });
    expect(body.data.regions[0].rows).toHaveLength(entries.length);
    const first = body.data.regions[0].rows[0];
    expect(first.cells).toHaveLength(3);
    expect(first.cells[2].link.page).toBe('player_detail');
    const captain = await league.db.prisma.lineupEntry.findFirstOrThrow({ where: { captain: true }, include: { game: true } });
    const side = captain.teamId === captain.game.homeTeamId ? 0 : 1;
    const lineup = await getJson(league.app, `/api/games/${captain.gameId}/teams/${side}/players`);
    const captainRow = lineup.data.regions[0].rows.find((r: Json) => r.cells[2].link.ids[0] === captain.playerId);
    expect(captainRow.cells[1].text).toContain('Captain');
    expect(await countQueries(league.db, () => getJson(league.app, `/api/games/${liveGame.id}/teams/1/players`))).toBeLessThanOrEqual(2);
  });

  it('answers an unknown lineup with a blank body, or an empty table with hide_empty=false', async () => {
    const blank = await league.app.inject({ method: 'GET', url: `/api/games/${scheduledGame.id}/teams/0/players` });
    expect(blank.statusCode).toBe(200);
    expect(blank.body).toBe('');
    const empty = await getJson(league.app, `/api/games/${scheduledGame.id}/teams/0/players?hide_empty=false`);
    expect(empty.data.regions[0].rows).toEqual([]);
  });

  it('rejects bad input', async () => {
    await expectError(league.app, `/api/games/${liveGame.id}/teams/2/players`, 400, /^is_home must be 0 \(home team\) or 1 \(away team\), got "2"$/);
    await expectError(league.app, `/api/games/${liveGame.id}/teams/01/players`, 400, /is_home/);
    await expectError(league.app, '/api/games/abc/teams/0/players', 400, /^game_id must be a positive integer, got "abc"$/);
    await expectError(league.app, `/api/games/${liveGame.id}/teams/0/players?view=huge`, 400, /view/);
    await expectError(league.app, `/api/games/${liveGame.id}/teams/0/players?hide_empty=maybe`, 400, /hide_empty/);
    await expectError(league.app, '/api/games/99999999/teams/0/players', 404);
  });

  it("answers the same under the changelog's path /games/:id/teams/{0,1}/lineup, under /api and at the root", async () => {
    for (const side of [0, 1]) {
      const players = await league.app.inject({ method: 'GET', url: `/api/games/${liveGame.id}/teams/${side}/players?view=short` });
      for (const prefix of ['/api', '']) {
        const lineup = await league.app.inject({ method: 'GET', url: `${prefix}/games/${liveGame.id}/teams/${side}/lineup?view=short` });
        expect(lineup.statusCode).toBe(200);
        expect(lineup.body).toBe(players.body);
      }
    }
    const blank = await league.app.inject({ method: 'GET', url: `/api/games/${scheduledGame.id}/teams/0/lineup` });
    expect(blank.body).toBe('');
    await expectError(league.app, `/api/games/${liveGame.id}/teams/2/lineup`, 400, /^is_home must be 0 \(home team\) or 1 \(away team\), got "2"$/);
  });
});

describe('GET /api/rankings', () => {
  it('has 13 columns and rows carrying data.team, ranked by points', async () => {
    const body = await getJson(league.app, '/api/rankings');
    expect(body.data.context).toMatchObject({ season: 2026, league: 1, game_class: 11 });
    expect(body.data.headers).toHaveLength(13);
    const rows = body.data.regions[0].rows.filter((r: Json) => !r.separator);
    expect(rows.length).toBeGreaterThan(3);
    for (const row of rows) {
      expect(row.cells).toHaveLength(13);
      expect(row.data.team).toEqual({ id: expect.any(Number), name: row.cells[2].text[0] });
      expect(row.cells[9].text[0]).toMatch(/^\d+:\d+$/);
      expect(row.cells[10].text[0]).toMatch(/^[+-]?\d+$/);
    }
    const points = rows.map((r: Json) => Number(r.cells[12].text[0]));
    expect(points).toEqual([...points].sort((a, b) => b - a));
    // season, groups, registrations + finished games for the tables, the teams: constant in the number of rows.
    expect(await countQueries(league.db, () => getJson(league.app, '/api/rankings?season=2026'))).toBeLessThanOrEqual(5);
  });

  it('rejects bad input', async () => {
    await expectError(league.app, '/api/rankings?group=Nowhere', 404);
    await expectError(league.app, '/api/rankings?league=x', 400, /league/);
  });
});

describe('dropdowns and the version root', () => {
  it('/api/leagues and /api/groups are top-level dropdowns', async () => {
    const leagues = await getJson(league.app, '/api/leagues?season=2026');
    expect(Object.keys(leagues)).toEqual(['type', 'text', 'resource', 'entries', 'levels', 'highlight']);
    expect(leagues.entries.find((e: Json) => e.highlight).set_in_context).toEqual({ season: 2026, league: 1, game_class: 11 });
    const groups = await getJson(league.app, '/groups?league=1&game_class=11');
    expect(groups.resource).toBe('/groups');
    expect(groups.entries.length).toBeGreaterThan(0);
    expect(Object.keys(groups.entries[0])).toEqual(['text', 'set_in_context', 'entries', 'highlight']);
    // the league groups; the current season too when none is named
    expect(await countQueries(league.db, () => getJson(league.app, '/api/leagues?season=2026'))).toBeLessThanOrEqual(1);
    expect(await countQueries(league.db, () => getJson(league.app, '/api/groups'))).toBeLessThanOrEqual(2);
  });

  it('/api/leagues and /api/groups reject bad parameters', async () => {
    await expectError(league.app, '/api/leagues?season=1800', 400, /^Parameter season must be from 1900 to 2999, got 1800$/);
    await expectError(league.app, '/api/groups?league=0&season=x', 400, /^Parameter league must be from 1 to ∞, got 0$/);
  });

  it('/api answers with the version object', async () => {
    const body = await getJson(league.app, '/api');
    expect(body).toMatchObject({ type: 'version', data: { authentication: 'none', version: { major: expect.stringMatching(/^\d+$/) } } });
    expect(await countQueries(league.db, () => getJson(league.app, '/api'))).toBe(0);
  });
});
