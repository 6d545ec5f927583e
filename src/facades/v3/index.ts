import type { FastifyInstance } from 'fastify';
import { requireApiKey } from '../../http/api-key-check.js';
import { useErrorFormat } from '../../http/error-handling.js';
import type { FacadeDependencies } from '../shared/facade.js';
import { v3ExtraGoalRoutes } from './extra-goal.js';
import { v3GamesRoutes } from './games.js';
import { jsonApiErrorFormat } from './json-api.js';
import { lineupRoutes } from './lineup.js';
import { v3TeamsRoutes } from './teams.js';

/** The lineup interface under /api/v3: every call needs a key; errors are JSON:API. */
export async function registerV3Facade(app: FastifyInstance, deps: FacadeDependencies): Promise<void> {
  await app.register(
    async (v3) => {
      useErrorFormat(v3, jsonApiErrorFormat);
      // Every answer here is what the caller's key may see.
      v3.addHook('onRoute', (route) => {
        route.config = { ...route.config, privateAnswer: true };
      });
      // The key as v3 clients send it: `Authorization: Bearer <key>`, `X-Api-Key`, or the federation's
      // documented `auth_token` parameter (query or form); the request log redacts it in URLs.
      requireApiKey(v3, {
        missingMessage: 'An API key is required: Authorization: Bearer <key> or auth_token=<key>',
        invalidMessage: 'The API key is invalid or revoked',
      });
      lineupRoutes(v3, deps);
      v3GamesRoutes(v3, deps);
      v3TeamsRoutes(v3, deps);
      v3ExtraGoalRoutes(v3, deps);
    },
    { prefix: '/api/v3' },
  );
}
