import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_FAVORITES_PER_SESSION, SESSION_LIFETIME_MS } from '../../src/domain/session.js';
import { countQueries, openTestLeague, type TestLeague } from '../support/app.js';
import { getJson, type Json } from '../support/api.js';

let league: TestLeague;
let teamId: number;
let clubId: number;

beforeAll(async () => {
  league = await openTestLeague();
  const team = await league.db.prisma.team.findFirstOrThrow({ where: { registrations: { some: { group: { seasonId: 2026, leagueId: 1 } } } } });
  teamId = team.id;
  clubId = team.clubId;
});
afterAll(async () => {
  await league?.close();
});

async function post(path: string, payload: Record<string, unknown> | string, form = false) {
  const response = await league.app.inject({
    method: 'POST',
    url: `/api/sessions/${path}`,
    ...(form
      ? { payload: payload as string, headers: { 'content-type': 'application/x-www-form-urlencoded' } }
      : { payload: payload as Record<string, unknown> }),
  });
  return { status: response.statusCode, body: response.json() as Json };
}

const form = (sid: string | null, ...favorites: object[]) =>
  [`sid=${sid === null ? 'null' : encodeURIComponent(sid)}`, ...favorites.map((f) => `favorites[]=${encodeURIComponent(JSON.stringify(f))}`)].join('&');

async function favoritesOf(sid: string): Promise<string[]> {
  const rows = await league.db.prisma.favorite.findMany({ where: { sessionId: sid }, orderBy: { id: 'asc' } });
  return rows.map((r) => r.key);
}

describe('session state table', () => {
  it('no session + add_favorite with a null sid → a new session holding the favorite (form body)', async () => {
    const { status, body } = await post('add_favorite', form(null, { type: 'team', team_id: teamId }), true);
    expect(status).toBe(200);
    expect(body).toEqual({ type: 'session', data: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/) });
    expect(await favoritesOf(body.data)).toEqual([`{"type":"team","team_id":${teamId}}`]);
  });

  it("the matchcenter names each favorite's type in lower case, as the wire always has (GraphQL answers FavoriteType in upper case)", async () => {
    const sid = (await post('add_favorite', form(null, { type: 'team', team_id: teamId }, { type: 'club', club_id: clubId }), true)).body.data;
    const response = await league.app.inject({ url: `/api/sessions/matchcenter?sid=${sid}` });
    expect(response.statusCode).toBe(200);
    const sections = (response.json() as Json).data.sections as { type: string; context: object }[];
    expect(sections.map((section) => [section.type, section.context])).toEqual([
      ['team', { type: 'team', team_id: teamId }],
      ['club', { type: 'club', club_id: clubId }],
    ]);
  });

  it('no session + add_favorite with an unknown sid → a new session, not an error (JSON body)', async () => {
    const { status, body } = await post('add_favorite', { sid: 'unknown-session-id-123456', favorites: [JSON.stringify({ type: 'club', club_id: clubId })] });
    expect(status).toBe(200);
    expect(body.data).not.toBe('unknown-session-id-123456');
    expect(await favoritesOf(body.data)).toEqual([`{"type":"club","club_id":${clubId}}`]);
  });

  it('session + add_favorite → the same sid, containing the favorite once however often it is added', async () => {
    const sid = (await post('add_favorite', form(null, { type: 'team', team_id: teamId }), true)).body.data;
    const league1 = { type: 'league', game_class: 11, league: 1 };
    const again = await post('add_favorite', form(sid, league1), true);
    expect(again.body.data).toBe(sid);
    await post('add_favorite', form(sid, { league: 1, game_class: 11, type: 'league' }), true);
    expect(await favoritesOf(sid)).toEqual([`{"type":"team","team_id":${teamId}}`, '{"type":"league","game_class":11,"league":1}']);
  });

  it('session + remove_favorite → the same sid without the favorite; removing an absent one is fine', async () => {
    const sid = (await post('add_favorite', form(null, { type: 'team', team_id: teamId }, { type: 'club', club_id: clubId }), true)).body.data;
    const removed = await post('remove_favorite', form(sid, { type: 'team', team_id: teamId }), true);
    expect(removed).toEqual({ status: 200, body: { type: 'session', data: sid } });
    expect(await favoritesOf(sid)).toEqual([`{"type":"club","club_id":${clubId}}`]);
    const absent = await post('remove_favorite', form(sid, { type: 'team', team_id: teamId }), true);
    expect(absent.body.data).toBe(sid);
  });

  it('adds and removes with a bounded number of queries', async () => {
    const sid = (await post('add_favorite', form(null, { type: 'team', team_id: teamId }), true)).body.data;
    const favorite = { type: 'club', club_id: clubId };
    expect(await countQueries(league.db, () => post('add_favorite', form(sid, favorite), true))).toBeLessThanOrEqual(8);
    expect(await countQueries(league.db, () => post('remove_favorite', form(sid, favorite), true))).toBeLessThanOrEqual(5);
  });

  it('session + 30 days → expired: the sid counts as invalid and its favorites are gone', async () => {
    const sid = (await post('add_favorite', form(null, { type: 'team', team_id: teamId }), true)).body.data;
    const now = league.clock.now();
    league.clock.advance(SESSION_LIFETIME_MS - 1000);
    try {
      expect((await post('add_favorite', form(sid, { type: 'club', club_id: clubId }), true)).body.data).toBe(sid);
      league.clock.advance(SESSION_LIFETIME_MS + 1000);
      const matchcenter = await getJson(league.app, `/api/sessions/matchcenter?sid=${sid}`);
      expect(matchcenter.data.sections).toEqual([]);
      const fresh = await post('add_favorite', form(sid, { type: 'club', club_id: clubId }), true);
      expect(fresh.body.data).not.toBe(sid);
      expect(await favoritesOf(fresh.body.data)).toEqual([`{"type":"club","club_id":${clubId}}`]);
    } finally {
      league.clock.set(now);
    }
  });
});

