import type { FastifyInstance } from 'fastify';
import { FavoriteError, parseFavorite, parseFavoriteJson, type Favorite } from '../../domain/favorites.js';
import { isUsableSessionId, MAX_FAVORITES_PER_CALL } from '../../domain/session.js';
import { changeSession } from '../../http/rate-limit.js';
import { badRequest } from '../shared/errors.js';
import { facadeDocument, type FacadeDependencies } from '../shared/facade.js';
import { paramsSchema, text, type ParamsOf } from '../shared/param-schema.js';
import type { RenderContext } from '../shared/render-context.js';
import { facadeGet } from '../shared/route.js';

export const ADD_FAVORITES_DOCUMENT = /* GraphQL */ `
  mutation AddFavorites($sid: String, $favorites: [FavoriteInput!]!) { addFavorite(sid: $sid, favorites: $favorites) { id } }
`;
export const REMOVE_FAVORITES_DOCUMENT = /* GraphQL */ `
  mutation RemoveFavorites($sid: String, $favorites: [FavoriteInput!]!) { removeFavorite(sid: $sid, favorites: $favorites) { id } }
`;
export const MATCHCENTER_DOCUMENT = /* GraphQL */ `
  query Matchcenter($sid: String!) { favoriteSession(sid: $sid) { favorites { type json title } } }
`;

/** An absent, unknown or expired sid is an empty matchcenter, not an error. */
export const MATCHCENTER_QUERY = paramsSchema({ sid: text() });
export type MatchcenterParams = ParamsOf<typeof MATCHCENTER_QUERY>;

export interface MatchcenterData {
  favoriteSession: { favorites: { type: string; json: string; title: string }[] } | null;
}

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
export function favoriteInput(favorite: Favorite) {
  switch (favorite.type) {
    case 'league':
      return { type: 'league', gameClass: favorite.game_class, league: favorite.league, group: favorite.group };
    case 'club':
      return { type: 'club', clubId: favorite.club_id };
    case 'team':
      return { type: 'team', teamId: favorite.team_id };
    case 'player':
      return { type: 'player', playerId: favorite.player_id };
  }
}

/** Pure: one section per favorite, in the order they were added; context = the favorite as sent. */
export function reshapeMatchcenter(data: MatchcenterData, _params: MatchcenterParams, _ctx: RenderContext) {
  const favorites = data.favoriteSession?.favorites ?? [];
  return {
    type: 'matchcenter',
    data: { sections: favorites.map((f) => ({ type: f.type, title: f.title, context: JSON.parse(f.json) as Record<string, unknown> })) },
  };
}

type FavoriteChange = (variables: { sid: string | null; favorites: ReturnType<typeof favoriteInput>[] }) => Promise<string>;

/** `POST /sessions/add_favorite` and `remove_favorite`: a form or JSON body in, the sid in use afterwards out. */
function favoriteChangeRoute(app: FastifyInstance, url: string, change: FavoriteChange): void {
  app.post(url, async (request, reply) => {
    const body = (request.body ?? {}) as Body;
    const variables = { sid: sessionIdFrom(body), favorites: favoritesFrom(body).map(favoriteInput) };
    return { type: 'session', data: await changeSession(request, reply, variables.sid, () => change(variables)) };
  });
}

export function sessionRoutes(app: FastifyInstance, deps: FacadeDependencies): void {
  const add = facadeDocument<{ addFavorite: { id: string } }>(deps, ADD_FAVORITES_DOCUMENT);
  const remove = facadeDocument<{ removeFavorite: { id: string } }>(deps, REMOVE_FAVORITES_DOCUMENT);
  const matchcenter = facadeDocument<MatchcenterData>(deps, MATCHCENTER_DOCUMENT);

  favoriteChangeRoute(app, '/sessions/add_favorite', async (variables) => (await add(variables)).addFavorite.id);
  favoriteChangeRoute(app, '/sessions/remove_favorite', async (variables) => (await remove(variables)).removeFavorite.id);
  // Private to the sid's holder: never shared by a cache.
  facadeGet(app, deps, '/sessions/matchcenter', { querystring: MATCHCENTER_QUERY, config: { responseCache: false, privateAnswer: true } }, async (params, ctx) => {
    // An unknown or expired sid has no favorites: an empty matchcenter, so apps show an empty start page.
    const data = isUsableSessionId(params.sid) ? await matchcenter({ sid: params.sid }) : { favoriteSession: null };
    return reshapeMatchcenter(data, params, ctx);
  });
}
