// PUT (or POST) /bo/games/:game_id/status with `event`: the back office's status messages as the
// canonical status mutations, and PUT …/status/history/transitions for the second of a past one.
// Each answers the game's report after the write, as GET /bo/games/:id does.
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

export const STATUS_EVENTS = ['start', 'start_third', 'end_third', 'start_penalty_shootout', 'game_over', 'report_result', 'forfait', 'abort', 'undo'] as const;
type StatusEvent = (typeof STATUS_EVENTS)[number];

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
  const start = facadeMutation(deps, START);
  const startPeriod = facadeMutation(deps, START_PERIOD);
  const endPeriod = facadeMutation(deps, END_PERIOD);
  const finish = facadeMutation(deps, FINISH);
  const reportResult = facadeMutation(deps, REPORT_RESULT);
  const forfeit = facadeMutation(deps, FORFEIT);
  const abort = facadeMutation(deps, ABORT);
  const undo = facadeMutation(deps, UNDO);
  const correct = facadeMutation(deps, CORRECT_TRANSITION);

  async function send(event: StatusEvent, fields: BoFields, gameId: number, keyed: WriteIdempotency, caller: Caller): Promise<Outcome> {
    const base = { gameId, ...keyed };
    // The federation's word for a decision outside the game's window (src/domain/result-authority.ts).
    const decided = { ...base, reason: textField(fields, 'reason') };
    switch (event) {
      case 'start':
        return (await start({ input: { ...decided, outsideStartWindow: yesNo(fields.outside_start_window, 'outside_start_window') } }, caller)).startGame;
      case 'start_third':
        return (await startPeriod({ input: base }, caller)).startPeriod;
      case 'end_third':
        return (await endPeriod({ input: base }, caller)).endPeriod;
      case 'start_penalty_shootout': {
        // With its winner the shootout is the game's decision; without, the tied overtime ends and the game waits for the shots.
        const winner = sideField(fields, 'winner');
        if (winner === undefined) return (await endPeriod({ input: { ...base, beforePenaltyShootout: true } }, caller)).endPeriod;
        return (await finish({ input: { ...decided, decidedBy: 'PENALTY_SHOTS', shootoutWinner: winner } }, caller)).finishGame;
      }
      case 'game_over':
        // Decided as the game stands (regulation, overtime, or penalty shots with their `winner`).
        return (await finish({ input: { ...decided, shootoutWinner: sideField(fields, 'winner') } }, caller)).finishGame;
      case 'report_result': {
        const input = {
          ...decided,
          homeScore: requiredInteger(fields, 'home'),
          awayScore: requiredInteger(fields, 'away'),
          spectators: integerField(fields, 'spectators'),
          secondsPlayed: integerField(fields, 'second'),
          overtime: yesNo(fields.prolongation, 'prolongation'),
          penaltyShootout: yesNo(fields.penalty_shootout, 'penalty_shootout'),
        };
        return (await reportResult({ input }, caller)).reportResult;
      }
      case 'forfait': {
        // "With the home team carrying the win" unless `winner` says otherwise.
        const winner = sideField(fields, 'winner') ?? 'HOME';
        return (await forfeit({ input: { ...decided, forfeitingSide: winner === 'HOME' ? 'AWAY' : 'HOME' } }, caller)).forfeitGame;
      }
      case 'abort':
        return (await abort({ input: { ...decided, second: integerField(fields, 'second') } }, caller)).abortGame;
      case 'undo':
        return (await undo({ input: decided }, caller)).undoStatus;
    }
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
