import type { FastifyInstance } from 'fastify';
import type { FacadeDependencies } from '../shared/facade.js';
import { lineupRoutes } from './lineup.js';

/** The lineup interface under /api/v3, with JSON:API errors instead of the main interface's envelope. */
export async function registerV3Facade(app: FastifyInstance, deps: FacadeDependencies): Promise<void> {
  await app.register(
    async (v3) => {
      // Errors and unknown paths: the application's one error path answers them as JSON:API (src/http/error-handling.ts).
      lineupRoutes(v3, deps);
    },
    { prefix: '/api/v3' },
  );
}
