// Consistent shapes: one connection interface per node type with `nodes`, `orderBy` on every
// connection, id arguments named <thing>Id / <thing>Ids (the old names deprecated and still
// answered), GameStatusMessage.FORFEIT, and paging or a bound on the lists that grow.
import { type GraphQLField, getNamedType, isInterfaceType, isObjectType } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { printableSchema } from '../../src/schema/index.js';
import { boundedCandidates } from '../../src/schema/lineup.js';
import { type GraphQLResponse, graphql, openTestLeague, type TestLeague } from '../support/app.js';

let league: TestLeague;

beforeAll(async () => {
  league = await openTestLeague();
});
afterAll(async () => {
  await league?.close();
});

const schema = printableSchema();

/** A connection type: an object with `edges` and `pageInfo` (what Pothos's relay plugin makes). */
const isConnection = (type: unknown) => isObjectType(type) && 'edges' in type.getFields() && 'pageInfo' in type.getFields();

function connectionFields(): { coordinate: string; field: GraphQLField<unknown, unknown> }[] {
  const found: { coordinate: string; field: GraphQLField<unknown, unknown> }[] = [];
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    for (const field of Object.values(type.getFields())) {
      if (isConnection(getNamedType(field.type))) found.push({ coordinate: `${type.name}.${field.name}`, field });
    }
  }
  return found;
}

describe('the schema', () => {
  it('gives every connection field an orderBy and a direction', () => {
    const fields = connectionFields();
    expect(fields.length).toBeGreaterThanOrEqual(11);
    const missing = fields.filter(({ field }) => !field.args.some((arg) => arg.name === 'orderBy')).map(({ coordinate }) => coordinate);
    expect(missing).toEqual([]);
    const undirected = fields.filter(({ field }) => !field.args.some((arg) => arg.name === 'direction')).map(({ coordinate }) => coordinate);
    expect(undirected).toEqual([]);
  });

  it('gives every connection type `nodes` and makes it implement its node type’s shared connection, its edges the shared edge', () => {
    for (const { coordinate, field } of connectionFields()) {
      const connection = getNamedType(field.type);
      if (!isObjectType(connection)) throw new Error(coordinate);
      const fields = connection.getFields();
      expect(fields.nodes, `${connection.name}.nodes`).toBeDefined();
      const node = getNamedType(fields.nodes.type).name;
      expect(
        connection.getInterfaces().map((i) => i.name),
        coordinate,
      ).toContain(`${node}Connection`);
      const edge = getNamedType(fields.edges.type);
      if (!isObjectType(edge)) throw new Error(coordinate);
      expect(
        edge.getInterfaces().map((i) => i.name),
        coordinate,
      ).toContain(`${node}Edge`);
      const shared = schema.getType(`${node}Connection`);
      expect(isInterfaceType(shared) && Object.keys(shared.getFields()).sort()).toEqual(['edges', 'nodes', 'pageInfo', 'totalCount']);
    }
  });

  it('keeps the old connection type names, so fragments on them still apply', () => {
    for (const name of ['QueryGamesConnection', 'TeamHomeGamesConnection', 'TeamAwayGamesConnection', 'LeagueGroupGamesConnection', 'QueryClubsConnection']) {
      expect(isObjectType(schema.getType(name)), name).toBe(true);
    }
  });

  it('deprecates the old id argument names with a reason and has the new ones beside them', () => {
    const args = (coordinate: string) => {
      const [type, field] = coordinate.split('.');
      const object = schema.getType(type);
      if (!isObjectType(object)) throw new Error(coordinate);
      return Object.fromEntries(object.getFields()[field].args.map((arg) => [arg.name, arg]));
    };
    const renamed: [string, string, string][] = [
      ['Query.teams', 'league', 'leagueId'],
      ['Query.teams', 'gameClass', 'gameClassId'],
      ['Query.leagueGroups', 'league', 'leagueId'],
      ['Query.leagueGroups', 'gameClass', 'gameClassId'],
      ['Season.groups', 'league', 'leagueId'],
      ['Season.groups', 'gameClass', 'gameClassId'],
      ['Query.topScorers', 'league', 'leagueId'],
      ['Query.topScorers', 'gameClass', 'gameClassId'],
      ['Query.teamVisitors', 'leagues', 'leagueIds'],
      ['Query.teamVisitors', 'gameClass', 'gameClassId'],
    ];
    for (const [coordinate, old, name] of renamed) {
      const byName = args(coordinate);
      expect(byName[old]?.deprecationReason, `${coordinate}(${old}:)`).toContain(name);
      expect(byName[name]?.deprecationReason, `${coordinate}(${name}:)`).toBeFalsy();
    }
  });

  it('has GameStatusMessage.FORFEIT beside FORFAIT, which is deprecated', () => {
    const messages = schema.getType('GameStatusMessage');
    if (!messages || !('getValues' in messages)) throw new Error('GameStatusMessage');
    const values = Object.fromEntries(messages.getValues().map((value) => [value.name, value]));
    expect(values.FORFEIT.deprecationReason).toBeFalsy();
    expect(values.FORFAIT.deprecationReason).toContain('FORFEIT');
  });
});

