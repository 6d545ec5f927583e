import type { FastifyInstance } from 'fastify';
import type { ResultOf } from '@graphql-typed-document-node/core';
import { graphql } from '../generated/gql.js';
import { localDaysRange } from '../../domain/league-time.js';
import { seasonIdAt, seasonOfGame } from '../../domain/season.js';
import { badRequest } from '../shared/errors.js';
import { facadeDocument, type FacadeDependencies } from '../shared/facade.js';
import { orNotFound } from '../shared/found.js';
import { zurichDateTime } from '../shared/format.js';
import { day, flag, id, paramsSchema, pathSchema, text, type ParamsOf } from '../shared/param-schema.js';
import { renderContext, type RenderContext } from '../shared/render-context.js';
import { parseParams } from '../shared/route.js';
import { bearer, example, probe } from '../shared/route-doc.js';
import { identifier, includePaths, JSON_API_TYPE, uniqueResources, type Resource } from './json-api.js';

/**
 * The most games one answer carries. The federation's documentation refuses to list every game
 * ("you can not fetch them all at once"); a league weekend stays well below this.
 */
export const MAX_V3_GAMES = 1000;

const V3_TEAM_FRAGMENT = graphql(`
  fragment V3Team on Team { id name shortName logoUrl portraitUrl }
`);

const V3_GAME_FRAGMENT = graphql(`
  fragment V3Game on Game {
    id startsAt status homeScore awayScore hasVideoStream
    result { state confirmedAt protestWindowClosesAt }
    homeTeam { ...V3Team }
    awayTeam { ...V3Team }
    group { season { id } }
    cupRound { tournament { season { id } } }
  }
`);

/** `hasNextPage` tells a match of more than MAX_V3_GAMES without loading the rest. */
export const V3_GAMES_DOCUMENT = graphql(`
  query V3Games($filter: GameFilter!, $first: Int!) {
    games(filter: $filter, first: $first) { edges { node { ...V3Game } } pageInfo { hasNextPage } }
  }
`);

export const V3_GAME_DOCUMENT = graphql(`
  query V3Game($id: Int!) { game(id: $id) { ...V3Game } }
`);

/** A team and a game as `...V3Team` and `...V3Game` select them (types generated from the fragments). */
export type V3TeamData = ResultOf<typeof V3_TEAM_FRAGMENT>;
export type V3GameData = ResultOf<typeof V3_GAME_FRAGMENT>;
export type V3GamesData = ResultOf<typeof V3_GAMES_DOCUMENT>;
export type V3GameOneData = ResultOf<typeof V3_GAME_DOCUMENT>;

export const V3_GAME_INCLUDES = ['home_team', 'away_team'] as const;
export type V3GameInclude = (typeof V3_GAME_INCLUDES)[number];

/** Parsed in the handlers, after the scope's key check, as every keyed interface does. */
export const V3_GAMES_QUERY = paramsSchema({
  'filter[from_date]': day(),
  'filter[to_date]': day(),
  'filter[with_live_stream]': flag(),
  include: text(),
  result_state: flag(),
});
export type V3GamesQuery = ParamsOf<typeof V3_GAMES_QUERY>;
export const V3_GAME_PATH = pathSchema({ id: id() });
export const V3_GAME_QUERY = paramsSchema({ include: text(), result_state: flag() });

export interface V3GamesParams {
  include: ReadonlySet<V3GameInclude>;
  /** `result_state=1` (opt-in): each game's result state as the attribute `result_state`; the default answer stays as deployed. */
  resultState?: boolean;
}

/**
 * The GraphQL filter of the query string. Dates are Europe/Zurich calendar days, both ends
 * inclusive (GraphQL's `to` is exclusive: the start of the day after). `with_live_stream=0` restricts
 * nothing, so it does not count as the mandatory filter.
 */
