import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createYoga } from 'graphql-yoga';
import { createInMemoryCache, useResponseCache } from '@graphql-yoga/plugin-response-cache';
import type { GraphQLSchema } from 'graphql';
import type { ContextDependencies } from './schema/context.js';
import { createContext } from './schema/context.js';

export interface GraphQLOptions {
  /** GraphiQL is served only outside production. */
  production: boolean;
  /** How long a query result is shared between clients, as RESPONSE_CACHE_TTL_MS does for /api; 0 turns it off. */
  responseCacheTtlMs: number;
}

/** Session data is private to whoever holds the sid: results that contain it are never shared. */
const PRIVATE_TYPES = ['FavoriteSession', 'Favorite'];

/** Mounts graphql-yoga at /graphql inside fastify. */
export function mountGraphQL(app: FastifyInstance, schema: GraphQLSchema, deps: ContextDependencies, options: GraphQLOptions): void {
  const yoga = createYoga<{ req: FastifyRequest; reply: FastifyReply }>({
    schema,
    graphqlEndpoint: '/graphql',
    graphiql: !options.production,
    landingPage: false,
    logging: {
      debug: (...args) => app.log.debug(args.map(String).join(' ')),
      info: (...args) => app.log.info(args.map(String).join(' ')),
      warn: (...args) => app.log.warn(args.map(String).join(' ')),
      error: (...args) => app.log.error(args.map(String).join(' ')),
    },
    context: () => createContext(deps),
    plugins: [
      useResponseCache({
        enabled: () => options.responseCacheTtlMs > 0,
        session: () => null, // every result is public data, the same for every client
        ttl: options.responseCacheTtlMs,
        ignoredTypes: PRIVATE_TYPES,
        ttlPerSchemaCoordinate: { 'Query.favoriteSession': 0 }, // not even an unknown sid's null
        cache: createInMemoryCache({ max: 1000 }),
        includeExtensionMetadata: false,
      }),
    ],
  });

  app.route({
    url: yoga.graphqlEndpoint,
    method: ['GET', 'POST', 'OPTIONS'],
    handler: async (req, reply) => {
      const response = await yoga.handleNodeRequestAndResponse(req, reply, { req, reply });
      response.headers.forEach((value, key) => {
        reply.header(key, value);
      });
      reply.status(response.status);
      reply.send(response.body);
      return reply;
    },
  });
}
