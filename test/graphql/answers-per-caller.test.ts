// The same request from two callers gets each its own answer: no cache hands a mutation's answer,
// a key's answer or a session's answer to anybody else (GraphQL, /api, /api/v3).
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { openTestLeague, type TestLeague } from '../support/app.js';
import { createKey } from '../support/keys.js';
import { scheduledGameWithSheet, WRITE_RESULT } from '../support/live.js';

let league: TestLeague;
let app: FastifyInstance;
let game: Awaited<ReturnType<typeof scheduledGameWithSheet>>['game'];
let homeDesk: string;
let otherClubDesk: string;
let reader: string;
let homeClubReader: string;
let otherClubReader: string;

beforeAll(async () => {
  league = await openTestLeague();
  ({ game } = await scheduledGameWithSheet(league.db));
  const otherClub = await league.db.prisma.club.findFirstOrThrow({ where: { id: { notIn: [game.homeTeam!.clubId, game.awayTeam!.clubId] } } });
  homeDesk = (await createKey(league.db, 'home desk', game.homeTeam!.clubId, ['games:write'])).key;
  otherClubDesk = (await createKey(league.db, 'other desk', otherClub.id, ['games:write'])).key;
  reader = (await createKey(league.db, 'federation reader')).key;
  homeClubReader = (await createKey(league.db, 'home club reader', game.homeTeam!.clubId)).key;
  otherClubReader = (await createKey(league.db, 'other club reader', otherClub.id)).key;
  // The shared caches on, as in production: what is tested is that they keep out of the way.
  app = await buildApp({ database: league.db, clock: league.clock, logLevel: 'silent', publicBaseUrl: 'http://test.local', responseCacheTtlMs: 60_000 });
});
afterAll(async () => {
  await app?.close();
  await league?.close();
});

interface Answer {
  status: number;
  headers: Record<string, unknown>;
  data?: Record<string, unknown> | null;
  errors?: { message: string; extensions?: { code?: string } }[];
}

/** The same body byte for byte from whoever sends it; only the key differs. */
async function post(body: string, key?: string): Promise<Answer> {
  const response = await app.inject({
    method: 'POST',
    url: '/graphql',
    headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) },
    payload: body,
  });
  return { status: response.statusCode, headers: response.headers, ...(response.json() as Omit<Answer, 'status' | 'headers'>) };
}

const codeOf = (answer: Answer) => answer.errors?.[0]?.extensions?.code;

