import { execute, getOperationAST, Kind, validate, type DocumentNode, type ExecutionResult, type GraphQLSchema } from 'graphql';
import type { GraphQLContext } from '../../schema/context.js';
import { inSpan, routeOfActiveRequest } from '../../tracing/spans.js';
import { HttpError } from './errors.js';

/**
 * A facade's GraphQL document, validated once when its routes are built, not per request. It comes
 * parsed from src/facades/generated (`graphql(…)`); a document changed without `npm run codegen` is
 * not found there (`graphql` answers `{}`) and stops the start-up here.
 */
export function prepareDocument(schema: GraphQLSchema, document: DocumentNode): DocumentNode {
  if (document?.kind !== Kind.DOCUMENT || !Array.isArray(document.definitions)) {
    throw new Error('facade document not generated: run `npm run codegen` after changing a document');
  }
  const errors = validate(schema, document);
  if (errors.length > 0) throw new Error(`invalid facade document: ${errors.map((e) => e.message).join('; ')}`);
  return document;
}

/**
 * Runs a prepared document in process against the canonical schema (no HTTP, no yoga), so a facade
 * costs what its resolvers cost. GraphQL errors become HTTP errors: the schema's verdict on the input
 * (400, 404) and on the caller (401, 403) in the interface's own format; any other error is a 500.
 */
export async function runDocument<TData>(
  schema: GraphQLSchema,
  document: DocumentNode,
  context: GraphQLContext,
  variables: Record<string, unknown>,
): Promise<TData> {
  const operation = getOperationAST(document);
  // Named by the facade's route: its document is an implementation detail of the route.
  const result = (await inSpan(
    `graphql ${routeOfActiveRequest() ?? operation?.name?.value ?? 'facade'}`,
    { 'graphql.operation.type': operation?.operation ?? 'query', 'graphql.operation.name': operation?.name?.value ?? '' },
    async () => execute({ schema, document, contextValue: context, variableValues: variables }),
  )) as ExecutionResult<TData>;
  if (result.errors?.length) {
    const first = result.errors[0];
    const code = first.extensions?.code;
    if (code === 'BAD_USER_INPUT') throw new HttpError(400, first.message);
    if (code === 'NOT_FOUND') throw new HttpError(404, first.message);
    if (code === 'UNAUTHENTICATED') throw new HttpError(401, first.message);
    if (code === 'FORBIDDEN') throw new HttpError(403, first.message);
    if (code === 'CONFLICT') throw new HttpError(409, first.message);
    // The failed-check brake, closed while a resolver checks a secret (src/schema/people.ts): 429 and when to come back.
    if (code === 'RATE_LIMITED') throw new HttpError(429, first.message, Number(first.extensions?.retryAfter) || 1);
    throw first.originalError ?? first;
  }
  if (!result.data) throw new Error('facade document returned no data');
  return result.data;
}
