import type { FastifyInstance } from 'fastify';
import type { ResultOf } from '@graphql-typed-document-node/core';
import { graphql } from '../generated/gql.js';
import type { FavoriteInput, FavoriteType } from '../generated/graphql.js';
import { FavoriteError, parseFavorite, parseFavoriteJson, type Favorite } from '../../domain/favorites.js';
import { isUsableSessionId, MAX_FAVORITES_PER_CALL } from '../../domain/session.js';
import { changeSession } from '../../http/rate-limit.js';
import { badRequest } from '../shared/errors.js';
import { facadeDocument, type FacadeDependencies } from '../shared/facade.js';
import { paramsSchema, text, type ParamsOf } from '../shared/param-schema.js';
import type { RenderContext } from '../shared/render-context.js';
import { facadeGet } from '../shared/route.js';
import { example, formProbe, probe, type OperationDoc } from '../shared/route-doc.js';

export const ADD_FAVORITES_DOCUMENT = graphql(`
  mutation AddFavorites($sid: String, $favorites: [FavoriteInput!]!) { addFavorite(sid: $sid, favorites: $favorites) { id } }
`);
export const REMOVE_FAVORITES_DOCUMENT = graphql(`
  mutation RemoveFavorites($sid: String, $favorites: [FavoriteInput!]!) { removeFavorite(sid: $sid, favorites: $favorites) { id } }
`);
export const MATCHCENTER_DOCUMENT = graphql(`
  query Matchcenter($sid: String!) { favoriteSession(sid: $sid) { favorites { type: kind json title } } }
`);

/** An absent, unknown or expired sid is an empty matchcenter, not an error. */
export const MATCHCENTER_QUERY = paramsSchema({ sid: text() });
export type MatchcenterParams = ParamsOf<typeof MATCHCENTER_QUERY>;

export type MatchcenterData = ResultOf<typeof MATCHCENTER_DOCUMENT>;

type Body = Record<string, unknown>;

/** `sid` as clients send it: a string, or null / "null" / "" / absent for "no session yet". */
export function sessionIdFrom(body: Body): string | null {
  const sid = body.sid;
  if (sid === undefined || sid === null || sid === '' || sid === 'null') return null;
  if (typeof sid !== 'string') throw badRequest('sid must be a string or null');
  return sid;
}

/** The favorites of a form (`favorites[]` fields) or JSON body (`favorites` or `favorites[]`, strings or objects). */
export function favoritesFrom(body: Body): Favorite[] {
  const raw = body['favorites[]'] ?? body.favorites;
  if (raw === undefined || raw === null) throw badRequest('favorites[] is required: a JSON-encoded favorite');
  const list = Array.isArray(raw) ? raw : [raw];
  if (list.length === 0 || list.length > MAX_FAVORITES_PER_CALL) {
    throw badRequest(`favorites[] takes from 1 to ${MAX_FAVORITES_PER_CALL} favorites, got ${list.length}`);
  }
  try {
    return list.map((item) => (typeof item === 'string' ? parseFavoriteJson(item) : parseFavorite(item)));
  } catch (error) {
    if (error instanceof FavoriteError) throw badRequest(error.message);
    throw error;
  }
}

/** The GraphQL input for a wire favorite. */
export function favoriteInput(favorite: Favorite): FavoriteInput {
  switch (favorite.type) {
    case 'league':
      return { type: 'LEAGUE', gameClass: favorite.game_class, league: favorite.league, group: favorite.group };
    case 'club':
      return { type: 'CLUB', clubId: favorite.club_id };
    case 'team':
      return { type: 'TEAM', teamId: favorite.team_id };
    case 'player':
      return { type: 'PLAYER', playerId: favorite.player_id };
  }
}

/** The wire spells a favorite's type in lower case (`team`), GraphQL's FavoriteType in upper case (`TEAM`). */
function wireFavoriteType(type: FavoriteType): Favorite['type'] {
  return type.toLowerCase() as Favorite['type'];
}

/** Pure: one section per favorite, in the order they were added; context = the favorite as sent. */
export function reshapeMatchcenter(data: MatchcenterData, _params: MatchcenterParams, _ctx: RenderContext) {
  const favorites = data.favoriteSession?.favorites ?? [];
  return {
    type: 'matchcenter',
    data: {
      sections: favorites.map((f) => ({ type: wireFavoriteType(f.type), title: f.title, context: JSON.parse(f.json) as Record<string, unknown> })),
    },
  };
}

/** One favorite as a form field (examples). */
const favoriteField = (favorite: Record<string, unknown>) => `favorites[]=${encodeURIComponent(JSON.stringify(favorite))}`;

