import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_V3_GAMES } from '../../src/facades/v3/games.js';
import { localDay } from '../../src/facades/shared/format.js';
import { countQueries, openTestLeague, type TestLeague } from '../support/app.js';
import type { Json } from '../support/api.js';
import { createKey } from '../support/keys.js';

let league: TestLeague;
let clubKey: string;
let otherClubKey: string;
let federationKey: string;
beforeAll(async () => {
  league = await openTestLeague();
  const [club, otherClub] = await league.db.prisma.club.findMany({ orderBy: { id: 'asc' }, take: 2 });
  clubKey = (await createKey(league.db, `${club.name} app`, club.id)).key;
  otherClubKey = (await createKey(league.db, `${otherClub.name} app`, otherClub.id)).key;
  federationKey = (await createKey(league.db, 'Federation')).key;
});
afterAll(async () => {
  await league?.close();
});

async function get(url: string, key: string | null = clubKey) {
  const response = await league.app.inject({ method: 'GET', url, headers: key ? { authorization: `Bearer ${key}` } : {} });
  return { status: response.statusCode, type: response.headers['content-type'], body: response.json() as Json };
}
async function ok(url: string): Promise<Json> {
  const response = await get(url);
  expect(response.status, `${url}: ${JSON.stringify(response.body).slice(0, 300)}`).toBe(200);
  expect(response.type).toMatch(/^application\/vnd\.api\+json/);
  return response.body;
}
const ids = (body: Json): number[] => body.data.map((g: Json) => Number(g.id));

interface GameRow {
  id: number;
  startsAt: Date;
  hasVideoStream: boolean;
  homeTeamId: number | null;
  awayTeamId: number | null;
}
let games: GameRow[];
beforeAll(async () => {
  games = await league.db.prisma.game.findMany({
    select: { id: true, startsAt: true, hasVideoStream: true, homeTeamId: true, awayTeamId: true },
    orderBy: [{ startsAt: 'asc' }, { id: 'asc' }],
  });
});
const idsWhere = (keep: (game: GameRow) => boolean) => games.filter(keep).map((game) => game.id);
const day = (game: GameRow) => localDay(game.startsAt);

// The shapes of the federation's v3 documentation (resources/game, resources/team), plus the
// attributes this service adds to a game (status, scores, has_live_stream).
const GAME_ATTRIBUTES = ['season_id', 'starts_at', 'status', 'home_score', 'away_score', 'has_live_stream'];
const TEAM_ATTRIBUTES = ['name', 'slangname', 'logo', 'logo_small', 'logo_streaming', 'portrait'];
const STARTS_AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+0[12]:00$/;
const ABSOLUTE = /^http:\/\/test\.local\/media\/teams\/\d+\//;

function expectDocumentedGame(resource: Json): void {
  expect(Object.keys(resource)).toEqual(['type', 'id', 'attributes', 'relationships']);
  expect(resource.type).toBe('game');
  expect(resource.id).toMatch(/^\d+$/);
  expect(Object.keys(resource.attributes)).toEqual(GAME_ATTRIBUTES);
  const { season_id, starts_at, status, home_score, away_score, has_live_stream } = resource.attributes;
  expect(season_id).toBeTypeOf('number');
  expect(starts_at).toMatch(STARTS_AT);
  expect(['scheduled', 'live', 'finished', 'cancelled', 'forfeit']).toContain(status);
  for (const score of [home_score, away_score]) expect(score === null || typeof score === 'number').toBe(true);
  expect(has_live_stream).toBeTypeOf('boolean');
  // A team not known yet (an undecided cup pairing) is JSON:API's empty to-one relationship.
  const team = (data: Json) => (data === null ? null : { type: 'team', id: expect.stringMatching(/^\d+$/) });
  expect(resource.relationships).toEqual({
    home_team: { data: team(resource.relationships.home_team.data) },
    away_team: { data: team(resource.relationships.away_team.data) },
  });
}

