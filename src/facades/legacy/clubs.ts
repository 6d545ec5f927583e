import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { badRequest, notFound } from '../shared/errors.js';
import { facadeDocument, type FacadeDependencies } from '../shared/facade.js';
import { optionalInt, pathId, type Query } from '../shared/params.js';
import { seasonResolver } from '../shared/season.js';
import { acceptsJson, legacyPayload, type XmlElement } from './xml.js';

export const ACTIVE_CLUBS_DOCUMENT = /* GraphQL */ `
  query LegacyClubs { clubs(active: true, first: 5000) { edges { node { id name } } } }
`;
export const CLUB_SEARCH_DOCUMENT = /* GraphQL */ `
  query LegacyClubSearch($q: String!, $limit: Int!) { clubs(active: true, nameContains: $q, first: $limit) { edges { node { id name } } } }
`;
export const CLUB_DOCUMENT = /* GraphQL */ `
  query LegacyClub($id: Int!) { club(id: $id) { id name website street zip city } }
`;
export const CLUB_TEAMS_DOCUMENT = /* GraphQL */ `
  query LegacyClubTeams($id: Int!, $season: Int!) {
    club(id: $id) {
      id
      teams(season: $season) { id name gameClass { name } groups(season: $season) { name phase league { id name } gameClass { id name } } }
    }
  }
`;

export interface ClubsData {
  clubs: { edges: { node: { id: number; name: string } }[] };
}
export interface ClubData {
  club: { id: number; name: string; website: string | null; street: string | null; zip: string | null; city: string | null } | null;
}
export interface ClubTeamsData {
  club: {
    id: number;
    teams: { id: number; name: string; gameClass: { name: string }; groups: { name: string; phase: string; league: { id: number; name: string }; gameClass: { id: number; name: string } }[] }[];
  } | null;
}

export const MIN_SEARCH_LENGTH = 5;
export const DEFAULT_SEARCH_LIMIT = 10;
export const MAX_SEARCH_LIMIT = 100;

function clubList(clubs: { id: number; name: string }[]): XmlElement {
  return { name: 'clubs', children: clubs.map((c) => ({ name: 'club', attributes: { id: c.id }, text: c.name })) };
}

export function reshapeClubs(data: ClubsData): XmlElement {
  const clubs = data.clubs.edges.map((e) => e.node);
  if (clubs.length === 0) throw notFound('No clubs found');
  return clubList(clubs);
}

/** The search itself (case and accents ignored, `limit` applied) runs in the database. */
export function reshapeClubSearch(data: ClubsData, q: string): XmlElement {
  const hits = data.clubs.edges.map((e) => e.node);
  if (hits.length === 0) throw notFound(`No club found for "${q}"`);
  return clubList(hits);
}

export function reshapeClub(data: ClubData, id: number): XmlElement {
  const club = data.club;
  if (!club) throw notFound(`No club with id ${id}`);
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
export function reshapeClubTeams(data: ClubTeamsData, id: number, season: number): XmlElement {
  if (!data.club) throw notFound(`No club with id ${id}`);
  const teams = data.club.teams.flatMap((team) =>
    team.groups.map((group) => ({
      name: 'team',
      attributes: {
        id: team.id,
        leaguecode: group.league.id,
        teamname: team.name,
        group: group.name,
        grouptext: `${group.gameClass.name} ${group.league.name} ${group.name}`,
      },
      text: team.gameClass.name,
    })),
  );
  if (teams.length === 0) throw notFound(`No teams found for club ${id} in season ${season}`);
  return { name: 'teams', attributes: { clubid: data.club.id }, children: teams };
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
export function legacyParams(request: FastifyRequest): Query {
  const body = request.body && typeof request.body === 'object' ? (request.body as Query) : {};
  return { ...body, ...(request.query as Query) };
}

export function clubRoutes(app: FastifyInstance, deps: FacadeDependencies): void {
  const clubs = facadeDocument<ClubsData>(deps, ACTIVE_CLUBS_DOCUMENT);
  const clubSearch = facadeDocument<ClubsData>(deps, CLUB_SEARCH_DOCUMENT);
  const club = facadeDocument<ClubData>(deps, CLUB_DOCUMENT);
  const clubTeams = facadeDocument<ClubTeamsData>(deps, CLUB_TEAMS_DOCUMENT);
  const resolveSeason = seasonResolver(deps);

  const routes: [path: string, handler: (request: FastifyRequest) => Promise<XmlElement>][] = [
    ['/', async () => reshapeClubs(await clubs({}))],
    [
      '/search',
      async (request) => {
        const params = legacyParams(request);
        const q = typeof params.q === 'string' ? params.q.trim() : '';
        if (q.length < MIN_SEARCH_LENGTH) throw badRequest(`Search query q must have at least ${MIN_SEARCH_LENGTH} characters`);
        const limit = optionalInt(params, 'limit', { min: 1, max: MAX_SEARCH_LIMIT }) ?? DEFAULT_SEARCH_LIMIT;
        return reshapeClubSearch(await clubSearch({ q, limit }), q);
      },
    ],
    [
      '/:clubid',
      async (request) => {
        const id = pathId(request.params as Record<string, string>, 'clubid');
        return reshapeClub(await club({ id }), id);
      },
    ],
    [
      '/:clubid/teams',
      async (request) => {
        const id = pathId(request.params as Record<string, string>, 'clubid');
        const season = await resolveSeason(optionalInt(legacyParams(request), 'season', { min: 1900, max: 2999 }));
        return reshapeClubTeams(await clubTeams({ id, season }), id, season);
      },
    ],
  ];
  for (const [path, handler] of routes) {
    // Every club answer is the same for every valid key: shared after the key check (index.ts).
    app.route({ method: ['GET', 'POST'], url: path, config: { responseCache: 'keyed' }, handler: async (request, reply) => sendLegacy(request, reply, await handler(request)) });
  }
}
