import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countQueries, graphql, openTestLeague, type TestLeague } from '../support/app.js';
import { createKey } from '../support/keys.js';

let league: TestLeague;

beforeAll(async () => {
  league = await openTestLeague();
});
afterAll(async () => {
  await league?.close();
});

interface Connection<T> {
  edges: { node: T }[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
}

describe('GraphQL queries on the demo league', () => {
  it('answers seasons and the first clubs', async () => {
    const result = await graphql<{ seasons: { id: number; isCurrent: boolean }[]; clubs: Connection<{ id: number; name: string }> }>(
      league.app,
      '{ seasons { id isCurrent } clubs(first: 5) { edges { node { id name } } pageInfo { hasNextPage endCursor } } }',
    );
    expect(result.errors).toBeUndefined();
    expect(result.data!.seasons.length).toBeGreaterThanOrEqual(3);
    expect(result.data!.seasons.filter((s) => s.isCurrent).map((s) => s.id)).toEqual([2026]);
    expect(result.data!.clubs.edges).toHaveLength(5);
    const names = result.data!.clubs.edges.map((e) => e.node.name);
    expect([...names].sort((a, b) => a.localeCompare(b))).toEqual(names.slice().sort((a, b) => a.localeCompare(b)));
  });

  it('pages through clubs with cursors, each club exactly once', async () => {
    const total = await league.db.prisma.club.count();
    const seen: number[] = [];
    let after: string | null = null;
    for (let page = 0; page < 50; page += 1) {
      const result: { data?: { clubs: Connection<{ id: number }> } } = await graphql(
        league.app,
        'query($after: String) { clubs(first: 3, after: $after) { edges { node { id } } pageInfo { hasNextPage endCursor } } }',
        { after },
      );
      const connection = result.data!.clubs;
      seen.push(...connection.edges.map((e) => e.node.id));
      if (!connection.pageInfo.hasNextPage) break;
      after = connection.pageInfo.endCursor;
    }
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
  });

  it('finds clubs by a part of the name regardless of case and accents, and players by a literal part', async () => {
    const club = await league.db.prisma.club.findFirstOrThrow({ orderBy: { id: 'asc' } });
    const renamed = `Unihockey Zürich-Höngg ${club.id}`;
    await league.db.prisma.club.update({ where: { id: club.id }, data: { name: renamed } }); // the folded copy follows
    const clubs = async (part: string) =>
      (
        await graphql<{ clubs: Connection<{ name: string }> }>(
          league.app,
          'query($part: String) { clubs(nameContains: $part, first: 10) { edges { node { name } } } }',
          { part },
        )
      ).data!.clubs.edges.map((e) => e.node.name);
    expect(await clubs('ZURICH-HONGG')).toEqual([renamed]);
    expect(await clubs('zürich-höngg')).toEqual([renamed]);
    expect(await clubs('_')).toEqual([]);

    const player = await league.db.prisma.player.findFirstOrThrow({ orderBy: { id: 'asc' } });
    const players = async (part: string) =>
      (
        await graphql<{ players: Connection<{ id: number }> }>(
          league.app,
          'query($part: String) { players(nameContains: $part, first: 100) { edges { node { id } } } }',
          { part },
        )
      ).data!.players.edges.map((e) => e.node.id);
    expect(await players(player.lastName.toUpperCase())).toContain(player.id);
    expect(await players('%')).toEqual([]); // a wildcard only as itself: no name has one
  });

  it('runs games → teams → club in a number of queries independent of the page size', async () => {
    const query =
      'query($first: Int) { games(first: $first) { edges { node { id homeTeam { name club { name } } awayTeam { name club { name } } venue { name } } } } }';
    const small = await countQueries(league.db, () => graphql(league.app, query, { first: 3 }));
    const large = await countQueries(league.db, () => graphql(league.app, query, { first: 100 }));
    const result = await graphql<{ games: Connection<{ homeTeam: { club: { name: string } } }> }>(league.app, query, { first: 100 });
    expect(result.data!.games.edges.length).toBe(100);
    expect(result.data!.games.edges.every((e) => e.node.homeTeam.club.name.length > 0)).toBe(true);
    expect(large).toBe(small);
    // games, home team, its club, away team, its club, venue: one statement per relation level.
    expect(large).toBeLessThanOrEqual(6);
  });

  it('runs teams → members → player in a bounded number of queries', async () => {
    const query =
      'query($first: Int) { teams(first: $first, season: 2026) { edges { node { name club { name } members(season: 2026) { number player { lastName } } } } } }';
    const small = await countQueries(league.db, () => graphql(league.app, query, { first: 2 }));
    const large = await countQueries(league.db, () => graphql(league.app, query, { first: 40 }));
    expect(large).toBe(small);
    expect(large).toBeLessThanOrEqual(5);
  });

  it('computes standings for every group of a season in a bounded number of queries', async () => {
    const query = '{ leagueGroups(first: 50, season: 2026) { edges { node { name standings { rank points team { name } } } } } }';
    const queries = await countQueries(league.db, async () => {
      const result = await graphql<{ leagueGroups: Connection<{ standings: { rank: number; points: number }[] }> }>(league.app, query);
      expect(result.errors).toBeUndefined();
      for (const edge of result.data!.leagueGroups.edges) {
        const points = edge.node.standings.map((s) => s.points);
        expect(points).toEqual([...points].sort((a, b) => b - a));
      }
    });
    expect(queries).toBeLessThanOrEqual(6);
  });

  it('lists the competitions of every season in a number of queries independent of the seasons', async () => {
    const query = '{ seasons { id competitions { league { name } gameClass { name } } } }';
    let seasons: { competitions: unknown[] }[] = [];
    const queries = await countQueries(league.db, async () => {
      const result = await graphql<{ seasons: { competitions: unknown[] }[] }>(league.app, query);
      expect(result.errors).toBeUndefined();
      seasons = result.data!.seasons;
    });
    expect(seasons.length).toBeGreaterThan(1);
    expect(seasons.every((season) => season.competitions.length > 0)).toBe(true);
    // seasons, then competitions grouped for all of them, their leagues and game classes.
    expect(queries).toBeLessThanOrEqual(4);
  });

  it('hides referee names until 48 hours before the start', async () => {
    const now = league.clock.now();
    const later = await league.db.prisma.game.findFirst({
      where: { startsAt: { gt: new Date(now.getTime() + 72 * 3600_000) }, firstReferee: { not: null } },
      orderBy: { startsAt: 'asc' },
    });
    expect(later).not.toBeNull();
    const query = 'query($id: Int!) { game(id: $id) { firstReferee secondReferee } }';
    const hidden = await graphql<{ game: { firstReferee: string | null } }>(league.app, query, { id: later!.id });
    expect(hidden.data!.game.firstReferee).toBeNull();
    league.clock.set(new Date(later!.startsAt.getTime() - 47 * 3600_000));
    const shown = await graphql<{ game: { firstReferee: string | null } }>(league.app, query, { id: later!.id });
    league.clock.set(now);
    expect(shown.data!.game.firstReferee).toBe(later!.firstReferee);
  });

  it('ranks top scorers from goal events', async () => {
    const result = await graphql<{ topScorers: { rank: number; goals: number; assists: number; points: number; player: { id: number } }[] }>(
      league.app,
      '{ topScorers(season: 2026, league: 1, gameClass: 11, first: 5) { rank goals assists points player { id } } }',
    );
    expect(result.errors).toBeUndefined();
    const rows = result.data!.topScorers;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThanOrEqual(5);
    const best = rows[0];
    const goals = await league.db.prisma.gameEvent.count({
      where: {
        type: 'GOAL',
        playerId: best.player.id,
        game: { status: { in: ['FINISHED', 'LIVE'] }, group: { seasonId: 2026, leagueId: 1, gameClassId: 11 } },
      },
    });
    expect(best.goals).toBe(goals);
    expect(best.points).toBe(best.goals + best.assists);
  });
});

describe('bad GraphQL input gets a GraphQL error, not a crash', () => {
  it('unknown field', async () => {
    const result = await graphql(league.app, '{ seasons { id nonsense } }');
    expect([200, 400]).toContain(result.status);
    expect(result.errors![0].message).toMatch(/nonsense/);
  });

  it('wrong argument type', async () => {
    const result = await graphql(league.app, '{ game(id: "abc") { id } }');
    expect([200, 400]).toContain(result.status);
    expect(result.errors![0].message).toMatch(/Int/);
  });

  it('first above 100', async () => {
    const result = await graphql(league.app, '{ clubs(first: 101) { edges { node { id } } } }');
    expect(result.status).toBe(200);
    expect(result.data).toBeNull();
    expect(result.errors![0].message).toMatch(/at most 100/);
  });

  it('queries nested too deep', async () => {
    const result = await graphql(
      league.app,
      '{ clubs(first: 1) { edges { node { teams { club { teams { club { teams { club { teams { club { teams { id } } } } } } } } } } } } }',
    );
    expect(result.errors?.length).toBeGreaterThan(0);
    expect(result.errors![0].message).toMatch(/depth|complexity/i);
  });

  it('a rule’s refusal: NOT_FOUND for a missing game or a team not in it, BAD_USER_INPUT for a favorite naming nothing', async () => {
    const game = await league.db.prisma.game.findFirstOrThrow({ orderBy: { id: 'asc' }, select: { id: true, homeTeamId: true, awayTeamId: true } });
    const outsider = await league.db.prisma.team.findFirstOrThrow({ where: { id: { notIn: [game.homeTeamId!, game.awayTeamId!] } }, select: { id: true } });
    const federation = await createKey(league.db, 'federation reader');
    const candidates = (gameId: number, teamId: number) =>
      graphql(
        league.app,
        'query($gameId: Int!, $teamId: Int!) { lineupCandidates(gameId: $gameId, teamId: $teamId) { licenseId } }',
        { gameId, teamId },
        { authorization: `Bearer ${federation.key}` },
      );
    const missing = await candidates(999_999_999, game.homeTeamId!);
    expect(missing.errors).toEqual([expect.objectContaining({ message: 'No game 999999999', extensions: { code: 'NOT_FOUND' } })]);
    const notPlaying = await candidates(game.id, outsider.id);
    expect(notPlaying.errors).toEqual([
      expect.objectContaining({ message: `Team ${outsider.id} does not play in game ${game.id}`, extensions: { code: 'NOT_FOUND' } }),
    ]);
    const favorite = await graphql(league.app, 'mutation { addFavorite(favorites: [{ type: club, clubId: 999999999 }]) { id } }');
    expect(favorite.errors).toEqual([expect.objectContaining({ message: 'no club 999999999', extensions: { code: 'BAD_USER_INPUT' } })]);
  });

  it('malformed JSON body', async () => {
    const response = await league.app.inject({ method: 'POST', url: '/graphql', headers: { 'content-type': 'application/json' }, payload: '{"query": ' });
    expect(response.statusCode).toBe(400);
    expect(response.body).not.toMatch(/at .*\.ts:\d+/);
  });
});
