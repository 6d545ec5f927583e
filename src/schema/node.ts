// Global object identification (the Relay `Node` interface): every record type with its own
// database id answers `nodeId`, an opaque id that names its type and its numeric id, and
// `node(id:)` / `nodes(ids:)` refetch any of them by it. The numeric `id` field stays as it is:
// clients and the facades join on it, and normalizing caches keep `__typename` + `id`.
import { decodeGlobalID, encodeGlobalID, resolveNodes } from '@pothos/plugin-relay';
import { isObjectType, type GraphQLResolveInfo, type GraphQLSchema } from 'graphql';
import { DomainError } from '../domain/errors.js';
import { builder, type SchemaContext } from './builder.js';
import { listCost, ROOT_FIELD_COST } from './costs.js';
import { badUserInput, graphQLErrorOf } from './errors.js';

/** The name of the interface and of the field that carries the global id (src/schema/builder.ts `relay`). */
export const NODE_INTERFACE = 'Node';
export const NODE_ID_FIELD = 'nodeId';

/** How many ids one `nodes` call takes: its cost grows with the list, like a connection's with its page. */
export const MAX_NODES = 100;

/**
 * The options of every `builder.prismaNode`: the global id is made of the record's numeric id, and a
 * well-formed id of a record that does not exist (any more) is null, as Relay expects, not an error.
 */
export const NODE_BY_ID = { id: { field: 'id' }, nullable: true } as const;

/**
 * Object types with an `id: Int!` field that are not nodes, and why; test/graphql/node.test.ts holds
 * every other such type to implementing Node. Types whose identity is a secret (a favorite
 * session's sid, a report session's token) are no nodes either, and have no numeric id to list here.
 */
export const NOT_NODES: Readonly<Record<string, string>> = {
  SearchHit: 'a search result, not a record: its id is the id of the league, group, club, team or player it names, per its kind',
  Webhook: "a key's own: read through `webhook(id:)`, which applies the owner's rule (a node fetch could not)",
  WebhookDelivery: "a webhook's delivery log entry, read through its webhook",
  Person: "a federation key's view of a player record (people:read): the record's node is its Player; a person is read again by `people`",
};

type NodeGuard = (ctx: SchemaContext) => void;

/** The rule each node type's own query field applies before answering; a type without one is public. */
const guards = new Map<string, NodeGuard>();

/**
 * Declares who may read a node type: the same rule as its query field (`ctx.access...`), run before
 * the record is loaded. The gate marks the answer as the caller's, so no shared cache keeps it.
 */
export function guardNode(typeName: string, guard: NodeGuard): void {
  guards.set(typeName, guard);
}

interface NodeId {
  typename: string;
  id: string;
}

const INT32 = { min: -(2 ** 31), max: 2 ** 31 - 1 };

function isNodeType(schema: GraphQLSchema, typename: string): boolean {
  const type = schema.getType(typename);
  return isObjectType(type) && type.getInterfaces().some((face) => face.name === NODE_INTERFACE);
}

/**
 * A node id as the API hands it out, or BAD_USER_INPUT naming the argument: the id must decode to a
 * Node type and an integer, and be that pair's own encoding (an id spelled otherwise would come back
 * as another `nodeId` and split a client's cache entry).
 */
export function parseNodeId(raw: string, argument: string, schema: GraphQLSchema): NodeId {
  const malformed = () => badUserInput(`${argument} is not a node id: pass a ${NODE_ID_FIELD} exactly as the API returned it`);
  let decoded: NodeId;
  try {
    decoded = decodeGlobalID(raw);
  } catch {
    throw malformed();
  }
  if (!isNodeType(schema, decoded.typename)) {
    throw badUserInput(`${argument} is the id of a ${decoded.typename}, which is not a ${NODE_INTERFACE} type of this API`);
  }
  const numeric = Number(decoded.id);
  if (!Number.isInteger(numeric) || numeric < INT32.min || numeric > INT32.max || encodeGlobalID(decoded.typename, numeric) !== raw) throw malformed();
  return decoded;
}

/** The refusal of reading a node of this type, or null when the caller may. */
function refusalOf(typename: string, ctx: SchemaContext): Error | null {
  try {
    guards.get(typename)?.(ctx);
    return null;
  } catch (error) {
    return error instanceof DomainError ? graphQLErrorOf(error) : (error as Error);
  }
}

/**
 * The records in the order of their ids, null for unknown ones. A refused one is its error: in a list
 * graphql-js reports it at the item's path and answers null there, the other items stand.
 */
async function loadNodes(ids: readonly NodeId[], ctx: SchemaContext, info: GraphQLResolveInfo): Promise<unknown[]> {
  const refusals = ids.map((nodeId) => refusalOf(nodeId.typename, ctx));
  // Pothos loads each type's records with the Prisma selection this field's fragments ask for.
  const loaded = await resolveNodes(
    builder,
    ctx,
    info,
    ids.map((nodeId, index) => (refusals[index] ? null : nodeId)),
  );
  return loaded.map((node, index) => refusals[index] ?? node);
}

const NodeInterface = builder.nodeInterfaceRef();

builder.queryFields((t) => ({
  node: t.field({
    type: NodeInterface,
    nullable: true,
    description: `The record with this ${NODE_ID_FIELD}, whatever its type (select its fields with \`... on Club { … }\`); null when no such record exists. A malformed id is BAD_USER_INPUT; a record its own query field guards (ApiKey) needs the same credential.`,
    args: { id: t.arg.id({ required: true, description: `A ${NODE_ID_FIELD} as the API returned it.` }) },
    resolve: async (_root, args, ctx, info) => {
      const [node] = await loadNodes([parseNodeId(String(args.id), 'Argument "id"', info.schema)], ctx, info);
      if (node instanceof Error) throw node;
      return node;
    },
  }),
  nodes: t.field({
    type: [NodeInterface],
    nullable: { list: false, items: true },
    description: `The records with these ${NODE_ID_FIELD}s (1–${MAX_NODES}), in the order given: null for one that does not exist, an error at its index for one the caller may not read.`,
    // Its statements and objects, and the selection once per id, as a list of that length. Above the
    // cap the resolver's clearer error answers.
    complexity: (args) => listCost(Math.min(args.ids.length, MAX_NODES), ROOT_FIELD_COST),
    args: { ids: t.arg.idList({ required: true, description: `Up to ${MAX_NODES} ${NODE_ID_FIELD}s as the API returned them.` }) },
    resolve: (_root, args, ctx, info) => {
      if (args.ids.length > MAX_NODES) throw badUserInput(`Argument "ids" takes at most ${MAX_NODES} ids, got ${args.ids.length}`);
      const ids = args.ids.map((raw, index) => parseNodeId(String(raw), `Argument "ids" at index ${index}`, info.schema));
      return loadNodes(ids, ctx, info);
    },
  }),
}));
