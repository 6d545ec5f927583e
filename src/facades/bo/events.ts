// POST /bo/games/:game_id/events and DELETE /bo/games/:game_id/events/:event_id: an event of any
// documented category becomes its canonical mutation (categories.ts); team and player ids become
// sides and licenses (write-context.ts); `time` (h:mm:ss) becomes the game second. The writes are
// one table, a runner per shape of the event-kind catalogue (src/domain/event-kinds.ts).
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Caller } from '../../auth/caller.js';
import { otherSide, type RecordedShape } from '../../domain/event-kinds.js';
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

/** What every record sends: the game, the write's idempotency, the game second and the wall-clock moment. */
type Base = WriteIdempotency & { gameId: number; second: number; worldTime: ReturnType<typeof worldTime> };

type CategoryMap = { [S in RecordedShape]: Extract<CategoryWrite, { write: S }> };
type RecordWrite<C> = (category: C, fields: BoFields, context: WriteContext, base: Base, caller: Caller) => Promise<Written>;
/** A shape's write, prepared for an app: its mutation, the input it builds from the fields, and what it answers. */
type Recorder<C> = (deps: FacadeDependencies) => RecordWrite<C>;

function recorder<C, TInput, TData>(
  document: TypedDocumentNode<TData, { input: TInput }>,
  input: (category: C, fields: BoFields, context: WriteContext, base: Base) => NoInfer<TInput>,
  written: (data: TData) => Written,
): Recorder<C> {
  return (deps) => {
    const run = facadeMutation(deps, document);
    return async (category, fields, context, base, caller) => written(await run({ input: input(category, fields, context, base) }, caller));
  };
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

/** Every shape's write; a new shape in the catalogue is refused here until it has one. */
const RECORDERS: { [S in RecordedShape]: Recorder<CategoryMap[S]> } = {
  goal: recorder(
    RECORD_GOAL,
    (category, fields, context, base) => {
      const side = sideIn(fields, context);
      return {
        ...base,
        side,
        scorerLicenseId: licenseIn(fields, 'player_id', context, side),
        // A penalty shot has no assist (the documentation's GamePenalty).
        assistLicenseId: category.penaltyShot ? undefined : licenseIn(fields, 'assister_id', context, side),
        penaltyShot: category.penaltyShot,
        code: category.code,
      };
    },
    (data) => data.recordGoal,
  ),
  ownGoal: recorder(
    RECORD_GOAL,
    (_category, fields, context, base) => {
      // Sent for the team of the player who scored it (on that team's sheet); it counts for the other side.
      const scorers = sideIn(fields, context);
      return { ...base, side: otherSide(scorers), ownGoal: true, scorerLicenseId: licenseIn(fields, 'player_id', context, scorers) };
    },
    (data) => data.recordGoal,
  ),
  penalty: recorder(
    RECORD_PENALTY,
    (category, fields, context, base) => {
      const side = sideIn(fields, context, category.side);
      return {
        ...base,
        side,
        kind: category.penaltyKind,
        role: category.role,
        code: integerField(fields, 'code'),
        playerLicenseId: licenseIn(fields, 'player_id', context, side),
      };
    },
    (data) => data.recordPenalty,
  ),
  penaltyEnd: recorder(
    RECORD_PENALTY_END,
    (_category, fields, context, base) => {
      const side = sideIn(fields, context);
      return { ...base, side, playerLicenseId: requiredLicense(fields, 'player_id', context, side) };
    },
    (data) => data.recordPenaltyEnd,
  ),
  timeout: recorder(
    RECORD_TIMEOUT,
    (category, fields, context, base) => ({ ...base, side: sideIn(fields, context, category.side) }),
    (data) => data.recordTimeout,
  ),
  teamEvent: recorder(
    RECORD_TEAM_EVENT,
    (category, fields, context, base) => ({ ...base, side: sideIn(fields, context), kind: category.type }),
    (data) => data.recordTeamEvent,
  ),
  playerEvent: recorder(
    RECORD_PLAYER_EVENT,
    (category, fields, context, base) => {
      const side = sideIn(fields, context);
      return { ...base, side, kind: category.type, playerLicenseId: requiredLicense(fields, 'player_id', context, side) };
    },
    (data) => data.recordPlayerEvent,
  ),
  misc: recorder(
    RECORD_MISC,
    (_category, fields, context, base) => {
      const code = integerField(fields, 'code');
      if (code === undefined) throw badRequest('code is required for a misc event (category_id 39)');
      const named = integerField(fields, 'player_id') !== undefined;
      // A misc event names a player of a side when it names one; team_id says which side, or the player's sheet does.
      const side = named || integerField(fields, 'team_id') !== undefined ? sideIn(fields, context) : undefined;
      return { ...base, code, side, playerLicenseId: side === undefined ? undefined : licenseIn(fields, 'player_id', context, side) };
    },
    (data) => data.recordMisc,
  ),
  inspection: recorder(
    RECORD_INSPECTION,
    (category, _fields, _context, base) => ({ ...base, done: category.done }),
    (data) => data.recordInspection,
  ),
};

export function boEventRoutes(app: FastifyInstance, deps: FacadeDependencies): void {
  const contextOf = writeContextLoader(deps);
  // Object.entries loses the pairing of each shape with its recorder's category type; the table above holds it.
  const records = Object.fromEntries(Object.entries(RECORDERS).map(([shape, prepare]) => [shape, prepare(deps)])) as unknown as {
    [S in RecordedShape]: RecordWrite<CategoryMap[S]>;
  };
  const deleteEvent = facadeMutation(deps, DELETE_EVENT);

  function record<S extends RecordedShape>(
    shape: S,
    category: CategoryMap[S],
    fields: BoFields,
    context: WriteContext,
    keyed: WriteIdempotency,
    caller: Caller,
  ) {
    const base = { gameId: context.gameId, ...keyed, second: gameTime(fields, 'time'), worldTime: worldTime(fields) };
    return records[shape](category, fields, context, base, caller);
  }

  app.post('/games/:game_id/events', { config: { doc: BO_EVENT_DOC } }, async (request: FastifyRequest, reply: FastifyReply) => {
    const fields = boFields(request);
    const category = categoryIn(fields);
    const caller = callerOf(request);
    const context = await contextOf(gameIdOf(request), caller);
    const written = await record(category.write, category, fields, context, writeIdempotency(request, fields), caller);
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
