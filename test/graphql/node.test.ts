// Global object identification (src/schema/node.ts): every record type with its own database id is
// a Node with an opaque `nodeId`, and `node(id:)` / `nodes(ids:)` refetch any of them by it, with
// the access rule of the type's own query field.
import { getNamedType, isInterfaceType, isObjectType, type GraphQLObjectType } from 'graphql';
import { complexityFromQuery } from '@pothos/plugin-complexity';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getSchema } from '../../src/schema/index.js';
import { MAX_NODES, NOT_NODES } from '../../src/schema/node.js';
import { countQueries, graphql, openTestLeague, type GraphQLResponse, type TestLeague } from '../support/app.js';
import { createKey } from '../support/keys.js';

let league: TestLeague;
let admin: Record<string, string>;
let reader: Record<string, string>;

const bearer = (key: string) => ({ authorization: `Bearer ${key}` });
const codeOf = (answer: GraphQLResponse) => answer.errors?.[0]?.extensions?.code;

interface Identified {
  __typename: string;
  id: number;
  nodeId: string;
}

const F = '__typename id nodeId';

/** Each Node type's record, read through the query field clients already use for it. */
const SOURCES: Record<string, { query: string; admin?: true }> = {
  Season: { query: `{ seasons { ${F} } }` },
  GameClass: { query: `{ gameClasses { ${F} } }` },
  League: { query: `{ leagues { ${F} } }` },
  LeagueGroup: { query: `{ leagueGroups(first: 5) { edges { node { ${F} } } } }` },
  Round: { query: `{ leagueGroups(first: 20) { edges { node { rounds { ${F} } } } } }` },
  CupTournament: { query: `{ seasons { cups { ${F} } } }` },
  CupRound: { query: `{ seasons { cups { rounds { ${F} } } } }` },
  Club: { query: `{ clubs(first: 5) { edges { node { ${F} } } } }` },
  Team: { query: `{ teams(first: 5) { edges { node { ${F} } } } }` },
  Venue: { query: `{ games(first: 20) { edges { node { venue { ${F} } } } } }` },
  Game: { query: `{ games(first: 5) { edges { node { ${F} } } } }` },
  GameEvent: { query: `{ games(first: 50, filter: { status: [FINISHED] }) { edges { node { events { ${F} } } } } }` },
  LineupEntry: { query: `{ games(first: 50, filter: { status: [FINISHED] }) { edges { node { lineup { ${F} } } } } }` },
  Player: { query: `{ players(first: 5) { edges { node { ${F} } } } }` },
  License: { query: `{ players(first: 50) { edges { node { licenses { ${F} } } } } }` },
  TeamMember: { query: `{ players(first: 50) { edges { node { memberships { ${F} } } } } }` },
  NationalSelection: { query: `{ nationalSelections { ${F} } }` },
  NationalPlayer: { query: `{ nationalPlayers(first: 5) { edges { node { ${F} } } } }` },
  NationalPlayerRecord: { query: `{ nationalPlayers(first: 50) { edges { node { records { ${F} } } } } }` },
  ApiKey: { query: `{ apiKeys { ${F} } }`, admin: true },
  GameAuditEntry: { query: 'query ($gameId: Int!) { gameAudit(gameId: $gameId) { __typename id nodeId } }', admin: true },
};

/** The first object of `type` anywhere in an answer. */
function firstOf(value: unknown, type: string): Identified | undefined {
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = firstOf(item, type);
      if (found) return found;
    }
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  if ((value as { __typename?: unknown }).__typename === type && 'nodeId' in value) return value as Identified;
  for (const child of Object.values(value)) {
    const found = firstOf(child, type);
    if (found) return found;
  }
  return undefined;
}

const records = new Map<string, Identified>();
let auditedGameId: number;

async function recordOf(type: string): Promise<Identified> {
  const known = records.get(type);
  if (known) return known;
  const source = SOURCES[type];
  const answer = await graphql(league.app, source.query, { gameId: auditedGameId }, source.admin ? admin : undefined);
  expect(answer.errors, type).toBeUndefined();
  const record = firstOf(answer.data, type);
  if (!record) throw new Error(`the demo league has no ${type} through its query`);
  records.set(type, record);
  return record;
}

