import { gameFormat } from '../domain/game-format.js';
import type { TransitionRecord } from '../domain/game-transitions.js';
import { isPaired } from '../domain/pairing.js';
import type { LiveGameState } from '../domain/game-write.js';
import { clockChangesAt, type ClockView, type GAME_PHASES, readClock, type StoredClock } from '../domain/live-clock.js';
import type { GameFormat } from '../domain/game-format.js';
import type { GameStatus } from '../domain/game-status.js';
import { type Clock, nowUntil } from '../clock.js';
import { type STATUS_MESSAGES, statusMessagesAllowed } from '../domain/status-messages.js';
import { DEFAULT_PROTEST_WINDOW_HOURS } from '../domain/result-life.js';
import { builder } from './builder.js';
import { COMPUTED, computedCost } from './costs.js';

const GamePhaseEnum = builder.enumType('GamePhase', {
  values: {
    SCHEDULED: { description: 'Not started.' },
    PERIOD: { description: 'Live, in a regular period (`period` says which).' },
    OVERTIME: { description: 'Live, in sudden-death overtime.' },
    PENALTY_SHOOTOUT: { description: 'Live, play over, waiting for the penalty shots to decide.' },
    FINISHED: { description: 'Over: played to the end.' },
    FORFEIT: { description: 'Over: decided by a forfeit.' },
    ABORTED: { description: 'Over: stopped during play and not finished.' },
    CANCELLED: { description: 'Called off: not played.' },
  } satisfies Record<(typeof GAME_PHASES)[number], { description: string }>,
  description: 'Where a game stands: not started, in a regular period, in overtime, waiting for penalty shots, or over (and how).',
});
const GameStatusMessageEnum = builder.enumType('GameStatusMessage', {
  values: {
    START: { description: 'Start the game (startGame).' },
    START_THIRD: { description: 'Begin the next period (startPeriod).' },
    END_THIRD: { description: 'End the period being played (endPeriod).' },
    GAME_OVER: { description: 'The final whistle, in regular time or overtime (finishGame).' },
    START_PENALTY_SHOOTOUT: { description: 'Go to penalty shots: end play before them, or finish the game decided by them (endPeriod, finishGame).' },
    REPORT_RESULT: { description: 'Report the final result without the events (reportResult).' },
    FORFAIT: {
      description: 'Record a forfeit (forfeitGame): the federation’s spelling, which `statusMessages` answers.',
      deprecationReason:
        'Spelled FORFEIT, as GameStatus.FORFEIT. `statusMessages` still answers FORFAIT (deployed desks and the back-office facade read it); accept both.',
    },
    FORFEIT: { description: 'Record a forfeit (forfeitGame): FORFAIT in the spelling of GameStatus. Accept both where `statusMessages` is read.' },
    ABORT: { description: 'Stop the game for good (abortGame).' },
    UNDO: { description: 'Undo the last status change (undoStatus).' },
  } satisfies Record<(typeof STATUS_MESSAGES)[number] | 'FORFEIT', { description: string; deprecationReason?: string }>,
  description: "A status message of the federation's back office (start, end_third, game_over, …) in capitals.",
});

const FORMAT_SELECT = {
  group: { select: { periods: true, periodMinutes: true, overtimeMinutes: true, penaltyShootout: true, drawAllowed: true, forfeitGoals: true } },
} as const;

/** What a game's clock is read from: the reading its last write stored, and the game's format. */
interface ClockSource {
  status: GameStatus;
  stored: StoredClock | null;
  format: GameFormat;
}

/**
 * The clock moved on to now. Only the second and whether it runs change with time: an answer that
 * shows them is kept until the next second (src/clock.ts), one that shows the phase
 * and period only until a write changes them.
 */
function clockNow({ status, stored, format }: ClockSource, ctx: { clock: Clock }): ClockView {
  return readClock(
    status,
    stored,
    format,
    nowUntil(ctx.clock, (now) => clockChangesAt(status, stored, format, now)),
  );
}

/** The phase and period, which no passing of time changes: read at the stored reading's own moment. */
function clockStanding({ status, stored, format }: ClockSource): ClockView {
  return readClock(status, stored, format, stored?.at ?? new Date(0));
}