function expectDocumentedTeam(resource: Json): void {
  expect(Object.keys(resource)).toEqual(['type', 'id', 'attributes']);
  expect(resource.type).toBe('team');
  expect(Object.keys(resource.attributes)).toEqual(TEAM_ATTRIBUTES);
  const { name, slangname, logo, logo_small, logo_streaming, portrait } = resource.attributes;
  expect([typeof name, typeof slangname]).toEqual(['string', 'string']);
  for (const url of [logo, logo_small, logo_streaming, portrait]) if (url !== null) expect(url).toMatch(ABSOLUTE);
}

describe('the official documentation’s examples (golden shapes)', () => {
  it('GET /api/v3/games?filter[from_date]=2017-05-03: every game from that day on, as game resources', async () => {
    const body = await ok('/api/v3/games?filter[from_date]=2017-05-03');
    expect(Object.keys(body)).toEqual(['data']);
    expect(ids(body)).toEqual(games.map((g) => g.id));
    body.data.forEach(expectDocumentedGame);
  });

  it('GET /api/v3/games?filter[to_date]=2017-05-05: nothing that early in the demo league', async () => {
    expect(await ok('/api/v3/games?filter[to_date]=2017-05-05')).toEqual({ data: [] });
  });

  it('GET /api/v3/games?filter[with_live_stream]=1&include=home_team,away_team: data and included teams', async () => {
    const body = await ok('/api/v3/games?filter[with_live_stream]=1&include=home_team,away_team');
    expect(Object.keys(body)).toEqual(['data', 'included']);
    body.data.forEach(expectDocumentedGame);
    body.included.forEach(expectDocumentedTeam);
    const related = new Set(body.data.flatMap((g: Json) => [g.relationships.home_team.data?.id, g.relationships.away_team.data?.id]).filter(Boolean));
    expect(new Set(body.included.map((t: Json) => t.id))).toEqual(related);
  });

  it('GET /api/v3/games/:id: one game as data, with the values of the record', async () => {
    const game = games.find((g) => day(g) === '2026-11-22')!;
    const body = await ok(`/api/v3/games/${game.id}?include=home_team,away_team`);
    expectDocumentedGame(body.data);
    expect(body.data.id).toBe(String(game.id));
    expect(body.data.attributes).toMatchObject({ season_id: 2026, has_live_stream: game.hasVideoStream });
    expect(new Date(body.data.attributes.starts_at).getTime()).toBe(game.startsAt.getTime());
    expect(body.data.attributes.starts_at).toMatch(/^2026-11-22T.*\+01:00$/);
    expect(body.included.map((t: Json) => Number(t.id))).toEqual([game.homeTeamId, game.awayTeamId]);
    const home = await league.db.prisma.team.findUniqueOrThrow({ where: { id: game.homeTeamId! } });
    expect(body.included[0].attributes).toEqual({
      name: home.name,
      slangname: home.shortName ?? home.name,
      logo: `http://test.local${home.logoUrl}`,
      logo_small: `http://test.local${home.logoUrl}?size=small`,
      logo_streaming: `http://test.local${home.logoUrl}?size=large`,
      portrait: home.portraitUrl && `http://test.local${home.portraitUrl}`,
    });
  });
});

