// Recording a game as it is played: mutations for the officials' `games:write` keys. Each one is
// a write of src/live/game-writer.ts; the score follows from the events through the domain rules.
import { assertMayStartOutsideWindow } from '../domain/access.js';
import type { GameWrite } from '../domain/game-write.js';
import { writeGame, type WriteOutcome } from '../live/game-writer.js';
import { builder } from './builder.js';
import type { GraphQLContext } from './context.js';
import { GameDecisionEnum, PenaltyKindEnum, TeamSideEnum } from './scalars.js';

const GameWriteResult = builder.objectRef<WriteOutcome>('GameWriteResult').implement({
  description: 'What a live write left: the game as it is now, its new version, and the event written, corrected or deleted.',
  fields: (t) => ({
    version: t.exposeInt('version', { description: 'Send it as expectedVersion with the next write to be told of writes in between.' }),
    replayed: t.exposeBoolean('replayed', { description: 'True when this idempotency key was written before: nothing was written again.' }),
    eventId: t.exposeInt('eventId', { nullable: true }),
    game: t.prismaField({
      type: 'Game',
      resolve: (query, outcome, _args, ctx) => ctx.prisma.game.findUniqueOrThrow({ ...query, where: { id: outcome.gameId } }),
    }),
    event: t.prismaField({
      type: 'GameEvent',
      nullable: true,
      description: 'The event as it is now; null for a transition, or once deleted.',
      resolve: (query, outcome, _args, ctx) => {
        const selection = { ...query };
        return outcome.eventId === null ? null : ctx.prisma.gameEvent.findUnique({ ...selection, where: { id: outcome.eventId } });
      },
    }),
  }),
});

type InputFieldBuilder = PothosSchemaTypes.InputFieldBuilder<
  typeof builder extends PothosSchemaTypes.SchemaBuilder<infer Types> ? Types : never,
  'InputObject'
>;

/** The fields every write carries: which game, the retry key, and optionally the version the client saw. */
const writeFields = (t: InputFieldBuilder) => ({
  gameId: t.int({ required: true }),
  idempotencyKey: t.string({
    required: true,
    description: 'Unique per write, the same for every retry of it (a UUID, say): a retry returns the first result and writes nothing.',
  }),
  expectedVersion: t.int({ description: 'The game version this write is based on; another is a CONFLICT naming the current one.' }),
});

const eventFields = (t: InputFieldBuilder) => ({
  side: t.field({ type: TeamSideEnum, required: true }),
  second: t.int({
    required: true,
    description: 'Game clock in seconds: 0–1200 in period 1, 1200–2400 in period 2, 2400–3600 in period 3, 3600–4200 in overtime.',
  }),
});

const StartGameInput = builder.inputType('StartGameInput', {
  fields: (t) => ({
    ...writeFields(t),
    outsideStartWindow: t.boolean({
      description:
        'Start the game although it is not within the start window around its scheduled start (GAME_START_EARLY_MINUTES before to GAME_START_LATE_MINUTES after): a federation key only.',
    }),
  }),
});
const EndPeriodInput = builder.inputType('EndPeriodInput', { fields: (t) => writeFields(t) });
const RecordGoalInput = builder.inputType('RecordGoalInput', {
  fields: (t) => ({
    ...writeFields(t),
    ...eventFields(t),
    scorerLicenseId: t.int({ description: "The scorer's license; must be on the side's game sheet." }),
    assistLicenseId: t.int(),
    ownGoal: t.boolean({ description: 'Credited to `side`; names no player.' }),
    penaltyShot: t.boolean({ description: 'Scored from a penalty shot during play.' }),
  }),
});
const RecordPenaltyInput = builder.inputType('RecordPenaltyInput', {
  fields: (t) => ({
    ...writeFields(t),
    ...eventFields(t),
    playerLicenseId: t.int({ description: 'The penalized player; absent for a bench penalty.' }),
    kind: t.field({ type: PenaltyKindEnum, required: true }),
    reason: t.string(),
  }),
});
const RecordTimeoutInput = builder.inputType('RecordTimeoutInput', { fields: (t) => ({ ...writeFields(t), ...eventFields(t) }) });
const FinishGameInput = builder.inputType('FinishGameInput', {
  fields: (t) => ({
    ...writeFields(t),
    decidedBy: t.field({ type: GameDecisionEnum, required: true }),
    shootoutWinner: t.field({ type: TeamSideEnum, description: 'For a game decided by penalty shots.' }),
  }),
});
const CorrectEventInput = builder.inputType('CorrectEventInput', {
  fields: (t) => ({
    ...writeFields(t),
    eventId: t.int({ required: true }),
    second: t.int(),
    side: t.field({ type: TeamSideEnum }),
    playerLicenseId: t.int({ description: 'The scorer of a goal, the penalized player of a penalty.' }),
    assistLicenseId: t.int(),
    penaltyKind: t.field({ type: PenaltyKindEnum }),
    reason: t.string(),
  }),
});
const DeleteEventInput = builder.inputType('DeleteEventInput', { fields: (t) => ({ ...writeFields(t), eventId: t.int({ required: true }) }) });

