import type { FastifyInstance } from 'fastify';
import { requireApiKey } from '../../http/api-key-check.js';
import { declareInterface } from '../../http/interfaces.js';
import type { FacadeDependencies } from '../shared/facade.js';
import { BACK_OFFICE_DOCS, registerResourceDocPages } from '../openapi/resource-pages.js';
import { boEventRoutes } from './events.js';
import { BACK_OFFICE } from './interface.js';
import { boGameRoutes } from './games.js';
import { boLineupRoutes } from './lineups.js';
import { boPeopleRoutes } from './people.js';
import { boPlayerRoutes } from './players.js';
import { boSessionRoutes } from './sessions.js';
import { boStatusRoutes } from './status.js';

/**
 * The back office under /bo, through which desks report games: log in for an auth_token
 * (/bo/session), then read and write the games it may report (/bo/games); the federation's keys
 * also look players (/bo/players) and people (/bo/people) up. Answers and errors are
 * `{status: {code, msg}, payload}`; no answer is shared by a cache (each is its token's).
 */
export async function registerBoFacade(app: FastifyInstance, deps: FacadeDependencies): Promise<void> {
  await app.register(
    async (bo) => {
      declareInterface(bo, BACK_OFFICE);
      // Logging in presents credentials of its own; validating and logging out judge the token themselves.
      boSessionRoutes(bo, deps);
      await bo.register(async (reporting) => {
        requireApiKey(reporting, {
          missingMessage: 'auth_token is required: log in at /bo/session/auth or /bo/session/auth_anlass',
          invalidMessage: 'The auth_token is invalid, expired or revoked: log in again',
        });
        boGameRoutes(reporting, deps);
        boLineupRoutes(reporting, deps);
        boEventRoutes(reporting, deps);
        boStatusRoutes(reporting, deps);
        // The federation's people and the players among them: its keys with the scope only (src/domain/access.ts).
        boPlayerRoutes(reporting, deps);
        boPeopleRoutes(reporting, deps);
      });
    },
    { prefix: '/bo' },
  );
  // The federation's documentation pages (`/bo/games/doc`, `/api/doc/business/overview`): public, no token.
  await registerResourceDocPages(app, BACK_OFFICE_DOCS, { publicBaseUrl: deps.publicBaseUrl });
}
