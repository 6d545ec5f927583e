// Lists that grow are paged (a connection beside the whole list, implementing the shared
// connection interface, `nodes` beside `edges`) or hold a bound that the resolver enforces and the
// field's description states.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getSchema } from '../../src/schema/index.js';
import { MAX_PLAYER_CAREER_ROWS } from '../../src/schema/player.js';
import { graphql, openTestLeague, type TestLeague } from '../support/app.js';
import { createKey } from '../support/keys.js';
import { postGraphQL, scheduledGameWithSheet } from '../support/live.js';

let league: TestLeague;
let admin: Record<string, string>;
let reader: Record<string, string>;

beforeAll(async () => {
  league = await openTestLeague();
  admin = { authorization: `Bearer ${(await createKey(league.db, 'admin', null, ['admin'])).key}` };
  reader = { authorization: `Bearer ${(await createKey(league.db, 'reader')).key}` };
  for (const name of ['one', 'two', 'three']) await createKey(league.db, name);
});

afterAll(async () => {
  await league?.close();
});

describe('connections beside lists that grow', () => {
  it('apiKeysConnection pages the keys apiKeys lists, by id, as an ApiKeyConnection; admin scope only', async () => {
    const all = await graphql<{ apiKeys: { id: number }[] }>(league.app, '{ apiKeys { id } }', {}, admin);
    const query = `query ($after: String) { apiKeysConnection(first: 2, after: $after) { ...Keys } }
      fragment Keys on ApiKeyConnection { totalCount nodes { id } edges { node { id } } pageInfo { hasNextPage endCursor } }`;
    const first = await graphql<{
      apiKeysConnection: {
        totalCount: number;
        nodes: { id: number }[];
        edges: { node: { id: number } }[];
        pageInfo: { hasNextPage: boolean; endCursor: string };
      };
    }>(league.app, query, {}, admin);
    expect(first.errors).toBeUndefined();
    const page = first.data!.apiKeysConnection;
    expect(page.totalCount).toBe(all.data!.apiKeys.length);
    expect(page.nodes).toEqual(all.data!.apiKeys.slice(0, 2));
    expect(page.edges.map((edge) => edge.node)).toEqual(page.nodes);
    expect(page.pageInfo.hasNextPage).toBe(true);
    const second = await graphql<{ apiKeysConnection: { nodes: { id: number }[] } }>(league.app, query, { after: page.pageInfo.endCursor }, admin);
    expect(second.data!.apiKeysConnection.nodes).toEqual(all.data!.apiKeys.slice(2, 4));

    const newest = await graphql<{ apiKeysConnection: { nodes: { id: number }[] } }>(
      league.app,
      '{ apiKeysConnection(first: 1, orderBy: ID, direction: DESC) { nodes { id } } }',
      {},
      admin,
    );
    expect(newest.data!.apiKeysConnection.nodes).toEqual(all.data!.apiKeys.slice(-1));

    const refused = await graphql(league.app, '{ apiKeysConnection(first: 1) { totalCount } }', {}, reader);
    expect(refused.errors?.[0].extensions?.code).toBe('FORBIDDEN');
  });

  it('gameAuditConnection pages a game’s audit in the order gameAudit lists it; NOT_FOUND for no game', async () => {
    const { game } = await scheduledGameWithSheet(league.db);
    const baseUrl = await league.app.listen({ host: '127.0.0.1', port: 0 });
    const desk = (await createKey(league.db, 'desk', null, ['games:write'])).key;
    const started = await postGraphQL(
      baseUrl,
      'mutation ($input: StartGameInput!) { startGame(input: $input) { version } }',
      { input: { gameId: game.id, idempotencyKey: 'bounds-start', outsideStartWindow: true, reason: 'test' } },
      desk,
    );
    expect(started.errors).toBeUndefined();
    for (const second of [10, 20]) {
      const timeout = await postGraphQL(
        baseUrl,
        'mutation ($input: RecordSpectatorsInput!) { recordSpectators(input: $input) { version } }',
        { input: { gameId: game.id, idempotencyKey: `bounds-${second}`, spectators: second } },
        desk,
      );
      expect(timeout.errors).toBeUndefined();
    }
    const all = await graphql<{ gameAudit: { version: number }[] }>(
      league.app,
      'query ($id: Int!) { gameAudit(gameId: $id) { version } }',
      { id: game.id },
      admin,
    );
    expect(all.data!.gameAudit.length).toBe(3);
    const paged = await graphql<{ gameAuditConnection: { totalCount: number; nodes: { version: number }[]; pageInfo: { hasNextPage: boolean } } }>(
      league.app,
      `query ($id: Int!) { gameAuditConnection(gameId: $id, first: 2) { ...on GameAuditEntryConnection { totalCount nodes { version } pageInfo { hasNextPage } } } }`,
      { id: game.id },
      admin,
    );
    expect(paged.errors).toBeUndefined();
    expect(paged.data!.gameAuditConnection).toEqual({ totalCount: 3, nodes: all.data!.gameAudit.slice(0, 2), pageInfo: { hasNextPage: true } });
    const unknown = await graphql(league.app, '{ gameAuditConnection(gameId: -5, first: 1) { totalCount } }', {}, admin);
    expect(unknown.errors?.[0].extensions?.code).toBe('NOT_FOUND');
  });

  it('Season.groupsConnection pages the groups Season.groups lists, with the same filters, as a LeagueGroupConnection', async () => {
    const all = await graphql<{ currentSeason: { groups: { id: number; league: { id: number } }[] } }>(
      league.app,
      '{ currentSeason { groups { id league { id } } } }',
    );
    const groups = all.data!.currentSeason.groups;
    expect(groups.length).toBeGreaterThan(3);
    const paged = await graphql<{ currentSeason: { groupsConnection: { totalCount: number; nodes: { id: number }[] } } }>(
      league.app,
      '{ currentSeason { groupsConnection(first: 3) { ...on LeagueGroupConnection { totalCount nodes { id } } } } }',
    );
    expect(paged.errors).toBeUndefined();
    expect(paged.data!.currentSeason.groupsConnection).toEqual({ totalCount: groups.length, nodes: groups.slice(0, 3).map(({ id }) => ({ id })) });
    const leagueId = groups[0].league.id;
    const ofLeague = await graphql<{ currentSeason: { groupsConnection: { totalCount: number } } }>(
      league.app,
      'query ($league: Int) { currentSeason { groupsConnection(first: 1, leagueId: $league) { totalCount } } }',
      { league: leagueId },
    );
    expect(ofLeague.data!.currentSeason.groupsConnection.totalCount).toBe(groups.filter((group) => group.league.id === leagueId).length);
  });
});

