import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { DocumentNode, GraphQLSchema } from 'graphql';
import { documentScoping } from './document-scope.js';
import { SCOPED_KEY_PREFIX } from './response-cache-store.js';

export interface OperationParams {
  query: string;
  operationName?: string | null;
  variables?: Record<string, unknown> | null;
}

/**
 * The result cache's key of an operation: a hash of what decides its result, prefixed when its
 * document is scoped by the records its results show (src/graphql/document-scope.ts), so that the
 * store knows which writes drop it.
 */
export function resultCacheKeys(schema: GraphQLSchema, parseDocument: (source: string) => DocumentNode | undefined) {
  const isScoped = documentScoping(schema, parseDocument);
  return {
    /** The key the plugin stores and looks up under; runs after the document limits' check, as it parses. */
    keyOf: async ({ query, operationName, variables }: OperationParams, sessionId: string | null | undefined): Promise<string> =>
      `${isScoped(query, operationName) ? SCOPED_KEY_PREFIX : ''}${hashOf(query, operationName, variables, sessionId)}`,
    /**
     * The keys an operation may be stored under, without parsing it: for the probe that runs before
     * the document limits (src/http/concurrency-limit.ts), which must not parse what they would refuse.
     */
    candidateKeys: async ({ query, operationName, variables }: OperationParams): Promise<string[]> => {
      const hash = hashOf(query, operationName, variables, null);
      return [`${SCOPED_KEY_PREFIX}${hash}`, hash];
    },
  };
}

/**
 * SHA-256 in hex, as the plugin's own `hashSHA256` gives it, but through node's synchronous hash:
 * the plugin's goes through WebCrypto's `subtle.digest`, a job on the thread pool per call, which
 * the live bench's profile found at 17 % of the service's CPU on a mix of cache hits.
 */
function hashOf(
  query: string,
  operationName: string | null | undefined,
  variables: OperationParams['variables'],
  sessionId: string | null | undefined,
): string {
  return createHash('sha256')
    .update([query, operationName ?? '', JSON.stringify(variables ?? {}), sessionId ?? ''].join('|'))
    .digest('hex');
}

/** The operation a /graphql request carries (GET query string or POST JSON body), once fastify has parsed it; undefined if it cannot be read. */
export function operationOf(request: FastifyRequest): OperationParams | undefined {
  const params = (request.method === 'POST' ? request.body : request.query) as Record<string, unknown> | undefined;
  if (!params || typeof params !== 'object' || typeof params.query !== 'string') return undefined;
  const operationName = typeof params.operationName === 'string' ? params.operationName : undefined;
  let variables = params.variables;
  if (typeof variables === 'string') {
    try {
      variables = JSON.parse(variables);
    } catch {
      return undefined;
    }
  }
  if (variables != null && (typeof variables !== 'object' || Array.isArray(variables))) return undefined;
  return { query: params.query, operationName, variables: variables as Record<string, unknown> | null | undefined };
}
