import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createYoga } from 'graphql-yoga';
import type { GraphQLSchema } from 'graphql';
import type { ContextDependencies } from './schema/context.js';
import { createContext } from './schema/context.js';

/** Mounts graphql-yoga at /graphql inside fastify; GraphiQL only outside production. */
export function mountGraphQL(app: FastifyInstance, schema: GraphQLSchema, deps: ContextDependencies, production: boolean): void {
  const yoga = createYoga<{ req: FastifyRequest; reply: FastifyReply }>({
    schema,
    graphqlEndpoint: '/graphql',
    graphiql: !production,
    landingPage: false,
    logging: {
      debug: (...args) => app.log.debug(args.map(String).join(' ')),
      info: (...args) => app.log.info(args.map(String).join(' ')),
      warn: (...args) => app.log.warn(args.map(String).join(' ')),
      error: (...args) => app.log.error(args.map(String).join(' ')),
    },
    context: () => createContext(deps),
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