function nodeTypes(): readonly GraphQLObjectType[] {
  const schema = getSchema();
  const node = schema.getType('Node');
  if (!isInterfaceType(node)) throw new Error('the schema has no Node interface');
  return schema.getPossibleTypes(node);
}

const NODE = 'query ($id: ID!) { node(id: $id) { __typename nodeId ... on Club { id name } ... on ApiKey { id name } } }';

beforeAll(async () => {
  league = await openTestLeague();
  admin = bearer((await createKey(league.db, 'node admin', null, ['admin'])).key);
  reader = bearer((await createKey(league.db, 'node reader')).key);
  // An audit entry as a live write leaves it (test/graphql/key-admin.test.ts makes real ones).
  const game = await league.db.prisma.game.findFirstOrThrow({ orderBy: { id: 'asc' } });
  const writer = await league.db.prisma.apiKey.findFirstOrThrow({ where: { name: 'node admin' } });
  await league.db.prisma.gameAuditEntry.create({
    data: {
      gameId: game.id,
      apiKeyId: writer.id,
      at: new Date(),
      mutation: 'startGame',
      idempotencyKey: 'node-test',
      inputHash: 'x',
      version: 1,
      change: {},
    },
  });
  auditedGameId = game.id;
});
afterAll(async () => {
  await league?.close();
});

