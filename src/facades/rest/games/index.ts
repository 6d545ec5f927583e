import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ChangeScope } from '../../../live/change-scope.js';
import { leagueOrOwnerScope, names, queryRecordScope } from '../../shared/change-scope.js';
import { DEFAULT_LEAGUE } from '../../shared/defaults.js';
import type { FacadeDependencies } from '../../shared/facade.js';
import { oneOf, paramsSchema, withDefault } from '../../shared/param-schema.js';
import type { RenderContext } from '../../shared/render-context.js';
import { facadeGet } from '../../shared/route.js';
import { example, localized, probe, type OperationDoc } from '../../shared/route-doc.js';
import { CUP_QUERY, cupMode } from './cup.js';
import { CURRENT_GAMES_QUERY, currentGamesMode } from './current.js';
import { DIRECT_GAMES_QUERY, directGamesMode } from './direct.js';
import { FAVORITE_GAMES_QUERY, favoriteGamesMode } from './favorite.js';
import { GAME_LIST_QUERY, gameListMode } from './list.js';
import { CLUB_SCHEDULE_QUERY, scheduleMode, TEAM_SCHEDULE_QUERY } from './schedule.js';

export const GAME_MODES = ['cup', 'current', 'direct', 'favorite', 'list', 'club', 'team'] as const;
type GameMode = (typeof GAME_MODES)[number];

/**
 * The mode chooses the other parameters; each mode's module declares and parses its own. Without a
 * mode, `/games` is the overview list: the federation's "default mode" (a league's games, navigable
 * by league), which widgets call bare.
 */
export const GAMES_QUERY = paramsSchema({ mode: withDefault(oneOf(GAME_MODES), 'list') });

/** A mode's answer; a mode may send it itself (`mode=current` sends its JSON as written). */
type ModeHandler = (query: unknown, ctx: RenderContext, reply: FastifyReply) => Promise<unknown>;

const GAMES_DOC: OperationDoc = {
  id: 'games',
  tag: 'Games',
  summary: 'Games: one table per mode',
  description:
    "`mode` chooses the table and the parameters it takes: `list` (a league round; the default), `current` (the day's games, one region per league), " +
    "`direct` (head-to-head of a game's teams), `team` and `club` (a schedule, paged), `cup` (one side of a cup round), `favorite` (the next game of each favorite of a session). " +
    'Each parameter says which modes take it; unknown parameters are ignored.',
  response: 'table',
  parsedQuery: [
    { when: 'mode=list', schema: GAME_LIST_QUERY },
    { when: 'mode=current', schema: CURRENT_GAMES_QUERY },
    { when: 'mode=direct', schema: DIRECT_GAMES_QUERY },
    { when: 'mode=team', schema: TEAM_SCHEDULE_QUERY },
    { when: 'mode=club', schema: CLUB_SCHEDULE_QUERY },
    { when: 'mode=cup', schema: CUP_QUERY },
    { when: 'mode=favorite', schema: FAVORITE_GAMES_QUERY },
  ],
  examples: [
    example('mode=list', '/api/games?mode=list'),
    example('mode=current', '/api/games?mode=current'),
    example('mode=direct', (ids) => `/api/games?mode=direct&game_id=${ids.finished}&amount=3`),
    example('mode=team', (ids) => `/api/games?mode=team&team_id=${ids.team}&season=${ids.season}`),
    example('mode=club', (ids) => `/api/games?mode=club&club_id=${ids.club}&season=${ids.season}`),
    example('mode=cup', (ids) => `/api/games?mode=cup&tournament_id=${ids.cup.tournament}&round=${ids.cup.round}&side=left`),
    example('mode=favorite', '/api/games?mode=favorite&sid={sid}'),
    example('unknown mode', '/api/games?mode=nope', 400),
    example('unknown game', '/api/games?mode=direct&game_id=999999', 404),
  ],
  snapshot: ({ season, team, club, currentPlayer, finished, cup, upcomingTeam, playoff }) => [
    localized(6, '/api/games?mode=list'),
    localized(7, `/api/games?mode=list&team_id=${team}&view=short`),
    localized(8, `/api/games?mode=list&player_id=${currentPlayer}&round=1&use_streaming_logos=true`),
    localized(9, '/api/games?mode=current'),
    localized(10, '/api/games?mode=current&on_date=2026-11-21&league_ids=1&game_class_ids=11'),
    localized(11, `/api/games?mode=direct&game_id=${finished}&amount=3`),
    localized(12, `/api/games?mode=team&team_id=${team}&season=${season}`),
    localized(13, `/api/games?mode=club&club_id=${club}&season=${season}`),
    localized(14, `/api/games?mode=cup&tournament_id=${cup.tournament}&round=${cup.round}&side=left`),
    localized(15, `/api/games?mode=cup&tournament_id=${cup.tournament}&round=${cup.round}&side=right`),
    // The same route at the root, where deployed clients call it.
    probe(79, `/games?mode=list&season=${season}`),
    probe(80, '/api/games?mode=list&season=abc'),
    probe(81, '/api/games?mode=list&season=1800'),
    probe(82, '/api/games?mode=nope'),
    probe(83, '/api/games?mode=list&view=tiny'),
    probe(84, '/api/games?mode=current&on_date=2026-02-30'),
    probe(85, '/api/games?mode=current&league_ids=1,x'),
    probe(86, '/api/games?mode=cup'),
    // After the session's favorites are added (sessions.ts).
    localized(101, '/api/games?mode=favorite&sid={sid}'),
    ...(upcomingTeam ? [localized(122, `/api/games?mode=team&team_id=${upcomingTeam}&season=${season}&page=2&games_per_page=5`)] : []),
    localized(123, '/api/games'),
    ...(playoff
      ? [1, 2].map((round) =>
          localized(
            127 + round,
            `/api/games?mode=list&season=${playoff.seasonId}&league=${playoff.leagueId}&game_class=${playoff.gameClassId}&group=${playoff.name}&round=${round}`,
          ),
        )
      : []),
    probe(130, `/api/games?mode=club&club_id=${club}&season=${season}&games_per_page=1000`),
  ],
};

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
  facadeGet(
    app,
    deps,
    '/games',
    { querystring: GAMES_QUERY, config: { changeScope: scheduleScope, privateAnswer: showsSession }, doc: GAMES_DOC },
    (params, ctx, request, reply) => handlers[params.mode](request.query, ctx, reply),
  );
}

/** `mode=favorite` shows a session's favorites: its sid is the session's only secret, so the answer is the caller's alone. */
function showsSession(request: FastifyRequest): boolean {
  return (request.query as { mode?: unknown }).mode === 'favorite';
}

/**
 * A club's or a team's schedule is read from that club's or team's games; a league's round from
 * the league's (or from the team's group, when a team chooses it: a write there names every team of
 * the group), until the handler has found the group it shows and narrows the answer's scope to it
 * (list.ts). A player's choice of group is named by no write, and the other modes read from anywhere.
 */
function scheduleScope(request: FastifyRequest): ChangeScope {
  const { mode } = request.query as { mode?: unknown };
  if (mode === 'club') return queryRecordScope(request, 'club', 'club_id');
  if (mode === 'team') return queryRecordScope(request, 'team', 'team_id');
  if ((mode === undefined || mode === 'list') && !names(request, 'player_id')) return leagueOrOwnerScope(request, DEFAULT_LEAGUE, [['team', 'team_id']]);
  return undefined;
}
