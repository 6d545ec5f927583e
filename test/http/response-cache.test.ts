import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.js';
import { countQueries, graphql, openTestLeague, type TestLeague } from '../support/app.js';
import { createKey } from '../support/keys.js';

let league: TestLeague;
let cached: FastifyInstance;

beforeAll(async () => {
  league = await openTestLeague();
  // The caches' clock is the test league's, which stands still: however slow a run, no answer outlives its TTL in between.
  cached = await buildApp({
    database: league.db,
    clock: league.clock,
    cacheClock: () => league.clock.now().getTime(),
    logLevel: 'silent',
    responseCacheTtlMs: 60_000,
  });
});
afterAll(async () => {
  await cached?.close();
  await league?.close();
});

describe('shared response cache and HTTP revalidation', () => {
  it('serves a repeated public GET from memory with the same bytes and no SQL', async () => {
    const first = await cached.inject({ method: 'GET', url: '/api/rankings?season=2026' });
    expect(first.headers['x-cache']).toBe('miss');
    expect(first.headers['cache-control']).toBe('public, max-age=5, stale-while-revalidate=5');
    let second = first;
    const queries = await countQueries(league.db, async () => {
      second = await cached.inject({ method: 'GET', url: '/api/rankings?season=2026' });
    });
    expect(queries).toBe(0);
    expect(second.headers['x-cache']).toBe('hit');
    expect(second.body).toBe(first.body);
    expect(second.headers.etag).toBe(first.headers.etag);
  });

  it('builds a missing entry once when many ask for it at the same time', async () => {
    let responses: Awaited<ReturnType<FastifyInstance['inject']>>[] = [];
    const alone = await countQueries(league.db, async () => {
      await cached.inject({ method: 'GET', url: '/api/rankings?season=2025' });
    });
    const together = await countQueries(league.db, async () => {
      responses = await Promise.all(Array.from({ length: 10 }, () => cached.inject({ method: 'GET', url: '/api/rankings?season=2024' })));
    });
    expect(together).toBe(alone);
    expect(responses.map((r) => r.headers['x-cache']).sort()).toEqual(['hit', 'hit', 'hit', 'hit', 'hit', 'hit', 'hit', 'hit', 'hit', 'miss']);
    expect(new Set(responses.map((r) => r.body)).size).toBe(1);
  });

  it('answers If-None-Match with 304 and no body', async () => {
    const first = await cached.inject({ method: 'GET', url: '/api/leagues?season=2026' });
    const revalidated = await cached.inject({ method: 'GET', url: '/api/leagues?season=2026', headers: { 'if-none-match': String(first.headers.etag) } });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
    const fresh = await cached.inject({ method: 'GET', url: '/api/groups?season=2026', headers: { 'if-none-match': String(first.headers.etag) } });
    expect(fresh.statusCode).toBe(200);
  });

  it('never caches errors, sessions, keyed interfaces or GraphQL', async () => {
    const bad = await cached.inject({ method: 'GET', url: '/api/games?mode=nothing' });
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['x-cache']).toBeUndefined();
    const game = await league.db.prisma.game.findFirstOrThrow({ orderBy: { id: 'asc' } });
    const federation = { authorization: `Bearer ${(await createKey(league.db, 'federation')).key}` };
    const uncached = [
      { url: '/api/sessions/matchcenter?sid=x' },
      { url: '/sessions/matchcenter' },
      { url: `/api/v3/games/${game.id}/teams/${game.homeTeamId}/lineup_candidates`, headers: federation },
      { url: '/graphql?query=%7B__typename%7D' },
      { url: '/health' },
    ];
    for (const request of uncached) {
      await cached.inject(request);
      const again = await cached.inject(request);
      expect(again.statusCode, request.url).toBe(200);
      expect(again.headers['x-cache'], request.url).toBeUndefined();
    }
    // The main interface's GET routes are public unless they say otherwise, at /api and at the root.
    for (const url of ['/api/games?mode=list', '/games?mode=list', '/api/']) expect((await cached.inject({ url })).headers['x-cache'], url).toBe('miss');
  });

  it('shares GraphQL query results between clients, but never a session', async () => {
    const game = await league.db.prisma.game.findFirstOrThrow({ orderBy: { id: 'asc' } });
    const query = '{ game(id: $id) { id homeTeam { name } events { type } } }'.replace('$id', String(game.id));
    const first = await graphql(cached, query);
    expect(first.status).toBe(200);
    let second = first;
    expect(await countQueries(league.db, async () => (second = await graphql(cached, query)))).toBe(0);
    expect(second.data).toEqual(first.data);
    expect(await countQueries(league.db, () => graphql(league.app, query))).toBeGreaterThan(0); // off unless configured

    const add = 'mutation($sid: String, $favorite: FavoriteInput!) { addFavorite(sid: $sid, favorites: [$favorite]) { id } }';
    const read = 'query($sid: String!) { favoriteSession(sid: $sid) { favorites { teamId } } }';
    const sid = (await graphql<{ addFavorite: { id: string } }>(cached, add, { sid: null, favorite: { type: 'team', teamId: game.homeTeamId } })).data!
      .addFavorite.id;
    expect((await graphql(cached, read, { sid })).data).toEqual({ favoriteSession: { favorites: [{ teamId: game.homeTeamId }] } });
    await graphql(cached, add, { sid, favorite: { type: 'team', teamId: game.awayTeamId } });
    expect((await graphql(cached, read, { sid })).data).toEqual({ favoriteSession: { favorites: [{ teamId: game.homeTeamId }, { teamId: game.awayTeamId }] } });
    const unknown = 'x'.repeat(32);
    expect(await countQueries(league.db, () => graphql(cached, read, { sid: unknown }))).toBeGreaterThan(0);
    expect(await countQueries(league.db, () => graphql(cached, read, { sid: unknown }))).toBeGreaterThan(0);
  });

  it('shares legacy answers only after every request passed its own key check', async () => {
    const [mine, theirs] = [await createKey(league.db, 'site a'), await createKey(league.db, 'site b')];
    const club = await league.db.prisma.club.findFirstOrThrow({ where: { active: true }, orderBy: { id: 'asc' } });
    const url = (key: string) => `/rest/v1.0/clubs/${club.id}?apikey=${encodeURIComponent(key)}`;
    const first = await cached.inject({ method: 'GET', url: url(mine.key) });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    let second = first;
    expect(await countQueries(league.db, async () => (second = await cached.inject({ method: 'GET', url: url(theirs.key) })))).toBe(1); // the key
    expect(second.headers['x-cache']).toBe('hit');
    expect(second.body).toBe(first.body);

    const json = await cached.inject({ method: 'GET', url: url(mine.key), headers: { accept: 'application/json' } });
    expect(json.headers['content-type']).toMatch(/^application\/json/);
    const revalidated = await cached.inject({ method: 'GET', url: url(mine.key), headers: { 'if-none-match': String(first.headers.etag) } });
    expect(revalidated.statusCode).toBe(304);

    await league.db.prisma.apiKey.update({ where: { id: theirs.id }, data: { revokedAt: new Date() } });
    const revoked = await cached.inject({ method: 'GET', url: url(theirs.key), headers: { 'if-none-match': String(first.headers.etag) } });
    expect(revoked.statusCode).toBe(401);
    expect(revoked.body).toContain('<code>401</code>');
    expect((await cached.inject({ method: 'GET', url: `/rest/v1.0/clubs/${club.id}` })).statusCode).toBe(401);
  });

  it('is off unless configured (the test apps see every change at once)', async () => {
    const response = await league.app.inject({ method: 'GET', url: '/api/rankings?season=2026' });
    expect(response.headers['x-cache']).toBeUndefined();
  });
});