interface WriteInput {
  gameId: number;
  idempotencyKey: string;
  expectedVersion?: number | null;
}

/** Writes with the request's key (looked up for this request: a revoked key stops at once), then tells caches and subscribers. */
async function write(ctx: GraphQLContext, input: WriteInput, gameWrite: GameWrite): Promise<WriteOutcome> {
  const credential = ctx.access.credential('Recording games');
  const outcome = await writeGame(
    ctx.prisma,
    credential,
    { gameId: input.gameId, idempotencyKey: input.idempotencyKey, expectedVersion: input.expectedVersion, write: gameWrite },
    ctx.clock.now(),
    ctx.startWindow,
  );
  if (outcome.change) ctx.live?.changes.publish({ kind: 'game', game: outcome.change });
  return outcome;
}

builder.mutationFields((t) => ({
  startGame: t.field({
    type: GameWriteResult,
    description: 'Starts a scheduled game: it goes live and period 1 begins.',
    args: { input: t.arg({ type: StartGameInput, required: true }) },
    resolve: (_root, { input }, ctx) => {
      if (input.outsideStartWindow) assertMayStartOutsideWindow(ctx.access.credential('Recording games'));
      return write(ctx, input, input.outsideStartWindow ? { kind: 'startGame', outsideStartWindow: true } : { kind: 'startGame' });
    },
  }),
  recordGoal: t.field({
    type: GameWriteResult,
    args: { input: t.arg({ type: RecordGoalInput, required: true }) },
    resolve: (_root, { input }, ctx) =>
      write(ctx, input, {
        kind: 'recordGoal',
        side: input.side,
        second: input.second,
        scorerLicenseId: input.scorerLicenseId,
        assistLicenseId: input.assistLicenseId,
        ownGoal: input.ownGoal,
        penaltyShot: input.penaltyShot,
      }),
  }),
  recordPenalty: t.field({
    type: GameWriteResult,
    args: { input: t.arg({ type: RecordPenaltyInput, required: true }) },
    resolve: (_root, { input }, ctx) =>
      write(ctx, input, {
        kind: 'recordPenalty',
        side: input.side,
        second: input.second,
        playerLicenseId: input.playerLicenseId,
        penaltyKind: input.kind,
        reason: input.reason,
      }),
  }),
  recordTimeout: t.field({
    type: GameWriteResult,
    description: 'One timeout per team and game.',
    args: { input: t.arg({ type: RecordTimeoutInput, required: true }) },
    resolve: (_root, { input }, ctx) => write(ctx, input, { kind: 'recordTimeout', side: input.side, second: input.second }),
  }),
  endPeriod: t.field({
    type: GameWriteResult,
    description: 'Ends the period being played; the next one begins (after regulation only a tie goes on, into overtime).',
    args: { input: t.arg({ type: EndPeriodInput, required: true }) },
    resolve: (_root, { input }, ctx) => write(ctx, input, { kind: 'endPeriod' }),
  }),
  finishGame: t.field({
    type: GameWriteResult,
    description: 'The final whistle: REGULAR after period 3, OVERTIME after a golden goal, PENALTY_SHOTS after a tied overtime (name the shootout winner).',
    args: { input: t.arg({ type: FinishGameInput, required: true }) },
    resolve: (_root, { input }, ctx) => write(ctx, input, { kind: 'finishGame', decidedBy: input.decidedBy, shootoutWinner: input.shootoutWinner }),
  }),
  correctEvent: t.field({
    type: GameWriteResult,
    description: 'Corrects a goal, penalty or timeout of a game being played; fields left out stay as they are.',
    args: { input: t.arg({ type: CorrectEventInput, required: true }) },
    resolve: (_root, { input }, ctx) =>
      write(ctx, input, {
        kind: 'correctEvent',
        eventId: input.eventId,
        second: input.second,
        side: input.side,
        playerLicenseId: input.playerLicenseId,
        assistLicenseId: input.assistLicenseId,
        penaltyKind: input.penaltyKind,
        reason: input.reason,
      }),
  }),
  deleteEvent: t.field({
    type: GameWriteResult,
    description: 'Deletes a goal, penalty or timeout of a game being played.',
    args: { input: t.arg({ type: DeleteEventInput, required: true }) },
    resolve: (_root, { input }, ctx) => write(ctx, input, { kind: 'deleteEvent', eventId: input.eventId }),
  }),
}));
