import type { FastifyInstance } from 'fastify';
import { facadeDocument, requestInfo, type FacadeDependencies, type RequestInfo } from '../../shared/facade.js';
import { requiredEnum } from '../../shared/params.js';
import { CUP_DOCUMENT, cupParams, reshapeCup, type CupData } from './cup.js';
import {
  CURRENT_GAMES_DOCUMENT,
  currentParams,
  dayFilters,
  NEAREST_GAME_DOCUMENT,
  reshapeCurrentGames,
  sliderTarget,
  todayIn,
  baseFilter,
  type CurrentGamesData,
  type NearestGameData,
} from './current.js';
import { DIRECT_GAMES_DOCUMENT, DIRECT_TEAMS_DOCUMENT, directGamesVariables, directParams, reshapeDirectGames, type DirectGamesData, type DirectTeamsData } from './direct.js';
import { localDay } from '../../shared/format.js';
import {
  LIST_GROUPS_DOCUMENT,
  LIST_ROUND_GAMES_DOCUMENT,
  LIST_SELECTION_DOCUMENT,
  listRequest,
  reshapeGameList,
  resolveListParams,
  selectListRound,
  type ListGroupsData,
  type ListRoundGamesData,
  type ListSelectionData,
} from './list.js';
import { nodes } from './game-row.js';
import { FAVORITE_GAMES_DOCUMENT, favoriteParams, reshapeFavoriteGames, type FavoriteGamesData } from './favorite.js';
import { SCHEDULE_DOCUMENT, reshapeSchedule, scheduleParams, scheduleVariables, type ScheduleData } from './schedule.js';

export const GAME_MODES = ['cup', 'current', 'direct', 'favorite', 'list', 'club', 'team'] as const;
type GameMode = (typeof GAME_MODES)[number];

/** `GET /games?mode=…`: one route, one handler per mode, each a document plus a pure reshaper. */
export function gamesRoute(app: FastifyInstance, deps: FacadeDependencies): void {
  const run = {
    current: facadeDocument<CurrentGamesData>(deps, CURRENT_GAMES_DOCUMENT),
    nearest: facadeDocument<NearestGameData>(deps, NEAREST_GAME_DOCUMENT),
    listSelection: facadeDocument<ListSelectionData>(deps, LIST_SELECTION_DOCUMENT),
    listGroups: facadeDocument<ListGroupsData>(deps, LIST_GROUPS_DOCUMENT),
    listRoundGames: facadeDocument<ListRoundGamesData>(deps, LIST_ROUND_GAMES_DOCUMENT),
    schedule: facadeDocument<ScheduleData>(deps, SCHEDULE_DOCUMENT),
    directTeams: facadeDocument<DirectTeamsData>(deps, DIRECT_TEAMS_DOCUMENT),
    directGames: facadeDocument<DirectGamesData>(deps, DIRECT_GAMES_DOCUMENT),
    cup: facadeDocument<CupData>(deps, CUP_DOCUMENT),
    favorite: facadeDocument<FavoriteGamesData>(deps, FAVORITE_GAMES_DOCUMENT),
  };

  const handlers: Record<GameMode, (info: RequestInfo) => Promise<unknown>> = {
    current: async (info) => {
      const params = currentParams(info);
      let day = params.onDate ?? todayIn(info);
      const target = sliderTarget(params);
      if (target) {
        const edge = target.instant.toISOString();
        const nearest = await run.nearest({
          before: { ...baseFilter(params), to: edge },
          after: { ...baseFilter(params), from: edge },
          wantBefore: target.direction === 'before',
        });
        const found = (target.direction === 'before' ? nearest.earlier : nearest.later)?.edges[0]?.node;
        day = found ? localDay(new Date(found.startsAt)) : localDay(new Date(target.instant.getTime() - (target.direction === 'before' ? 1 : 0)));
      }
      return reshapeCurrentGames(await run.current(dayFilters(params, day)), day, params, info);
    },
    list: async (info) => {
      const request = listRequest(info);
      const selection = await run.listSelection({
        teamId: request.teamId ?? 0,
        withTeam: request.teamId !== undefined,
        playerId: request.playerId ?? 0,
        withPlayer: request.teamId === undefined && request.playerId !== undefined,
      });
      const params = resolveListParams(request, selection);
      const groups = await run.listGroups({ season: params.season, league: params.league, gameClass: params.gameClass, withSeason: params.seasonLabel === undefined });
      const chosen = selectListRound(groups, params, info.now);
      const round = chosen.rounds[chosen.index];
      const games = round ? nodes((await run.listRoundGames({ roundId: round.id })).games) : [];
      return reshapeGameList(groups, chosen, games, params, info);
    },
    club: async (info) => {
      const params = scheduleParams('club', info);
      return reshapeSchedule(await run.schedule(scheduleVariables(params)), params, info);
    },
    team: async (info) => {
      const params = scheduleParams('team', info);
      return reshapeSchedule(await run.schedule(scheduleVariables(params)), params, info);
    },
    direct: async (info) => {
      const params = directParams(info);
      const teams = await run.directTeams({ id: params.gameId });
      return reshapeDirectGames(await run.directGames(directGamesVariables(teams, params)), params, info);
    },
    favorite: async (info) => {
      const params = favoriteParams(info);
      return reshapeFavoriteGames(await run.favorite({ sid: params.sid, from: params.from }), params, info);
    },
    cup: async (info) => {
      const params = cupParams(info);
      return reshapeCup(await run.cup({ tournament: params.tournamentId }), params, info);
    },
  };

  app.get('/games', async (request) => {
    const info = requestInfo(deps, request);
    const mode = requiredEnum(info.query, 'mode', GAME_MODES);
    return handlers[mode](info);
  });
}
