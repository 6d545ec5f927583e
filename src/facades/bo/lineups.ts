// PUT /bo/games/:game_id/lineups/:team_id: a team's whole sheet for the game, as `positions`
// (player_id or license_id, number, captain, goalkeeper or position, do_not_remember_number), or
// as bare `player_ids` / `license_ids`. Which license a player's line uses, which number and
// position a line without one takes and what a sheet must satisfy are the schema's (writeGameSheet).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LINEUP_LIMITS } from '../../domain/lineup.js';
import { callerOf } from '../../http/caller.js';
import { graphql } from '../generated/gql.js';
import type { GameSheetLineInput, PlayerPosition } from '../generated/graphql.js';
import { badRequest } from '../shared/errors.js';
import { type FacadeDependencies, facadeMutation } from '../shared/facade.js';
import { boWritten } from './envelope.js';
import { BO_LINEUP_DOC } from './docs.js';
import { type BoFields, boFields, idList, integerField, textField, yesNo } from './fields.js';
import { writeIdempotency } from '../shared/idempotency.js';
import { gameIdOf, teamIdOf } from './paths.js';
import { boPosition } from './report.js';
import { writeContextLoader } from './write-context.js';

const WRITE_SHEET = graphql(`
  mutation BoWriteLineup($input: WriteGameSheetInput!) {
    writeGameSheet(input: $input) { replayed lines { ...BoPosition } game { id topScorerPlayerIds } }
  }
`);

/** A sheet has at most LINEUP_LIMITS.maxPlayers players; twice that many lines are read, so that the rules (not this cap) say a sheet is too long. */
const MAX_POSITIONS = 2 * LINEUP_LIMITS.maxPlayers;

/** The lineup interface's positions (v3 `team_member.position`) as the sheet's. */
const POSITIONS: Readonly<Record<string, PlayerPosition>> = {
  goalkeeper: 'GOALKEEPER',
  defender: 'DEFENDER',
  defender_left: 'DEFENDER',
  defender_right: 'DEFENDER',
  center: 'CENTER',
  forward_center: 'CENTER',
  forward: 'FORWARD',
  forward_left: 'FORWARD',
  forward_right: 'FORWARD',
};

function positionLine(entry: unknown, index: number): GameSheetLineInput {
  if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) throw badRequest(`positions[${index}] must be an object`);
  const fields = entry as BoFields;
  const name = (field: string) => `positions[${index}].${field}`;
  const playerId = integerField(fields, 'player_id');
  const licenseId = integerField(fields, 'license_id');
  if ((playerId === undefined) === (licenseId === undefined))
    throw badRequest(`${name('player_id')}: name the player by player_id or by license_id, one of them`);
  const positionText = textField(fields, 'position')?.toLowerCase();
  if (positionText !== undefined && !POSITIONS[positionText])
    throw badRequest(`${name('position')} must be one of ${Object.keys(POSITIONS).join(', ')}; got "${positionText}"`);
  const goalkeeper = yesNo(fields.goalkeeper, name('goalkeeper'));
  const position = goalkeeper ? 'GOALKEEPER' : positionText !== undefined ? POSITIONS[positionText] : undefined;
  const doNotRemember = yesNo(fields.do_not_remember_number, name('do_not_remember_number'));
  return {
    ...(playerId === undefined ? { licenseId } : { playerId }),
    number: integerField(fields, 'number'),
    position,
    captain: yesNo(fields.captain, name('captain')) ?? false,
    rememberNumber: doNotRemember !== true,
  };
}

function linesIn(fields: BoFields): GameSheetLineInput[] {
  if (fields.positions !== undefined) {
    if (!Array.isArray(fields.positions)) throw badRequest('positions must be a list of positions');
    if (fields.positions.length > MAX_POSITIONS) throw badRequest(`positions takes at most ${MAX_POSITIONS} lines`);
    return fields.positions.map(positionLine);
  }
  if (fields.player_ids !== undefined) return idList(fields.player_ids, 'player_ids').map((playerId) => ({ playerId }));
  if (fields.license_ids !== undefined) return idList(fields.license_ids, 'license_ids').map((licenseId) => ({ licenseId }));
  throw badRequest('The lineup is positions, player_ids or license_ids');
}

export function boLineupRoutes(app: FastifyInstance, deps: FacadeDependencies): void {
  const contextOf = writeContextLoader(deps);
  const writeSheet = facadeMutation(deps, WRITE_SHEET);

  app.put('/games/:game_id/lineups/:team_id', { config: { doc: BO_LINEUP_DOC } }, async (request: FastifyRequest, reply: FastifyReply) => {
    const fields = boFields(request);
    const lines = linesIn(fields);
    const caller = callerOf(request);
    const context = await contextOf(gameIdOf(request), caller);
    const input = { gameId: context.gameId, side: context.sideOf(teamIdOf(request)), lines, ...writeIdempotency(request, fields) };
    const { writeGameSheet: written } = await writeSheet({ input }, caller);
    const topScorers = new Set(written.game.topScorerPlayerIds);
    return boWritten(reply, written.replayed, { positions: written.lines.map((line) => boPosition(line, written.game.id, topScorers)) }, 'lineup');
  });
}