describe('mutation answers are never shared', () => {
  const ADD = JSON.stringify({ query: 'mutation { addFavorite(sid: null, favorites: [{ type: CLUB, clubId: 401001 }]) { id favorites { kind } } }' });

  it('two clients sending the same addFavorite(sid: null) body get two different sessions', async () => {
    const club = await league.db.prisma.club.findFirstOrThrow({ orderBy: { id: 'asc' } });
    const body = ADD.replace('401001', String(club.id));
    const first = await post(body);
    const second = await post(body);
    const sidOf = (answer: Answer) => (answer.data?.addFavorite as { id: string } | undefined)?.id ?? '';
    expect(first.errors).toBeUndefined();
    expect(second.errors).toBeUndefined();
    expect(sidOf(first)).not.toBe(sidOf(second));
    expect(first.headers['cache-control']).toBe('private, no-store');
    expect(first.headers.etag).toBeUndefined();
    expect(await league.db.prisma.favoriteSession.count({ where: { id: { in: [sidOf(first), sidOf(second)] } } })).toBe(2);
  });

  it('add → remove → add: every answer says what the session holds', async () => {
    const team = await league.db.prisma.team.findFirstOrThrow({ orderBy: { id: 'asc' } });
    const created = await post(
      JSON.stringify({ query: `mutation { addFavorite(sid: null, favorites: [{ type: CLUB, clubId: ${game.homeTeam!.clubId} }]) { id } }` }),
    );
    const sid = (created.data?.addFavorite as { id: string } | undefined)?.id;
    const change = (kind: 'addFavorite' | 'removeFavorite') =>
      post(JSON.stringify({ query: `mutation { ${kind}(sid: "${sid}", favorites: [{ type: TEAM, teamId: ${team.id} }]) { favorites { kind } } }` }));
    const read = () => post(JSON.stringify({ query: `{ favoriteSession(sid: "${sid}") { favorites { kind } } }` }));
    const typesOf = (answer: Answer, field: string) =>
      ((answer.data?.[field] as { favorites: { kind: string }[] } | undefined)?.favorites ?? []).map((f) => f.kind).sort();

    const added = await change('addFavorite');
    expect(typesOf(added, 'addFavorite')).toEqual(['CLUB', 'TEAM']);
    const removed = await change('removeFavorite');
    expect(typesOf(removed, 'removeFavorite')).toEqual(['CLUB']);
    expect(typesOf(await read(), 'favoriteSession')).toEqual(['CLUB']);
    const addedAgain = await change('addFavorite');
    expect(typesOf(addedAgain, 'addFavorite')).toEqual(['CLUB', 'TEAM']);
    const session = await read();
    expect(typesOf(session, 'favoriteSession')).toEqual(['CLUB', 'TEAM']);
    expect(session.headers['cache-control']).toBe('private, no-store');
  });

  it('a write body already answered, sent again with no key, a read-only key and another club’s key: each its own refusal; the replay only to its writer', async () => {
    const body = JSON.stringify({
      query: `mutation ($input: StartGameInput!) { startGame(input: $input) { ${WRITE_RESULT} } }`,
      variables: { input: { gameId: game.id, idempotencyKey: 'desk-retry-1' } },
    });
    const written = await post(body, homeDesk);
    expect(written.errors).toBeUndefined();
    expect(written.data?.startGame).toMatchObject({ replayed: false, version: 1 });
    expect(written.headers['cache-control']).toBe('private, no-store');
    const audits = await league.db.prisma.gameAuditEntry.count({ where: { gameId: game.id } });

    const anonymous = await post(body);
    expect(codeOf(anonymous)).toBe('UNAUTHENTICATED');
    expect(anonymous.data?.startGame ?? null).toBeNull();
    const wrongKey = await post(body, 'fbk_not-a-key-anybody-has');
    expect(codeOf(wrongKey)).toBe('UNAUTHENTICATED');
    const readOnly = await post(body, reader);
    expect(codeOf(readOnly)).toBe('FORBIDDEN');
    const otherClub = await post(body, otherClubDesk);
    expect(codeOf(otherClub)).toBe('FORBIDDEN');

    const retried = await post(body, homeDesk);
    expect(retried.data?.startGame).toMatchObject({ replayed: true, version: 1 });
    expect(await league.db.prisma.gameAuditEntry.count({ where: { gameId: game.id } })).toBe(audits);
  });
});

describe('answers a key decides are never shared', () => {
  const candidatesBody = () =>
    JSON.stringify({ query: `{ lineupCandidates(gameId: ${game.id}, teamId: ${game.homeTeamId}, includeIneligible: true) { licenseId eligible } }` });

  it('a keyed read answered to the club’s key is not served to a caller without it, nor to another club’s key', async () => {
    const club = await post(candidatesBody(), homeClubReader);
    expect(club.errors).toBeUndefined();
    expect((club.data?.lineupCandidates as unknown[] | undefined)?.length).toBeGreaterThan(0);
    expect(club.headers['cache-control']).toBe('private, no-store');
    expect(club.headers.etag).toBeUndefined();

    const anonymous = await post(candidatesBody());
    expect(codeOf(anonymous)).toBe('UNAUTHENTICATED');
    expect(anonymous.data?.lineupCandidates ?? null).toBeNull();
    const otherClub = await post(candidatesBody(), otherClubReader);
    expect(codeOf(otherClub)).toBe('FORBIDDEN');
    expect((await post(candidatesBody(), reader)).errors).toBeUndefined(); // a federation key reads every club
  });

  it('lineup data answers the same to the same credential on /graphql and on /api/v3', async () => {
    const v3 = (key?: string) =>
      app.inject({ url: `/api/v3/games/${game.id}/teams/${game.homeTeamId}/lineup_candidates`, headers: key ? { authorization: `Bearer ${key}` } : {} });
    const graphqlEligible = async (key?: string) => {
      const answer = await post(JSON.stringify({ query: `{ lineupCandidates(gameId: ${game.id}, teamId: ${game.homeTeamId}) { licenseId } }` }), key);
      return { code: codeOf(answer), ids: ((answer.data?.lineupCandidates as { licenseId: number }[] | undefined) ?? []).map((c) => c.licenseId) };
    };
    const verdicts: [string | undefined, number, string | undefined][] = [
      [undefined, 401, 'UNAUTHENTICATED'],
      ['fbk_not-a-key-anybody-has', 401, 'UNAUTHENTICATED'],
      [otherClubReader, 403, 'FORBIDDEN'],
      [homeClubReader, 200, undefined],
      [reader, 200, undefined],
    ];
    for (const [key, status, code] of verdicts) {
      const rest = await v3(key);
      const graph = await graphqlEligible(key);
      expect({ key, status: rest.statusCode, code: graph.code }).toEqual({ key, status, code });
      if (status === 200) {
        expect(rest.headers['cache-control']).toBe('private, no-store');
        expect((rest.json().data as { id: string }[]).map((member) => Number(member.id))).toEqual(graph.ids);
      }
    }
  });

  it('a legacy answer shared between valid keys is never served to a request without one', async () => {
    const clubs = (apikey?: string) => app.inject({ url: `/rest/v1.0/clubs${apikey ? `?apikey=${encodeURIComponent(apikey)}` : ''}` });
    expect((await clubs(reader)).statusCode).toBe(200);
    const hit = await clubs(homeClubReader);
    expect(hit.statusCode).toBe(200);
    expect(hit.headers['x-cache']).toBe('hit');
    expect(hit.headers['cache-control']).toBe('private, no-cache');
    for (const refused of [await clubs(), await clubs('fbk_not-a-key-anybody-has')]) {
      expect(refused.statusCode).toBe(401);
      expect(refused.headers['x-cache']).toBeUndefined();
      expect(refused.body).not.toContain('<club ');
    }
    const revalidated = await app.inject({ url: '/rest/v1.0/clubs?apikey=fbk_not-a-key-anybody-has', headers: { 'if-none-match': String(hit.headers.etag) } });
    expect(revalidated.statusCode).toBe(401); // never a 304 to a caller without a valid key
  });

  it('public query results are still shared: the second identical query is a stored result', async () => {
    const body = JSON.stringify({ query: `{ game(id: ${game.id}) { id startsAt } }` });
    const first = await post(body);
    const second = await post(body, reader);
    expect(second.data).toEqual(first.data);
    expect(second.headers.etag).toBeDefined();
    expect(second.headers['cache-control']).toBeUndefined();
  });
});

