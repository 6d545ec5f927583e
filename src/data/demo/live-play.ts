// A demo game played live, planned up front: what the officials' desk will record, and at which
// second of the game clock. The match itself is the demo league's (src/data/demo/match.ts); this
// turns it into the writes `npm run demo:live` sends, in the order the live rules accept them.
import type { GameDecision, PenaltyKind, TeamSide } from '../../generated/prisma/enums.js';
import { OVERTIME_PERIOD, periodBounds, REGULATION_PERIODS } from '../../domain/game-clock.js';
import { planMatch, type MatchPlan } from './match.js';
import type { Random } from './random.js';

export type LiveAction =
  | { kind: 'startGame'; second: number }
  | { kind: 'goal'; second: number; side: TeamSide; ownGoal: boolean; scorerLicenseId: number | null; assistLicenseId: number | null }
  | { kind: 'penalty'; second: number; side: TeamSide; penaltyKind: PenaltyKind; reason: string; playerLicenseId: number | null }
  | { kind: 'timeout'; second: number; side: TeamSide }
  | { kind: 'endPeriod'; second: number; period: number }
  | { kind: 'finishGame'; second: number; decidedBy: GameDecision; shootoutWinner: TeamSide | null };

/** License ids of the players each side may name as scorer, assistant or penalized player; empty: unnamed. */
export type GameSheet = Readonly<Record<TeamSide, readonly number[]>>;

export const EMPTY_SHEET: GameSheet = { HOME: [], AWAY: [] };

/** About five goals per team and game, the demo league's even match-up. */
const GOALS_PER_TEAM = 5;
const ASSIST_SHARE = 0.7;

/** Where several actions share a second, the order the rules need: play before the period ends. */
const ORDER_AT_SAME_SECOND: Record<LiveAction['kind'], number> = { startGame: 0, goal: 1, penalty: 1, timeout: 1, endPeriod: 2, finishGame: 3 };

function byClock(a: LiveAction, b: LiveAction): number {
  return a.second - b.second || ORDER_AT_SAME_SECOND[a.kind] - ORDER_AT_SAME_SECOND[b.kind];
}

/** Every write of one game, in the order to send them: start, play, period ends, final whistle. */
export function planLiveGame(random: Random, sheet: GameSheet = EMPTY_SHEET): LiveAction[] {
  const match = planMatch(random.fork('match'), { homeStrength: 0, awayStrength: 0, scoring: GOALS_PER_TEAM, mustDecide: true });
  const players = random.fork('players');
  const actions: LiveAction[] = [{ kind: 'startGame', second: 0 }, ...playOf(match, sheet, players), ...transitionsOf(match)];
  return actions.sort(byClock);
}

function playOf(match: MatchPlan, sheet: GameSheet, players: Random): LiveAction[] {
  const goals = match.goals.map((goal): LiveAction => {
    const [scorer, assistant] = goal.ownGoal ? [] : players.sample(sheet[goal.side], 2);
    const assisted = assistant !== undefined && players.chance(ASSIST_SHARE);
    return {
      kind: 'goal',
      second: goal.second,
      side: goal.side,
      ownGoal: goal.ownGoal,
      scorerLicenseId: scorer ?? null,
      assistLicenseId: assisted ? assistant : null,
    };
  });
  const penalties = match.penalties.map((penalty): LiveAction => {
    const [player] = players.sample(sheet[penalty.side], 1);
    return { kind: 'penalty', second: penalty.second, side: penalty.side, penaltyKind: penalty.kind, reason: penalty.reason, playerLicenseId: player ?? null };
  });
  const timeouts = match.timeouts.map((timeout): LiveAction => ({ kind: 'timeout', second: timeout.second, side: timeout.side }));
  return [...goals, ...penalties, ...timeouts];
}

/**
 * Period ends and the final whistle. Ending period 3 is only allowed for a tie, and it starts
 * overtime; a golden goal finishes the game at once, a tied overtime is ended before the shootout.
 */
function transitionsOf(match: MatchPlan): LiveAction[] {
  const endOf = (period: number): LiveAction => ({ kind: 'endPeriod', second: periodBounds(period).end, period });
  const regulationEnds = Array.from({ length: REGULATION_PERIODS - 1 }, (_, index) => endOf(index + 1));
  const finish = (second: number): LiveAction => ({ kind: 'finishGame', second, decidedBy: match.decidedBy, shootoutWinner: match.shootoutWinner });
  if (!match.overtime) return [...regulationEnds, finish(periodBounds(REGULATION_PERIODS).end)];
  const overtime = [...regulationEnds, endOf(REGULATION_PERIODS)];
  if (match.decidedBy === 'OVERTIME') return [...overtime, finish(match.endSecond)];
  return [...overtime, endOf(OVERTIME_PERIOD), finish(periodBounds(OVERTIME_PERIOD).end)];
}

/** Milliseconds of real time from the start of a game to its clock's `second`; speed 60 plays a minute per second. */
export function realTimeMs(second: number, speed: number): number {
  return (second * 1000) / speed;
}