describe('filters', () => {
  it('from_date and to_date are Europe/Zurich calendar days, inclusive on both ends', async () => {
    expect(ids(await ok('/api/v3/games?filter[from_date]=2026-11-22'))).toEqual(idsWhere((g) => day(g) >= '2026-11-22'));
    expect(ids(await ok('/api/v3/games?filter[to_date]=2026-11-22'))).toEqual(idsWhere((g) => day(g) <= '2026-11-22'));
    const oneDay = ids(await ok('/api/v3/games?filter[from_date]=2026-11-22&filter[to_date]=2026-11-22'));
    expect(oneDay).toEqual(idsWhere((g) => day(g) === '2026-11-22'));
    expect(oneDay.length).toBeGreaterThan(0);
    expect(ids(await ok('/api/v3/games?filter[from_date]=2026-11-15&filter[to_date]=2026-11-29'))).toEqual(
      idsWhere((g) => day(g) >= '2026-11-15' && day(g) <= '2026-11-29'),
    );
  });

  it('with_live_stream=1 keeps the streamed games only, alone or with dates; 0 restricts nothing', async () => {
    const streamed = ids(await ok('/api/v3/games?filter[with_live_stream]=1'));
    expect(streamed).toEqual(idsWhere((g) => g.hasVideoStream));
    expect(streamed.length).toBeLessThan(games.length);
    expect(ids(await ok('/api/v3/games?filter[with_live_stream]=true&filter[from_date]=2026-11-22'))).toEqual(
      idsWhere((g) => g.hasVideoStream && day(g) >= '2026-11-22'),
    );
    expect(ids(await ok('/api/v3/games?filter[with_live_stream]=0&filter[from_date]=2026-11-22'))).toEqual(idsWhere((g) => day(g) >= '2026-11-22'));
  });

  it('include takes either side alone; each team is included once', async () => {
    const url = '/api/v3/games?filter[from_date]=2026-11-01&filter[to_date]=2026-11-30';
    const inRange = games.filter((g) => day(g) >= '2026-11-01' && day(g) <= '2026-11-30');
    const homeOnly = await ok(`${url}&include=home_team`);
    expect(homeOnly.included.map((t: Json) => Number(t.id))).toEqual([...new Set(inRange.map((g) => g.homeTeamId))]);
    const awayOnly = await ok(`${url}&include=away_team`);
    expect(awayOnly.included.map((t: Json) => Number(t.id))).toEqual([...new Set(inRange.map((g) => g.awayTeamId))]);
    const both = await ok(`${url}&include=away_team,home_team`);
    expect(new Set(both.included.map((t: Json) => t.id)).size).toBe(both.included.length);
    expect(Object.keys(await ok(`${url}&include=`))).toEqual(['data']);
  });
});

describe('keys', () => {
  it('any valid key reads games (they are public data); none or an invalid one is a 401, checked before the parameters', async () => {
    const url = '/api/v3/games?filter[from_date]=2026-11-22&filter[to_date]=2026-11-22';
    expect((await get(url, federationKey)).status).toBe(200);
    expect((await get(url, clubKey)).status).toBe(200);
    expect((await get(url, otherClubKey)).status).toBe(200);
    expect((await league.app.inject({ method: 'GET', url: `${url}&auth_token=${encodeURIComponent(clubKey)}` })).statusCode).toBe(200);
    // `/games/:id` beside the lineup routes' `/games/:game_id/...`: both still route.
    const lineupCandidates = await get(`/api/v3/games/${games[0].id}/teams/${games[0].homeTeamId}/lineup_candidates`, federationKey);
    expect(lineupCandidates.status).toBe(200);
    expect(lineupCandidates.body.data).toBeInstanceOf(Array);
    for (const key of [null, 'fbk_not-a-real-key-at-all']) {
      for (const target of [url, '/api/v3/games', '/api/v3/games?filter[from_date]=yesterday', '/api/v3/games/abc', `/api/v3/games/${games[0].id}`]) {
        const response = await get(target, key);
        expect(response.status, target).toBe(401);
        expect(response.type).toMatch(/^application\/vnd\.api\+json/);
      }
    }
  });
});

