import type { FastifyInstance, FastifyRequest, RouteShorthandOptions } from 'fastify';
import { callerOf } from '../../http/caller.js';
import { badRequest } from '../shared/errors.js';
import { facadeDocument, type FacadeDependencies } from '../shared/facade.js';
import { id, pathSchema } from '../shared/param-schema.js';
import { parseParams } from '../shared/route.js';
import { renderContext, type RenderContext } from '../shared/render-context.js';
import { identifier, JSON_API_TYPE, type Resource } from './json-api.js';

const CANDIDATE_FIELDS = 'licenseId playerId firstName lastName licenseType licenseDisabled number position captain eligible licensing reason';

export const CANDIDATES_DOCUMENT = /* GraphQL */ `
  query LineupCandidates($gameId: Int!, $teamId: Int!, $licenseIds: [Int!]) {
    lineupCandidates(gameId: $gameId, teamId: $teamId, licenseIds: $licenseIds) { ${CANDIDATE_FIELDS} }
  }
`;

export const LINEUP_DOCUMENT = /* GraphQL */ `
  query LineupValidation($gameId: Int!, $teamId: Int!, $licenseIds: [Int!]!) {
    lineupValidation(gameId: $gameId, teamId: $teamId, licenseIds: $licenseIds) {
      valid quotaExceeded
      messages { rule licenseId message }
      members { ${CANDIDATE_FIELDS} }
    }
  }
`;

/** The game and team of the path. */
export interface LineupTarget {
  gameId: number;
  teamId: number;
}

export interface CandidateData {
  licenseId: number;
  playerId: number;
  firstName: string;
  lastName: string;
  licenseType: string;
  licenseDisabled: boolean;
  number: number | null;
  position: string | null;
  captain: boolean;
  eligible: boolean;
  licensing: string | null;
  reason: string | null;
}

export interface CandidatesData {
  lineupCandidates: CandidateData[];
}

export interface LineupData {
  lineupValidation: {
    valid: boolean;
    quotaExceeded: boolean;
    messages: { rule: string; licenseId: number | null; message: string }[];
    members: CandidateData[];
  };
}

export const MAX_FILTER_LICENSES = 40;

/** `filter[licenses]=12,13`: mandatory for a lineup, optional for candidates; ids only, at most 40. */
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

/** Pure: a candidate as a `team_member` resource plus its `player` and `license` resources. */
export function teamMemberResources(candidate: CandidateData): { member: Resource; included: Resource[] } {
  const member: Resource = {
    ...identifier('team_member', candidate.licenseId),
    attributes: {
      licensing: candidate.licensing,
      last_name: candidate.lastName,
      first_name: candidate.firstName,
      shirt_number: candidate.number,
      position: candidate.position?.toLowerCase() ?? null,
      captain: candidate.captain,
      license_description: candidate.licenseType,
      license_disabled: candidate.licenseDisabled,
    },
    relationships: {
      player: { data: identifier('player', candidate.playerId) },
      license: { data: identifier('license', candidate.licenseId) },
    },
  };
  return {
    member,
    included: [
      { ...identifier('player', candidate.playerId), attributes: { first_name: candidate.firstName, last_name: candidate.lastName } },
      { ...identifier('license', candidate.licenseId), attributes: { description: candidate.licenseType, disabled: candidate.licenseDisabled, licensing: candidate.licensing } },
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
function withLicenseFilter(required: boolean): RouteShorthandOptions {
  return {
    schema: { querystring: { type: 'object' } }, // only so that fastify runs the validator below
    validatorCompiler: () => (query: Record<string, unknown>) => {
      try {
        return { value: { ...query, licenseIds: licenseFilter(query, required) } };
      } catch (error) {
        return { error: error as Error };
      }
    },
  };
}

/**
 * Lineups are team-internal: the schema's lineup fields decide who may read them (a key of the team's
 * club or a federation key) and which game and team exist; this interface only turns that verdict
 * into its 401/403/404.
 */
export function lineupRoutes(app: FastifyInstance, deps: FacadeDependencies): void {
  const candidates = facadeDocument<CandidatesData>(deps, CANDIDATES_DOCUMENT);
  const lineup = facadeDocument<LineupData>(deps, LINEUP_DOCUMENT);

  const lineupTarget = (request: FastifyRequest): LineupTarget => {
    const { game_id: gameId, id: teamId } = parseParams(LINEUP_PATH, request.params, 'params');
    return { gameId, teamId };
  };

  app.get<{ Querystring: { licenseIds?: number[] } }>('/games/:game_id/teams/:id/lineup_candidates', withLicenseFilter(false), async (request, reply) => {
    const target = lineupTarget(request);
    const data = await candidates({ ...target, licenseIds: request.query.licenseIds ?? null }, callerOf(request));
    return reply.type(JSON_API_TYPE).send(reshapeCandidates(data, target, renderContext(request, deps)));
  });

  app.get<{ Querystring: { licenseIds: number[] } }>('/games/:game_id/teams/:id/lineup', withLicenseFilter(true), async (request, reply) => {
    const target = lineupTarget(request);
    const data = await lineup({ ...target, licenseIds: request.query.licenseIds }, callerOf(request));
    return reply.type(JSON_API_TYPE).send(reshapeLineup(data, target, renderContext(request, deps)));
  });
}