type FavoriteChange = (variables: { sid: string | null; favorites: ReturnType<typeof favoriteInput>[] }) => Promise<string>;

/** `POST /sessions/add_favorite` and `remove_favorite`: a form or JSON body in, the sid in use afterwards out. */
function favoriteChangeRoute(app: FastifyInstance, url: string, doc: OperationDoc, change: FavoriteChange): void {
  app.post(url, { config: { doc } }, async (request, reply) => {
    const body = (request.body ?? {}) as Body;
    const variables = { sid: sessionIdFrom(body), favorites: favoritesFrom(body).map(favoriteInput) };
    return { type: 'session', data: await changeSession(request, reply, variables.sid, () => change(variables)) };
  });
}

/** The favorite sessions' routes, on a scope at the main interface's `/sessions` (index.ts). */
export function sessionRoutes(app: FastifyInstance, deps: FacadeDependencies): void {
  const add = facadeDocument(deps, ADD_FAVORITES_DOCUMENT);
  const remove = facadeDocument(deps, REMOVE_FAVORITES_DOCUMENT);
  const matchcenter = facadeDocument(deps, MATCHCENTER_DOCUMENT);

  const addDoc: OperationDoc = {
    id: 'addFavorite',
    tag: 'Sessions',
    summary: 'Add favorites to a session (a new one when `sid` is null)',
    response: 'session',
    favoritesBody: true,
    examples: [
      example('new session with a team', '/api/sessions/add_favorite', 200, {
        body: (ids) => `sid=null&${favoriteField({ type: 'team', team_id: ids.team })}`,
      }),
      example('favorite not JSON', '/api/sessions/add_favorite', 400, { body: 'sid=null&favorites[]=not-json' }),
    ],
    // The snapshot's session: made by the first call here, then used by the matchcenter, mode=favorite and remove_favorite.
    snapshot: (ids) => [
      formProbe(97, '/api/sessions/add_favorite', `sid=null&${favoriteField({ type: 'team', team_id: ids.team })}`),
      formProbe(98, '/api/sessions/add_favorite', `sid={sid}&${favoriteField({ type: 'league', league: 1, game_class: 11 })}`),
      formProbe(99, '/api/sessions/add_favorite', `sid={sid}&${favoriteField({ type: 'club', club_id: ids.club })}`),
      formProbe(105, '/api/sessions/add_favorite', 'sid=null&favorites[]=not-json'),
    ],
  };
  const removeDoc: OperationDoc = {
    id: 'removeFavorite',
    tag: 'Sessions',
    summary: 'Remove favorites from a session',
    response: 'session',
    favoritesBody: true,
    examples: [
      example('remove a club', '/api/sessions/remove_favorite', 200, { body: (ids) => `sid={sid}&${favoriteField({ type: 'club', club_id: ids.club })}` }),
      example('unknown favorite type', '/api/sessions/remove_favorite', 400, { body: `sid={sid}&${favoriteField({ type: 'nope' })}` }),
    ],
    snapshot: (ids) => [formProbe(102, '/api/sessions/remove_favorite', `sid={sid}&${favoriteField({ type: 'club', club_id: ids.club })}`)],
  };
  favoriteChangeRoute(app, '/add_favorite', addDoc, async (variables) => (await add(variables)).addFavorite.id);
  favoriteChangeRoute(app, '/remove_favorite', removeDoc, async (variables) => (await remove(variables)).removeFavorite.id);
  // Private to the sid's holder: never shared by a cache.
  facadeGet(
    app,
    deps,
    '/matchcenter',
    {
      querystring: MATCHCENTER_QUERY,
      config: { responseCache: false, privateAnswer: true },
      doc: {
        id: 'matchcenter',
        tag: 'Sessions',
        summary: "A session's favorites",
        description: 'An absent, unknown or expired `sid` answers an empty matchcenter, not an error. Never shared by a cache.',
        response: 'matchcenter',
        examples: [example('a session', '/api/sessions/matchcenter?sid={sid}')],
        snapshot: () => [
          probe(100, '/api/sessions/matchcenter?sid={sid}'),
          probe(103, '/api/sessions/matchcenter?sid={sid}'),
          probe(104, '/api/sessions/matchcenter?sid=unknown'),
        ],
      },
    },
    async (params, ctx) => {
      // An unknown or expired sid has no favorites: an empty matchcenter, so apps show an empty start page.
      const data = isUsableSessionId(params.sid) ? await matchcenter({ sid: params.sid }) : { favoriteSession: null };
      return reshapeMatchcenter(data, params, ctx);
    },
  );
}
