import type { FastifyInstance } from 'fastify';
import { httpStatusOf, publicMessage } from '../shared/errors.js';
import type { FacadeDependencies } from '../shared/facade.js';
import { errorDocument, JSON_API_TYPE } from './json-api.js';
import { lineupRoutes } from './lineup.js';

/** The lineup interface under /api/v3, with JSON:API errors instead of the main interface's envelope. */
export async function registerV3Facade(app: FastifyInstance, deps: FacadeDependencies): Promise<void> {
  await app.register(
    async (v3) => {
      v3.setErrorHandler((error: Error, request, reply) => {
        const status = httpStatusOf(error);
        if (status >= 500) request.log.error({ err: error }, 'request failed');
        return reply.status(status).type(JSON_API_TYPE).send(errorDocument(status, publicMessage(error, status)));
      });
      v3.setNotFoundHandler((request, reply) =>
        reply.status(404).type(JSON_API_TYPE).send(errorDocument(404, `No route for ${request.method} ${request.url.split('?')[0]}`)),
      );
      lineupRoutes(v3, deps);
    },
    { prefix: '/api/v3' },
  );
}
