// What happens in a game, before players are attached: when goals fall and for whom, penalties,
// timeouts, overtime and penalty shots. Three periods of 20 minutes; a tie that must be decided
// goes to 10 minutes of sudden-death overtime, then to penalty shots, whose winner is credited
// one goal (so 4:3 n.P. after 3:3).
import type { GameDecision, PenaltyKind, TeamSide } from '../../generated/prisma/enums.js';
import { OVERTIME_SECONDS, PERIOD_SECONDS, periodOf, REGULATION_SECONDS } from '../../domain/game-clock.js';
import type { Random } from './random.js';

export { PERIOD_SECONDS, periodOf };

export interface GoalPlan {
  second: number;
  /** The side whose score goes up. */
  side: TeamSide;
  ownGoal: boolean;
}

export interface PenaltyPlan {
  second: number;
  side: TeamSide;
  kind: PenaltyKind;
  reason: string;
}

export interface TimeoutPlan {
  second: number;
  side: TeamSide;
}

export interface MatchPlan {
  /** In clock order, including a deciding overtime goal. */
  goals: GoalPlan[];
  penalties: PenaltyPlan[];
  timeouts: TimeoutPlan[];
  decidedBy: GameDecision;
  overtime: boolean;
  shootoutWinner: TeamSide | null;
  /** Game clock at the final whistle. */
  endSecond: number;
}

export interface MatchUp {
  homeStrength: number;
  awayStrength: number;
  /** Expected goals per team in an even game. */
  scoring: number;
  /** Ties go to overtime and penalty shots. */
  mustDecide: boolean;
}

const HOME_ADVANTAGE = 0.08;
/** Goals expected per unit of strength difference, and the largest difference that still counts. */
const STRENGTH_EFFECT = 0.3;
const STRENGTH_GAP_CAP = 3;
const OWN_GOAL_SHARE = 0.03;

/** The penalties the demo league draws: the common ones (the rarer kinds and grades are recorded live only). */
type DemoPenaltyKind = Extract<PenaltyKind, 'MINOR_2' | 'MAJOR_5' | 'MISCONDUCT_10' | 'MATCH'>;

/** Why penalties of each kind are given, as the demo league's reports say it (demo:live adds the rarer kinds). */
export const PENALTY_REASONS: Readonly<Record<DemoPenaltyKind, readonly string[]>> = {
  MINOR_2: [
    'Stockschlag',
    'Stossen',
    'Halten',
    'Behinderung',
    'Spiel ohne Stock',
    'Hoher Stock',
    'Unerlaubter Körperkontakt',
    'Reklamieren',
    'Stockhalten',
    'Sperren',
    'Hoher Fuss',
    'Spielverzögerung',
    'Falscher Wechsel',
  ],
  MAJOR_5: ['Unerlaubter Körperkontakt', 'Gefährliches Spiel', 'Stockschlag'],
  MISCONDUCT_10: ['Reklamieren', 'Unsportliches Verhalten'],
  MATCH: ['Tätlichkeit', 'Grobes Foulspiel'],
};

function penaltyKind(random: Random): DemoPenaltyKind {
  const draw = random.next();
  if (draw < 0.86) return 'MINOR_2';
  if (draw < 0.93) return 'MAJOR_5';
  if (draw < 0.992) return 'MISCONDUCT_10';
  return 'MATCH';
}

/** A second inside regulation that is not a period boundary. */
function regulationSecond(random: Random, from = 1): number {
  const second = random.int(from, REGULATION_SECONDS - 1);
  return second % PERIOD_SECONDS === 0 ? second + 1 : second;
}

function otherSide(side: TeamSide): TeamSide {
  return side === 'HOME' ? 'AWAY' : 'HOME';
}

export function planMatch(random: Random, matchUp: MatchUp): MatchPlan {
  const gap = Math.max(-STRENGTH_GAP_CAP, Math.min(STRENGTH_GAP_CAP, matchUp.homeStrength - matchUp.awayStrength));
  const edge = STRENGTH_EFFECT * gap;
  const expected = { HOME: matchUp.scoring * Math.exp(edge + HOME_ADVANTAGE), AWAY: matchUp.scoring * Math.exp(-edge - HOME_ADVANTAGE) };
  const goals: GoalPlan[] = [];
  for (const scoringSide of ['HOME', 'AWAY'] as const) {
    for (let count = random.poisson(Math.min(9, expected[scoringSide])); count > 0; count--) {
      goals.push({ second: regulationSecond(random, 15), side: scoringSide, ownGoal: random.chance(OWN_GOAL_SHARE) });
    }
  }
  goals.sort((a, b) => a.second - b.second);
  const penalties = Array.from({ length: random.poisson(3.2) }, (): PenaltyPlan => {
    const kind = penaltyKind(random);
    return { second: regulationSecond(random, 30), side: random.chance(0.5) ? 'HOME' : 'AWAY', kind, reason: random.pick(PENALTY_REASONS[kind]) };
  }).sort((a, b) => a.second - b.second);
  const timeouts = (['HOME', 'AWAY'] as const)
    .filter(() => random.chance(0.35))
    .map((side): TimeoutPlan => ({ second: regulationSecond(random, 2 * PERIOD_SECONDS + 60), side }))
    .sort((a, b) => a.second - b.second);

  const homeGoals = goals.filter((goal) => goal.side === 'HOME').length;
  const tied = homeGoals * 2 === goals.length;
  const plan: MatchPlan = { goals, penalties, timeouts, decidedBy: 'REGULAR', overtime: false, shootoutWinner: null, endSecond: REGULATION_SECONDS };
  if (!tied || !matchUp.mustDecide) return plan;

  plan.overtime = true;
  const favourite: TeamSide = expected.HOME >= expected.AWAY ? 'HOME' : 'AWAY';
  const winner = random.chance(0.55) ? favourite : otherSide(favourite);
  if (random.chance(0.6)) {
    const second = REGULATION_SECONDS + random.int(10, OVERTIME_SECONDS - 1);
    goals.push({ second, side: winner, ownGoal: false });
    plan.decidedBy = 'OVERTIME';
    plan.endSecond = second;
  } else {
    plan.decidedBy = 'PENALTY_SHOTS';
    plan.shootoutWinner = winner;
    plan.endSecond = REGULATION_SECONDS + OVERTIME_SECONDS;
  }
  return plan;
}

export interface Scoreline {
  homeScore: number;
  awayScore: number;
  homePeriodScores: number[];
  awayPeriodScores: number[];
}

/** Score and per-period scores from goals (overtime as a fourth period); shootout winners get one more. */
export function scoreline(goals: readonly GoalPlan[], periods: number, shootoutWinner: TeamSide | null): Scoreline {
  const homePeriodScores = new Array<number>(periods).fill(0);
  const awayPeriodScores = new Array<number>(periods).fill(0);
  for (const goal of goals) {
    const index = periodOf(goal.second) - 1;
    if (index >= periods) continue;
    if (goal.side === 'HOME') homePeriodScores[index] += 1;
    else awayPeriodScores[index] += 1;
  }
  const sum = (scores: number[]) => scores.reduce((total, score) => total + score, 0);
  return {
    homeScore: sum(homePeriodScores) + (shootoutWinner === 'HOME' ? 1 : 0),
    awayScore: sum(awayPeriodScores) + (shootoutWinner === 'AWAY' ? 1 : 0),
    homePeriodScores,
    awayPeriodScores,
  };
}

export function winnerOf(line: Scoreline): TeamSide | null {
  if (line.homeScore === line.awayScore) return null;
  return line.homeScore > line.awayScore ? 'HOME' : 'AWAY';
}
