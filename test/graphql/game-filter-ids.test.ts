import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_FILTER_IDS } from '../../src/schema/game-filter.js';
import { graphql, openTestLeague, type TestLeague } from '../support/app.js';

let league: TestLeague;
beforeAll(async () => {
  league = await openTestLeague();
});
afterAll(async () => {
  await league?.close();
});

const GAMES = 'query($filter: GameFilter) { games(filter: $filter, first: 100) { edges { node { id } } } }';
type Games = { games: { edges: { node: { id: number } }[] } };

describe('GameFilter.ids', () => {
  it('selects the games named, with the other filters', async () => {
    const [first, second] = await league.db.prisma.game.findMany({ orderBy: { startsAt: 'asc' }, take: 2, select: { id: true } });
    const named = await graphql<Games>(league.app, GAMES, { filter: { ids: [second.id, first.id, 987654321] } });
    expect(named.data?.games.edges.map((edge) => edge.node.id)).toEqual([first.id, second.id]);
  });

  it(`refuses a list of more than ${MAX_FILTER_IDS} ids with BAD_USER_INPUT, not a database error`, async () => {
    const ids = Array.from({ length: MAX_FILTER_IDS + 1 }, (_, index) => index + 1);
    for (const filter of [{ ids }, { leagueIds: ids }]) {
      const refused = await graphql<Games>(league.app, GAMES, { filter });
      expect(refused.status).toBe(200);
      expect(refused.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
      expect(refused.errors?.[0]?.message).toMatch(/at most 5000 ids/);
    }
  });
});
