import SchemaBuilder from '@pothos/core';
import ComplexityPlugin from '@pothos/plugin-complexity';
import PrismaPlugin from '@pothos/plugin-prisma';
import RelayPlugin from '@pothos/plugin-relay';
import { GraphQLError } from 'graphql';
import type PrismaTypes from '../generated/pothos-types.js';
import { getDatamodel } from '../generated/pothos-types.js';
import type { GraphQLContext } from './context.js';

export const MAX_PAGE_SIZE = 100;
/** In-process facade documents are trusted and may page further (a whole game day, a whole season). */
export const MAX_INTERNAL_PAGE_SIZE = 5000;

export const builder = new SchemaBuilder<{
  PrismaTypes: PrismaTypes;
  Context: GraphQLContext;
  DefaultFieldNullability: false;
  Scalars: {
    DateTime: { Input: Date; Output: Date };
    Date: { Input: string; Output: string };
  };
}>({
  plugins: [ComplexityPlugin, RelayPlugin, PrismaPlugin],
  defaultFieldNullability: false,
  prisma: {
    client: (ctx) => ctx.prisma,
    dmmf: getDatamodel(),
    filterConnectionTotalCount: true,
    // A root resolver that ignores the selection Pothos prepared would load relations one by one.
    onUnusedQuery: process.env.NODE_ENV === 'production' ? null : 'error',
    maxConnectionSize: MAX_PAGE_SIZE,
    defaultConnectionSize: 20,
  },
  relay: {
    clientMutationId: 'omit',
    cursorType: 'String',
    nodeQueryOptions: false,
    nodesQueryOptions: false,
  },
  complexity: {
    defaultComplexity: 1,
    defaultListMultiplier: 10,
    // The facades' own documents are fixed and reviewed; the limit guards what outside clients send.
    limit: (ctx) => (ctx.internal ? {} : { depth: 10, breadth: 200, complexity: 20_000 }),
  },
});

/**
 * Connection page size guard: Pothos silently clamps `first` to the maximum, but a client asking
 * for more than it can get should be told, not quietly given less.
 */
export function pageSize(args: { first?: number | null; last?: number | null }, ctx: GraphQLContext): number {
  if (ctx.internal) return MAX_INTERNAL_PAGE_SIZE;
  for (const [name, value] of [['first', args.first], ['last', args.last]] as const) {
    if (value != null && value > MAX_PAGE_SIZE) {
      throw new GraphQLError(`Argument "${name}" must be at most ${MAX_PAGE_SIZE}, got ${value}`, {
        extensions: { code: 'BAD_USER_INPUT' },
      });
    }
  }
  return MAX_PAGE_SIZE;
}

builder.queryType({});
builder.mutationType({});
