// A game's result and its life (src/domain/result-life.ts): provisional, protested, confirmed; the
// protests and the federation's decisions. The state is read at the request's moment: a provisional
// result whose window has closed is confirmed without a write, so an answer that shows one is kept
// no longer than that moment (nowUntil).
import { type Clock, nowUntil } from '../clock.js';
import { type GameStatus, isDecided } from '../domain/game-status.js';
import {
  DEFAULT_PROTEST_WINDOW_HOURS,
  type PROTEST_DECISIONS,
  type RESULT_COUNTINGS,
  type RESULT_STATES,
  type ResultAt,
  resultChangesAt,
  resultStateAt,
  type StoredResult,
} from '../domain/result-life.js';
import type { ResultProtest } from '../generated/prisma/client.js';
import { builder } from './builder.js';
import { existing } from './batched.js';
import { TeamSideEnum } from './scalars.js';

export const ResultStateEnum = builder.enumType('ResultState', {
  description: "Where a game's result stands in its life: provisional, protested, or confirmed.",
  values: {
    PROVISIONAL: { description: "The game has its result; a club of the game may protest it until the league group's protest window closes." },
    PROTESTED: { description: 'A club protested the result; the federation upholds the protest (correcting the score) or rejects it.' },
    CONFIRMED: { description: 'Final: the window closed without a protest, the federation confirmed it, or decided its protest.' },
  } satisfies Record<(typeof RESULT_STATES)[number], { description: string }>,
});

const ProtestDecisionEnum = builder.enumType('ProtestDecision', {
  description: "The federation's decision on a protest.",
  values: {
    UPHELD: { description: 'The protest was upheld: the result was corrected.' },
    REJECTED: { description: 'The protest was rejected: the result stands.' },
  } satisfies Record<(typeof PROTEST_DECISIONS)[number], { description: string }>,
});

export const ResultCountingEnum = builder.enumType('ResultCounting', {
  description: "Which results a league group's standings count.",
  values: {
    PROVISIONAL_AND_CONFIRMED: { description: 'Every result as it stands, provisional and protested ones included (the default).' },
    CONFIRMED_ONLY: { description: 'Only confirmed results; a provisional or protested result counts once it is confirmed.' },
  } satisfies Record<(typeof RESULT_COUNTINGS)[number], { description: string }>,
});

const ProtestingSide = builder.objectRef<ResultProtest>('ProtestingSide').implement({
  description: 'Who protested: a club of the game and the side its team played.',
  fields: (t) => ({
    club: t.prismaField({
      type: 'Club',
      description: 'The protesting club.',
      resolve: (query, protest, _args, ctx) => ctx.loaders.records.club(query, protest.clubId).then(existing('Club', protest.clubId)),
    }),
    side: t.field({ type: TeamSideEnum, description: 'The side the club played in the game.', resolve: (protest) => protest.side }),
  }),
});

const ProtestDecisionView = builder.objectRef<ResultProtest>('ProtestDecisionView').implement({
  description: "The federation's decision on a protest.",
  fields: (t) => ({
    outcome: t.field({ type: ProtestDecisionEnum, description: 'Upheld or rejected.', resolve: (protest) => protest.decision ?? 'REJECTED' }),
    at: t.field({ type: 'DateTime', description: 'When it was decided.', resolve: (protest) => protest.decidedAt ?? protest.at }),
    reason: t.string({ description: "The federation's reason.", resolve: (protest) => protest.decisionReason ?? '' }),
  }),
});

const ResultProtestView = builder.objectRef<ResultProtest>('ResultProtest').implement({
  description: "A club's protest against a game's result, and the federation's decision once given. Never names the key it was sent with.",
  fields: (t) => ({
    by: t.field({ type: ProtestingSide, description: 'The protesting club and its side.', resolve: (protest) => protest }),
    at: t.field({ type: 'DateTime', description: 'When the protest was filed.', resolve: (protest) => protest.at }),
    reason: t.string({ description: 'What the club protests, as it gave it.', resolve: (protest) => protest.reason }),
    decision: t.field({
      type: ProtestDecisionView,
      nullable: true,
      description: "The federation's decision; null while the protest is open.",
      resolve: (protest) => (protest.decision === null ? null : protest),
    }),
  }),
});

interface ResultSource extends ResultAt {
  gameId: number;
}

const GameResult = builder.objectRef<ResultSource>('GameResult').implement({
  description:
    "A game's result in its life: PROVISIONAL from the final whistle, forfeit or report, PROTESTED while a club's protest is open, CONFIRMED when the protest window closed, the federation confirmed it or decided its protest.",
  fields: (t) => ({
    state: t.field({ type: ResultStateEnum, description: 'Where the result stands now.', resolve: (result) => result.state }),
    provisionalSince: t.field({
      type: 'DateTime',
      description: 'When the game got its result: the final whistle, the forfeit or the report.',
      resolve: (result) => result.provisionalSince,
    }),
    confirmedAt: t.field({
      type: 'DateTime',
      nullable: true,
      description: "When the result was confirmed: the federation's confirmation or decision, or the protest window's close; null while it is not.",
      resolve: (result) => result.confirmedAt,
    }),
    protestWindowClosesAt: t.field({
      type: 'DateTime',
      description: "When the league group's protest window closes (closed) for this result: no protest is taken from then on.",
      resolve: (result) => result.protestWindowClosesAt,
    }),
    protest: t.field({
      type: ResultProtestView,
      nullable: true,
      description: 'The latest protest against the result, with its decision; null when none was filed.',
      resolve: async (result, _args, ctx) => (await ctx.loaders.protestsByGame.load(result.gameId)).at(-1) ?? null,
    }),
    protests: t.field({
      type: [ResultProtestView],
      description: 'Every protest against the result, in the order filed: at most one per club of the game.',
      resolve: (result, _args, ctx) => ctx.loaders.protestsByGame.load(result.gameId),
    }),
  }),
});

/** What a game's result in its life is read from. */
export const GAME_RESULT_SELECT = {
  id: true,
  status: true,
  resultState: true,
  resultProvisionalSince: true,
  resultConfirmedAt: true,
  group: { select: { protestWindowHours: true } },
} as const;

interface GameResultColumns {
  status: GameStatus;
  resultState: StoredResult['state'];
  resultProvisionalSince: Date | null;
  resultConfirmedAt: Date | null;
  group: { protestWindowHours: number } | null;
}

/** The game's result as it is now, null without one; the answer is kept no longer than the moment it changes by itself (a window closing). */
export function gameResultNow(game: GameResultColumns, clock: Clock): ResultAt | null {
  if (!isDecided(game.status)) return null;
  const stored: StoredResult = { state: game.resultState, provisionalSince: game.resultProvisionalSince, confirmedAt: game.resultConfirmedAt };
  const windowHours = game.group?.protestWindowHours ?? DEFAULT_PROTEST_WINDOW_HOURS;
  return resultStateAt(
    stored,
    nowUntil(clock, (now) => resultChangesAt(stored, now, windowHours)),
    windowHours,
  );
}

builder.prismaObjectField('Game', 'result', (t) =>
  t.field({
    type: GameResult,
    nullable: true,
    description: "The game's result in its life (provisional, protested, confirmed); null while the game has none (not finished nor forfeited).",
    select: GAME_RESULT_SELECT,
    resolve: (game, _args, ctx) => {
      const at = gameResultNow(game, ctx.clock);
      return at && { ...at, gameId: game.id };
    },
  }),
);
