// GET /api/v3/teams/:id/last_game and GET /api/v3/games/:id/teams: a team's last started game and
// a game's two teams, as JSON:API documents of the resources games.ts shapes.
import type { ResultOf } from '@graphql-typed-document-node/core';
import type { FastifyInstance } from 'fastify';
import { LAST_STARTED_STATUSES } from '../../domain/game-status.js';
import { graphql } from '../generated/gql.js';
import { facadeDocument, type FacadeDependencies } from '../shared/facade.js';
import { orNotFound } from '../shared/found.js';
import { id, paramsSchema, pathSchema, text } from '../shared/param-schema.js';
import { renderContext, type RenderContext } from '../shared/render-context.js';
import { parseParams } from '../shared/route.js';
import { example } from '../shared/route-doc.js';
import { includedTeams, V3_GAME_INCLUDES, type V3GamesParams, v3GameResource, v3TeamResource } from './games.js';
import { includePaths, JSON_API_TYPE } from './json-api.js';

export const V3_GAME_TEAMS_DOCUMENT = graphql(`
  query V3GameTeams($id: Int!) { game(id: $id) { id homeTeam { ...V3Team } awayTeam { ...V3Team } } }
`);

/** `last: 1` of the games in start order: the latest start before `$before`, one row read. */
export const V3_TEAM_LAST_GAME_DOCUMENT = graphql(`
  query V3TeamLastGame($teamId: Int!, $statuses: [GameStatus!]!, $before: DateTime!) {
    team(id: $teamId) { id }
    games(filter: { teamId: $teamId, status: $statuses, to: $before }, last: 1) { edges { node { ...V3Game } } }
  }
`);

export type V3GameTeamsData = ResultOf<typeof V3_GAME_TEAMS_DOCUMENT>;
export type V3TeamLastGameData = ResultOf<typeof V3_TEAM_LAST_GAME_DOCUMENT>;

/** Parsed in the handlers, after the scope's key check, as every keyed interface does. */
export const V3_TEAM_PATH = pathSchema({ id: id() });
export const V3_GAME_TEAMS_PATH = pathSchema({ id: id() });
export const V3_LAST_GAME_QUERY = paramsSchema({ include: text() });

/* The documents are the same in every language and carry no links: the context is taken for the common reshaper shape. */

/** Pure: the game's teams, home first; a side whose team is not decided yet is left out. */
export function reshapeV3GameTeams(data: V3GameTeamsData, params: { id: number }, _ctx: RenderContext) {
  const game = orNotFound(data.game, `No game ${params.id}`);
  return { data: [game.homeTeam, game.awayTeam].flatMap((team) => (team ? [v3TeamResource(team)] : [])) };
}

/**
 * Pure: the team's last started game, or `data: null` when it has none (JSON:API's empty to-one
 * answer); the document asked only for finished or aborted games that started before now.
 */
export function reshapeV3TeamLastGame(data: V3TeamLastGameData, params: V3GamesParams & { id: number }, _ctx: RenderContext) {
  orNotFound(data.team, `No team ${params.id}`);
  const game = data.games.edges[0]?.node ?? null;
  if (game === null) return { data: null, ...(params.include.size > 0 ? { included: [] } : {}) };
  return { data: v3GameResource(game), ...includedTeams([game], params.include) };
}

/** Public data, like the games: any valid key of the scope reads them. */
export function v3TeamsRoutes(app: FastifyInstance, deps: FacadeDependencies): void {
  const gameTeams = facadeDocument(deps, V3_GAME_TEAMS_DOCUMENT);
  const lastGame = facadeDocument(deps, V3_TEAM_LAST_GAME_DOCUMENT);

  app.get(
    '/teams/:id/last_game',
    {
      config: {
        doc: {
          id: 'v3TeamLastGame',
          tag: 'Lineup interface (v3)',
          summary: "A team's last started game",
          description:
            'The game the team played (home or away) that started last before now, among those finished (*Durchgeführt*) or aborted (*Abgebrochen*); `data` is null when there is none. `include` takes `home_team`, `away_team`.',
          response: 'v3_last_game',
          parsedPath: V3_TEAM_PATH,
          parsedQuery: [{ schema: V3_LAST_GAME_QUERY }],
          examples: [
            example('with both teams', (ids) => `/api/v3/teams/${ids.team}/last_game?include=home_team,away_team`),
            example('unknown include', (ids) => `/api/v3/teams/${ids.team}/last_game?include=referee`, 400),
            example('no key', (ids) => `/api/v3/teams/${ids.team}/last_game`, 401, { withoutKey: true }),
            example('unknown team', '/api/v3/teams/999999/last_game', 404),
          ],
        },
      },
    },
    async (request, reply) => {
      const { id: teamId } = parseParams(V3_TEAM_PATH, request.params, 'params');
      const include = includePaths(parseParams(V3_LAST_GAME_QUERY, request.query).include, V3_GAME_INCLUDES);
      const ctx = renderContext(request, deps);
      const data = await lastGame({ teamId, statuses: [...LAST_STARTED_STATUSES], before: ctx.now.toISOString() });
      return reply.type(JSON_API_TYPE).send(reshapeV3TeamLastGame(data, { id: teamId, include }, ctx));
    },
  );

  app.get(
    '/games/:id/teams',
    {
      config: {
        doc: {
          id: 'v3GameTeams',
          tag: 'Lineup interface (v3)',
          summary: "A game's two teams",
          description: 'The home team, then the away team. Their members: `/api/v3/games/{game_id}/teams/{id}/lineup_candidates`.',
          response: 'v3_teams',
          parsedPath: V3_GAME_TEAMS_PATH,
          examples: [
            example('a game', (ids) => `/api/v3/games/${ids.finished}/teams`),
            example('malformed id', '/api/v3/games/abc/teams', 400),
            example('no key', (ids) => `/api/v3/games/${ids.finished}/teams`, 401, { withoutKey: true }),
            example('unknown game', '/api/v3/games/999999/teams', 404),
          ],
        },
      },
    },
    async (request, reply) => {
      const { id: gameId } = parseParams(V3_GAME_TEAMS_PATH, request.params, 'params');
      const data = await gameTeams({ id: gameId });
      return reply.type(JSON_API_TYPE).send(reshapeV3GameTeams(data, { id: gameId }, renderContext(request, deps)));
    },
  );
}
