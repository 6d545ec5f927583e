// /bo/players: the players whose licence number begins with `license_number` (45472 finds 454720–
// 454729, a whole number that one player), GET with the parameter in the query or a body, or POST
// for clients that cannot send a body with GET. The schema decides who may and bounds the answer
// (playersByLicenseNumber); each player is the record /bo/people shows as a person's player role.
import { parse as parseForm } from 'node:querystring';
import type { Readable } from 'node:stream';
import type { ResultOf } from '@graphql-typed-document-node/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { playerRoleStatus } from '../../domain/people.js';
import { callerOf } from '../../http/caller.js';
import { graphql } from '../generated/gql.js';
import { badRequest, HttpError } from '../shared/errors.js';
import { type FacadeDependencies, facadeDocument } from '../shared/facade.js';
import { boAnswer } from './envelope.js';
import { BO_PLAYERS_DOC, BO_PLAYERS_POST_DOC } from './docs.js';
import { boFields, requiredText } from './fields.js';

graphql(`
  fragment BoPlayer on Player {
    id
    licenseNumber
    firstName
    lastName
    heightCm
    weightKg
    position
    portraitUrl
    currentLicense { club { id name } }
    currentMembership { number position captain }
  }
`);

const PLAYERS = graphql(`
  query BoPlayers($prefix: String!) { playersByLicenseNumber(prefix: $prefix) { ...BoPlayer } }
`);

export type BoPlayerData = ResultOf<typeof PLAYERS>['playersByLicenseNumber'][number];

/** A back-office record: `{attrs, set, type, id}`, as the federation's /bo/people sample shows them. */
export interface BoRecord {
  attrs: Record<string, unknown>;
  set: string;
  type: string;
  id: number;
}

/**
 * A player as the back office shows a person's player role (`set: for_role`): their club and roster
 * place this season, their licence number. What the service does not keep (when they entered and
 * left, a weight or height nobody registered) is null.
 */
export function boPlayer(player: BoPlayerData): BoRecord {
  const club = player.currentLicense?.club ?? null;
  const member = player.currentMembership;
  return {
    attrs: {
      identification: `SP${player.id}`,
      bo_role_status: playerRoleStatus(player.currentLicense !== null),
      club_name: club?.name ?? null,
      club_id: club?.id ?? null,
      number: member?.number ?? null,
      position: (member?.position ?? player.position)?.toLowerCase() ?? null,
      captain: member?.captain ?? false,
      weight: player.weightKg,
      name: `${player.firstName} ${player.lastName}`,
      first: player.firstName,
      last: player.lastName,
      license_number: player.licenseNumber,
      portrait: player.portraitUrl,
      entered_at: null,
      left_at: null,
      height: player.heightCm,
    },
    set: 'for_role',
    type: 'Player',
    id: player.id,
  };
}

/**
 * A GET's body, which fastify leaves unread (GET is bodyless to it): read here, before the hooks
 * that check the parameters and resolve the caller (the token may be in it), under the app's body
 * limit, as a form or a JSON object like every other /bo body.
 */
async function readGetBody(request: FastifyRequest, payload: Readable): Promise<void> {
  const { 'content-length': length, 'transfer-encoding': encoding, 'content-type': type = '' } = request.headers;
  if ((length === undefined || length === '0') && encoding === undefined) return;
  const limit = request.server.initialConfig.bodyLimit ?? 1024 * 1024;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of payload) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new HttpError(413, 'The request body is too large');
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return;
  if (type.includes('json')) {
    try {
      request.body = JSON.parse(text);
    } catch {
      throw badRequest('The body is not valid JSON');
    }
  } else if (type.includes('application/x-www-form-urlencoded')) {
    request.body = { ...parseForm(text) };
  } else {
    throw new HttpError(415, 'Unsupported content type: send a form or JSON');
  }
}

export function boPlayerRoutes(app: FastifyInstance, deps: FacadeDependencies): void {
  const players = facadeDocument(deps, PLAYERS);
  const lookUp = async (request: FastifyRequest) => {
    const prefix = requiredText(boFields(request), 'license_number');
    const data = await players({ prefix }, callerOf(request));
    return boAnswer({ list: data.playersByLicenseNumber.map(boPlayer) });
  };
  app.get(
    '/players',
    {
      config: { doc: BO_PLAYERS_DOC },
      preParsing: async (request, _reply, payload) => {
        await readGetBody(request, payload);
        return payload;
      },
    },
    lookUp,
  );
  app.post('/players', { config: { doc: BO_PLAYERS_POST_DOC } }, lookUp);
}