describe('answers that hold a session', () => {
  it('mode=favorite shows an added favorite on the very next request and never comes from a shared cache', async () => {
    const form = (url: string, fields: string) =>
      app.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: fields });
    const favorite = (teamId: number) => `favorites[]=${encodeURIComponent(JSON.stringify({ type: 'team', team_id: teamId }))}`;
    const added = await form('/api/sessions/add_favorite', favorite(game.homeTeamId!));
    expect(added.statusCode).toBe(200);
    expect(added.headers['cache-control']).toBe('private, no-store');
    const sid = (added.json() as { data: string }).data;
    expect(sid).toMatch(/^[\w-]{16,}$/);
    const onDate = game.startsAt.toISOString().slice(0, 10);
    const favoriteGames = () => app.inject({ url: `/api/games?mode=favorite&sid=${sid}&on_date=${onDate}` });

    const first = await favoriteGames();
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('private, no-store');
    expect(first.headers['x-cache']).toBeUndefined();
    expect(first.headers.etag).toBeUndefined();
    const awayGame = await league.db.prisma.game.findFirstOrThrow({
      where: {
        startsAt: { gte: game.startsAt },
        homeTeamId: { notIn: [game.homeTeamId!, game.awayTeamId!] },
        awayTeamId: { notIn: [game.homeTeamId!, game.awayTeamId!] },
      },
      orderBy: { startsAt: 'asc' },
      include: { homeTeam: true },
    });
    const newTeamName = JSON.stringify(awayGame.homeTeam!.name);
    expect(first.body).not.toContain(newTeamName);
    expect((await form('/api/sessions/add_favorite', `sid=${sid}&${favorite(awayGame.homeTeamId!)}`)).statusCode).toBe(200);
    const next = await favoriteGames();
    expect(next.headers['x-cache']).toBeUndefined();
    expect(next.body).toContain(newTeamName);

    const matchcenter = await app.inject({ url: `/api/sessions/matchcenter?sid=${sid}` });
    expect(matchcenter.headers['cache-control']).toBe('private, no-store');
  });

  it('other game lists stay public and cached', async () => {
    const list = () => app.inject({ url: '/api/games?mode=list' });
    expect((await list()).statusCode).toBe(200);
    const again = await list();
    expect(again.headers['x-cache']).toBe('hit');
    expect(String(again.headers['cache-control'])).toMatch(/^public/);
  });
});