describe('errors (JSON:API)', () => {
  it.each([
    ['/api/v3/games', 400, /At least one filter is required/],
    ['/api/v3/games?include=home_team', 400, /At least one filter is required/],
    ['/api/v3/games?filter[with_live_stream]=0', 400, /At least one filter is required/],
    ['/api/v3/games?filter[from_date]=2026-13-01', 400, /filter\[from_date\] must be a date YYYY-MM-DD, got "2026-13-01"/],
    ['/api/v3/games?filter[to_date]=2026-02-30', 400, /filter\[to_date\] must be a date/],
    ['/api/v3/games?filter[from_date]=22.11.2026', 400, /filter\[from_date\] must be a date/],
    ['/api/v3/games?filter[with_live_stream]=maybe', 400, /filter\[with_live_stream\] must be true or false/],
    ['/api/v3/games?filter[from_date]=2026-11-23&filter[to_date]=2026-11-22', 400, /filter\[from_date\] 2026-11-23 is after filter\[to_date\] 2026-11-22/],
    ['/api/v3/games?filter[from_date]=2026-11-22&include=venue', 400, /include takes home_team, away_team, got "venue"/],
    ['/api/v3/games?filter[from_date]=2026-11-22&include=home_team,teams', 400, /got "teams"/],
    ['/api/v3/games/1?include=referees', 400, /include takes home_team, away_team/],
    ['/api/v3/games/876785', 404, /No game 876785/],
    ['/api/v3/games/abc', 400, /id must be a positive integer, got "abc"/],
    ['/api/v3/games/-5', 400, /id must be a positive integer/],
    ['/api/v3/games/99999999999', 400, /id must be a positive integer/],
  ])('%s → %i', async (url, status, detail) => {
    const response = await get(url);
    expect(response.status).toBe(status);
    expect(response.type).toMatch(/^application\/vnd\.api\+json/);
    expect(response.body).toEqual({
      errors: [{ status: String(status), title: expect.any(String), detail: expect.stringMatching(detail), meta: { request_id: expect.any(String) } }],
    });
  });
});

describe('cost and bounds', () => {
  it('runs a bounded number of SQL queries, however many games and teams', async () => {
    const oneDay = await countQueries(league.db, () => ok('/api/v3/games?filter[from_date]=2026-11-22&filter[to_date]=2026-11-22&include=home_team,away_team'));
    const everything = await countQueries(league.db, () => ok('/api/v3/games?filter[from_date]=2017-05-03&include=home_team,away_team'));
    // The key check and one games query with its teams and seasons joined.
    expect(oneDay).toBeLessThanOrEqual(3);
    expect(everything).toBe(oneDay);
    expect(await countQueries(league.db, () => ok(`/api/v3/games/${games[0].id}?include=home_team,away_team`))).toBeLessThanOrEqual(3);
  });

  it(`more than ${MAX_V3_GAMES} matching games is a 400 that says to narrow the dates; exactly ${MAX_V3_GAMES} are served`, async () => {
    // Friendly games (no league group, no cup) from 2030 on, beyond the demo league's seasons: one an
    // hour, and the last one a week after the others.
    const hour = 3_600_000;
    const start = Date.parse('2030-01-01T18:00:00Z');
    const startOf = (i: number) => new Date(start + (i < MAX_V3_GAMES ? i : i + 7 * 24) * hour);
    const [first, second] = games;
    await league.db.prisma.game.createMany({
      data: Array.from({ length: MAX_V3_GAMES + 1 }, (_, i) => ({
        id: 9_000_000 + i,
        homeTeamId: first.homeTeamId,
        awayTeamId: second.awayTeamId,
        startsAt: startOf(i),
        homePeriodScores: [],
        awayPeriodScores: [],
      })),
    });
    const tooMany = await get('/api/v3/games?filter[from_date]=2030-01-01');
    expect(tooMany.status).toBe(400);
    expect(tooMany.type).toMatch(/^application\/vnd\.api\+json/);
    expect(tooMany.body.errors[0].detail).toBe(
      `More than ${MAX_V3_GAMES} games match these filters: narrow the dates with filter[from_date] and filter[to_date]`,
    );
    const exactly = await ok(`/api/v3/games?filter[from_date]=2030-01-01&filter[to_date]=${localDay(startOf(MAX_V3_GAMES - 1))}`);
    expect(exactly.data).toHaveLength(MAX_V3_GAMES);
    expect(exactly.data[0].attributes).toMatchObject({ season_id: 2029, status: 'scheduled', home_score: null, has_live_stream: false });
    expect(ids(await ok(`/api/v3/games?filter[from_date]=${localDay(startOf(MAX_V3_GAMES))}`))).toEqual([9_000_000 + MAX_V3_GAMES]);
  });
});
