import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ChangeScope } from '../../../live/change-scope.js';
import { queryRecordScope } from '../../shared/change-scope.js';
import type { FacadeDependencies } from '../../shared/facade.js';
import { oneOf, paramsSchema, withDefault } from '../../shared/param-schema.js';
import type { RenderContext } from '../../shared/render-context.js';
import { facadeGet } from '../../shared/route.js';
import { cupMode } from './cup.js';
import { currentGamesMode } from './current.js';
import { directGamesMode } from './direct.js';
import { favoriteGamesMode } from './favorite.js';
import { gameListMode } from './list.js';
import { scheduleMode } from './schedule.js';

export const GAME_MODES = ['cup', 'current', 'direct', 'favorite', 'list', 'club', 'team'] as const;
type GameMode = (typeof GAME_MODES)[number];

/**
 * The mode chooses the other parameters; each mode's module declares and parses its own. Without a
 * mode, `/games` is the overview list: the federation's "default mode" (a league's games, navigable
 * by league), which widgets call bare.
 */
export const GAMES_QUERY = paramsSchema({ mode: withDefault(oneOf(GAME_MODES), 'list') });

type ModeHandler = (query: unknown, ctx: RenderContext) => Promise<unknown>;

/** `GET /games?mode=…`: one route, one handler per mode, each a document plus a pure reshaper. */
export function gamesRoute(app: FastifyInstance, deps: FacadeDependencies): void {
  const schedule = scheduleMode(deps);
  const handlers: Record<GameMode, ModeHandler> = {
    cup: cupMode(deps),
    current: currentGamesMode(deps),
    direct: directGamesMode(deps),
    favorite: favoriteGamesMode(deps),
    list: gameListMode(deps),
    club: schedule.club,
    team: schedule.team,
  };
  facadeGet(app, deps, '/games', { querystring: GAMES_QUERY, config: { changeScope: scheduleScope, privateAnswer: showsSession } }, (params, ctx, request) =>
    handlers[params.mode](request.query, ctx),
  );
}

/** `mode=favorite` shows a session's favorites: its sid is the session's only secret, so the answer is the caller's alone. */
function showsSession(request: FastifyRequest): boolean {
  return (request.query as { mode?: unknown }).mode === 'favorite';
}

/** A club's or a team's schedule is read from that club's or team's games; every other mode from anywhere. */
function scheduleScope(request: FastifyRequest): ChangeScope {
  const { mode } = request.query as { mode?: unknown };
  if (mode === 'club') return queryRecordScope(request, 'club', 'club_id');
  if (mode === 'team') return queryRecordScope(request, 'team', 'team_id');
  return undefined;
}