export function v3GamesFilter(query: V3GamesQuery): { from?: string; to?: string; onlyVideoStreamed?: true } {
  const from = query['filter[from_date]'];
  const to = query['filter[to_date]'];
  const streamed = query['filter[with_live_stream]'] === true;
  if (from === undefined && to === undefined && !streamed) {
    throw badRequest('At least one filter is required: filter[from_date], filter[to_date] (YYYY-MM-DD) or filter[with_live_stream]=1');
  }
  if (from !== undefined && to !== undefined && from > to) throw badRequest(`filter[from_date] ${from} is after filter[to_date] ${to}`);
  const range = localDaysRange(from, to);
  return {
    ...(range.from === undefined ? {} : { from: range.from.toISOString() }),
    ...(range.to === undefined ? {} : { to: range.to.toISOString() }),
    ...(streamed ? { onlyVideoStreamed: true } : {}),
  };
}

/** The games list's `use_streaming_logos` convention (`?size=large`), and its small counterpart. */
function sizedLogo(url: string | null, size: 'small' | 'large'): string | null {
  return url === null ? null : `${url}${url.includes('?') ? '&' : '?'}size=${size}`;
}

/** Pure: a team resource; URLs come absolute from the schema. A team without a short name shows its name. */
export function v3TeamResource(team: V3TeamData): Resource {
  return {
    ...identifier('team', team.id),
    attributes: {
      name: team.name,
      slangname: team.shortName ?? team.name,
      logo: team.logoUrl,
      logo_small: sizedLogo(team.logoUrl, 'small'),
      logo_streaming: sizedLogo(team.logoUrl, 'large'),
      portrait: team.portraitUrl,
    },
  };
}

/**
 * Pure: a game resource. The documented attributes (season_id, starts_at) plus what a client needs
 * to show the game: status, score and whether it is streamed.
 */
export function v3GameResource(game: V3GameData, resultState = false): Resource {
  const startsAt = new Date(game.startsAt);
  const season = seasonOfGame({
    group: game.group && { seasonId: game.group.season.id },
    cupRound: game.cupRound && { tournament: { seasonId: game.cupRound.tournament.season.id } },
  });
  return {
    ...identifier('game', game.id),
    attributes: {
      season_id: season ?? seasonIdAt(startsAt),
      starts_at: zurichDateTime(startsAt),
      status: game.status.toLowerCase(),
      home_score: game.homeScore,
      away_score: game.awayScore,
      has_live_stream: game.hasVideoStream,
      ...(resultState ? { result_state: v3ResultState(game.result) } : {}),
    },
    relationships: {
      // Null while the pairing is undecided (a later cup round): JSON:API's empty to-one relationship.
      home_team: { data: game.homeTeam ? identifier('team', game.homeTeam.id) : null },
      away_team: { data: game.awayTeam ? identifier('team', game.awayTeam.id) : null },
    },
  };
}

/** A game's result in its life, as the opt-in attribute shows it; null for a game without a result. */
function v3ResultState(result: V3GameData['result']) {
  return result && { state: result.state.toLowerCase(), confirmed_at: result.confirmedAt, protest_window_closes_at: result.protestWindowClosesAt };
}

/** `included`: the teams `include` names, each once; absent when nothing is included. */
export function includedTeams(games: V3GameData[], include: ReadonlySet<V3GameInclude>): { included?: Resource[] } {
  if (include.size === 0) return {};
  const teams = games.flatMap((game) => [...(include.has('home_team') ? [game.homeTeam] : []), ...(include.has('away_team') ? [game.awayTeam] : [])]);
  return { included: uniqueResources(teams.filter((team) => team !== null).map(v3TeamResource)) };
}

/* The documents are the same in every language and carry no links: the context is taken for the common reshaper shape. */
export function reshapeV3Games(data: V3GamesData, params: V3GamesParams, _ctx: RenderContext) {
  if (data.games.pageInfo.hasNextPage) {
    throw badRequest(`More than ${MAX_V3_GAMES} games match these filters: narrow the dates with filter[from_date] and filter[to_date]`);
  }
  const games = data.games.edges.map((edge) => edge.node);
  return { data: games.map((game) => v3GameResource(game, params.resultState)), ...includedTeams(games, params.include) };
}

