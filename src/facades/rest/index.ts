import type { FastifyInstance, RouteOptions } from 'fastify';
import { useErrorFormat } from '../../http/error-handling.js';
import { envelopeErrorFormat } from '../shared/errors.js';
import type { FacadeDependencies } from '../shared/facade.js';
import { calendarRoute } from './calendars.js';
import { clubRoutes } from './clubs.js';
import { cupRoutes } from './cups.js';
import { nationalPlayerRoutes } from './national-players.js';
import { nationalStatisticsRoute } from './national-statistics.js';
import { playerOverviewRoute } from './player-overview.js';
import { playerRoutes } from './players.js';
import { uiPlayerRoute } from './ui-player.js';
import { seasonRoutes } from './seasons.js';
import { teamPlayersRoute } from './team-players.js';
import { teamStatisticsRoute } from './team-statistics.js';
import { teamVisitorsRoute } from './team-visitors.js';
import { teamRoutes } from './teams.js';
import { topScorerRoutes } from './topscorers.js';
import { gameDetailRoute } from './game-detail.js';
import { gameEventsRoute } from './game-events.js';
import { gameLineupRoute } from './game-lineup.js';
import { gameSummaryRoute } from './game-summary.js';
import { leagueDropdownRoutes } from './league-dropdowns.js';
import { rankingsRoute } from './rankings.js';
import { sessionRoutes } from './sessions.js';
import { searchRoutes } from './search.js';
import { gamesRoute } from './games/index.js';
import { versionRoute } from './version.js';

/** What the main interface takes from the configuration. */
export interface RestFacadeOptions {
  /** SPONSOR_PATH (src/config.ts): the segment of /topscorers/<sponsor> and /topscorers/<sponsor>-highlight. */
  sponsorPath: string;
}

/** The main JSON interface; mounted under /api and, for deployed clients that call it so, at the root. */
export function restFacade(deps: FacadeDependencies, options: RestFacadeOptions) {
  return async (app: FastifyInstance) => {
    gamesRoute(app, deps);
    gameDetailRoute(app, deps);
    gameSummaryRoute(app, deps);
    gameLineupRoute(app, deps);
    gameEventsRoute(app, deps);
    rankingsRoute(app, deps);
    leagueDropdownRoutes(app, deps);
    sessionRoutes(app, deps);
    searchRoutes(app, deps);
    teamRoutes(app, deps);
    teamVisitorsRoute(app, deps);
    teamPlayersRoute(app, deps);
    teamStatisticsRoute(app, deps);
    clubRoutes(app, deps);
    cupRoutes(app, deps);
    seasonRoutes(app, deps);
    playerRoutes(app, deps);
    playerOverviewRoute(app, deps);
    uiPlayerRoute(app, deps);
    nationalPlayerRoutes(app, deps);
    nationalStatisticsRoute(app, deps);
    topScorerRoutes(app, deps, { sponsorPath: options.sponsorPath });
    calendarRoute(app, deps);
  };
}

/** The main interface's GET answers are public league data: shared between clients unless a route says otherwise. */
function publicByDefault(route: RouteOptions): void {
  // HEAD too: fastify's HEAD twin of a GET route is declared apart, and answers from the same entries.
  if ([route.method].flat().some((method) => method === 'GET' || method === 'HEAD') && route.config?.responseCache === undefined)
    route.config = { ...route.config, responseCache: 'public' };
}

/** What the main interface is wherever it is served: JSON envelope errors, public GET answers. */
function mainInterfaceScope(scope: FastifyInstance): void {
  useErrorFormat(scope, envelopeErrorFormat);
  scope.addHook('onRoute', publicByDefault);
}

export async function registerRestFacade(app: FastifyInstance, deps: FacadeDependencies, options: RestFacadeOptions): Promise<void> {
  await app.register(
    async (api) => {
      mainInterfaceScope(api);
      versionRoute(api);
      await api.register(restFacade(deps, options));
    },
    { prefix: '/api' },
  );
  await app.register(async (root) => {
    mainInterfaceScope(root);
    await root.register(restFacade(deps, options));
  });
}
