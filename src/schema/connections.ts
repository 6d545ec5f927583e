import { builder } from './builder.js';
import { OBJECT_COST } from './costs.js';

/**
 * What `totalCount` costs, per node of the page: the complexity plugin multiplies everything a
 * connection selects by its page size (connectionComplexity), totalCount included, so this is the
 * count's cost spread over the default page of 20. Measured on the demo league at scale 10
 * (PostgreSQL, 56,510 games, a busy 2-core machine): counting a whole season's games takes 25–35 ms
 * (600 units = 30 × 20, the default page), one team's, group's or day's games 0.5–1 ms and a club's
 * season 4.5 ms (a page of 1–5 pays that), the clubs 1.2 ms, a season's teams 5–8 ms. A page of 100
 * is overcharged (3,000 units): a client after the count alone asks for `first: 1`.
 */
export const TOTAL_COUNT_COMPLEXITY = 30;

type ConnectionFieldBuilder = PothosSchemaTypes.ObjectFieldBuilder<typeof builder.$inferSchemaTypes, object>;

/** What @pothos/plugin-prisma leaves on a connection: the count (a relation's) or how to count (a root connection's). */
interface CountedConnection {
  totalCount?: number | (() => number | Promise<number>);
}

/**
 * A connection's `totalCount`, in place of the one @pothos/plugin-prisma adds, to give it its cost.
 * The plugin counts only when the field is selected: a root connection calls its `totalCount`
 * function (one `count` with the page's `where`), a relation selects `_count` with its parent.
 */
export function totalCountField(t: ConnectionFieldBuilder) {
  return t.int({
    description: 'How many nodes the connection holds with these arguments, over all pages. Counted only when selected.',
    complexity: TOTAL_COUNT_COMPLEXITY,
    // Tells the plugin that a selection of only this field needs no page of nodes.
    extensions: { pothosPrismaTotalCount: true },
    resolve: (connection) => {
      const { totalCount } = connection as CountedConnection;
      if (totalCount === undefined) throw new Error('totalCount was not loaded for this connection');
      return typeof totalCount === 'function' ? totalCount() : totalCount;
    },
  });
}

/** The connection options of every counted connection. */
export const COUNTED = { fields: (t: ConnectionFieldBuilder) => ({ totalCount: totalCountField(t) }) };

/**
 * The node types that have connections: each gets one `<Type>Connection` and one `<Type>Edge`
 * interface, which every connection of that type implements (`QueryGamesConnection`,
 * `TeamHomeGamesConnection`, … all implement `GameConnection`). A client writes one fragment
 * `on GameConnection` and spreads it into any of them; the concrete types keep their names, so
 * fragments on them keep working (GraphQL has no type aliases; docs/decisions.md).
 */
export type ConnectionNodeType =
  | 'Game'
  | 'Club'
  | 'Team'
  | 'LeagueGroup'
  | 'NationalPlayer'
  | 'Player'
  | 'ApiKey'
  | 'GameAuditEntry'
  | 'GameHistoryEntry'
  | 'WebhookDelivery';

const NODE_TYPE_NAMES: Record<ConnectionNodeType, string> = {
  Game: 'games',
  Club: 'clubs',
  Team: 'teams',
  LeagueGroup: 'league groups',
  NationalPlayer: 'national players',
  Player: 'players',
  ApiKey: 'API keys',
  GameAuditEntry: 'audit entries',
  GameHistoryEntry: 'entries of a game’s history',
  WebhookDelivery: 'webhook deliveries',
};

interface EdgeShape {
  cursor: string;
  node: unknown;
}
interface ConnectionShape {
  edges: EdgeShape[];
  pageInfo: unknown;
}

const shared = new Map<ConnectionNodeType, ReturnType<typeof defineShared>>();

function defineShared(type: ConnectionNodeType) {
  const what = NODE_TYPE_NAMES[type];
  const edge = builder.interfaceRef<EdgeShape>(`${type}Edge`).implement({
    description: `One of a page of ${what}, with its cursor: what every edge of a ${type}Connection has.`,
    fields: (t) => ({
      cursor: t.string({
        description: 'Opaque: pass it as `after` (or `before`) to get the records after (or before) this one.',
        resolve: (e) => e.cursor,
      }),
      node: t.field({ type: type as never, description: 'The record.', resolve: (e) => e.node as never }),
    }),
  });
  const connection = builder.interfaceRef<ConnectionShape>(`${type}Connection`).implement({
    description: `A page of ${what}: what every connection of ${what} has, whichever field returns it. Write fragments on this type to use them with any of those fields.`,
    fields: (t) => ({
      edges: t.field({
        type: [edge],
        description: 'The records of this page, in order, each with its cursor.',
        complexity: { field: OBJECT_COST, multiplier: 1 },
        resolve: (c) => c.edges,
      }),
      nodes: t.field({
        type: [type as never],
        description: 'The records of this page, in order: `edges` without the cursors.',
        complexity: { field: OBJECT_COST, multiplier: 1 },
        resolve: (c) => c.edges.map((e) => e.node) as never,
      }),
      pageInfo: t.field({
        type: builder.pageInfoRef(),
        description: 'Where this page lies in the whole list, and the cursors to page on with.',
        resolve: (c) => c.pageInfo as never,
      }),
      totalCount: totalCountField(t as unknown as ConnectionFieldBuilder),
    }),
  });
  return { connection, edge };
}

/**
 * The connection and edge options of a counted connection of `type`: its `totalCount` and the
 * shared interfaces. Pass the first as a connection field's connection options, the second as its
 * edge options.
 */
export function connectionOf(type: ConnectionNodeType) {
  let refs = shared.get(type);
  if (!refs) {
    refs = defineShared(type);
    shared.set(type, refs);
  }
  const { connection, edge } = refs;
  const options: [typeof COUNTED & { interfaces: [typeof connection] }, { interfaces: [typeof edge] }] = [
    { ...COUNTED, interfaces: [connection] },
    { interfaces: [edge] },
  ];
  return options;
}
