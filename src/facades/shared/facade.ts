import type { GraphQLSchema } from 'graphql';
import type { Caller } from '../../auth/caller.js';
import { createContext, type ContextDependencies } from '../../schema/context.js';
import { prepareDocument, runDocument } from './execute.js';

/** What a facade route needs: the schema, the context dependencies and where it is served. */
export interface FacadeDependencies extends ContextDependencies {
  schema: GraphQLSchema;
}

/**
 * Prepares a document once and returns a runner that executes it with a fresh per-request context.
 * A route whose data depends on who asks passes the request's caller: the schema decides.
 */
export function facadeDocument<TData>(deps: FacadeDependencies, source: string) {
  const document = prepareDocument(deps.schema, source);
  return (variables: Record<string, unknown>, caller?: Caller): Promise<TData> =>
    runDocument<TData>(deps.schema, document, createContext(deps, { internal: true, caller }), variables);
}
