import type { FastifyInstance } from 'fastify';
import { requireApiKey } from '../../http/api-key-check.js';
import { declareInterface } from '../../http/interfaces.js';
import type { FacadeDependencies } from '../shared/facade.js';
import { v3ExtraGoalRoutes } from './extra-goal.js';
import { v3GamesRoutes } from './games.js';
import { LINEUP_INTERFACE } from './interface.js';
import { lineupRoutes } from './lineup.js';
import { v3TeamsRoutes } from './teams.js';
import { LINEUP_DOCS, registerResourceDocPages } from '../openapi/resource-pages.js';

/** The lineup interface under /api/v3: every call needs a key; errors are JSON:API. */
export async function registerV3Facade(app: FastifyInstance, deps: FacadeDependencies): Promise<void> {
  await app.register(
    async (v3) => {
      declareInterface(v3, LINEUP_INTERFACE);
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
  // The federation's documentation pages (`/api/v3/doc`, `/api/v3/games/doc`, `/api/v3/resources/team/doc`): public, no key.
  await registerResourceDocPages(app, LINEUP_DOCS, { publicBaseUrl: deps.publicBaseUrl });
}
