import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import type { GraphQLSchema } from 'graphql';
import type { Caller } from '../../auth/caller.js';
import { createContext, readFromReplica, type ContextDependencies } from '../../schema/context.js';
import { prepareDocument, runDocument } from './execute.js';
import type { RowCacheOptions } from '../../cache/versioned-rows.js';

/** What a facade route needs: the schema, the context dependencies and where it is served. */
export interface FacadeDependencies extends ContextDependencies {
  schema: GraphQLSchema;
  /** Where a large list may keep its rows across requests (src/cache/versioned-rows.ts); absent, nowhere. */
  rowCache?: RowCacheOptions;
}

/**
 * Prepares a typed document (`graphql(…)` from src/facades/generated) once and returns a runner
 * that executes it with a fresh per-request context. The document's type gives the runner's
 * variables and result: a document and its reshaper cannot disagree without the compiler saying so.
 * A route whose data depends on who asks passes the request's caller: the schema decides.
 */
export function facadeDocument<TData, TVariables extends Record<string, unknown>>(deps: FacadeDependencies, document: TypedDocumentNode<TData, TVariables>) {
  const prepared = prepareDocument(deps.schema, document);
  return (variables: TVariables, caller?: Caller): Promise<TData> => {
    const context = createContext(deps, { internal: true, caller });
    // A GET route's query of public data reads from a caught-up replica, if any (src/schema/context.ts).
    readFromReplica(context, deps, prepared);
    return runDocument<TData>(deps.schema, prepared, context, variables);
  };
}

/**
 * `facadeDocument` for a mutation: always the request's caller (the schema decides what it may
 * write), and its changes published to caches and subscribers as a /graphql mutation's are.
 */
export function facadeMutation<TData, TVariables extends Record<string, unknown>>(deps: FacadeDependencies, document: TypedDocumentNode<TData, TVariables>) {
  const prepared = prepareDocument(deps.schema, document);
  return (variables: TVariables, caller: Caller): Promise<TData> =>
    runDocument<TData>(deps.schema, prepared, createContext(deps, { internal: true, caller, publishes: true }), variables);
}
