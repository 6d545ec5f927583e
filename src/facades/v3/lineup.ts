import type { FastifyInstance, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { ResultOf } from '@graphql-typed-document-node/core';
import { graphql } from '../generated/gql.js';
import { LINEUP_LIMITS, LINEUP_RULES_TEXT } from '../../domain/lineup.js';
import { callerOf } from '../../http/caller.js';
import { badRequest } from '../shared/errors.js';
import { facadeDocument, type FacadeDependencies } from '../shared/facade.js';
import { id, pathSchema } from '../shared/param-schema.js';
import { parseParams } from '../shared/route.js';
import { bearer, example, probe, type DeclaredParams, type OperationDoc } from '../shared/route-doc.js';
import { renderContext, type RenderContext } from '../shared/render-context.js';
import { identifier, JSON_API_TYPE, type Resource } from './json-api.js';

export const CANDIDATE_FRAGMENT = graphql(`
  fragment V3Candidate on LineupCandidate {
    licenseId playerId firstName lastName licenseType licenseDisabled number position captain eligible licensing reason
    player { yearOfBirth heightCm weightKg position portraitUrl }
  }
`);

export const CANDIDATES_DOCUMENT = graphql(`
  query LineupCandidates($gameId: Int!, $teamId: Int!, $licenseIds: [Int!]) {
    lineupCandidates(gameId: $gameId, teamId: $teamId, licenseIds: $licenseIds) { ...V3Candidate }
  }
`);

export const LINEUP_DOCUMENT = graphql(`
  query LineupValidation($gameId: Int!, $teamId: Int!, $licenseIds: [Int!]!) {
    lineupValidation(gameId: $gameId, teamId: $teamId, licenseIds: $licenseIds) {
      valid quotaExceeded
      messages { rule licenseId message }
      members { ...V3Candidate }
    }
  }
`);

/** The game and team of the path. */
export interface LineupTarget {
  gameId: number;
  teamId: number;
}

/** A lineup candidate as `...V3Candidate` selects it (type generated from the fragment). */
export type CandidateData = ResultOf<typeof CANDIDATE_FRAGMENT>;
export type CandidatesData = ResultOf<typeof CANDIDATES_DOCUMENT>;
export type LineupData = ResultOf<typeof LINEUP_DOCUMENT>;

/** Twice the players a lineup may have: a longer lineup is judged by the rules (`too_many_players`), not refused by this cap. */
export const MAX_FILTER_LICENSES = 2 * LINEUP_LIMITS.maxPlayers;

/** `filter[licenses]=12,13`: mandatory for a lineup, optional for candidates; ids only, at most MAX_FILTER_LICENSES. */
export function licenseFilter(query: Record<string, unknown>, required: boolean): number[] | undefined {
  const raw = query['filter[licenses]'];
  if (raw === undefined) {
    if (required) throw badRequest('filter[licenses] is required: comma-separated license ids');
    return undefined;
  }
  const text = Array.isArray(raw) ? raw.join(',') : String(raw);
  const parts = text.split(',').map((p) => p.trim());
  if (text.trim() === '' || parts.some((p) => !/^\d{1,9}$/.test(p))) throw badRequest(`filter[licenses] must be comma-separated license ids, got "${text}"`);
  if (parts.length > MAX_FILTER_LICENSES) throw badRequest(`filter[licenses] takes at most ${MAX_FILTER_LICENSES} license ids, got ${parts.length}`);
  return parts.map(Number);
}

/**
 * A position as the federation's team_member documentation names them (goalkeeper, forward,
 * defender, forward_left, forward_center, …): the league's CENTER is the forward line's center.
 */
export function v3Position(position: CandidateData['position']): string | null {
  if (position === null) return null;
  return position === 'CENTER' ? 'forward_center' : position.toLowerCase();
}

/**
 * Pure: a candidate as a `team_member` resource plus its `player`, `person` and `license` resources,
 * with the attributes the federation documents (api_v3_resources_team_member_doc, …_license_doc).
 * The person is the human behind the player role; the league keeps one record for both, so the
 * person's id is the player's (as the federation's people API shows: Person 7295 plays as Player 7295).
 * `license_description` (team_member), `description` and `disabled` (license) are the names this
 * interface answered before: still sent, deprecated (docs/decisions.md#lineups).
 */
export function teamMemberResources(candidate: CandidateData): { member: Resource; included: Resource[] } {
  const member: Resource = {
    ...identifier('team_member', candidate.licenseId),
    attributes: {
      licensing: candidate.licensing,
      last_name: candidate.lastName,
      first_name: candidate.firstName,
      shirt_number: candidate.number,
      position: v3Position(candidate.position),
      captain: candidate.captain,
      license_competition_description: candidate.licenseType,
      license_disabled: candidate.licenseDisabled,
      license_description: candidate.licenseType,
    },
    relationships: {
      player: { data: identifier('player', candidate.playerId) },
      person: { data: identifier('person', candidate.playerId) },
      license: { data: identifier('license', candidate.licenseId) },
    },
  };
  const player = candidate.player;
  return {
    member,
    included: [
      {
        ...identifier('player', candidate.playerId),
        attributes: {
          first_name: candidate.firstName,
          last_name: candidate.lastName,
          year_of_birth: player.yearOfBirth,
          position: v3Position(player.position),
          height: player.heightCm,
          weight: player.weightKg,
          portrait: player.portraitUrl,
        },
      },
      {
        ...identifier('person', candidate.playerId),
        attributes: { first_name: candidate.firstName, last_name: candidate.lastName, year_of_birth: player.yearOfBirth },
      },
      {
        ...identifier('license', candidate.licenseId),
        attributes: {
          competition_description: candidate.licenseType,
          locked: candidate.licenseDisabled,
          licensing: candidate.licensing,
          description: candidate.licenseType,
          disabled: candidate.licenseDisabled,
        },
      },
    ],
  };
}

/*
 * The JSON:API documents are the same in every language and carry no links: the context is taken
 * for the common reshaper shape.
 */
export function reshapeCandidates(data: CandidatesData, _target: LineupTarget, _ctx: RenderContext) {
  const resources = data.lineupCandidates.map(teamMemberResources);
  return { data: resources.map((r) => r.member), included: resources.flatMap((r) => r.included) };
}

export function reshapeLineup(data: LineupData, target: LineupTarget, _ctx: RenderContext) {
  const verdict = data.lineupValidation;
  const resources = verdict.members.map(teamMemberResources);
  return {
    data: {
      ...identifier('lineup', `${target.gameId}-${target.teamId}`),
      attributes: {
        valid: verdict.valid,
        quota_exceeded: verdict.quotaExceeded,
        // The documented human-readable messages; `messages` keeps their rule and license for the clients that read it (deprecated).
        quota_messages: verdict.messages.map((m) => m.message),
        messages: verdict.messages.map((m) => ({ rule: m.rule, license_id: m.licenseId, message: m.message })),
      },
      relationships: { team_members: { data: resources.map((r) => identifier('team_member', r.member.id)) } },
    },
    included: resources.flatMap((r) => [r.member, ...r.included]),
  };
}

/** Parsed in the handler, not by the route: the key check (a preHandler) comes first. */
export const LINEUP_PATH = pathSchema({ game_id: id(), id: id() });

/**
 * filter[licenses] is parsed with the query string, so before the scope's key check (a preHandler):
 * a malformed filter is a 400 with or without a key. The handler finds the ids in `licenseIds`.
 */
function withLicenseFilter(required: boolean, doc: OperationDoc): RouteShorthandOptions {
  return {
    schema: { querystring: { type: 'object' } }, // only so that fastify runs the validator below
    config: { doc },
    validatorCompiler: () => (query: Record<string, unknown>) => {
      try {
        return { value: { ...query, licenseIds: licenseFilter(query, required) } };
      } catch (error) {
        return { error: error as Error };
      }
    },
  };
}

/** `filter[licenses]` as the document shows it: read by `licenseFilter`, not declared as a schema. */
function licenseFilterParams(required: boolean): DeclaredParams {
  return {
    properties: {
      'filter[licenses]': {
        type: 'string',
        pattern: '^\\s*\\d{1,9}\\s*(,\\s*\\d{1,9}\\s*)*$',
        description: `Comma-separated license ids, at most ${MAX_FILTER_LICENSES}.`,
      },
    },
    required: required ? ['filter[licenses]'] : [],
  };
}

/** `/api/v3/games/<finished>/teams/<team>`: the lineup routes' examples. */
const lineupPath = (ids: { finished: number; team: number }) => `/api/v3/games/${ids.finished}/teams/${ids.team}`;

/**
 * Lineups are team-internal: the schema's lineup fields decide who may read them (a key of the team's
 * club or a federation key) and which game and team exist; this interface only turns that verdict
 * into its 401/403/404.
 */
export function lineupRoutes(app: FastifyInstance, deps: FacadeDependencies): void {
  const candidates = facadeDocument(deps, CANDIDATES_DOCUMENT);
  const lineup = facadeDocument(deps, LINEUP_DOCUMENT);

  const lineupTarget = (request: FastifyRequest): LineupTarget => {
    const { game_id: gameId, id: teamId } = parseParams(LINEUP_PATH, request.params, 'params');
    return { gameId, teamId };
  };

  const candidatesDoc: OperationDoc = {
    id: 'v3LineupCandidates',
    tag: 'Lineup interface (v3)',
    summary: 'The players a team may line up for a game',
    description: "A key of the team's club, or a federation key.",
    response: 'v3_candidates',
    parsedPath: LINEUP_PATH,
    parsedQuery: [{ schema: licenseFilterParams(false) }],
    examples: [
      example('all candidates', (ids) => `${lineupPath(ids)}/lineup_candidates`),
      example('malformed filter', (ids) => `${lineupPath(ids)}/lineup_candidates?filter[licenses]=a`, 400),
      example('no key', (ids) => `${lineupPath(ids)}/lineup_candidates`, 401, { withoutKey: true }),
      example('key of another club', (ids) => `${lineupPath(ids)}/lineup_candidates`, 403, { keyClubId: (ids) => ids.otherClub }),
      example('unknown game', (ids) => `/api/v3/games/999999/teams/${ids.team}/lineup_candidates`, 404),
    ],
    snapshot: (ids, keys) => [
      probe(115, `${lineupPath(ids)}/lineup_candidates`, bearer(keys.federation)),
      probe(116, `${lineupPath(ids)}/lineup_candidates`, { 'x-api-key': keys.club }),
      probe(119, `${lineupPath(ids)}/lineup_candidates`),
      probe(120, `/api/v3/games/999999/teams/${ids.team}/lineup_candidates`, bearer(keys.federation)),
      probe(121, `/api/v3/games/${ids.finished}/teams/abc/lineup_candidates`, bearer(keys.federation)),
    ],
  };
  const lineupDoc: OperationDoc = {
    id: 'v3Lineup',
    tag: 'Lineup interface (v3)',
    summary: "Checks a lineup against the league's rules",
    description: `The rules: ${LINEUP_RULES_TEXT}. A key of the team's club, or a federation key.`,
    response: 'v3_lineup',
    parsedPath: LINEUP_PATH,
    parsedQuery: [{ schema: licenseFilterParams(true) }],
    examples: [
      example('the candidates', (ids) => `${lineupPath(ids)}/lineup?filter[licenses]=${ids.licenses.join(',')}`),
      example('filter missing', (ids) => `${lineupPath(ids)}/lineup`, 400),
      example('no key', (ids) => `${lineupPath(ids)}/lineup?filter[licenses]=1`, 401, { withoutKey: true }),
      example('key of another club', (ids) => `${lineupPath(ids)}/lineup?filter[licenses]=1`, 403, { keyClubId: (ids) => ids.otherClub }),
      example('unknown game', (ids) => `/api/v3/games/999999/teams/${ids.team}/lineup?filter[licenses]=1`, 404),
    ],
    snapshot: (ids, keys) => [
      probe(117, `${lineupPath(ids)}/lineup?filter[licenses]=1,2,3`, bearer(keys.federation)),
      probe(118, `${lineupPath(ids)}/lineup`, bearer(keys.federation)),
    ],
  };

  app.get<{ Querystring: { licenseIds?: number[] } }>(
    '/games/:game_id/teams/:id/lineup_candidates',
    withLicenseFilter(false, candidatesDoc),
    async (request, reply) => {
      const target = lineupTarget(request);
      const data = await candidates({ ...target, licenseIds: request.query.licenseIds ?? null }, callerOf(request));
      return reply.type(JSON_API_TYPE).send(reshapeCandidates(data, target, renderContext(request, deps)));
    },
  );

  app.get<{ Querystring: { licenseIds: number[] } }>('/games/:game_id/teams/:id/lineup', withLicenseFilter(true, lineupDoc), async (request, reply) => {
    const target = lineupTarget(request);
    const data = await lineup({ ...target, licenseIds: request.query.licenseIds }, callerOf(request));
    return reply.type(JSON_API_TYPE).send(reshapeLineup(data, target, renderContext(request, deps)));
  });
}
