// POST /api/v3/games/:id/add_extra_goal with `team_id`: "adds an extra goal … for won penalty
// shootouts" (api_v3_games_doc). In this service the shootout's goal is part of deciding the game:
// `finishGame(decidedBy: PENALTY_SHOTS, shootoutWinner)` credits the winner one goal and ends the
// game, so the call runs that canonical mutation with the team's side, in process, as the caller.
// Whether the caller may write the game (an event's token, a key with games:write) and whether the
// game stands where penalty shots decide it (a tied overtime, or a tied regulation without overtime)
// are the schema's and the domain's verdicts; this module only finds the side and the retry key.
import type { FastifyInstance } from 'fastify';
import { callerOf } from '../../http/caller.js';
import { graphql } from '../generated/gql.js';
import { oneValue } from '../shared/param-validation.js';
import { badRequest } from '../shared/errors.js';
import { facadeDocument, facadeMutation, type FacadeDependencies } from '../shared/facade.js';
import { orNotFound } from '../shared/found.js';
import { type RequestFields, writeIdempotency } from '../shared/idempotency.js';
import { id, paramsSchema, pathSchema, text } from '../shared/param-schema.js';
import { renderContext } from '../shared/render-context.js';
import { parseParams } from '../shared/route.js';
import { example } from '../shared/route-doc.js';
import { reshapeV3Game, V3_GAME_DOCUMENT, V3_GAME_INCLUDES } from './games.js';
import { includePaths, JSON_API_TYPE } from './json-api.js';

const ADD_EXTRA_GOAL = graphql(`
  mutation V3AddExtraGoal($input: FinishGameInput!) { finishGame(input: $input) { replayed game { ...V3Game } } }
`);

export const V3_EXTRA_GOAL_PATH = pathSchema({ id: id() });
export const V3_EXTRA_GOAL_QUERY = paramsSchema({ include: text() });

/** The query string's parameters, then the body's (a form or JSON object) over them, as the back office reads them. */
export function requestFields(query: unknown, body: unknown): RequestFields {
  const fromBody = body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as RequestFields) : {};
  return { ...(query as RequestFields | undefined), ...fromBody };
}

/** `team_id`: required, a team id (a form's text or a JSON number). */
export function extraGoalTeamId(fields: RequestFields): number {
  const raw = fields.team_id;
  if (raw !== null && typeof raw === 'object')
    throw badRequest('team_id takes one value, got a list or an object: the id of the team that won the penalty shootout');
  if (raw === undefined || raw === null || raw === '') throw badRequest('team_id is required: the id of the team that won the penalty shootout');
  const given = String(raw).trim();
  if (!/^\d{1,9}$/.test(given)) throw badRequest(`team_id must be a team id, got "${given}"`);
  return Number(given);
}

/** Pure: the side of the game the team plays on; a team not in the game is a bad `team_id`. */
export function extraGoalSide(game: { id: number; homeTeam: { id: number } | null; awayTeam: { id: number } | null }, teamId: number): 'HOME' | 'AWAY' {
  if (game.homeTeam?.id === teamId) return 'HOME';
  if (game.awayTeam?.id === teamId) return 'AWAY';
  const side = (team: { id: number } | null) => (team ? String(team.id) : 'not decided yet');
  throw badRequest(`team_id ${teamId} does not play game ${game.id}: it is ${side(game.homeTeam)} (home) or ${side(game.awayTeam)} (away)`);
}

export function v3ExtraGoalRoutes(app: FastifyInstance, deps: FacadeDependencies): void {
  const game = facadeDocument(deps, V3_GAME_DOCUMENT);
  const addExtraGoal = facadeMutation(deps, ADD_EXTRA_GOAL);

  app.post(
    '/games/:id/add_extra_goal',
    {
      config: {
        doc: {
          id: 'v3AddExtraGoal',
          tag: 'Lineup interface (v3)',
          summary: 'Credits the penalty shootout’s winner its goal, deciding the game',
          description:
            'For a game whose tied overtime (or, without overtime, tied regulation) has ended: the team of `team_id` won the penalty shootout. The game is decided by penalty shots with that team one goal ahead, as `finishGame(decidedBy: PENALTY_SHOTS, shootoutWinner)` does; anything else is a 400. Needs an event’s token (`/bo/session/auth_anlass`) or a key that may write the game. Outside the game’s decision window (from an hour before its start to the end of its day) only a federation key may, with `reason`. A resend of the same request replays the write (`Idempotent-Replayed: true`); an `Idempotency-Key` header is used as sent. Answers the game; `include` takes `home_team`, `away_team`.',
          response: 'v3_game',
          writes: true,
          parsedPath: V3_EXTRA_GOAL_PATH,
          parsedQuery: [{ schema: V3_EXTRA_GOAL_QUERY }],
          requestBody: {
            description: 'A form or a JSON object.',
            schema: { properties: { team_id: { type: 'integer', description: 'The team that won the penalty shootout.' } }, required: ['team_id'] },
          },
          examples: [
            example('team_id missing', (ids) => `/api/v3/games/${ids.finished}/add_extra_goal`, 400),
            example('a team not in the game', (ids) => `/api/v3/games/${ids.finished}/add_extra_goal`, 400, { body: 'team_id=999999' }),
            example('no key', (ids) => `/api/v3/games/${ids.finished}/add_extra_goal`, 401, { withoutKey: true, body: `team_id=1` }),
            example('a key that may not write games', (ids) => `/api/v3/games/${ids.finished}/add_extra_goal`, 403, {
              body: (ids) => `team_id=${ids.team}`,
            }),
            example('unknown game', '/api/v3/games/999999/add_extra_goal', 404, { body: 'team_id=1' }),
          ],
        },
      },
    },
    async (request, reply) => {
      const { id: gameId } = parseParams(V3_EXTRA_GOAL_PATH, request.params, 'params');
      const include = includePaths(parseParams(V3_EXTRA_GOAL_QUERY, request.query).include, V3_GAME_INCLUDES);
      const fields = requestFields(request.query, request.body);
      const teamId = extraGoalTeamId(fields);
      const shootoutWinner = extraGoalSide(orNotFound((await game({ id: gameId })).game, `No game ${gameId}`), teamId);
      // `reason`: the federation's word for a decision outside the game's window (src/domain/result-authority.ts).
      const reason = oneValue('reason', fields.reason);
      const input = {
        gameId,
        decidedBy: 'PENALTY_SHOTS' as const,
        shootoutWinner,
        reason: typeof reason === 'string' && reason.trim() !== '' ? reason.trim() : undefined,
        ...writeIdempotency(request, fields, 'v3'),
      };
      const { finishGame: outcome } = await addExtraGoal({ input }, callerOf(request));
      if (outcome.replayed) reply.header('idempotent-replayed', 'true');
      return reply.type(JSON_API_TYPE).send(reshapeV3Game({ game: outcome.game }, { id: gameId, include }, renderContext(request, deps)));
    },
  );
}