describe('Node', () => {
  it('every object type with a numeric id implements Node, apart from the documented exceptions', () => {
    const schema = getSchema();
    const withNumericId = Object.values(schema.getTypeMap())
      .filter((type): type is GraphQLObjectType => isObjectType(type) && !type.name.startsWith('__'))
      .filter((type) => {
        const id = type.getFields().id;
        return id !== undefined && String(id.type) === 'Int!';
      });
    const missing = withNumericId.filter((type) => !type.getInterfaces().some((face) => face.name === 'Node') && !(type.name in NOT_NODES));
    expect(missing.map((type) => type.name)).toEqual([]);
    // An exception that became a node, or no longer exists, must leave the list.
    for (const name of Object.keys(NOT_NODES)) {
      const type = schema.getType(name);
      expect(isObjectType(type) && !type.getInterfaces().some((face) => face.name === 'Node'), name).toBe(true);
    }
    // Secrets are no identities to hand out: a session's sid or a report session's token.
    for (const secret of ['FavoriteSession', 'Favorite', 'ReportSession', 'OpenedReportSession']) {
      const type = schema.getType(secret);
      expect(isObjectType(type) && type.getInterfaces().length, secret).toBe(0);
    }
    expect(String(getNamedType(schema.getQueryType()!.getFields().node.type))).toBe('Node');
  });

  it('the test reads a record of every Node type', () => {
    expect(
      nodeTypes()
        .map((type) => type.name)
        .sort(),
    ).toEqual(Object.keys(SOURCES).sort());
  });

  it.each(Object.keys(SOURCES))('%s: node(id:) refetches the record its query gave, with the same id', async (type) => {
    const record = await recordOf(type);
    expect(record.nodeId).not.toBe(String(record.id));
    const answer = await graphql<{ node: Identified | null }>(
      league.app,
      `query ($id: ID!) { node(id: $id) { __typename nodeId ... on ${type} { id nodeId } } }`,
      { id: record.nodeId },
      SOURCES[type].admin ? admin : undefined,
    );
    expect(answer.errors).toBeUndefined();
    expect(answer.data!.node).toEqual({ __typename: type, id: record.id, nodeId: record.nodeId });
  });

  it('an id is stable: the same string on every read, opaque (not the numeric id), and the same through another path', async () => {
    const club = await recordOf('Club');
    const again = await graphql<{ club: { nodeId: string } }>(league.app, 'query ($id: Int!) { club(id: $id) { nodeId } }', { id: club.id });
    expect(again.data!.club.nodeId).toBe(club.nodeId);
    const twice = await graphql<{ club: { nodeId: string } }>(league.app, 'query ($id: Int!) { club(id: $id) { nodeId } }', { id: club.id });
    expect(twice.data!.club.nodeId).toBe(club.nodeId);
    expect(club.nodeId).not.toContain(String(club.id));
    // Two types with the same numeric id have different node ids.
    const team = await recordOf('Team');
    expect(team.nodeId).not.toBe(club.nodeId);
  });

  it('nodes(ids:) answers in the order asked, null for an id of no record', async () => {
    const club = await recordOf('Club');
    const game = await recordOf('Game');
    const team = await recordOf('Team');
    const unknownClub = await unknownClubNodeId();
    const answer = await graphql<{ nodes: (Identified | null)[] }>(
      league.app,
      'query ($ids: [ID!]!) { nodes(ids: $ids) { __typename nodeId ... on Club { id } ... on Game { id } ... on Team { id } } }',
      { ids: [game.nodeId, unknownClub, club.nodeId, team.nodeId, game.nodeId] },
    );
    expect(answer.errors).toBeUndefined();
    expect(answer.data!.nodes).toEqual([
      { __typename: 'Game', id: game.id, nodeId: game.nodeId },
      null,
      { __typename: 'Club', id: club.id, nodeId: club.nodeId },
      { __typename: 'Team', id: team.id, nodeId: team.nodeId },
      { __typename: 'Game', id: game.id, nodeId: game.nodeId },
    ]);
  });

  it('a well-formed id of no record is null, not an error', async () => {
    const club = await recordOf('Club');
    const answer = await graphql<{ node: null }>(league.app, NODE, { id: await unknownClubNodeId() });
    expect(club.nodeId).not.toBe(await unknownClubNodeId());
    expect(answer.errors).toBeUndefined();
    expect(answer.data!.node).toBeNull();
  });

  it('a malformed id, or the id of a type that is no Node, is BAD_USER_INPUT naming the argument', async () => {
    const club = await recordOf('Club');
    const cases = [
      'not base64 at all!',
      String(club.id),
      encode('Club:abc'),
      encode('Club:1.5'),
      encode('Club:99999999999'),
      encode(`Club:0${club.id}`), // not the id's own spelling
      `${club.nodeId}\n`,
      encode('Standing:1'),
      encode('NoSuchType:1'),
      encode('FavoriteSession:1'),
    ];
    for (const id of cases) {
      const answer = await graphql(league.app, NODE, { id });
      expect(codeOf(answer), id).toBe('BAD_USER_INPUT');
      expect(answer.errors![0].message, id).toMatch(/^Argument "id" (is not a node id|is the id of a \w+, which is not a Node type)/);
      expect(answer.status, id).toBe(200);
    }
    const inList = await graphql(league.app, 'query ($ids: [ID!]!) { nodes(ids: $ids) { nodeId } }', { ids: [club.nodeId, 'nope'] });
    expect(codeOf(inList)).toBe('BAD_USER_INPUT');
    expect(inList.errors![0].message).toMatch(/^Argument "ids" at index 1 is not a node id/);
  });

  it(`nodes takes at most ${MAX_NODES} ids: more is BAD_USER_INPUT, and its cost grows with the list`, async () => {
    const club = await recordOf('Club');
    const tooMany = await graphql(league.app, 'query ($ids: [ID!]!) { nodes(ids: $ids) { nodeId } }', { ids: Array(MAX_NODES + 1).fill(club.nodeId) });
    expect(codeOf(tooMany)).toBe('BAD_USER_INPUT');
    expect(tooMany.errors![0].message).toBe(`Argument "ids" takes at most ${MAX_NODES} ids, got ${MAX_NODES + 1}`);
    const full = await graphql<{ nodes: unknown[] }>(league.app, 'query ($ids: [ID!]!) { nodes(ids: $ids) { nodeId } }', {
      ids: Array(MAX_NODES).fill(club.nodeId),
    });
    expect(full.errors).toBeUndefined();
    expect(full.data!.nodes).toHaveLength(MAX_NODES);
    // The selection is paid once per id, as for a list of that length.
    const heavy = 'query ($ids: [ID!]!) { nodes(ids: $ids) { ... on Player { statistics { goals } games(season: 2026) { goals } } } }';
    const costOf = (count: number) => complexityFromQuery(heavy, { schema: getSchema(), variables: { ids: Array(count).fill(club.nodeId) } }).complexity;
    const perId = costOf(2) - costOf(1);
    expect(perId).toBeGreaterThan(20); // the two computed fields
    expect(costOf(MAX_NODES) - costOf(1)).toBeCloseTo((MAX_NODES - 1) * perId);
  });

  it('nodes of one type are loaded together, not one query per id', async () => {
    const clubs = await graphql<{ clubs: { edges: { node: { nodeId: string } }[] } }>(league.app, '{ clubs(first: 8) { edges { node { nodeId } } } }');
    const ids = clubs.data!.clubs.edges.map((edge) => edge.node.nodeId);
    expect(ids).toHaveLength(8);
    const queries = await countQueries(league.db, async () => {
      const answer = await graphql<{ nodes: ({ name: string } | null)[] }>(league.app, 'query ($ids: [ID!]!) { nodes(ids: $ids) { ... on Club { name } } }', {
        ids,
      });
      expect(answer.errors).toBeUndefined();
      expect(answer.data!.nodes.every((node) => node !== null)).toBe(true);
    });
    expect(queries).toBeLessThanOrEqual(2);
  });
});

