import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ResultOf } from '@graphql-typed-document-node/core';
import { graphql } from '../generated/gql.js';
import { badRequest, notFound } from '../shared/errors.js';
import { facadeDocument, type FacadeDependencies } from '../shared/facade.js';
import { orNotFound } from '../shared/found.js';
import { id, integer, paramsSchema, seasonYear, withDefault, type ParamsOf, pathSchema } from '../shared/param-schema.js';
import { renderContext, type RenderContext } from '../shared/render-context.js';
import { oneValue } from '../shared/param-validation.js';
import { parseParams } from '../shared/route.js';
import { probe, type Snapshot } from '../shared/route-doc.js';
import { seasonResolver } from '../shared/season.js';
import { acceptsJson, legacyPayload, type XmlElement } from './xml.js';
import { groupTitle } from '../shared/competition.js';
import { readsOneRecord } from '../shared/change-scope.js';

export const ACTIVE_CLUBS_DOCUMENT = graphql(`
  query LegacyClubs { clubs(active: true, first: 5000) { edges { node { id name } } } }
`);
export const CLUB_SEARCH_DOCUMENT = graphql(`
  query LegacyClubSearch($q: String!, $limit: Int!) { clubs(active: true, nameContains: $q, first: $limit) { edges { node { id name } } } }
`);
export const CLUB_DOCUMENT = graphql(`
  query LegacyClub($id: Int!) { club(id: $id) { id name website street zip city } }
`);
export const CLUB_TEAMS_DOCUMENT = graphql(`
  query LegacyClubTeams($id: Int!, $season: Int!) {
    club(id: $id) {
      id
      teams(season: $season) { id name gameClass { name } groups(season: $season) { name phase league { id name } gameClass { id name } } }
    }
  }
`);

export type ClubsData = ResultOf<typeof ACTIVE_CLUBS_DOCUMENT>;
export type ClubSearchData = ResultOf<typeof CLUB_SEARCH_DOCUMENT>;
export type ClubData = ResultOf<typeof CLUB_DOCUMENT>;
export type ClubTeamsData = ResultOf<typeof CLUB_TEAMS_DOCUMENT>;

export const MIN_SEARCH_LENGTH = 5;
export const DEFAULT_SEARCH_LIMIT = 10;
export const MAX_SEARCH_LIMIT = 100;

/*
 * The parameters are parsed in the handlers rather than declared on the routes: the key check (a
 * preHandler, index.ts) must come first, and they may come as form fields too (legacyParams).
 * Search: `q` is checked by hand first (trimmed, a minimum length), then `limit`.
 */
export const CLUB_SEARCH_QUERY = paramsSchema({ limit: withDefault(integer({ min: 1, max: MAX_SEARCH_LIMIT }), DEFAULT_SEARCH_LIMIT) });
export const CLUB_PATH = pathSchema({ clubid: id() });
/** An absent season is the current one (resolved before the document runs). */
export const CLUB_TEAMS_QUERY = paramsSchema({ season: seasonYear() });

export type ClubSearchParams = ParamsOf<typeof CLUB_SEARCH_QUERY> & { q: string };
export type ClubParams = ParamsOf<typeof CLUB_PATH>;
export type ClubTeamsParams = ClubParams & { season: number };

function clubList(clubs: { id: number; name: string }[]): XmlElement {
  return { name: 'clubs', children: clubs.map((c) => ({ name: 'club', attributes: { id: c.id }, text: c.name })) };
}

/** The XML answers speak one language and link nowhere: the context is taken for the common reshaper shape. */
export function reshapeClubs(data: ClubsData, _params: Record<never, never>, _ctx: RenderContext): XmlElement {
  const clubs = data.clubs.edges.map((e) => e.node);
  if (clubs.length === 0) throw notFound('No clubs found');
  return clubList(clubs);
}

/** The search itself (case and accents ignored, `limit` applied) runs in the database. */
export function reshapeClubSearch(data: ClubSearchData, params: ClubSearchParams, _ctx: RenderContext): XmlElement {
  const hits = data.clubs.edges.map((e) => e.node);
  if (hits.length === 0) throw notFound(`No club found for "${params.q}"`);
  return clubList(hits);
}

export function reshapeClub(data: ClubData, params: ClubParams, _ctx: RenderContext): XmlElement {
  const club = orNotFound(data.club, `No club with id ${params.clubid}`);
  return {
    name: 'club',
    attributes: { id: club.id },
    children: [
      { name: 'name', text: club.name },
      { name: 'url', text: club.website ?? '' },
      { name: 'street', text: club.street ?? '' },
      { name: 'zip', text: club.zip ?? '' },
      { name: 'city', text: club.city ?? '' },
    ],
  };
}

