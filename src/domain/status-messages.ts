/**
 * The status messages a desk may send a game now, named as the federation's back office names
 * them: each is tried against the live rules (`decide`) on the game's log, so the list cannot
 * disagree with what a write of it would be told.
 */
import { DomainError, InvalidInputError } from './errors.js';
import type { GameWrite, LiveGameState, StoredEvent, WritePlan } from './game-write.js';
import { replayScore } from './live-game.js';
import { decide, planWrite } from './write-plan.js';

export const STATUS_MESSAGES = [
  'START',
  'START_THIRD',
  'END_THIRD',
  'GAME_OVER',
  'START_PENALTY_SHOOTOUT',
  'REPORT_RESULT',
  'FORFAIT',
  'ABORT',
  'UNDO',
] as const;
export type StatusMessage = (typeof STATUS_MESSAGES)[number];

/** The writes a message stands for: allowed when any of them is. */
const WRITES_OF: Record<StatusMessage, GameWrite[]> = {
  START: [{ kind: 'startGame' }],
  START_THIRD: [{ kind: 'startPeriod' }],
  END_THIRD: [{ kind: 'endPeriod' }],
  GAME_OVER: [
    { kind: 'finishGame', decidedBy: 'REGULAR' },
    { kind: 'finishGame', decidedBy: 'OVERTIME' },
  ],
  START_PENALTY_SHOOTOUT: [
    { kind: 'finishGame', decidedBy: 'PENALTY_SHOTS', shootoutWinner: 'HOME' },
    { kind: 'endPeriod', beforeShootout: true },
  ],
  REPORT_RESULT: [
    { kind: 'reportResult', homeScore: 1, awayScore: 0 },
    { kind: 'reportResult', homeScore: 1, awayScore: 0, overtime: true },
  ],
  FORFAIT: [{ kind: 'forfeitGame', forfeitingSide: 'AWAY' }],
  ABORT: [{ kind: 'abortGame' }],
  UNDO: [{ kind: 'undoStatus' }],
};

/**
 * The writes a message stands for in a game at `score`. A reported result must agree with the goals
 * recorded live, so the ones tried are the recorded score, or a shootout won from it (a 1:0 where none are recorded).
 */
export function writesOf(message: StatusMessage, score: { home: number; away: number }): GameWrite[] {
  if (message !== 'REPORT_RESULT' || score.home + score.away === 0) return WRITES_OF[message];
  return [
    { kind: 'reportResult', homeScore: score.home, awayScore: score.away },
    { kind: 'reportResult', homeScore: score.home, awayScore: score.away, overtime: true },
    { kind: 'reportResult', homeScore: score.home + 1, awayScore: score.away, penaltyShootout: true },
  ];
}

export function statusMessagesAllowed(game: LiveGameState, score: { home: number; away: number }): StatusMessage[] {
  return STATUS_MESSAGES.filter((message) =>
    writesOf(message, score).some((write) => {
      try {
        decide(game, write, score);
        return true;
      } catch (error) {
        if (error instanceof DomainError) return false;
        throw error;
      }
    }),
  );
}

/** The message a status write is sent as (the back office's `event`), for telling a desk what the game offers instead. */
function messageOf(write: GameWrite): StatusMessage | undefined {
  switch (write.kind) {
    case 'startGame':
      return 'START';
    case 'startPeriod':
      return 'START_THIRD';
    case 'endPeriod':
      return write.beforeShootout ? 'START_PENALTY_SHOOTOUT' : 'END_THIRD';
    case 'finishGame':
      return write.decidedBy === 'PENALTY_SHOTS' ? 'START_PENALTY_SHOOTOUT' : 'GAME_OVER';
    case 'reportResult':
      return 'REPORT_RESULT';
    case 'forfeitGame':
      return 'FORFAIT';
    case 'abortGame':
      return 'ABORT';
    case 'undoStatus':
      return 'UNDO';
    default:
      return undefined;
  }
}

/** A message as the back office sends it (`end_third`), as the federation's documentation names them. */
const wireNameOf = (message: StatusMessage): string => message.toLowerCase();

/**
 * `planWrite`, with a status change the game does not offer now told what it does offer (the same
 * `decide` that lists `statusMessages`), so a desk that sent the wrong message learns the right
 * ones. A message that is offered but refused for what it carries (an impossible score) is told
 * only that.
 */
export function planWriteNamingAllowed<E extends StoredEvent>(game: LiveGameState<E>, write: GameWrite): WritePlan<E> {
  try {
    return planWrite(game, write);
  } catch (error) {
    const message = messageOf(write);
    if (!(error instanceof InvalidInputError) || message === undefined) throw error;
    const { score } = replayScore(game.events);
    const allowed = statusMessagesAllowed(game, { home: score.home, away: score.away });
    if (allowed.includes(message)) throw error;
    const named = allowed.length > 0 ? allowed.map(wireNameOf).join(', ') : 'nothing';
    throw new InvalidInputError(`${error.message.replace(/\.$/, '')}. Allowed now: ${named}`, error.field);
  }
}