describe('Node access', () => {
  async function apiKeysRefusal(headers?: Record<string, string>) {
    const answer = await graphql(league.app, '{ apiKeys { id } }', undefined, headers);
    return { code: codeOf(answer), message: answer.errors?.[0]?.message };
  }

  it('an ApiKey node is refused exactly as apiKeys is: without a key, and with a key lacking the admin scope', async () => {
    const key = await recordOf('ApiKey');
    for (const headers of [undefined, reader]) {
      const expected = await apiKeysRefusal(headers);
      expect(expected.code).toMatch(/^(UNAUTHENTICATED|FORBIDDEN)$/);
      const answer = await graphql<{ node: null }>(league.app, NODE, { id: key.nodeId }, headers);
      expect({ code: codeOf(answer), message: answer.errors?.[0]?.message }).toEqual(expected);
      expect(answer.data?.node ?? null).toBeNull();
    }
    const audit = await recordOf('GameAuditEntry');
    const refusedAudit = await graphql(league.app, 'query ($id: ID!) { node(id: $id) { nodeId } }', { id: audit.nodeId }, reader);
    expect(codeOf(refusedAudit)).toBe('FORBIDDEN');
  });

  it('with the admin scope the key is answered, and only to its caller: never stored for others', async () => {
    const key = await recordOf('ApiKey');
    const body = { query: NODE, variables: { id: key.nodeId } };
    const response = await league.app.inject({ method: 'POST', url: '/graphql', payload: body, headers: admin });
    const answer = response.json() as GraphQLResponse<{ node: Identified & { name: string } }>;
    expect(answer.errors).toBeUndefined();
    expect(answer.data!.node).toMatchObject({ __typename: 'ApiKey', id: key.id, nodeId: key.nodeId });
    expect(response.headers['cache-control']).toBe('private, no-store');
    // The same body sent next without a key is refused, not answered from a cache.
    const anonymous = await league.app.inject({ method: 'POST', url: '/graphql', payload: body });
    expect(codeOf(anonymous.json() as GraphQLResponse)).toBe('UNAUTHENTICATED');
  });

  it('in nodes, a refused id is an error at its index and null there; the public ids beside it are answered', async () => {
    const key = await recordOf('ApiKey');
    const club = await recordOf('Club');
    const answer = await graphql<{ nodes: ({ __typename: string } | null)[] }>(
      league.app,
      'query ($ids: [ID!]!) { nodes(ids: $ids) { __typename } }',
      { ids: [club.nodeId, key.nodeId] },
      reader,
    );
    expect(answer.data!.nodes).toEqual([{ __typename: 'Club' }, null]);
    expect(answer.errors).toHaveLength(1);
    expect(answer.errors![0]).toMatchObject({ path: ['nodes', 1], extensions: { code: 'FORBIDDEN' } });
  });
});

function encode(text: string): string {
  return Buffer.from(text).toString('base64');
}

/** The node id a club would have with a numeric id above every one in use. */
async function unknownClubNodeId(): Promise<string> {
  const highest = await league.db.prisma.club.aggregate({ _max: { id: true } });
  return encode(`Club:${(highest._max.id ?? 0) + 1}`);
}