describe('bad favorites', () => {
  it.each([
    ['not JSON', 'favorites[]=%7Bnope', /valid JSON/],
    ['unknown type', `favorites[]=${encodeURIComponent('{"type":"coach","coach_id":1}')}`, /type must be one of/],
    ['missing argument', `favorites[]=${encodeURIComponent('{"type":"league","league":1}')}`, /needs game_class/],
    ['extra argument', `favorites[]=${encodeURIComponent('{"type":"club","club_id":1,"team_id":2}')}`, /does not take team_id/],
    ['wrong type', `favorites[]=${encodeURIComponent('{"type":"player","player_id":"12"}')}`, /positive integer/],
    ['unknown record', `favorites[]=${encodeURIComponent('{"type":"player","player_id":999999999}')}`, /no player 999999999/],
    ['no favorite', 'other=1', /favorites\[\] is required/],
  ])('%s → 400 naming the problem, the session unchanged', async (_name, payload, message) => {
    const sid = (await post('add_favorite', form(null, { type: 'team', team_id: teamId }), true)).body.data;
    const { status, body } = await post('add_favorite', `sid=${sid}&${payload}`, true);
    expect(status).toBe(400);
    expect(body).toMatchObject({ type: 'Error', object: 'error', data: { code: 400 } });
    expect(body.message).toMatch(message);
    expect(await favoritesOf(sid)).toEqual([`{"type":"team","team_id":${teamId}}`]);
  });

  it('refuses a 1 MB body and 10,000 favorites[] entries without processing them', async () => {
    const huge = await league.app.inject({ method: 'POST', url: '/api/sessions/add_favorite', payload: { sid: null, favorites: ['x'.repeat(1024 * 1024)] } });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().type).toBe('Error');
    const many = Array.from({ length: 10_000 }, (_, i) => `favorites[]=${i}`).join('&');
    const refused = await post('add_favorite', many, true);
    expect([400, 413]).toContain(refused.status);
    expect(refused.body.type).toBe('Error');
  });

  it(`holds at most ${MAX_FAVORITES_PER_SESSION} favorites per session`, async () => {
    const players = await league.db.prisma.player.findMany({ take: MAX_FAVORITES_PER_SESSION + 1, orderBy: { id: 'asc' }, select: { id: true } });
    let sid: string | null = null;
    for (let i = 0; i < MAX_FAVORITES_PER_SESSION; i += 20) {
      const batch = players.slice(i, i + 20).map((p) => ({ type: 'player', player_id: p.id }));
      sid = (await post('add_favorite', form(sid, ...batch), true)).body.data;
    }
    const over = await post('add_favorite', form(sid, { type: 'player', player_id: players[MAX_FAVORITES_PER_SESSION].id }), true);
    expect(over.status).toBe(400);
    expect(over.body.message).toMatch(/at most 100 favorites/);
  });
});

