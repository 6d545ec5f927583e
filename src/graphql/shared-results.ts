import { getOperationAST, type OperationTypeNode } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { GraphQLContext } from '../schema/context.js';

/** The kind of operation each execution runs, by its context; set before the result cache looks. */
const operationKinds = new WeakMap<object, OperationTypeNode | undefined>();

/**
 * Notes which kind of operation a context executes. Listed before the result cache: that plugin
 * asks `mayShare` when the execution begins, and it must already know a mutation from a query.
 */
export function useOperationKinds(): Plugin {
  return {
    onExecute({ args }) {
      operationKinds.set(args.contextValue, getOperationAST(args.document, args.operationName)?.operation);
    },
    onSubscribe({ args }) {
      operationKinds.set(args.contextValue, getOperationAST(args.document, args.operationName)?.operation);
    },
  };
}

/** Contexts whose results the result cache never sees: an operation over a WebSocket (src/graphql/websocket.ts). */
const unshared = new WeakSet<object>();

export function neverShare(context: object): void {
  unshared.add(context);
}

/**
 * Whether the result cache may look this execution up and store it: only query operations. Before
 * the operation is known (yoga's early look-up by the request's text) it may look: only query
 * results that nobody's key decided are ever stored, so a mutation's text never finds anything.
 */
export function mayShare(context: object): boolean {
  if (unshared.has(context)) return false;
  const kind = operationKinds.get(context);
  return kind === undefined || kind === 'query';
}

/** Whether an executed result may be stored for everyone: a query whose answer no caller's key or session decided. */
export function isPublicResult(context: GraphQLContext): boolean {
  return operationKinds.get(context) === 'query' && !context.access.dependsOnCaller;
}

/** Whether this context executed an operation whose answer is its caller's: a mutation, a subscription, or a query a key or session decided. */
export function isCallersResult(context: GraphQLContext): boolean {
  const kind = operationKinds.get(context);
  return (kind !== undefined && kind !== 'query') || context.access.dependsOnCaller;
}

export function executedQuery(context: GraphQLContext): boolean {
  return operationKinds.get(context) === 'query';
}
