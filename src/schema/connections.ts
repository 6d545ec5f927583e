import type { builder } from './builder.js';

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
