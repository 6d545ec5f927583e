import SchemaBuilder from '@pothos/core';
import ComplexityPlugin from '@pothos/plugin-complexity';
import PrismaPlugin from '@pothos/plugin-prisma';
import RelayPlugin from '@pothos/plugin-relay';
import { GraphQLError } from 'graphql';
import type PrismaTypes from '../generated/pothos-types.js';
import { getDatamodel } from '../generated/pothos-types.js';
import type { GraphQLContext } from './context.js';
import { COMPUTED, defaultFieldCost, OBJECT_COST } from './costs.js';
import { assertCursor } from './cursors.js';
import { DOMAIN_ERRORS_PLUGIN } from './domain-errors.js';
import { badUserInput } from './errors.js';

export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 20;
/** In-process facade documents are trusted and may page further (a whole game day, a whole season). */
export const MAX_INTERNAL_PAGE_SIZE = 5000;

/**
 * The public endpoint's static cost limit (GRAPHQL_MAX_COMPLEXITY) when its context names none.
 * Field costs (src/schema/costs.ts) are measured so that one unit is about 50 µs of work on the demo
 * league at scale 10 (values and objects their share, computed fields their cost, lists their
 * typical length, connections their page), which makes the limit about a second.
 */
export const DEFAULT_MAX_COMPLEXITY = 20_000;
export const MAX_DEPTH = 10;
export const MAX_BREADTH = 200;

/**
 * Whether a root resolver that ignores the selection Pothos prepared is an error: it would load
 * relations one by one. On until the app decides (`getSchema` in src/schema/index.ts, from the app's
 * `production` setting, Config.production): production turns it off, since the check wraps every
 * query. Pothos reads the option on each resolve, so it may be set after the types are defined.
 */
const unusedSelections = { check: true };

/** Sets the unused-selection check; process-wide, as the schema is. */
export function checkUnusedSelections(on: boolean): void {
  unusedSelections.check = on;
}

/** What resolvers see; /graphql adds how much one operation may cost (GRAPHQL_MAX_COMPLEXITY). */
export type SchemaContext = GraphQLContext & { maxComplexity?: number; costChecked?: boolean };

export const builder = new SchemaBuilder<{
  PrismaTypes: PrismaTypes;
  Context: SchemaContext;
  DefaultFieldNullability: false;
  Scalars: {
    DateTime: { Input: Date; Output: Date };
    Date: { Input: string; Output: string };
  };
}>({
  // Listed last, so it wraps each resolver innermost: it sees the errors the resolver itself throws.
  plugins: [ComplexityPlugin, RelayPlugin, PrismaPlugin, DOMAIN_ERRORS_PLUGIN],
  defaultFieldNullability: false,
  prisma: {
    client: (ctx) => ctx.prisma,
    dmmf: getDatamodel(),
    filterConnectionTotalCount: true,
    // A getter, so that the app's setting reaches it (unusedSelections above).
    get onUnusedQuery() {
      return unusedSelections.check ? ('error' as const) : null;
    },
    maxConnectionSize: MAX_PAGE_SIZE,
    defaultConnectionSize: DEFAULT_PAGE_SIZE,
  },
  relay: {
    clientMutationId: 'omit',
    cursorType: 'String',
    // Global ids live in `nodeId` (Pothos's base64 of "Type:id"); `id` stays the numeric id every
    // client and facade joins on. `node`/`nodes` are src/schema/node.ts's own, which refuse a
    // malformed id as the client's error and apply each type's access rule.
    idFieldName: 'nodeId',
    idFieldOptions: { description: 'The global id of the record (Relay): opaque and stable; refetch the record with `node(id:)`.' },
    nodeTypeOptions: { description: 'A record that can be refetched by its global id, `nodeId`, with `node(id:)` or `nodes(ids:)`.' },
    nodeQueryOptions: false,
    nodesQueryOptions: false,
    // A connection's cost is already multiplied by its page size (connectionComplexity).
    edgesFieldOptions: { complexity: { field: OBJECT_COST, multiplier: 1 }, description: 'The records of this page, in order, each with its cursor.' },
    // `nodes` beside `edges` on every connection: the page without the cursors, priced as `edges`.
    nodesOnConnection: {
      complexity: { field: OBJECT_COST, multiplier: 1 },
      description: 'The records of this page, in order: `edges` without the cursors.',
    },
    // What every connection, edge and page says of itself; the field that returns a connection says what it lists and in which order.
    defaultConnectionTypeOptions: {
      description:
        'One page of a list (a Relay cursor connection): its records in `edges`, where it lies in the whole list in `pageInfo`, and the whole list’s size in `totalCount`.',
    },
    defaultEdgeTypeOptions: { description: 'One record of a page, with the cursor that marks its place in the list.' },
    pageInfoTypeOptions: { description: 'Where a page lies in its list: whether more come before or after it, and the cursors to page on from its ends.' },
    pageInfoFieldOptions: { description: 'Where this page lies in the whole list, and the cursors to page on with.' },
    nodeFieldOptions: { description: 'The record.' },
    cursorFieldOptions: { description: 'Opaque: pass it as `after` (or `before`) to get the records after (or before) this one.' },
    hasNextPageFieldOptions: { description: 'More records follow this page: ask again with `after: endCursor`.' },
    hasPreviousPageFieldOptions: { description: 'More records come before this page: ask again with `last` and `before: startCursor`.' },
    startCursorFieldOptions: { description: "The first record's cursor; null when the page is empty." },
    endCursorFieldOptions: { description: "The last record's cursor; null when the page is empty." },
    firstArgOptions: {
      description: `The first records of the list, or of what follows \`after\`: 0–${MAX_PAGE_SIZE}, ${DEFAULT_PAGE_SIZE} when neither \`first\` nor \`last\` is given.`,
    },
    lastArgOptions: { description: `The last records of the list, or of what comes before \`before\`: 0–${MAX_PAGE_SIZE}.` },
    afterArgOptions: { description: 'An edge `cursor` (or `pageInfo.endCursor`) from an earlier page: the records after it.' },
    beforeArgOptions: { description: 'An edge `cursor` (or `pageInfo.startCursor`) from an earlier page: the records before it.' },
  },
  complexity: {
    fieldComplexity: defaultFieldCost,
    // The facades' own documents are fixed and reviewed; the limit guards what outside clients send.
    // /graphql checks every operation before it runs (src/graphql/cost.ts, `costChecked`); this stays as a backstop.
    limit: (ctx) =>
      ctx.internal || ctx.costChecked ? {} : { depth: MAX_DEPTH, breadth: MAX_BREADTH, complexity: ctx.maxComplexity ?? DEFAULT_MAX_COMPLEXITY },
    // Checked before the first resolver runs: a refusal is the client's to fix, so a 4xx, also for application/json clients.
    complexityError: (kind, result) => {
      const [value, max] = {
        Complexity: [Math.ceil(result.complexity), result.maxComplexity],
        Depth: [result.depth, result.maxDepth],
        Breadth: [result.breadth, result.maxBreadth],
      }[kind];
      return new GraphQLError(`Query exceeds maximum ${kind.toLowerCase()} (${kind.toLowerCase()}: ${value}, max: ${max})`, {
        extensions: { code: 'QUERY_TOO_COMPLEX', http: { status: 400, spec: false } },
      });
    },
  },
});

