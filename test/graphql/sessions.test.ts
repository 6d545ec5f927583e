import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_LIFETIME_MS } from '../../src/domain/session.js';
import { graphql, openTestLeague, type TestLeague } from '../support/app.js';

let league: TestLeague;
let teamId: number;

beforeAll(async () => {
  league = await openTestLeague();
  teamId = (await league.db.prisma.team.findFirstOrThrow({ orderBy: { id: 'asc' } })).id;
});
afterAll(async () => {
  await league?.close();
});

const ADD = 'mutation($sid: String, $favorite: FavoriteInput!) { addFavorite(sid: $sid, favorites: [$favorite]) { id favorites { kind teamId json } } }';
const REMOVE = 'mutation($sid: String, $favorite: FavoriteInput!) { removeFavorite(sid: $sid, favorites: [$favorite]) { id favorites { kind } } }';
type SessionResult = { id: string; favorites: { kind: string; teamId: number | null; json: string }[] };

describe('favorite sessions over GraphQL', () => {
  it('creates a session for a null sid, keeps one copy of a repeated favorite, removes it again', async () => {
    const favorite = { type: 'TEAM', teamId };
    const first = await graphql<{ addFavorite: SessionResult }>(league.app, ADD, { sid: null, favorite });
    const sid = first.data!.addFavorite.id;
    expect(sid).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(first.data!.addFavorite.favorites).toEqual([{ kind: 'TEAM', teamId, json: `{"type":"team","team_id":${teamId}}` }]);

    const again = await graphql<{ addFavorite: SessionResult }>(league.app, ADD, { sid, favorite });
    expect(again.data!.addFavorite.id).toBe(sid);
    expect(again.data!.addFavorite.favorites).toHaveLength(1);

    const removed = await graphql<{ removeFavorite: SessionResult }>(league.app, REMOVE, { sid, favorite });
    expect(removed.data!.removeFavorite).toEqual({ id: sid, favorites: [] });
  });

  it('treats an expired sid as invalid and starts a new session', async () => {
    const created = await graphql<{ addFavorite: SessionResult }>(league.app, ADD, { sid: null, favorite: { type: 'TEAM', teamId } });
    const sid = created.data!.addFavorite.id;
    const now = league.clock.now();
    league.clock.advance(SESSION_LIFETIME_MS + 1000);
    try {
      const lookup = await graphql<{ favoriteSession: SessionResult | null }>(league.app, 'query($sid: String!) { favoriteSession(sid: $sid) { id } }', {
        sid,
      });
      expect(lookup.data!.favoriteSession).toBeNull();
      const next = await graphql<{ addFavorite: SessionResult }>(league.app, ADD, { sid, favorite: { type: 'TEAM', teamId } });
      expect(next.data!.addFavorite.id).not.toBe(sid);
    } finally {
      league.clock.set(now);
    }
  });

  it('Favorite.kind answers in upper case, Favorite.type (deprecated) as before; the lower-case values, deprecated, are still accepted and name the same favorite', async () => {
    const upper = await graphql<{ addFavorite: SessionResult }>(league.app, ADD, { sid: null, favorite: { type: 'TEAM', teamId } });
    const sid = upper.data!.addFavorite.id;
    const lower = await graphql<{ addFavorite: SessionResult }>(league.app, ADD, { sid, favorite: { type: 'team', teamId } });
    expect(lower.errors).toBeUndefined();
    expect(lower.data!.addFavorite.favorites).toEqual([{ kind: 'TEAM', teamId, json: `{"type":"team","team_id":${teamId}}` }]);
    // `type`, deprecated, keeps answering what clients compare: the lower-case string.
    const read = await graphql<{ favoriteSession: { favorites: { type: string; kind: string }[] } }>(
      league.app,
      `{ favoriteSession(sid: "${sid}") { favorites { type kind } } }`,
    );
    expect(read.data!.favoriteSession.favorites).toEqual([{ type: 'team', kind: 'TEAM' }]);
    const inline = await graphql<{ removeFavorite: SessionResult }>(
      league.app,
      `mutation($sid: String) { removeFavorite(sid: $sid, favorites: [{ type: team, teamId: ${teamId} }]) { id favorites { kind } } }`,
      { sid },
    );
    expect(inline.data!.removeFavorite).toEqual({ id: sid, favorites: [] });

    const values = await graphql<{ __type: { enumValues: { name: string; isDeprecated: boolean; deprecationReason: string | null }[] } }>(
      league.app,
      '{ __type(name: "FavoriteType") { enumValues(includeDeprecated: true) { name isDeprecated deprecationReason } } }',
    );
    const byName = Object.fromEntries(values.data!.__type.enumValues.map((value) => [value.name, value]));
    for (const name of ['CLUB', 'LEAGUE', 'PLAYER', 'TEAM']) {
      expect(byName[name].isDeprecated, name).toBe(false);
      expect(byName[name.toLowerCase()]).toEqual({ name: name.toLowerCase(), isDeprecated: true, deprecationReason: `Use ${name}.` });
    }
  });

  it('rejects malformed favorites and unknown records with a user error', async () => {
    const missing = await graphql(league.app, ADD, { sid: null, favorite: { type: 'TEAM' } });
    expect(missing.errors![0].message).toMatch(/needs team_id/);
    const extra = await graphql(league.app, ADD, { sid: null, favorite: { type: 'TEAM', teamId, clubId: 1 } });
    expect(extra.errors![0].message).toMatch(/does not take club_id/);
    const unknown = await graphql(league.app, ADD, { sid: null, favorite: { type: 'PLAYER', playerId: 999999999 } });
    expect(unknown.errors![0].message).toMatch(/no player 999999999/);
    const badType = await graphql(league.app, ADD, { sid: null, favorite: { type: 'coach' } });
    expect(badType.errors![0].message).toMatch(/FavoriteType/);
  });

  it('loses no update when 50 favorites are added to one session in parallel', async () => {
    const created = await graphql<{ addFavorite: SessionResult }>(league.app, ADD, { sid: null, favorite: { type: 'TEAM', teamId } });
    const sid = created.data!.addFavorite.id;
    const players = await league.db.prisma.player.findMany({ take: 50, orderBy: { id: 'asc' }, select: { id: true } });
    const results = await Promise.all(
      players.map((p) => graphql<{ addFavorite: SessionResult }>(league.app, ADD, { sid, favorite: { type: 'PLAYER', playerId: p.id } })),
    );
    expect(results.every((r) => r.data?.addFavorite.id === sid)).toBe(true);
    const stored = await league.db.prisma.favorite.count({ where: { sessionId: sid } });
    expect(stored).toBe(51);
  });
});

describe('expired session purge', () => {
  it('deletes only sessions past their expiry', async () => {
    const { purgeExpiredSessions } = await import('../../src/sessions/store.js');
    const now = league.clock.now();
    const live = await graphql<{ addFavorite: SessionResult }>(league.app, ADD, { sid: null, favorite: { type: 'TEAM', teamId } });
    await league.db.prisma.favoriteSession.create({
      data: { id: 'expired-session-0000001', createdAt: now, updatedAt: now, expiresAt: new Date(now.getTime() - 1) },
    });
    const purged = await purgeExpiredSessions(league.db.prisma, now);
    expect(purged).toBeGreaterThanOrEqual(1);
    expect(await league.db.prisma.favoriteSession.findUnique({ where: { id: 'expired-session-0000001' } })).toBeNull();
    expect(await league.db.prisma.favoriteSession.findUnique({ where: { id: live.data!.addFavorite.id } })).not.toBeNull();
  });
});
