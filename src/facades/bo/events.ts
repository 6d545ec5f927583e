// POST /bo/games/:game_id/events and DELETE /bo/games/:game_id/events/:event_id: an event of any
// documented category becomes its canonical mutation (categories.ts); team and player ids become
// sides and licenses (write-context.ts); `time` (h:mm:ss) becomes the game second.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Caller } from '../../auth/caller.js';
import { otherSide } from '../../domain/event-kinds.js';
import { callerOf } from '../../http/caller.js';
import { graphql } from '../generated/gql.js';
import type { TeamSide } from '../generated/graphql.js';
import { badRequest } from '../shared/errors.js';
import { type FacadeDependencies, facadeMutation } from '../shared/facade.js';
import { CATEGORIES, CATEGORY_IDS, type CategoryWrite } from './categories.js';
import { BO_DELETE_EVENT_DOC, BO_EVENT_DOC } from './docs.js';
import { boWritten } from './envelope.js';
import { type BoFields, boFields, gameTime, integerField, requiredInteger, worldTime } from './fields.js';
import { type WriteIdempotency, writeIdempotency } from '../shared/idempotency.js';
import { eventIdOf, gameIdOf } from './paths.js';
import { boEvent, type BoEventData } from './report.js';
import { type WriteContext, writeContextLoader } from './write-context.js';

const RECORD_GOAL = graphql(`
  mutation BoRecordGoal($input: RecordGoalInput!) { recordGoal(input: $input) { replayed event { ...BoEvent } } }
`);
const RECORD_PENALTY = graphql(`
  mutation BoRecordPenalty($input: RecordPenaltyInput!) { recordPenalty(input: $input) { replayed event { ...BoEvent } } }
`);
const RECORD_PENALTY_END = graphql(`
  mutation BoRecordPenaltyEnd($input: RecordPenaltyEndInput!) { recordPenaltyEnd(input: $input) { replayed event { ...BoEvent } } }
`);
const RECORD_TIMEOUT = graphql(`
  mutation BoRecordTimeout($input: RecordTimeoutInput!) { recordTimeout(input: $input) { replayed event { ...BoEvent } } }
`);
const RECORD_TEAM_EVENT = graphql(`
  mutation BoRecordTeamEvent($input: RecordTeamEventInput!) { recordTeamEvent(input: $input) { replayed event { ...BoEvent } } }
`);
const RECORD_PLAYER_EVENT = graphql(`
  mutation BoRecordPlayerEvent($input: RecordPlayerEventInput!) { recordPlayerEvent(input: $input) { replayed event { ...BoEvent } } }
`);
const RECORD_MISC = graphql(`
  mutation BoRecordMisc($input: RecordMiscInput!) { recordMisc(input: $input) { replayed event { ...BoEvent } } }
`);
const RECORD_INSPECTION = graphql(`
  mutation BoRecordInspection($input: RecordInspectionInput!) { recordInspection(input: $input) { replayed event { ...BoEvent } } }
`);
const DELETE_EVENT = graphql(`
  mutation BoDeleteEvent($input: DeleteEventInput!) { deleteEvent(input: $input) { replayed eventId } }
`);

interface Written {
  replayed: boolean;
  event?: BoEventData | null;
}

function categoryIn(fields: BoFields): CategoryWrite {
  const id = requiredInteger(fields, 'category_id');
  const category = CATEGORIES.get(id);
  if (!category) throw badRequest(`category_id ${id} is not an event category; the categories are ${CATEGORY_IDS.join(', ')}`);
  return category;
}

/** The side an event is for: its category's (a home or away timeout or deputy penalty), else `team_id`'s; both must agree. */
function sideIn(fields: BoFields, context: WriteContext, fixed?: TeamSide): TeamSide {
  const teamId = integerField(fields, 'team_id');
  if (teamId === undefined) {
    if (fixed) return fixed;
    throw badRequest('team_id is required: the team the event is for');
  }
  const side = context.sideOf(teamId);
  if (fixed && side !== fixed) throw badRequest(`team_id ${teamId} is the ${side.toLowerCase()} team; this category is the ${fixed.toLowerCase()} team's`);
  return side;
}

/** The license a player field names on the side's sheet; undefined when the field is absent. */
function licenseIn(fields: BoFields, name: string, context: WriteContext, side: TeamSide): number | undefined {
  const playerId = integerField(fields, name);
  return playerId === undefined ? undefined : context.licenseOf(playerId, side, name);
}

function requiredLicense(fields: BoFields, name: string, context: WriteContext, side: TeamSide): number {
  const license = licenseIn(fields, name, context, side);
  if (license === undefined) throw badRequest(`${name} is required for this category`);
  return license;
}