/**
 * What a connection costs: its page query and object, and its page (`first`, else `last`, else the
 * default page) times what each edge and node selects. Without it a connection counted as one object
 * and `first: 100` cost no more than `first: 1`.
 */
export function connectionComplexity(args: { first?: number | null; last?: number | null }): { field: number; multiplier: number } {
  const size = args.first ?? args.last ?? DEFAULT_PAGE_SIZE;
  // Above the maximum the page-size guard answers with its own, clearer error. An empty page
  // (`first: 0`) still costs one node: its totalCount is work all the same.
  return { field: COMPUTED.relatedConnection + OBJECT_COST, multiplier: Math.min(Math.max(size, 1), MAX_PAGE_SIZE) };
}

/**
 * A connection of a record's own rows (a team's games): its page, but no more than the `typical`
 * rows a record has (src/schema/costs.ts LENGTH), since `first: 100` there means "all of them".
 */
export function relatedConnectionComplexity(typical: number) {
  return (args: { first?: number | null; last?: number | null }) => {
    const cost = connectionComplexity(args);
    return { ...cost, multiplier: Math.min(cost.multiplier, typical) };
  };
}

/**
 * Connection arguments guard, run by Pothos before it reads them (every connection's `maxSize`):
 * a cursor must be one we handed out (src/schema/cursors.ts), and a page larger than the maximum is
 * an error — Pothos would silently clamp `first`, but a client asking for more than it can get
 * should be told, not quietly given less.
 */
export function pageSize(args: { first?: number | null; last?: number | null; after?: string | null; before?: string | null }, ctx: GraphQLContext): number {
  assertCursor('after', args.after);
  assertCursor('before', args.before);
  if (ctx.internal) return MAX_INTERNAL_PAGE_SIZE;
  for (const [name, value] of [
    ['first', args.first],
    ['last', args.last],
  ] as const) {
    if (value != null && value > MAX_PAGE_SIZE) {
      throw badUserInput(`Argument "${name}" must be at most ${MAX_PAGE_SIZE}, got ${value}`);
    }
  }
  return MAX_PAGE_SIZE;
}

builder.queryType({
  description:
    "Reads of the league's data: seasons, leagues and groups, clubs, teams, players, games and their statistics. Public unless a field says which key it needs.",
});
builder.mutationType({
  description: 'Writes: recording games live and their sheets (a games:write key), favorites (anyone, by session id), report sessions and API keys (admin).',
});
