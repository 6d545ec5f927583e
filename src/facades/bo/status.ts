// PUT (or POST) /bo/games/:game_id/status with `event`: the back office's status messages as the
// canonical status mutations, and PUT …/status/history/transitions for the second of a past one.
// Each answers the game's report after the write, as GET /bo/games/:id does. The messages are one
// table, each with the write it stands for.
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Caller } from '../../auth/caller.js';
import { callerOf } from '../../http/caller.js';
import { graphql } from '../generated/gql.js';
import type { CorrectableTransition } from '../generated/graphql.js';
import { badRequest } from '../shared/errors.js';
import { type FacadeDependencies, facadeMutation } from '../shared/facade.js';
import { boWritten } from './envelope.js';
import { BO_STATUS_DOC, BO_STATUS_POST_DOC, BO_TRANSITION_ALIAS_DOC, BO_TRANSITION_DOC } from './docs.js';
import { type BoFields, boFields, integerField, requiredInteger, requiredText, sideField, textField, yesNo } from './fields.js';
import { type WriteIdempotency, writeIdempotency } from '../shared/idempotency.js';
import { gameIdOf } from './paths.js';
import { type BoGameData, boGameReports } from './report.js';

const START = graphql(`mutation BoStart($input: StartGameInput!) { startGame(input: $input) { replayed game { ...BoGame } } }`);
const START_PERIOD = graphql(`mutation BoStartThird($input: StartPeriodInput!) { startPeriod(input: $input) { replayed game { ...BoGame } } }`);
const END_PERIOD = graphql(`mutation BoEndThird($input: EndPeriodInput!) { endPeriod(input: $input) { replayed game { ...BoGame } } }`);
const FINISH = graphql(`mutation BoGameOver($input: FinishGameInput!) { finishGame(input: $input) { replayed game { ...BoGame } } }`);
const REPORT_RESULT = graphql(`mutation BoReportResult($input: ReportResultInput!) { reportResult(input: $input) { replayed game { ...BoGame } } }`);
const FORFEIT = graphql(`mutation BoForfait($input: ForfeitGameInput!) { forfeitGame(input: $input) { replayed game { ...BoGame } } }`);
const ABORT = graphql(`mutation BoAbort($input: AbortGameInput!) { abortGame(input: $input) { replayed game { ...BoGame } } }`);
const UNDO = graphql(`mutation BoUndo($input: UndoStatusInput!) { undoStatus(input: $input) { replayed game { ...BoGame } } }`);
const CORRECT_TRANSITION = graphql(`
  mutation BoCorrectTransition($input: CorrectTransitionInput!) { correctTransition(input: $input) { replayed game { ...BoGame } } }
`);

/** What every status message sends: the game and the write's idempotency; `decided` adds the federation's reason. */
interface Sent {
  base: WriteIdempotency & { gameId: number };
  /** The federation's word for a decision outside the game's window (src/domain/result-authority.ts). */
  decided: WriteIdempotency & { gameId: number; reason: string | undefined };
}

type Send = (fields: BoFields, sent: Sent, caller: Caller) => Promise<Outcome>;
/** A status message's write, prepared for an app: its mutation, the input it builds from the fields, and the game it answers. */
type Sender = (deps: FacadeDependencies) => Send;

function sender<TInput, TData>(
  document: TypedDocumentNode<TData, { input: TInput }>,
  input: (fields: BoFields, sent: Sent) => NoInfer<TInput>,
  outcome: (data: TData) => Outcome,
): Sender {
  return (deps) => {
    const run = facadeMutation(deps, document);
    return async (fields, sent, caller) => outcome(await run({ input: input(fields, sent) }, caller));
  };
}

/** One message, two writes: the fields say which. */
function either(first: (fields: BoFields) => boolean, ifFirst: Sender, otherwise: Sender): Sender {
  return (deps) => {
    const [one, other] = [ifFirst(deps), otherwise(deps)];
    return (fields, sent, caller) => (first(fields) ? one : other)(fields, sent, caller);
  };
}

const startPeriod = sender(
  START_PERIOD,
  (_fields, { base }) => base,
  (data) => data.startPeriod,
);
const endPeriod = sender(
  END_PERIOD,
  (_fields, { base }) => base,
  (data) => data.endPeriod,
);

