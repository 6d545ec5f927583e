import type { FastifyInstance } from 'fastify';
import type { FacadeDependencies } from '../shared/facade.js';
import { gameDetailRoute } from './game-detail.js';
import { gameEventsRoute } from './game-events.js';
import { gameLineupRoute } from './game-lineup.js';
import { gameSummaryRoute } from './game-summary.js';
import { leagueDropdownRoutes } from './league-dropdowns.js';
import { rankingsRoute } from './rankings.js';
import { sessionRoutes } from './sessions.js';
import { gamesRoute } from './games/index.js';
import { versionRoute } from './version.js';

/** The main JSON interface; mounted under /api and, for deployed clients that call it so, at the root. */
export function restFacade(deps: FacadeDependencies) {
  return async (app: FastifyInstance) => {
    gamesRoute(app, deps);
    gameDetailRoute(app, deps);
    gameSummaryRoute(app, deps);
    gameLineupRoute(app, deps);
    gameEventsRoute(app, deps);
    rankingsRoute(app, deps);
    leagueDropdownRoutes(app, deps);
    sessionRoutes(app, deps);
  };
}

export async function registerRestFacade(app: FastifyInstance, deps: FacadeDependencies): Promise<void> {
  await app.register(
    async (api) => {
      versionRoute(api);
      await api.register(restFacade(deps));
    },
    { prefix: '/api' },
  );
  await app.register(restFacade(deps));
}
