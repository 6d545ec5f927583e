import type { FastifyRequest } from 'fastify';
import type { GraphQLSchema } from 'graphql';
import { createContext, type ContextDependencies } from '../../schema/context.js';
import { prepareDocument, runDocument } from './execute.js';
import { parseLocale, type Locale } from './locale.js';
import type { Query } from './params.js';

/** What a facade route needs: the schema, the context dependencies and where it is served. */
export interface FacadeDependencies extends ContextDependencies {
  schema: GraphQLSchema;
}

export interface RequestInfo {
  query: Query;
  params: Record<string, string>;
  locale: Locale;
  now: Date;
  baseUrl: string;
}

/** Prepares a document once and returns a runner that executes it with a fresh per-request context. */
export function facadeDocument<TData>(deps: FacadeDependencies, source: string) {
  const document = prepareDocument(deps.schema, source);
  return (variables: Record<string, unknown>): Promise<TData> => runDocument<TData>(deps.schema, document, createContext(deps, true), variables);
}

export function requestInfo(deps: FacadeDependencies, request: FastifyRequest): RequestInfo {
  const query = (request.query ?? {}) as Query;
  return {
    query,
    params: (request.params ?? {}) as Record<string, string>,
    locale: parseLocale(query.locale),
    now: deps.clock.now(),
    baseUrl: deps.publicBaseUrl,
  };
}