export function boEventRoutes(app: FastifyInstance, deps: FacadeDependencies): void {
  const contextOf = writeContextLoader(deps);
  const goal = facadeMutation(deps, RECORD_GOAL);
  const penalty = facadeMutation(deps, RECORD_PENALTY);
  const penaltyEnd = facadeMutation(deps, RECORD_PENALTY_END);
  const timeout = facadeMutation(deps, RECORD_TIMEOUT);
  const teamEvent = facadeMutation(deps, RECORD_TEAM_EVENT);
  const playerEvent = facadeMutation(deps, RECORD_PLAYER_EVENT);
  const misc = facadeMutation(deps, RECORD_MISC);
  const inspection = facadeMutation(deps, RECORD_INSPECTION);
  const deleteEvent = facadeMutation(deps, DELETE_EVENT);

  async function record(category: CategoryWrite, fields: BoFields, context: WriteContext, keyed: WriteIdempotency, caller: Caller): Promise<Written> {
    const base = { gameId: context.gameId, ...keyed, second: gameTime(fields, 'time'), worldTime: worldTime(fields) };
    switch (category.write) {
      case 'goal': {
        const side = sideIn(fields, context);
        const input = {
          ...base,
          side,
          scorerLicenseId: licenseIn(fields, 'player_id', context, side),
          // A penalty shot has no assist (the documentation's GamePenalty).
          assistLicenseId: category.penaltyShot ? undefined : licenseIn(fields, 'assister_id', context, side),
          penaltyShot: category.penaltyShot,
          code: category.code,
        };
        return (await goal({ input }, caller)).recordGoal;
      }
      case 'ownGoal': {
        // Sent for the team of the player who scored it (on that team's sheet); it counts for the other side.
        const scorers = sideIn(fields, context);
        const input = { ...base, side: otherSide(scorers), ownGoal: true, scorerLicenseId: licenseIn(fields, 'player_id', context, scorers) };
        return (await goal({ input }, caller)).recordGoal;
      }
      case 'penalty': {
        const side = sideIn(fields, context, category.side);
        const input = {
          ...base,
          side,
          kind: category.kind,
          role: category.role,
          code: integerField(fields, 'code'),
          playerLicenseId: licenseIn(fields, 'player_id', context, side),
        };
        return (await penalty({ input }, caller)).recordPenalty;
      }
      case 'penaltyEnd': {
        const side = sideIn(fields, context);
        return (await penaltyEnd({ input: { ...base, side, playerLicenseId: requiredLicense(fields, 'player_id', context, side) } }, caller)).recordPenaltyEnd;
      }
      case 'timeout':
        return (await timeout({ input: { ...base, side: sideIn(fields, context, category.side) } }, caller)).recordTimeout;
      case 'teamEvent':
        return (await teamEvent({ input: { ...base, side: sideIn(fields, context), kind: category.kind } }, caller)).recordTeamEvent;
      case 'playerEvent': {
        const side = sideIn(fields, context);
        const input = { ...base, side, kind: category.kind, playerLicenseId: requiredLicense(fields, 'player_id', context, side) };
        return (await playerEvent({ input }, caller)).recordPlayerEvent;
      }
      case 'misc': {
        const code = integerField(fields, 'code');
        if (code === undefined) throw badRequest('code is required for a misc event (category_id 39)');
        const named = integerField(fields, 'player_id') !== undefined;
        // A misc event names a player of a side when it names one; team_id says which side, or the player's sheet does.
        const side = named || integerField(fields, 'team_id') !== undefined ? sideIn(fields, context) : undefined;
        const input = { ...base, code, side, playerLicenseId: side === undefined ? undefined : licenseIn(fields, 'player_id', context, side) };
        return (await misc({ input }, caller)).recordMisc;
      }
      case 'inspection':
        return (await inspection({ input: { ...base, done: category.done } }, caller)).recordInspection;
    }
  }

  app.post('/games/:game_id/events', { config: { doc: BO_EVENT_DOC } }, async (request: FastifyRequest, reply: FastifyReply) => {
    const fields = boFields(request);
    const category = categoryIn(fields);
    const caller = callerOf(request);
    const context = await contextOf(gameIdOf(request), caller);
    const written = await record(category, fields, context, writeIdempotency(request, fields), caller);
    return boWritten(reply, written.replayed, written.event ? boEvent(written.event, context.teams) : null, 'event');
  });

  app.delete('/games/:game_id/events/:event_id', { config: { doc: BO_DELETE_EVENT_DOC } }, async (request: FastifyRequest, reply: FastifyReply) => {
    const fields = boFields(request);
    const eventId = eventIdOf(request);
    const input = { gameId: gameIdOf(request), eventId, ...writeIdempotency(request, fields) };
    const { deleteEvent: deleted } = await deleteEvent({ input }, callerOf(request));
    return boWritten(reply, deleted.replayed, { id: eventId, deleted: true }, 'deletion');
  });
}