const GameClock = builder.objectRef<ClockSource>('GameClock').implement({
  description: 'The game clock as the last live write left it, moved on to the moment of the request.',
  fields: (t) => ({
    phase: t.field({ type: GamePhaseEnum, description: 'Where the game stands.', resolve: (clock) => clockStanding(clock).phase }),
    period: t.int({
      nullable: true,
      description: 'The period being played (overtime is the one after the regular periods); null when none is.',
      resolve: (clock) => clockStanding(clock).period,
    }),
    second: t.int({
      description: 'The second of play now: it runs with the wall clock while a period is open, up to its end.',
      resolve: (clock, _args, ctx) => clockNow(clock, ctx).second,
    }),
    running: t.boolean({
      description: 'The clock runs now: a period is under way and not run out. False when it stands: stopped, run out, or the game not live.',
      resolve: (clock, _args, ctx) => clockNow(clock, ctx).running,
    }),
  }),
});

builder.prismaObjectFields('Game', (t) => ({
  clock: t.field({
    type: GameClock,
    description: 'The game clock now: phase, period, second of play, and whether it runs.',
    select: { status: true, clockPeriod: true, clockSecond: true, clockAt: true, clockRunning: true, ...FORMAT_SELECT },
    resolve: (game) => ({ status: game.status, stored: storedClockOf(game), format: gameFormat(game.group) }),
  }),
  statusMessages: t.field({
    type: [GameStatusMessageEnum],
    complexity: computedCost(COMPUTED.statusMessages),
    description: 'The status messages a desk may send the game now, by the same rules as the mutations they stand for; none while a team is not known yet.',
    select: {
      id: true,
      status: true,
      startsAt: true,
      homeTeamId: true,
      awayTeamId: true,
      homeScore: true,
      awayScore: true,
      decidedBy: true,
      resultState: true,
      resultProvisionalSince: true,
      resultConfirmedAt: true,
      group: { select: { ...FORMAT_SELECT.group.select, protestWindowHours: true } },
      transitions: { orderBy: { number: 'desc' }, take: 1 },
      // The log as the writes see it: where the game stands (a break between periods, a period not begun) is the events'.
      events: {
        select: {
          id: true,
          type: true,
          second: true,
          period: true,
          side: true,
          sequence: true,
          playerId: true,
          assistId: true,
          homeScore: true,
          awayScore: true,
        },
      },
    },
    resolve: (game, _args, ctx) => {
      // A game without both teams cannot be started: the desk may send it nothing (src/domain/pairing.ts).
      if (!isPaired(game)) return [];
      const format = gameFormat(game.group);
      const state: LiveGameState = {
        gameId: game.id,
        status: game.status,
        homeTeamId: game.homeTeamId,
        awayTeamId: game.awayTeamId,
        format,
        startsAt: game.startsAt,
        // The messages allowed change at the start and decision windows' edges: held a second, as the running clock is.
        now: nowUntil(ctx.clock, (now) => now.getTime() + 1000),
        startWindow: ctx.startWindow,
        decidedBy: game.decidedBy,
        storedScore: game.homeScore === null || game.awayScore === null ? null : { home: game.homeScore, away: game.awayScore },
        transitions: game.transitions as TransitionRecord[],
        events: game.events,
        sheet: [],
        // A confirmed or protested result takes no more status changes from a desk (src/domain/result-life.ts).
        life: {
          result: { state: game.resultState, provisionalSince: game.resultProvisionalSince, confirmedAt: game.resultConfirmedAt },
          windowHours: game.group?.protestWindowHours ?? DEFAULT_PROTEST_WINDOW_HOURS,
          protests: [],
          actor: { kind: 'club', clubId: -1 },
          clubs: { home: -1, away: -1 },
        },
      };
      return statusMessagesAllowed(state, { home: game.homeScore ?? 0, away: game.awayScore ?? 0 });
    },
  }),
}));

function storedClockOf(game: { clockPeriod: number | null; clockSecond: number | null; clockAt: Date | null; clockRunning: boolean }): StoredClock | null {
  return game.clockAt === null ? null : { period: game.clockPeriod, second: game.clockSecond ?? 0, at: game.clockAt, running: game.clockRunning };
}
