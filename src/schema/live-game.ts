// Recording a game as it is played: mutations for the officials' `games:write` keys. Each one is
// a write of src/live/game-writer.ts; the score follows from the events through the domain rules.
import { assertMayStartOutsideWindow } from '../domain/access.js';
import type { CORRECTABLE_TRANSITIONS } from '../domain/game-transitions.js';
import type { GameWrite } from '../domain/game-write.js';
import { writeGame, type WriteOutcome } from '../live/game-writer.js';
import type { Idempotency } from '../live/write-idempotency.js';
import { builder } from './builder.js';
import type { GraphQLContext } from './context.js';
import { idempotencyFields, type InputFieldBuilder } from './idempotency.js';
import { GameDecisionEnum, PenaltyKindEnum, PenaltyRoleEnum, PLAYER_EVENT_WORDS, PlayerEventKindEnum, TeamEventKindEnum, TeamSideEnum } from './scalars.js';

const GameWriteResult = builder.objectRef<WriteOutcome>('GameWriteResult').implement({
  description: 'What a live write left: the game as it is now, its new version, and the event written, corrected or deleted.',
  fields: (t) => ({
    version: t.exposeInt('version', { description: 'Send it as expectedVersion with the next write to be told of writes in between.' }),
    replayed: t.exposeBoolean('replayed', { description: 'True when this idempotency key was written before: nothing was written again.' }),
    eventId: t.exposeInt('eventId', { nullable: true, description: 'The id of the event written, corrected or deleted; null for a status change.' }),
    game: t.prismaField({
      type: 'Game',
      description: 'The game as it is after the write.',
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

/** The fields every write carries: which game, the retry key and its scope, and optionally the version the client saw. */
const writeFields = (t: InputFieldBuilder) => ({
  gameId: t.int({ required: true, description: 'The game written to, by its id.' }),
  ...idempotencyFields(t),
  expectedVersion: t.int({ description: 'The game version this write is based on; another is a CONFLICT naming the current one.' }),
});

/**
 * The federation's word for a decision outside the game's window (src/domain/result-authority.ts):
 * refused from a desk, required from the federation there, kept in the audit.
 */
const decidingFields = (t: InputFieldBuilder) => ({
  reason: t.string({
    description:
      "Why the game is decided outside its window (from GAME_START_EARLY_MINUTES before its start to the later of GAME_START_LATE_MINUTES after it and the end of its day): a federation key only, and required then; kept in the game's audit.",
  }),
});

/** The federation's word for changing a confirmed or protested result (src/domain/result-life.ts). */
const correctionFields = (t: InputFieldBuilder) => ({
  correctionReason: t.string({
    description:
      "Why a confirmed (or protested) result is changed, 1–200 characters: a federation key only, and required then; kept in the game's audit. Not needed while the result is provisional.",
  }),
});

/** When an event happened: the game clock, and the wall-clock moment the desk recorded it at. */
const clockFields = (t: InputFieldBuilder) => ({
  second: t.int({
    required: true,
    description: 'Game clock in seconds: 0–1200 in period 1, 1200–2400 in period 2, 2400–3600 in period 3, 3600–4200 in overtime.',
  }),
  worldTime: t.field({ type: 'DateTime', description: 'When the desk recorded it, by the wall clock; stored beside the second.' }),
});

const eventFields = (t: InputFieldBuilder) => ({
  side: t.field({ type: TeamSideEnum, required: true, description: 'The side the event is for (a goal: the side it counts for).' }),
  ...clockFields(t),
});

const ForfeitGameInput = builder.inputType('ForfeitGameInput', {
  description: 'A forfeit (forfeitGame).',
  fields: (t) => ({
    ...writeFields(t),
    ...decidingFields(t),
    forfeitingSide: t.field({ type: TeamSideEnum, required: true, description: "The side that forfeits: the other wins by its league's forfeit score." }),
  }),
});
const AbortGameInput = builder.inputType('AbortGameInput', {
  description: 'Stopping a game for good (abortGame).',
  fields: (t) => ({
    ...writeFields(t),
    ...decidingFields(t),
    second: t.int({ description: 'The game clock when play stopped; the last recorded event’s when not given.' }),
  }),
});
const ReportResultInput = builder.inputType('ReportResultInput', {
  description: 'A final result without its events (reportResult).',
  fields: (t) => ({
    ...writeFields(t),
    ...decidingFields(t),
    homeScore: t.int({ required: true, description: "The home team's goals, 0–99 (a shootout win's goal included)." }),
    awayScore: t.int({ required: true, description: "The away team's goals, 0–99 (a shootout win's goal included)." }),
    spectators: t.int({ description: 'Spectators, 0–200,000; left as recorded when not given.' }),
    secondsPlayed: t.int({ description: "Seconds of play; the league format's full length when not given." }),
    overtime: t.boolean({ description: 'Decided in overtime.' }),
    penaltyShootout: t.boolean({ description: 'Decided by penalty shots (the shootout goal counts in the score).' }),
  }),
});
const UndoStatusInput = builder.inputType('UndoStatusInput', {
  description: 'Undoing the last status change (undoStatus).',
  fields: (t) => ({ ...writeFields(t), ...decidingFields(t) }),
});
const CorrectableTransitionEnum = builder.enumType('CorrectableTransition', {
  values: {
    GAME_OVER: { description: 'The final whistle.' },
    PENALTY_SHOOTOUT: { description: 'The start of the penalty shootout (the end of play before it).' },
    FORFEIT: { description: 'A forfeit recorded during play.' },
    ABORTED: { description: 'An abort: the second play stopped at.' },
  } satisfies Record<(typeof CORRECTABLE_TRANSITIONS)[number], { description: string }>,
  description: 'A past status change whose second may be corrected; the periods start at fixed seconds.',
});
const CorrectTransitionInput = builder.inputType('CorrectTransitionInput', {
  description: 'Correcting the second of a past status change (correctTransition).',
  fields: (t) => ({
    ...writeFields(t),
    ...decidingFields(t),
    to: t.field({ type: CorrectableTransitionEnum, required: true, description: 'The status change to correct.' }),
    second: t.int({ required: true, description: 'The game clock, in seconds, it happened at.' }),
  }),
});
const RecordSpectatorsInput = builder.inputType('RecordSpectatorsInput', {
  description: 'The spectators of a game (recordSpectators).',
  fields: (t) => ({ ...writeFields(t), spectators: t.int({ required: true, description: 'Spectators as counted, 0–200,000.' }) }),
});

const StartGameInput = builder.inputType('StartGameInput', {
  description: 'Starting a game (startGame).',
  fields: (t) => ({
    ...writeFields(t),
    ...decidingFields(t),
    outsideStartWindow: t.boolean({
      description:
        'Start the game although it is not within the start window around its scheduled start (GAME_START_EARLY_MINUTES before to GAME_START_LATE_MINUTES after): a federation key only.',
    }),
  }),
});
const EndPeriodInput = builder.inputType('EndPeriodInput', {
  description: 'Ending the period being played (endPeriod).',
  fields: (t) => ({
    ...writeFields(t),
    beforePenaltyShootout: t.boolean({
      description:
        "The end of play before penalty shots (the back office's start_penalty_shootout without its winner): only at the end of a tied overtime, or of regulation in a league without overtime; refused anywhere else.",
    }),
  }),
});
const StartPeriodInput = builder.inputType('StartPeriodInput', {
  description: 'Beginning the next period (startPeriod).',
  fields: (t) => ({
    ...writeFields(t),
    worldTime: t.field({ type: 'DateTime', description: 'When play resumed, by the wall clock; the moment of the write when not given.' }),
  }),
});
const RecordGoalInput = builder.inputType('RecordGoalInput', {
  description: 'A goal (recordGoal).',
  fields: (t) => ({
    ...writeFields(t),
    ...eventFields(t),
    scorerLicenseId: t.int({ description: "The scorer's license; must be on the side's game sheet (an own goal's: on the other side's)." }),
    assistLicenseId: t.int({ description: "The assisting player's license, on the same side's game sheet as the scorer; absent: no assist." }),
    ownGoal: t.boolean({ description: 'Credited to `side`, the side it counts for; its scorer, if named, plays for the other side. No assist.' }),
    penaltyShot: t.boolean({ description: 'Scored from a penalty shot during play.' }),
    code: t.int({
      description:
        "Only with penaltyShot: the federation's category the desk recorded it as, 164 (GamePenalty) or 29 (Penalty hit); kept as the event's `code`.",
    }),
  }),
});
const RecordPenaltyInput = builder.inputType('RecordPenaltyInput', {
  description: 'A penalty (recordPenalty).',
  fields: (t) => ({
    ...writeFields(t),
    ...eventFields(t),
    playerLicenseId: t.int({ description: 'The penalized player; absent for a bench penalty; the one who serves it for an ASSIST or DEPUTY role.' }),
    kind: t.field({ type: PenaltyKindEnum, required: true, description: "The penalty's kind." }),
    role: t.field({ type: PenaltyRoleEnum, description: "OFFENDER when not given: the player's own penalty." }),
    code: t.int({ description: "The federation's offence code, 0–999." }),
    reason: t.string({ description: 'The offence in words, as the desk gives it; kept as the event’s `penaltyReason`.' }),
  }),
});
const RecordTimeoutInput = builder.inputType('RecordTimeoutInput', {
  description: 'A team timeout (recordTimeout).',
  fields: (t) => ({ ...writeFields(t), ...eventFields(t) }),
});
const RecordPenaltyEndInput = builder.inputType('RecordPenaltyEndInput', {
  description: "The end of a player's last penalty (recordPenaltyEnd).",
  fields: (t) => ({
    ...writeFields(t),
    ...eventFields(t),
    playerLicenseId: t.int({ required: true, description: 'The player whose last penalty ended; they have a penalty for the side before it.' }),
  }),
});
const RecordTeamEventInput = builder.inputType('RecordTeamEventInput', {
  description: "A side's goalie leaving the goal or coming back (recordTeamEvent).",
  fields: (t) => ({
    ...writeFields(t),
    ...eventFields(t),
    kind: t.field({ type: TeamEventKindEnum, required: true, description: 'GOALIE_OUT or GOALIE_BACK.' }),
  }),
});
const RecordPlayerEventInput = builder.inputType('RecordPlayerEventInput', {
  description: 'Something that happens to one player (recordPlayerEvent).',
  fields: (t) => ({
    ...writeFields(t),
    ...eventFields(t),
    kind: t.field({ type: PlayerEventKindEnum, required: true, description: 'What happened.' }),
    playerLicenseId: t.int({ required: true, description: "The player; must be on the side's game sheet." }),
  }),
});
const RecordMiscInput = builder.inputType('RecordMiscInput', {
  description: 'A federation code without a kind of its own (recordMisc).',
  fields: (t) => ({
    ...writeFields(t),
    ...clockFields(t),
    code: t.int({ required: true, description: "The federation's code, 0–999." }),
    side: t.field({ type: TeamSideEnum, description: 'The side whose game sheet the player is on; given with the player.' }),
    playerLicenseId: t.int({ description: "The player it names, by license, on `side`'s game sheet; absent: no player." }),
  }),
});
const RecordInspectionInput = builder.inputType('RecordInspectionInput', {
  description: 'The player inspection (recordInspection).',
  fields: (t) => ({
    ...writeFields(t),
    ...clockFields(t),
    done: t.boolean({ required: true, description: 'True: the licenses were checked; false: skipped.' }),
  }),
});
const FinishGameInput = builder.inputType('FinishGameInput', {
  description: 'The final whistle (finishGame).',
  fields: (t) => ({
    ...writeFields(t),
    ...decidingFields(t),
    decidedBy: t.field({
      type: GameDecisionEnum,
      description:
        'Absent: as the game stands: OVERTIME or (tied) PENALTY_SHOTS in overtime, PENALTY_SHOTS when tied after the last period without overtime, else REGULAR.',
    }),
    shootoutWinner: t.field({ type: TeamSideEnum, description: 'For a game decided by penalty shots.' }),
  }),
});
const CorrectEventInput = builder.inputType('CorrectEventInput', {
  description: 'A correction of a recorded event (correctEvent): the fields given replace the event’s, those left out stay.',
  fields: (t) => ({
    ...writeFields(t),
    eventId: t.int({ required: true, description: 'The event to correct, by its id.' }),
    second: t.int({ description: 'The game clock, in seconds, it happened at.' }),
    side: t.field({ type: TeamSideEnum, description: 'The side it is for.' }),
    playerLicenseId: t.int({ description: 'The scorer of a goal, the penalized player of a penalty.' }),
    assistLicenseId: t.int({ description: "A goal's assisting player, by license." }),
    penaltyKind: t.field({ type: PenaltyKindEnum, description: "A penalty's kind." }),
    reason: t.string({ description: "A penalty's offence in words." }),
    penaltyRole: t.field({ type: PenaltyRoleEnum, description: "A penalty's role." }),
    code: t.int({ description: "A penalty's or a MISC event's federation code, 0–999." }),
    worldTime: t.field({ type: 'DateTime', description: 'When the desk recorded it, by the wall clock.' }),
    ...correctionFields(t),
  }),
});
const DeleteEventInput = builder.inputType('DeleteEventInput', {
  description: 'Deleting a recorded event (deleteEvent).',
  fields: (t) => ({ ...writeFields(t), eventId: t.int({ required: true, description: 'The event to delete, by its id.' }), ...correctionFields(t) }),
});

const reasonField = (t: InputFieldBuilder, description: string) => ({ reason: t.string({ required: true, description }) });
const ProtestResultInput = builder.inputType('ProtestResultInput', {
  description: "A club's protest against its game's provisional result (protestResult).",
  fields: (t) => ({ ...writeFields(t), ...reasonField(t, "What the club protests, 1–200 characters; public in the result's protest.") }),
});
const UpholdProtestInput = builder.inputType('UpholdProtestInput', {
  description: "The federation's decision to uphold a protest, with the corrected score (upholdProtest).",
  fields: (t) => ({
    ...writeFields(t),
    ...reasonField(t, 'Why the protest is upheld and the score corrected, 1–200 characters; public in the decision.'),
    homeScore: t.int({ required: true, description: "The home team's goals as corrected, 0–99." }),
    awayScore: t.int({ required: true, description: "The away team's goals as corrected, 0–99." }),
  }),
});
const RejectProtestInput = builder.inputType('RejectProtestInput', {
  description: "The federation's decision to reject a protest (rejectProtest).",
  fields: (t) => ({ ...writeFields(t), ...reasonField(t, 'Why the protest is rejected, 1–200 characters; public in the decision.') }),
});
const ConfirmResultInput = builder.inputType('ConfirmResultInput', {
  description: "The federation's confirmation of a provisional result before its protest window closes (confirmResult).",
  fields: (t) => ({ ...writeFields(t), reason: t.string({ description: "Why it is confirmed early, 1–200 characters; kept in the game's audit." }) }),
});

interface WriteInput extends Idempotency {
  gameId: number;
  expectedVersion?: number | null;
}

/** Writes with the request's key (looked up for this request: a revoked key stops at once), then tells caches and subscribers. */
async function write(ctx: GraphQLContext, input: WriteInput, gameWrite: GameWrite): Promise<WriteOutcome> {
  const credential = ctx.access.credential('Recording games');
  const outcome = await writeGame(
    ctx.prisma,
    credential,
    {
      gameId: input.gameId,
      idempotencyKey: input.idempotencyKey,
      idempotencyScope: input.idempotencyScope,
      expectedVersion: input.expectedVersion,
      write: gameWrite,
    },
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
    args: { input: t.arg({ type: StartGameInput, required: true, description: 'The game to start, with the retry key.' }) },
    resolve: (_root, { input }, ctx) => {
      if (input.outsideStartWindow) assertMayStartOutsideWindow(ctx.access.credential('Recording games'));
      return write(
        ctx,
        input,
        input.outsideStartWindow ? { kind: 'startGame', outsideStartWindow: true, reason: input.reason } : { kind: 'startGame', reason: input.reason },
      );
    },
  }),
  recordGoal: t.field({
    type: GameWriteResult,
    description:
      'Records a goal of a game being played, for the side it counts for; the score follows. An own goal names its scorer of the other side; a penalty-shot goal is marked as one.',
    args: {
      input: t.arg({
        type: RecordGoalInput,
        required: true,
        description: 'The goal: the game, the side it counts for, the clock, scorer and assist, with the retry key.',
      }),
    },
    resolve: (_root, { input }, ctx) =>
      write(ctx, input, {
        kind: 'recordGoal',
        side: input.side,
        second: input.second,
        scorerLicenseId: input.scorerLicenseId,
        assistLicenseId: input.assistLicenseId,
        ownGoal: input.ownGoal,
        penaltyShot: input.penaltyShot,
        code: input.code,
        worldTime: input.worldTime,
      }),
  }),
  recordPenalty: t.field({
    type: GameWriteResult,
    description: "Records a penalty of a game being played: the penalized player (none for a bench penalty), its kind and role, the offence's code and words.",
    args: {
      input: t.arg({
        type: RecordPenaltyInput,
        required: true,
        description: 'The penalty: the game, the side, the clock, the player, its kind and role, with the retry key.',
      }),
    },
    resolve: (_root, { input }, ctx) =>
      write(ctx, input, {
        kind: 'recordPenalty',
        side: input.side,
        second: input.second,
        playerLicenseId: input.playerLicenseId,
        penaltyKind: input.kind,
        penaltyRole: input.role,
        code: input.code,
        reason: input.reason,
        worldTime: input.worldTime,
      }),
  }),
  recordTimeout: t.field({
    type: GameWriteResult,
    description: 'One timeout per team and game.',
    args: {
      input: t.arg({ type: RecordTimeoutInput, required: true, description: 'The timeout: the game, the side that takes it, the clock, with the retry key.' }),
    },
    resolve: (_root, { input }, ctx) => write(ctx, input, { kind: 'recordTimeout', side: input.side, second: input.second, worldTime: input.worldTime }),
  }),
  endPeriod: t.field({
    type: GameWriteResult,
    description: 'Ends the period being played; the next one begins (after regulation only a tie goes on, into overtime).',
    args: { input: t.arg({ type: EndPeriodInput, required: true, description: 'The game whose period ends, with the retry key.' }) },
    resolve: (_root, { input }, ctx) => write(ctx, input, { kind: 'endPeriod', ...(input.beforePenaltyShootout ? { beforeShootout: true } : {}) }),
  }),
  startPeriod: t.field({
    type: GameWriteResult,
    description:
      "The next period begins now (the back office's start_third). A period opens when the one before ends; when nothing was recorded in it yet, it begins now (its clock runs from here, its start marker takes the moment). When it is under way, or is the first, it ends and the next one begins, as endPeriod.",
    args: { input: t.arg({ type: StartPeriodInput, required: true, description: 'The game whose next period begins, with the retry key.' }) },
    resolve: (_root, { input }, ctx) => write(ctx, input, { kind: 'startPeriod', worldTime: input.worldTime }),
  }),
  finishGame: t.field({
    type: GameWriteResult,
    description: 'The final whistle: REGULAR after period 3, OVERTIME after a golden goal, PENALTY_SHOTS after a tied overtime (name the shootout winner).',
    args: { input: t.arg({ type: FinishGameInput, required: true, description: 'The game to finish and how it was decided, with the retry key.' }) },
    resolve: (_root, { input }, ctx) =>
      write(ctx, input, { kind: 'finishGame', decidedBy: input.decidedBy, shootoutWinner: input.shootoutWinner, reason: input.reason }),
  }),
  correctEvent: t.field({
    type: GameWriteResult,
    description:
      'Corrects a recorded event (goal, penalty, timeout, penalty end, goalie, player, MISC or inspection event) of a game being played; fields left out stay as they are.',
    args: { input: t.arg({ type: CorrectEventInput, required: true, description: 'The event to correct and the fields to change, with the retry key.' }) },
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
        penaltyRole: input.penaltyRole,
        code: input.code,
        worldTime: input.worldTime,
        correctionReason: input.correctionReason,
      }),
  }),
  deleteEvent: t.field({
    type: GameWriteResult,
    description: 'Deletes a recorded event of a game being played.',
    args: { input: t.arg({ type: DeleteEventInput, required: true, description: 'The event to delete, with the retry key.' }) },
    resolve: (_root, { input }, ctx) => write(ctx, input, { kind: 'deleteEvent', eventId: input.eventId, correctionReason: input.correctionReason }),
  }),
  forfeitGame: t.field({
    type: GameWriteResult,
    description: "Records a forfeit, before or during play: status FORFEIT, the other side winning by the league's forfeit score.",
    args: { input: t.arg({ type: ForfeitGameInput, required: true, description: 'The game and the side that forfeits, with the retry key.' }) },
    resolve: (_root, { input }, ctx) => write(ctx, input, { kind: 'forfeitGame', forfeitingSide: input.forfeitingSide, reason: input.reason }),
  }),
  abortGame: t.field({
    type: GameWriteResult,
    description: 'Stops a game under way for good: status ABORTED, the score as it stood, no result counted.',
    args: { input: t.arg({ type: AbortGameInput, required: true, description: 'The game to abort, with the retry key.' }) },
    resolve: (_root, { input }, ctx) => write(ctx, input, { kind: 'abortGame', second: input.second, reason: input.reason }),
  }),
  reportResult: t.field({
    type: GameWriteResult,
    description: 'Reports the final result without the events, straight from the schedule or during play: status FINISHED.',
    args: { input: t.arg({ type: ReportResultInput, required: true, description: 'The game and its result, with the retry key.' }) },
    resolve: (_root, { input }, ctx) =>
      write(ctx, input, {
        kind: 'reportResult',
        homeScore: input.homeScore,
        awayScore: input.awayScore,
        spectators: input.spectators,
        secondsPlayed: input.secondsPlayed,
        overtime: input.overtime,
        penaltyShootout: input.penaltyShootout,
        reason: input.reason,
      }),
  }),
  undoStatus: t.field({
    type: GameWriteResult,
    description:
      'Undoes the last status change written live (a start, a period end, a final whistle, a forfeit, an abort, a reported result); every event recorded since it is deleted.',
    args: { input: t.arg({ type: UndoStatusInput, required: true, description: 'The game whose last status change is undone, with the retry key.' }) },
    resolve: (_root, { input }, ctx) => write(ctx, input, { kind: 'undoStatus', reason: input.reason }),
  }),
  correctTransition: t.field({
    type: GameWriteResult,
    description: 'Corrects the second a past status change happened at: the final whistle, the shootout, a forfeit or an abort.',
    args: { input: t.arg({ type: CorrectTransitionInput, required: true, description: 'The status change and its corrected second, with the retry key.' }) },
    resolve: (_root, { input }, ctx) => write(ctx, input, { kind: 'correctTransition', to: input.to, second: input.second, reason: input.reason }),
  }),
  recordSpectators: t.field({
    type: GameWriteResult,
    description: 'Records the spectators of a game under way or over.',
    args: { input: t.arg({ type: RecordSpectatorsInput, required: true, description: 'The game and its spectators, with the retry key.' }) },
    resolve: (_root, { input }, ctx) => write(ctx, input, { kind: 'recordSpectators', spectators: input.spectators }),
  }),
}));

// The kinds the federation records besides goals, penalties and timeouts (src/domain/event-kinds.ts).
builder.mutationFields((t) => ({
  recordPenaltyEnd: t.field({
    type: GameWriteResult,
    description: "Records a player's last penalty as ended.",
    args: {
      input: t.arg({
        type: RecordPenaltyEndInput,
        required: true,
        description: 'The game, the side, the clock and the player whose penalty ended, with the retry key.',
      }),
    },
    resolve: (_root, { input }, ctx) =>
      write(ctx, input, {
        kind: 'recordPenaltyEnd',
        side: input.side,
        second: input.second,
        playerLicenseId: input.playerLicenseId,
        worldTime: input.worldTime,
      }),
  }),
  recordTeamEvent: t.field({
    type: GameWriteResult,
    description: "A side's goalie leaves the goal (GOALIE_OUT) or is back in it (GOALIE_BACK), in turn.",
    args: {
      input: t.arg({ type: RecordTeamEventInput, required: true, description: 'The game, the side, the clock and the goalie move, with the retry key.' }),
    },
    resolve: (_root, { input }, ctx) =>
      write(ctx, input, { kind: 'recordTeamEvent', side: input.side, second: input.second, eventType: input.kind, worldTime: input.worldTime }),
  }),
  recordPlayerEvent: t.field({
    type: GameWriteResult,
    description: `What happens to one player of the side: ${PLAYER_EVENT_WORDS}; none scores.`,
    args: {
      input: t.arg({
        type: RecordPlayerEventInput,
        required: true,
        description: 'The game, the side, the clock, the player and what happened, with the retry key.',
      }),
    },
    resolve: (_root, { input }, ctx) =>
      write(ctx, input, {
        kind: 'recordPlayerEvent',
        side: input.side,
        second: input.second,
        eventType: input.kind,
        playerLicenseId: input.playerLicenseId,
        worldTime: input.worldTime,
      }),
  }),
  recordMisc: t.field({
    type: GameWriteResult,
    description: 'A federation code (0–999) without a kind of its own, optionally naming a player of a side.',
    args: {
      input: t.arg({ type: RecordMiscInput, required: true, description: 'The game, the clock, the code and optionally a player, with the retry key.' }),
    },
    resolve: (_root, { input }, ctx) =>
      write(ctx, input, {
        kind: 'recordMisc',
        second: input.second,
        code: input.code,
        side: input.side,
        playerLicenseId: input.playerLicenseId,
        worldTime: input.worldTime,
      }),
  }),
  recordInspection: t.field({
    type: GameWriteResult,
    description: "The player inspection: the players' licenses checked (done: true) or the check skipped (done: false).",
    args: {
      input: t.arg({
        type: RecordInspectionInput,
        required: true,
        description: 'The game, the clock and whether the licenses were checked, with the retry key.',
      }),
    },
    resolve: (_root, { input }, ctx) => write(ctx, input, { kind: 'recordInspection', second: input.second, done: input.done, worldTime: input.worldTime }),
  }),
}));

// A result's life (src/domain/result-life.ts): a club of the game protests, the federation decides or confirms.
builder.mutationFields((t) => ({
  protestResult: t.field({
    type: GameWriteResult,
    description:
      "A club protests its game's provisional result, through its own key with games:write, once, within the league group's protest window: the result is PROTESTED until the federation decides.",
    args: { input: t.arg({ type: ProtestResultInput, required: true, description: 'The game and what is protested, with the retry key.' }) },
    resolve: (_root, { input }, ctx) => write(ctx, input, { kind: 'protestResult', reason: input.reason }),
  }),
  upholdProtest: t.field({
    type: GameWriteResult,
    description: 'The federation upholds the protest of a PROTESTED result: the score is corrected as given, and the result CONFIRMED now.',
    args: { input: t.arg({ type: UpholdProtestInput, required: true, description: 'The game, the corrected score and the reason, with the retry key.' }) },
    resolve: (_root, { input }, ctx) =>
      write(ctx, input, { kind: 'upholdProtest', reason: input.reason, homeScore: input.homeScore, awayScore: input.awayScore }),
  }),
  rejectProtest: t.field({
    type: GameWriteResult,
    description: 'The federation rejects the protest of a PROTESTED result: the result stands, CONFIRMED now.',
    args: { input: t.arg({ type: RejectProtestInput, required: true, description: 'The game and the reason, with the retry key.' }) },
    resolve: (_root, { input }, ctx) => write(ctx, input, { kind: 'rejectProtest', reason: input.reason }),
  }),
  confirmResult: t.field({
    type: GameWriteResult,
    description: 'The federation confirms a PROVISIONAL result before its protest window closes: no protest is taken after it.',
    args: { input: t.arg({ type: ConfirmResultInput, required: true, description: 'The game to confirm, with the retry key.' }) },
    resolve: (_root, { input }, ctx) => write(ctx, input, { kind: 'confirmResult', reason: input.reason }),
  }),
}));