/** The back office's status messages, in the order its documentation lists them, each with its canonical write. */
const SENDERS = {
  start: sender(
    START,
    (fields, { decided }) => ({ ...decided, outsideStartWindow: yesNo(fields.outside_start_window, 'outside_start_window') }),
    (data) => data.startGame,
  ),
  start_third: startPeriod,
  end_third: endPeriod,
  // With its winner the shootout is the game's decision; without, the tied overtime ends and the game waits for the shots.
  start_penalty_shootout: either(
    (fields) => sideField(fields, 'winner') === undefined,
    sender(
      END_PERIOD,
      (_fields, { base }) => ({ ...base, beforePenaltyShootout: true }),
      (data) => data.endPeriod,
    ),
    sender(
      FINISH,
      (fields, { decided }) => ({ ...decided, decidedBy: 'PENALTY_SHOTS' as const, shootoutWinner: sideField(fields, 'winner') }),
      (data) => data.finishGame,
    ),
  ),
  // Decided as the game stands (regulation, overtime, or penalty shots with their `winner`).
  game_over: sender(
    FINISH,
    (fields, { decided }) => ({ ...decided, shootoutWinner: sideField(fields, 'winner') }),
    (data) => data.finishGame,
  ),
  report_result: sender(
    REPORT_RESULT,
    (fields, { decided }) => ({
      ...decided,
      homeScore: requiredInteger(fields, 'home'),
      awayScore: requiredInteger(fields, 'away'),
      spectators: integerField(fields, 'spectators'),
      secondsPlayed: integerField(fields, 'second'),
      overtime: yesNo(fields.prolongation, 'prolongation'),
      penaltyShootout: yesNo(fields.penalty_shootout, 'penalty_shootout'),
    }),
    (data) => data.reportResult,
  ),
  // "With the home team carrying the win" unless `winner` says otherwise.
  forfait: sender(
    FORFEIT,
    (fields, { decided }) => ({ ...decided, forfeitingSide: (sideField(fields, 'winner') ?? 'HOME') === 'HOME' ? ('AWAY' as const) : ('HOME' as const) }),
    (data) => data.forfeitGame,
  ),
  abort: sender(
    ABORT,
    (fields, { decided }) => ({ ...decided, second: integerField(fields, 'second') }),
    (data) => data.abortGame,
  ),
  undo: sender(
    UNDO,
    (_fields, { decided }) => decided,
    (data) => data.undoStatus,
  ),
} satisfies Record<string, Sender>;

type StatusEvent = keyof typeof SENDERS;
export const STATUS_EVENTS = Object.keys(SENDERS) as StatusEvent[];

/** The state names of the federation's state diagram whose second may be corrected, as the schema names them. */
const CORRECTABLE: Readonly<Record<string, CorrectableTransition>> = {
  game_over: 'GAME_OVER',
  finished: 'GAME_OVER',
  penalty_shootout: 'PENALTY_SHOOTOUT',
  forfait: 'FORFEIT',
  aborted: 'ABORTED',
};

/** Starts fixed by the rules: thirds start at 0:00, 20:00, 40:00, and the prolongation where regulation ends. */
const FIXED = /^(third\d+|prolongation)$/;

interface Outcome {
  replayed: boolean;
  game: BoGameData;
}

function statusEventIn(fields: BoFields): StatusEvent {
  const event = requiredText(fields, 'event');
  if (!(STATUS_EVENTS as readonly string[]).includes(event)) throw badRequest(`event must be one of ${STATUS_EVENTS.join(', ')}; got "${event}"`);
  return event as StatusEvent;
}

export function boStatusRoutes(app: FastifyInstance, deps: FacadeDependencies): void {
  // Object.entries loses the pairing of each message with its sender; SENDERS holds it.
  const sends = Object.fromEntries(Object.entries(SENDERS).map(([event, prepare]) => [event, prepare(deps)])) as Record<StatusEvent, Send>;
  const correct = facadeMutation(deps, CORRECT_TRANSITION);

  function send(event: StatusEvent, fields: BoFields, gameId: number, keyed: WriteIdempotency, caller: Caller): Promise<Outcome> {
    const base = { gameId, ...keyed };
    const sent = { base, decided: { ...base, reason: textField(fields, 'reason') } };
    return sends[event](fields, sent, caller);
  }

  const setStatus = async (request: FastifyRequest, reply: FastifyReply) => {
    const fields = boFields(request);
    const event = statusEventIn(fields);
    const outcome = await send(event, fields, gameIdOf(request), writeIdempotency(request, fields), callerOf(request));
    return boWritten(reply, outcome.replayed, boGameReports([outcome.game]), event);
  };
  app.put('/games/:game_id/status', { config: { doc: BO_STATUS_DOC } }, setStatus);
  app.post('/games/:game_id/status', { config: { doc: BO_STATUS_POST_DOC } }, setStatus);

  const correctTransition = async (request: FastifyRequest, reply: FastifyReply) => {
    const fields = boFields(request);
    const to = requiredText(fields, 'to');
    if (FIXED.test(to))
      throw badRequest(`The start of ${to} is fixed by the rules (thirds start at 0:00, 20:00 and 40:00, the prolongation when regulation ends)`);
    const kind = CORRECTABLE[to];
    if (!kind) throw badRequest(`to must be one of ${Object.keys(CORRECTABLE).join(', ')}; got "${to}"`);
    const input = {
      gameId: gameIdOf(request),
      to: kind,
      second: requiredInteger(fields, 'second'),
      reason: textField(fields, 'reason'),
      ...writeIdempotency(request, fields),
    };
    const { correctTransition: outcome } = await correct({ input }, callerOf(request));
    return boWritten(reply, outcome.replayed, boGameReports([outcome.game]), 'correction');
  };
  app.put('/games/:game_id/status/history/transitions', { config: { doc: BO_TRANSITION_DOC } }, correctTransition);
  // The documentation's text names this path; its example the one above.
  app.put('/:game_id/status/history/transitions', { config: { doc: BO_TRANSITION_ALIAS_DOC } }, correctTransition);
}