/** One `team` per team and league group it plays in that season (qualification first). */
export function reshapeClubTeams(data: ClubTeamsData, params: ClubTeamsParams, _ctx: RenderContext): XmlElement {
  const club = orNotFound(data.club, `No club with id ${params.clubid}`);
  const teams = club.teams.flatMap((team) =>
    team.groups.map((group) => ({
      name: 'team',
      attributes: {
        id: team.id,
        leaguecode: group.league.id,
        teamname: team.name,
        group: group.name,
        grouptext: groupTitle(group),
      },
      text: team.gameClass.name,
    })),
  );
  if (teams.length === 0) throw notFound(`No teams found for club ${params.clubid} in season ${params.season}`);
  return { name: 'teams', attributes: { clubid: club.id }, children: teams };
}

export function wantsJson(request: FastifyRequest): boolean {
  return acceptsJson(request.headers.accept);
}

/** XML by default; the same data as JSON when the client asks for it. */
export function sendLegacy(request: FastifyRequest, reply: FastifyReply, element: XmlElement, status = 200) {
  const { contentType, body } = legacyPayload(element, request.headers.accept);
  return reply.status(status).type(contentType).send(body);
}

/** Parameters may come in the query string or, for POST, as form fields. */
export function legacyParams(request: FastifyRequest): Record<string, unknown> {
  const body = request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};
  return { ...body, ...(request.query as Record<string, unknown>) };
}

export function clubRoutes(app: FastifyInstance, deps: FacadeDependencies): void {
  const clubs = facadeDocument(deps, ACTIVE_CLUBS_DOCUMENT);
  const clubSearch = facadeDocument(deps, CLUB_SEARCH_DOCUMENT);
  const club = facadeDocument(deps, CLUB_DOCUMENT);
  const clubTeams = facadeDocument(deps, CLUB_TEAMS_DOCUMENT);
  const resolveSeason = seasonResolver(deps);

  /** Each route with the wire snapshot's probes of it (this interface is not in the OpenAPI document). */
  const routes: [path: string, handler: (request: FastifyRequest, ctx: RenderContext) => Promise<XmlElement>, snapshot: Snapshot][] = [
    ['/', async (_request, ctx) => reshapeClubs(await clubs({}), {}, ctx), (_ids, keys) => [probe(106, `/rest/v1.0/clubs/?apikey=${keys.club}`)]],
    [
      '/search',
      async (request, ctx) => {
        const given = legacyParams(request);
        const sent = oneValue('q', given.q);
        const q = typeof sent === 'string' ? sent.trim() : '';
        if (q.length < MIN_SEARCH_LENGTH) throw badRequest(`Search query q must have at least ${MIN_SEARCH_LENGTH} characters`);
        const params: ClubSearchParams = { q, limit: parseParams(CLUB_SEARCH_QUERY, given).limit };
        return reshapeClubSearch(await clubSearch({ q, limit: params.limit }), params, ctx);
      },
      (_ids, keys) => [
        probe(110, `/rest/v1.0/clubs/search?apikey=${keys.club}&q=Unihockey&limit=3`),
        probe(111, `/rest/v1.0/clubs/search?apikey=${keys.club}&q=ab`),
      ],
    ],
    [
      '/:clubid',
      async (request, ctx) => {
        const params = parseParams(CLUB_PATH, request.params, 'params');
        return reshapeClub(await club({ id: params.clubid }), params, ctx);
      },
      ({ club }, keys) => [
        probe(107, `/rest/v1.0/clubs/${club}?apikey=${keys.club}`),
        probe(112, `/rest/v1.0/clubs/999999?apikey=${keys.club}`),
        probe(113, `/rest/v1.0/clubs/${club}`),
        probe(114, `/rest/v1.0/clubs/${club}?apikey=wrong`),
      ],
    ],
    [
      '/:clubid/teams',
      async (request, ctx) => {
        const { clubid } = parseParams(CLUB_PATH, request.params, 'params');
        const season = await resolveSeason(parseParams(CLUB_TEAMS_QUERY, legacyParams(request)).season);
        return reshapeClubTeams(await clubTeams({ id: clubid, season }), { clubid, season }, ctx);
      },
      ({ club, season }, keys) => [
        probe(108, `/rest/v1.0/clubs/${club}/teams?apikey=${keys.club}`),
        probe(109, `/rest/v1.0/clubs/${club}/teams?apikey=${keys.club}&season=${season}`, { accept: 'application/json' }),
      ],
    ],
  ];
  for (const [path, handler, snapshot] of routes) {
    // Every club answer is the same for every valid key: shared after the key check (interface.ts, index.ts).
    app.route({
      method: ['GET', 'POST'],
      url: path,
      config: { ...(path.includes(':clubid') ? readsOneRecord('club', 'clubid') : {}), doc: { snapshot } },
      handler: async (request, reply) => sendLegacy(request, reply, await handler(request, renderContext(request, deps))),
    });
  }
}