describe('bounded lists', () => {
  it('state their bound in their description', () => {
    const schema = getSchema();
    const described = (type: string, field: string) =>
      (schema.getType(type) as unknown as { getFields(): Record<string, { description?: string }> }).getFields()[field].description ?? '';
    for (const [type, field] of [
      ['Player', 'licenses'],
      ['Player', 'memberships'],
      ['Player', 'statistics'],
      ['NationalPlayer', 'records'],
      ['Query', 'nationalPlayerRecords'],
    ]) {
      expect(described(type, field), `${type}.${field}`).toMatch(/at most \d[\d,]*/);
    }
    for (const [type, field] of [
      ['Query', 'apiKeys'],
      ['Query', 'gameAudit'],
      ['Season', 'groups'],
    ]) {
      expect(described(type, field), `${type}.${field}`).toMatch(/Connection` pages them/);
    }
  });

  it('Player.licenses answers at most its bound, the newest seasons', async () => {
    const license = await league.db.prisma.license.findFirstOrThrow({ orderBy: { id: 'asc' } });
    const { id: _id, ...rest } = license;
    const highest = await league.db.prisma.license.findFirstOrThrow({ orderBy: { id: 'desc' }, select: { id: true } });
    await league.db.prisma.license.createMany({
      data: Array.from({ length: MAX_PLAYER_CAREER_ROWS + 5 }, (_, index) => ({ ...rest, id: highest.id + 1 + index })),
    });
    const answer = await graphql<{ player: { licenses: { id: number }[] } }>(league.app, 'query ($id: Int!) { player(id: $id) { licenses { id } } }', {
      id: license.playerId,
    });
    expect(answer.errors).toBeUndefined();
    expect(answer.data!.player.licenses).toHaveLength(MAX_PLAYER_CAREER_ROWS);
  });
});