const GAME_PAGE = `fragment GamePage on GameConnection { totalCount nodes { id } edges { cursor node { id } } pageInfo { hasNextPage endCursor } }`;

interface GamePage {
  totalCount: number;
  nodes: { id: number }[];
  edges: { cursor: string; node: { id: number } }[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
}

describe('the shared GameConnection', () => {
  it('takes one fragment in every connection of games, with nodes the edges’ nodes', async () => {
    const group = await league.db.prisma.leagueGroup.findFirstOrThrow({ where: { games: { some: {} } }, orderBy: { id: 'asc' } });
    const team = await league.db.prisma.team.findFirstOrThrow({ where: { homeGames: { some: {} }, awayGames: { some: {} } }, orderBy: { id: 'asc' } });
    const result = await graphql<Record<string, unknown>>(
      league.app,
      `query($team: Int!, $group: Int!) {
        games(first: 3) { ...GamePage }
        team(id: $team) { homeGames(first: 3) { ...GamePage } awayGames(first: 3) { ...GamePage } }
        leagueGroup(id: $group) { games(first: 3) { ...GamePage } }
      } ${GAME_PAGE}`,
      { team: team.id, group: group.id },
    );
    expect(result.errors).toBeUndefined();
    const data = result.data as {
      games: GamePage;
      team: { homeGames: GamePage; awayGames: GamePage };
      leagueGroup: { games: GamePage };
    };
    for (const page of [data.games, data.team.homeGames, data.team.awayGames, data.leagueGroup.games]) {
      expect(page.nodes.length).toBeGreaterThan(0);
      expect(page.nodes).toEqual(page.edges.map((edge) => edge.node));
    }
  });

  it('pages a round’s and a cup round’s games beside their lists, in the same games', async () => {
    const round = await league.db.prisma.round.findFirstOrThrow({ where: { games: { some: {} } }, orderBy: { id: 'asc' } });
    const cupRound = await league.db.prisma.cupRound.findFirstOrThrow({ where: { games: { some: {} } }, orderBy: { id: 'asc' } });
    const document = `query($round: ID!, $cupRound: ID!, $after: String) {
      round: node(id: $round) { ... on Round { games { id } gamesConnection(first: 2, after: $after) { ...GamePage } } }
      cupRound: node(id: $cupRound) { ... on CupRound { games { id } gamesConnection(first: 100, direction: DESC) { ...GamePage } } }
    } ${GAME_PAGE}`;
    const nodeId = (type: string, id: number) => Buffer.from(`${type}:${id}`).toString('base64');
    const variables = { round: nodeId('Round', round.id), cupRound: nodeId('CupRound', cupRound.id) };
    type Paged = { games: { id: number }[]; gamesConnection: GamePage };
    const seen: number[] = [];
    let after: string | null = null;
    let listed: number[] = [];
    for (let page = 0; page < 100; page += 1) {
      const result: GraphQLResponse<{ round: Paged; cupRound: Paged }> = await graphql(league.app, document, { ...variables, after });
      expect(result.errors).toBeUndefined();
      const { round: paged, cupRound: cup } = result.data!;
      listed = paged.games.map((game) => game.id);
      seen.push(...paged.gamesConnection.nodes.map((game) => game.id));
      expect(paged.gamesConnection.totalCount).toBe(listed.length);
      expect(cup.gamesConnection.totalCount).toBe(cup.games.length);
      expect(new Set(cup.gamesConnection.nodes.map((game) => game.id))).toEqual(new Set(cup.games.map((game) => game.id)));
      if (!paged.gamesConnection.pageInfo.hasNextPage) break;
      after = paged.gamesConnection.pageInfo.endCursor;
    }
    expect(seen).toEqual(listed);
  });

  it('sends as many statements through the shared fragment and `nodes` as through the concrete type and `edges`', async () => {
    const team = await league.db.prisma.team.findFirstOrThrow({ where: { homeGames: { some: {} } }, orderBy: { id: 'asc' } });
    const statements = async (document: string) => {
      const before = league.db.queryCount();
      const result = await graphql(league.app, document, { team: team.id });
      expect(result.errors).toBeUndefined();
      return league.db.queryCount() - before;
    };
    const concrete = await statements(
      `query($team: Int!) { games(first: 20) { totalCount edges { node { id homeTeam { name } } } } team(id: $team) { homeGames(first: 5) { totalCount edges { node { id venue { name } } } } } }`,
    );
    const shared = await statements(
      `query($team: Int!) { games(first: 20) { ...P } team(id: $team) { homeGames(first: 5) { ...H } } }
       fragment P on GameConnection { totalCount nodes { id homeTeam { name } } }
       fragment H on GameConnection { totalCount nodes { id venue { name } } }`,
    );
    expect(shared).toBe(concrete);
  });
});

describe('orderBy on every connection', () => {
  const ids = async (document: string, pick: (data: Record<string, unknown>) => { nodes: { id: number }[] }) => {
    const result = await graphql(league.app, document);
    expect(result.errors).toBeUndefined();
    return pick(result.data!).nodes.map((node) => node.id);
  };

  it('orders clubs, teams, league groups and national players by id both ways, and pages in that order', async () => {
    for (const field of ['clubs', 'teams', 'leagueGroups', 'nationalPlayers']) {
      const pick = (data: Record<string, unknown>) => data[field] as { nodes: { id: number }[] };
      const up = await ids(`{ ${field}(first: 10, orderBy: ID) { nodes { id } } }`, pick);
      const down = await ids(`{ ${field}(first: 10, orderBy: ID, direction: DESC) { nodes { id } } }`, pick);
      expect(up.length, field).toBeGreaterThan(1);
      expect(up).toEqual([...up].sort((a, b) => a - b));
      expect(down).toEqual([...down].sort((a, b) => b - a));
      const first = await graphql(league.app, `{ ${field}(first: 3, orderBy: ID, direction: DESC) { pageInfo { endCursor } } }`);
      const cursor = (first.data![field] as { pageInfo: { endCursor: string } }).pageInfo.endCursor;
      const next = await ids(`{ ${field}(first: 3, after: "${cursor}", orderBy: ID, direction: DESC) { nodes { id } } }`, pick);
      expect(next).toEqual(down.slice(3, 6));
    }
  });

  it('keeps each list’s old order when no order is asked for', async () => {
    const clubs = await league.db.prisma.club.findMany({ orderBy: [{ name: 'desc' }, { id: 'desc' }], take: 5, select: { id: true } });
    expect(await ids('{ clubs(first: 5, direction: DESC) { nodes { id } } }', (data) => data.clubs as { nodes: { id: number }[] })).toEqual(
      clubs.map((club) => club.id),
    );
    const teams = await league.db.prisma.team.findMany({ orderBy: [{ name: 'asc' }, { id: 'asc' }], take: 5, select: { id: true } });
    expect(await ids('{ teams(first: 5) { nodes { id } } }', (data) => data.teams as { nodes: { id: number }[] })).toEqual(teams.map((team) => team.id));
    const groups = await league.db.prisma.leagueGroup.findMany({
      orderBy: [{ seasonId: 'asc' }, { leagueId: 'asc' }, { gameClassId: 'asc' }, { sortOrder: 'asc' }, { id: 'asc' }],
      take: 5,
      select: { id: true },
    });
    expect(
      await ids('{ leagueGroups(first: 5, orderBy: SEASON, direction: ASC) { nodes { id } } }', (data) => data.leagueGroups as { nodes: { id: number }[] }),
    ).toEqual(groups.map((group) => group.id));
  });
});

describe('id arguments in one pattern', () => {
  const group = async () => league.db.prisma.leagueGroup.findFirstOrThrow({ where: { registrations: { some: {} } }, orderBy: { id: 'asc' } });

  it('answers the deprecated names as the new ones', async () => {
    const g = await group();
    const pairs: [string, string][] = [
      [
        `{ teams(season: ${g.seasonId}, leagueId: ${g.leagueId}, gameClassId: ${g.gameClassId}, first: 100) { totalCount nodes { id } } }`,
        `{ teams(season: ${g.seasonId}, league: ${g.leagueId}, gameClass: ${g.gameClassId}, first: 100) { totalCount nodes { id } } }`,
      ],
      [
        `{ leagueGroups(leagueId: ${g.leagueId}, gameClassId: ${g.gameClassId}) { totalCount nodes { id } } }`,
        `{ leagueGroups(league: ${g.leagueId}, gameClass: ${g.gameClassId}) { totalCount nodes { id } } }`,
      ],
      [
        `{ season(id: ${g.seasonId}) { groups(leagueId: ${g.leagueId}, gameClassId: ${g.gameClassId}) { id } } }`,
        `{ season(id: ${g.seasonId}) { groups(league: ${g.leagueId}, gameClass: ${g.gameClassId}) { id } } }`,
      ],
      [
        `{ topScorers(season: ${g.seasonId}, leagueId: ${g.leagueId}, gameClassId: ${g.gameClassId}, first: 5) { player { id } points } }`,
        `{ topScorers(season: ${g.seasonId}, league: ${g.leagueId}, gameClass: ${g.gameClassId}, first: 5) { player { id } points } }`,
      ],
      [
        `{ teamVisitors(season: ${g.seasonId}, leagueIds: [${g.leagueId}], gameClassId: ${g.gameClassId}) { averageVisitors } }`,
        `{ teamVisitors(season: ${g.seasonId}, leagues: [${g.leagueId}], gameClass: ${g.gameClassId}) { averageVisitors } }`,
      ],
    ];
    for (const [now, before] of pairs) {
      const [a, b] = await Promise.all([graphql(league.app, now), graphql(league.app, before)]);
      expect(a.errors, now).toBeUndefined();
      expect(b.errors, before).toBeUndefined();
      expect(JSON.stringify(a.data).length, now).toBeGreaterThan(30);
      expect(a.data).toEqual(b.data);
    }
  });

  it('refuses both names at once, naming them, and neither where one was required', async () => {
    const g = await group();
    const both = await graphql(league.app, `{ teams(leagueId: ${g.leagueId}, league: ${g.leagueId}) { totalCount } }`);
    expect(both.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    expect(both.errors?.[0].message).toContain('"leagueId"');
    expect(both.errors?.[0].message).toContain('"league"');
    const visitors = await graphql(league.app, `{ teamVisitors(season: ${g.seasonId}, leagueIds: [1], leagues: [1], gameClassId: 1) { averageVisitors } }`);
    expect(visitors.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    expect(visitors.errors?.[0].message).toContain('"leagues"');
    const neither = await graphql(league.app, `{ topScorers(season: ${g.seasonId}, gameClassId: ${g.gameClassId}) { points } }`);
    expect(neither.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    expect(neither.errors?.[0].message).toContain('"leagueId"');
  });

  it('takes a favorite by leagueId/gameClassId or by the deprecated league/gameClass, not both', async () => {
    const g = await group();
    const add = (favorite: string) => graphql(league.app, `mutation { addFavorite(favorites: [${favorite}]) { favorites { type } } }`);
    const now = await add(`{ type: LEAGUE, leagueId: ${g.leagueId}, gameClassId: ${g.gameClassId} }`);
    const before = await add(`{ type: LEAGUE, league: ${g.leagueId}, gameClass: ${g.gameClassId} }`);
    expect(now.errors).toBeUndefined();
    expect(before.errors).toBeUndefined();
    expect(now.data).toEqual(before.data);
    const both = await add(`{ type: LEAGUE, leagueId: ${g.leagueId}, league: ${g.leagueId}, gameClassId: ${g.gameClassId} }`);
    expect(both.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    expect(both.errors?.[0].message).toContain('favorites[0].leagueId');
  });
});

describe('lists that grow', () => {
  it('bounds lineup candidates: past the bound the client narrows them with licenseIds', () => {
    expect(boundedCandidates([1, 2, 3], 3)).toEqual([1, 2, 3]);
    expect(() => boundedCandidates([1, 2, 3, 4], 3)).toThrow(/narrow them with licenseIds/);
  });

  it('documents the bound of a player’s games of a season and of lineup candidates', () => {
    const query = schema.getQueryType()!.getFields();
    expect(query.lineupCandidates.description).toMatch(/at most \d+/);
    const player = schema.getType('Player');
    if (!isObjectType(player)) throw new Error('Player');
    expect(player.getFields().games.description).toMatch(/at most \d+/);
  });
});