describe('concurrency', () => {
  it('50 parallel add_favorite calls on one sid end with all 50 favorites', async () => {
    const sid = (await post('add_favorite', form(null, { type: 'team', team_id: teamId }), true)).body.data;
    const players = await league.db.prisma.player.findMany({ take: 50, orderBy: { id: 'desc' }, select: { id: true } });
    const results = await Promise.all(players.map((p) => post('add_favorite', form(sid, { type: 'player', player_id: p.id }), true)));
    expect(results.every((r) => r.status === 200 && r.body.data === sid)).toBe(true);
    expect(await favoritesOf(sid)).toHaveLength(51);
  });
});

describe('GET /api/sessions/matchcenter', () => {
  it('has one section per favorite with a title and the favorite as context', async () => {
    const sid = (await post('add_favorite', form(null, { type: 'league', game_class: 11, league: 1 }, { type: 'team', team_id: teamId }), true)).body.data;
    const team = await league.db.prisma.team.findUniqueOrThrow({ where: { id: teamId } });
    const body = await getJson(league.app, `/api/sessions/matchcenter?sid=${sid}`);
    expect(body).toEqual({
      type: 'matchcenter',
      data: {
        sections: [
          { type: 'league', title: expect.stringMatching(/L-UPL/), context: { type: 'league', game_class: 11, league: 1 } },
          { type: 'team', title: team.name, context: { type: 'team', team_id: teamId } },
        ],
      },
    });
    expect(await countQueries(league.db, () => getJson(league.app, `/api/sessions/matchcenter?sid=${sid}`))).toBeLessThanOrEqual(5);
  });

  it('answers an unknown or missing sid with an empty matchcenter', async () => {
    expect(await getJson(league.app, '/api/sessions/matchcenter?sid=nope')).toEqual({ type: 'matchcenter', data: { sections: [] } });
    expect(await getJson(league.app, '/api/sessions/matchcenter')).toEqual({ type: 'matchcenter', data: { sections: [] } });
  });
});

describe('GET /api/games?mode=favorite', () => {
  it("has one region per game a favorite refers to: each favorite's next game from on_date", async () => {
    const sid = (
      await post(
        'add_favorite',
        form(null, { type: 'team', team_id: teamId }, { type: 'club', club_id: clubId }, { type: 'league', game_class: 11, league: 1 }),
        true,
      )
    ).body.data;
    const body = await getJson(league.app, `/api/games?mode=favorite&sid=${sid}&on_date=2026-11-23`);
    const from = new Date('2026-11-22T23:00:00Z');
    const next = await league.db.prisma.game.findFirstOrThrow({
      where: { OR: [{ homeTeamId: teamId }, { awayTeamId: teamId }], startsAt: { gte: from }, status: { not: 'CANCELLED' } },
      orderBy: [{ startsAt: 'asc' }, { id: 'asc' }],
    });
    const ids = body.data.regions.map((r: Json) => r.rows[0].id);
    expect(ids).toContain(next.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(body.data.regions.every((r: Json) => r.rows.length === 1)).toBe(true);
    const games = await league.db.prisma.game.findMany({ where: { id: { in: ids } } });
    expect(games.every((g) => g.startsAt >= from)).toBe(true);
    expect(await countQueries(league.db, () => getJson(league.app, `/api/games?mode=favorite&sid=${sid}`))).toBeLessThanOrEqual(8);
  });

  it('needs a sid and a valid date', async () => {
    expect((await league.app.inject({ method: 'GET', url: '/api/games?mode=favorite' })).statusCode).toBe(400);
    expect((await league.app.inject({ method: 'GET', url: '/api/games?mode=favorite&sid=abc&on_date=tomorrow' })).statusCode).toBe(400);
    const empty = await getJson(league.app, '/api/games?mode=favorite&sid=unknown-session-1234567');
    expect(empty.data.regions).toEqual([]);
  });

  it('answers a sid that cannot be one (too short, odd characters) like an unknown one: an empty table', async () => {
    for (const sid of ['abc', '%C3%A9t%C3%A9', 'x'.repeat(300)]) {
      const body = await getJson(league.app, `/api/games?mode=favorite&sid=${sid}`);
      expect(body.data.regions).toEqual([]);
    }
  });
});
