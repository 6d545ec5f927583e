import type { FastifyInstance } from 'fastify';
import type { InterfacePolicy } from '../../http/interface-policy.js';
import { declareInterface } from '../../http/interfaces.js';
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
import { gameHistoryRoute } from './game-history.js';
import { gameLineupRoute } from './game-lineup.js';
import { gameSummaryRoute } from './game-summary.js';
import { leagueDropdownRoutes } from './league-dropdowns.js';
import { rankingsRoute } from './rankings.js';
import { sessionRoutes } from './sessions.js';
import { searchRoutes } from './search.js';
import { gamesRoute } from './games/index.js';
import { MAIN_AT_ROOT, MAIN_INTERFACE, sessionsOf } from './interface.js';
import { versionRoute } from './version.js';
import { MAIN_DOCS, registerResourceDocPages } from '../openapi/resource-pages.js';

/** What the main interface takes from the configuration. */
export interface RestFacadeOptions {
  /** SPONSOR_PATH (src/config.ts): a segment of /topscorers/<sponsor> and /topscorers/<sponsor>-highlight, beside `mobiliar`. */
  sponsorPath: string;
}

/** The main JSON interface; mounted under /api and, for deployed clients that call it so, at the root. */
export function restFacade(deps: FacadeDependencies, options: RestFacadeOptions, main: InterfacePolicy) {
  return async (app: FastifyInstance) => {
    gamesRoute(app, deps);
    gameDetailRoute(app, deps);
    gameSummaryRoute(app, deps);
    gameLineupRoute(app, deps);
    gameEventsRoute(app, deps);
    gameHistoryRoute(app, deps);
    rankingsRoute(app, deps);
    leagueDropdownRoutes(app, deps);
    // Awaited here, so the routes keep their place in the document.
    await app.register(
      async (sessions) => {
        declareInterface(sessions, sessionsOf(main));
        sessionRoutes(sessions, deps);
      },
      { prefix: '/sessions' },
    );
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

export async function registerRestFacade(app: FastifyInstance, deps: FacadeDependencies, options: RestFacadeOptions): Promise<void> {
  for (const [main, prefix] of [
    [MAIN_INTERFACE, '/api'],
    [MAIN_AT_ROOT, ''],
  ] as const) {
    await app.register(
      async (scope) => {
        declareInterface(scope, main);
        if (prefix) versionRoute(scope);
        await scope.register(restFacade(deps, options, main));
      },
      { prefix },
    );
  }
  // The federation's documentation pages of each resource (`/api/games/doc`), once every route is known.
  await registerResourceDocPages(app, MAIN_DOCS, { publicBaseUrl: deps.publicBaseUrl });
}