export function reshapeV3Game(data: V3GameOneData, params: V3GamesParams & { id: number }, _ctx: RenderContext) {
  const game = orNotFound(data.game, `No game ${params.id}`);
  return { data: v3GameResource(game, params.resultState), ...includedTeams([game], params.include) };
}

/** Games are public data: any valid key of the scope may read them (no club check, unlike lineups). */
export function v3GamesRoutes(app: FastifyInstance, deps: FacadeDependencies): void {
  const games = facadeDocument(deps, V3_GAMES_DOCUMENT);
  const game = facadeDocument(deps, V3_GAME_DOCUMENT);

  app.get(
    '/games',
    {
      config: {
        doc: {
          id: 'v3Games',
          tag: 'Lineup interface (v3)',
          summary: 'Games between two dates, or with a live stream',
          description: 'At least one filter is required. Dates are Europe/Zurich days, both ends inclusive. `include` takes `home_team`, `away_team`.',
          response: 'v3_games',
          parsedQuery: [{ schema: V3_GAMES_QUERY }],
          examples: [
            example('two days with teams', '/api/v3/games?filter[from_date]=2026-11-21&filter[to_date]=2026-11-22&include=home_team,away_team'),
            example('no filter', '/api/v3/games', 400),
            example('no key', '/api/v3/games?filter[from_date]=2026-11-22', 401, { withoutKey: true }),
          ],
          snapshot: (_ids, keys) => [
            probe(131, '/api/v3/games?filter[from_date]=2026-11-21&filter[to_date]=2026-11-22&include=home_team,away_team', bearer(keys.federation)),
            probe(132, '/api/v3/games?filter[with_live_stream]=1&filter[from_date]=2026-11-22&filter[to_date]=2026-11-22', bearer(keys.federation)),
            probe(134, '/api/v3/games', bearer(keys.federation)),
          ],
        },
      },
    },
    async (request, reply) => {
      const query = parseParams(V3_GAMES_QUERY, request.query);
      const include = includePaths(query.include, V3_GAME_INCLUDES);
      const data = await games({ filter: v3GamesFilter(query), first: MAX_V3_GAMES });
      return reply.type(JSON_API_TYPE).send(reshapeV3Games(data, { include, resultState: query.result_state }, renderContext(request, deps)));
    },
  );

  app.get(
    '/games/:id',
    {
      config: {
        doc: {
          id: 'v3Game',
          tag: 'Lineup interface (v3)',
          summary: 'One game',
          response: 'v3_game',
          parsedPath: V3_GAME_PATH,
          parsedQuery: [{ schema: V3_GAME_QUERY }],
          examples: [
            example('with the home team', (ids) => `/api/v3/games/${ids.finished}?include=home_team`),
            example('unknown include', (ids) => `/api/v3/games/${ids.finished}?include=referee`, 400),
            example('no key', (ids) => `/api/v3/games/${ids.finished}`, 401, { withoutKey: true }),
            example('unknown game', '/api/v3/games/999999', 404),
          ],
          snapshot: (ids, keys) => [
            probe(133, `/api/v3/games/${ids.finished}?include=home_team`, bearer(keys.federation)),
            // The key as the federation documents it: a query parameter.
            probe(135, `/api/v3/games/${ids.finished}?auth_token=${keys.federation}`),
          ],
        },
      },
    },
    async (request, reply) => {
      const { id: gameId } = parseParams(V3_GAME_PATH, request.params, 'params');
      const query = parseParams(V3_GAME_QUERY, request.query);
      const include = includePaths(query.include, V3_GAME_INCLUDES);
      const data = await game({ id: gameId });
      return reply.type(JSON_API_TYPE).send(reshapeV3Game(data, { id: gameId, include, resultState: query.result_state }, renderContext(request, deps)));
    },
  );
}
