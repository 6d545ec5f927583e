import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql, openTestLeague, type GraphQLResponse, type TestLeague } from '../support/app.js';

let league: TestLeague;

beforeAll(async () => {
  league = await openTestLeague();
});
afterAll(async () => {
  await league?.close();
});

interface Page<T> {
  totalCount?: number;
  edges: { node: T }[];
  pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null };
}

/** The SQL statements an action sends. */
async function statementsOf(action: () => Promise<unknown>): Promise<string[]> {
  const statements: string[] = [];
  const stop = league.db.onQuery(({ sql }) => statements.push(sql));
  try {
    await action();
  } finally {
    stop();
  }
  return statements;
}
const counts = (statements: string[]) => statements.filter((sql) => /\bCOUNT\(/i.test(sql));

/** Every node of a connection, paged forward `size` at a time: its nodes and the totalCount of each page. */
async function pageForward<T>(document: string, field: (data: Record<string, unknown>) => Page<T>, variables: Record<string, unknown>, size = 7) {
  const nodes: T[] = [];
  const totals = new Set<number | undefined>();
  let after: string | null = null;
  for (let page = 0; page < 200; page += 1) {
    const result = await graphql(league.app, document, { ...variables, first: size, after });
    expect(result.errors).toBeUndefined();
    const connection = field(result.data!);
    totals.add(connection.totalCount);
    nodes.push(...connection.edges.map((edge) => edge.node));
    if (!connection.pageInfo.hasNextPage) return { nodes, totals };
    after = connection.pageInfo.endCursor;
  }
  throw new Error('the connection did not end');
}

const GAMES = `query($filter: GameFilter, $first: Int, $after: String, $direction: SortDirection) {
  games(filter: $filter, first: $first, after: $after, direction: $direction) {
    totalCount edges { node { id startsAt } } pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
  }
}`;
const games = (data: Record<string, unknown>) => data.games as Page<{ id: number; startsAt: string }>;

describe('totalCount', () => {
  it('is the number of nodes a filtered connection pages through to its end, the same on every page', async () => {
    const team = await league.db.prisma.team.findFirstOrThrow({ where: { homeGames: { some: { group: { seasonId: 2026 } } } }, orderBy: { id: 'asc' } });
    const filter = { season: 2026, teamId: team.id };
    const { nodes, totals } = await pageForward(GAMES, games, { filter });
    expect(nodes.length).toBeGreaterThan(7);
    expect([...totals]).toEqual([nodes.length]);
    expect(new Set(nodes.map((node) => node.id)).size).toBe(nodes.length);

    const clubs = await pageForward(
      'query($first: Int, $after: String) { clubs(season: 2026, first: $first, after: $after) { totalCount edges { node { id } } pageInfo { hasNextPage hasPreviousPage startCursor endCursor } } }',
      (data) => data.clubs as Page<{ id: number }>,
      {},
    );
    expect([...clubs.totals]).toEqual([clubs.nodes.length]);
    expect(clubs.nodes.length).toBeLessThan(await league.db.prisma.club.count());
  });

  it('counts a relation connection with its parent, one statement for a whole list of parents', async () => {
    const team = await league.db.prisma.team.findFirstOrThrow({ where: { homeGames: { some: {} } }, orderBy: { id: 'asc' } });
    const { nodes, totals } = await pageForward(
      'query($id: Int!, $first: Int, $after: String) { team(id: $id) { homeGames(first: $first, after: $after) { totalCount edges { node { id } } pageInfo { hasNextPage hasPreviousPage startCursor endCursor } } } }',
      (data) => (data.team as { homeGames: Page<{ id: number }> }).homeGames,
      { id: team.id },
      3,
    );
    expect([...totals]).toEqual([nodes.length]);
    expect(nodes.length).toBe(await league.db.prisma.game.count({ where: { homeTeamId: team.id } }));

    const query = '{ teams(first: 20, season: 2026) { edges { node { id homeGames(first: 2) { totalCount } awayGames(first: 2) { totalCount } } } } }';
    let result: GraphQLResponse | undefined;
    const statements = await statementsOf(async () => (result = await graphql(league.app, query)));
    expect(result!.errors).toBeUndefined();
    const teams = (result!.data!.teams as Page<{ id: number; homeGames: { totalCount: number } }>).edges;
    expect(teams).toHaveLength(20);
    for (const { node } of teams.slice(0, 3)) {
      expect(node.homeGames.totalCount).toBe(await league.db.prisma.game.count({ where: { homeTeamId: node.id } }));
    }
    // The page of teams with both counts as subqueries: not a statement per team.
    expect(statements.length).toBeLessThanOrEqual(2);
  });

  it('is counted only when selected: one count statement then, none otherwise', async () => {
    const filter = { season: 2026, status: ['FINISHED'] };
    const without = await statementsOf(() =>
      graphql(league.app, 'query($filter: GameFilter) { games(filter: $filter, first: 5) { edges { node { id } } } }', { filter }),
    );
    expect(without.length).toBeGreaterThan(0);
    expect(counts(without)).toEqual([]);

    let total = -1;
    const withCount = await statementsOf(async () => {
      const result = await graphql(league.app, 'query($filter: GameFilter) { games(filter: $filter, first: 5) { totalCount edges { node { id } } } }', {
        filter,
      });
      total = games(result.data!).totalCount!;
    });
    expect(counts(withCount)).toHaveLength(1);
    expect(withCount.length).toBe(without.length + 1);
    expect(total).toBe(
      await league.db.prisma.game.count({
        where: { status: 'FINISHED', OR: [{ group: { seasonId: 2026 } }, { cupRound: { tournament: { seasonId: 2026 } } }] },
      }),
    );

    // The count alone loads no page.
    const countOnly = await statementsOf(() => graphql(league.app, 'query($filter: GameFilter) { games(filter: $filter) { totalCount } }', { filter }));
    expect(countOnly).toHaveLength(1);
    expect(counts(countOnly)).toHaveLength(1);

    const relationWithout = await statementsOf(() =>
      graphql(league.app, '{ teams(first: 5) { edges { node { homeGames(first: 2) { edges { node { id } } } } } } }'),
    );
    expect(counts(relationWithout)).toEqual([]);
  });

  it('costs its count in the static cost limit', async () => {
    const limit = (query: string) => graphql(league.app, query, undefined, {});
    const plain = await limit('{ games(first: 100) { edges { node { id } } } }');
    expect(plain.errors).toBeUndefined();
    // 100 × (30 + edges…) stays within the default limit; 7 such connections do not.
    const many = (selection: string) => Array.from({ length: 7 }, (_, i) => `g${i}: games(first: 100) { ${selection} }`).join(' ');
    expect((await limit(`{ ${many('edges { node { id } }')} }`)).errors).toBeUndefined();
    const refused = await limit(`{ ${many('totalCount')} }`);
    expect(refused.errors?.[0]?.extensions?.code).toBe('QUERY_TOO_COMPLEX');
  });
});

describe('orderBy', () => {
  it('pages games by start in both directions, each the reverse of the other, with correct cursors', async () => {
    const group = await league.db.prisma.leagueGroup.findFirstOrThrow({ where: { seasonId: 2026, games: { some: {} } }, orderBy: { id: 'asc' } });
    const filter = { groupId: group.id };
    const ascending = await pageForward(GAMES, games, { filter, direction: 'ASC' }, 4);
    const descending = await pageForward(GAMES, games, { filter, direction: 'DESC' }, 4);
    const byDefault = await pageForward(GAMES, games, { filter }, 5);
    const ids = (nodes: { id: number }[]) => nodes.map((node) => node.id);
    expect(ids(ascending.nodes).length).toBe(await league.db.prisma.game.count({ where: { groupId: group.id } }));
    expect(ids(byDefault.nodes)).toEqual(ids(ascending.nodes));
    expect(ids(descending.nodes)).toEqual([...ids(ascending.nodes)].reverse());
    const starts = ascending.nodes.map((node) => node.startsAt);
    expect(starts).toEqual([...starts].sort());
    // Games at the same instant (a round played at once) are ordered by id.
    for (let i = 1; i < ascending.nodes.length; i += 1) {
      const [previous, game] = [ascending.nodes[i - 1], ascending.nodes[i]];
      if (previous.startsAt === game.startsAt) expect(previous.id).toBeLessThan(game.id);
    }

    // Backwards from the end with last/before gives the same order again.
    const backwards: number[] = [];
    let before: string | null = null;
    for (let page = 0; page < 100; page += 1) {
      const result = await graphql(
        league.app,
        'query($filter: GameFilter, $before: String) { games(filter: $filter, direction: DESC, last: 3, before: $before) { edges { node { id } } pageInfo { hasPreviousPage startCursor } } }',
        { filter, before },
      );
      const connection = result.data!.games as Page<{ id: number }>;
      backwards.unshift(...connection.edges.map((edge) => edge.node.id));
      if (!connection.pageInfo.hasPreviousPage) break;
      before = connection.pageInfo.startCursor;
    }
    expect(backwards).toEqual(ids(descending.nodes));
  });

  it("orders a group's and a team's games by start, latest first on request", async () => {
    const group = await league.db.prisma.leagueGroup.findFirstOrThrow({ where: { seasonId: 2026, games: { some: {} } }, orderBy: { id: 'asc' } });
    const result = await graphql<{ leagueGroup: { asc: Page<{ id: number; startsAt: string }>; desc: Page<{ id: number; startsAt: string }> } }>(
      league.app,
      'query($id: Int!) { leagueGroup(id: $id) { asc: games(first: 100) { totalCount edges { node { id startsAt } } } desc: games(first: 100, direction: DESC) { totalCount edges { node { id startsAt } } } } }',
      { id: group.id },
    );
    expect(result.errors).toBeUndefined();
    const { asc, desc } = result.data!.leagueGroup;
    expect(asc.totalCount).toBe(desc.totalCount);
    expect(desc.edges.map((edge) => edge.node.id)).toEqual(asc.edges.map((edge) => edge.node.id).reverse());

    const team = await league.db.prisma.team.findFirstOrThrow({ where: { awayGames: { some: {} } }, orderBy: { id: 'asc' } });
    const pages = await pageForward(
      'query($id: Int!, $first: Int, $after: String) { team(id: $id) { awayGames(first: $first, after: $after, direction: DESC) { edges { node { id startsAt } } pageInfo { hasNextPage hasPreviousPage startCursor endCursor } } } }',
      (data) => (data.team as { awayGames: Page<{ id: number; startsAt: string }> }).awayGames,
      { id: team.id },
      2,
    );
    const expected = await league.db.prisma.game.findMany({
      where: { awayTeamId: team.id },
      orderBy: [{ startsAt: 'desc' }, { id: 'desc' }],
      select: { id: true },
    });
    expect(pages.nodes.map((node) => node.id)).toEqual(expected.map((game) => game.id));
  });

  it('pages players by last or first name in both directions', async () => {
    const document = `query($first: Int, $after: String, $orderBy: PlayerOrder, $direction: SortDirection) {
      players(nameContains: "an", first: $first, after: $after, orderBy: $orderBy, direction: $direction) {
        totalCount edges { node { id firstName lastName } } pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
      }
    }`;
    type Player = { id: number; firstName: string; lastName: string };
    const players = (data: Record<string, unknown>) => data.players as Page<Player>;
    const byLast = await pageForward(document, players, {}, 25);
    const byLastDesc = await pageForward(document, players, { direction: 'DESC' }, 25);
    const byFirst = await pageForward(document, players, { orderBy: 'FIRST_NAME' }, 25);
    expect(byLast.nodes.length).toBeGreaterThan(25);
    expect([...byLast.totals]).toEqual([byLast.nodes.length]);
    expect(byLastDesc.nodes.map((p) => p.id)).toEqual(byLast.nodes.map((p) => p.id).reverse());
    const expected = await league.db.prisma.player.findMany({
      where: { OR: [{ lastName: { contains: 'an', mode: 'insensitive' } }, { firstName: { contains: 'an', mode: 'insensitive' } }] },
      orderBy: [{ firstName: 'asc' }, { lastName: 'asc' }, { id: 'asc' }],
      select: { id: true },
    });
    expect(byFirst.nodes.map((p) => p.id)).toEqual(expected.map((p) => p.id));
  });

  it('orders standings and top scorers by a column, the ranking by default', async () => {
    const group = await league.db.prisma.leagueGroup.findFirstOrThrow({
      where: { seasonId: 2026, phase: 'QUALIFICATION', games: { some: { status: 'FINISHED' } } },
      orderBy: { id: 'asc' },
      select: { id: true, leagueId: true, gameClassId: true },
    });
    type Row = { rank: number; points: number; goalsFor: number; goalsAgainst: number; team: { name: string } };
    const result = await graphql<{ leagueGroup: Record<'ranked' | 'byGoals' | 'byName' | 'reversed', Row[]> }>(
      league.app,
      `query($id: Int!) { leagueGroup(id: $id) {
        ranked: standings { rank points goalsFor goalsAgainst team { name } }
        byGoals: standings(orderBy: GOALS_FOR) { rank points goalsFor goalsAgainst team { name } }
        byName: standings(orderBy: TEAM_NAME, direction: DESC) { rank points goalsFor goalsAgainst team { name } }
        reversed: standings(direction: DESC) { rank points goalsFor goalsAgainst team { name } }
      } }`,
      { id: group.id },
    );
    expect(result.errors).toBeUndefined();
    const { ranked, byGoals, byName, reversed } = result.data!.leagueGroup;
    expect(ranked.map((row) => row.rank)).toEqual([...ranked.map((row) => row.rank)].sort((a, b) => a - b));
    expect(reversed).toEqual([...ranked].reverse());
    expect(byGoals.map((row) => row.goalsFor)).toEqual(byGoals.map((row) => row.goalsFor).sort((a, b) => b - a));
    expect(byName.map((row) => row.team.name)).toEqual(byName.map((row) => row.team.name).sort((a, b) => b.localeCompare(a, 'de')));
    expect(new Set(byGoals.map((row) => row.team.name))).toEqual(new Set(ranked.map((row) => row.team.name)));

    const scorers = await graphql<{ ranked: { rank: number; assists: number }[]; byAssists: { rank: number; assists: number }[] }>(
      league.app,
      `query($league: Int!, $gameClass: Int!) {
        ranked: topScorers(season: 2026, league: $league, gameClass: $gameClass, all: true) { rank assists }
        byAssists: topScorers(season: 2026, league: $league, gameClass: $gameClass, first: 5, orderBy: ASSISTS) { rank assists }
      }`,
      { league: group.leagueId, gameClass: group.gameClassId },
    );
    expect(scorers.errors).toBeUndefined();
    const mostAssists = [...scorers.data!.ranked].sort((a, b) => b.assists - a.assists || a.rank - b.rank).slice(0, 5);
    expect(scorers.data!.byAssists.map((row) => row.assists)).toEqual(mostAssists.map((row) => row.assists));
  });
});
