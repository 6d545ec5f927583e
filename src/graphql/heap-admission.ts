import { complexityFromQuery } from '@pothos/plugin-complexity';
import { type DocumentNode, type ExecutionArgs, getOperationAST, Kind } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { HEAP_FULL_CODE, HEAP_FULL_RETRY_AFTER_S, type HeapAdmission } from '../cache/heap-pressure.js';
import { unavailable } from './errors.js';

/**
 * The share of GRAPHQL_MAX_COMPLEXITY above which an operation counts as expensive: 5,000 units of
 * the default 20,000, a quarter of a second's work by the calibration (docs/performance.md, "GraphQL
 * cost limit"). Below it are the pages clients ask for (a day's games with their events 2,748, a
 * league's standings 3,238); above it the answers that build thousands of objects at once (a day's
 * games with events and lineups 5,478), which are what a nearly full heap cannot hold.
 */
export const EXPENSIVE_SHARE = 0.25;

/** The operation that runs, with the fragments it may spread: the complexity plugin reads the first operation of what it is given. */
function operationOnly(document: DocumentNode, operationName: string | null | undefined): DocumentNode | undefined {
  const operation = getOperationAST(document, operationName);
  if (!operation) return undefined;
  return {
    kind: Kind.DOCUMENT,
    definitions: document.definitions.filter((definition) => definition.kind === Kind.FRAGMENT_DEFINITION || definition === operation),
  };
}

/** The operation's static cost, as the complexity limit counts it (src/schema/costs.ts); undefined when it cannot be counted (execution reports why). */
function costOf(args: ExecutionArgs): number | undefined {
  const document = operationOnly(args.document, args.operationName);
  if (!document) return undefined;
  try {
    return complexityFromQuery(document, { schema: args.schema, ctx: args.contextValue as object, variables: args.variableValues ?? {} }).complexity;
  } catch {
    return undefined;
  }
}

/**
 * Refuses an expensive operation (above EXPENSIVE_SHARE of `maxComplexity`) with 503, HEAP_FULL and
 * Retry-After while the heap is past its admission mark (src/cache/heap-pressure.ts): a cheaper
 * one still runs, and one above the limit still gets its 400 (QUERY_TOO_COMPLEX) from the limit
 * itself. The cost is counted only while the heap is near its limit, so an operation pays nothing
 * for this otherwise. Placed after the result cache: a stored answer costs no heap to send.
 */
export function useHeapAdmission(heap: HeapAdmission, maxComplexity: number): Plugin {
  const expensive = maxComplexity * EXPENSIVE_SHARE;
  return {
    onExecute({ args, setResultAndStopExecution }) {
      if (!heap.nearLimit()) return;
      const cost = costOf(args);
      if (cost === undefined || cost <= expensive || cost > maxComplexity) return;
      if (heap.admits()) return;
      setResultAndStopExecution({
        errors: [
          unavailable(
            `This server is short of memory for an operation this large (cost ${Math.ceil(cost)}, above ${Math.floor(expensive)}): try again in a while, or ask for less`,
            HEAP_FULL_CODE,
            HEAP_FULL_RETRY_AFTER_S,
          ),
        ],
      });
    },
  };
}
