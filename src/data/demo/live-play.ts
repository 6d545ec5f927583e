// A demo game played live, planned up front: what the officials' desk will record, and at which
// second of the game clock, for the game's league format (periods, overtime, penalty shots, draws).
// `npm run demo:live` sends these writes through the GraphQL mutations, in the order the live rules
// (src/domain/live-game.ts, src/domain/event-recording.ts) accept them: every event inside the
// period open at its second, players only from the side's game sheet, a penalty end after its
// penalty, a goalie back only while out, one timeout per team.
import type { GameDecision, PenaltyKind, PenaltyRole, TeamSide } from '../../generated/prisma/enums.js';
import type { PlayerEventType, TeamEventType } from '../../domain/event-kinds.js';
import { boundsOfPeriod, type GameFormat, overtimePeriod, regulationSeconds, STANDARD_FORMAT } from '../../domain/game-format.js';
import { penaltyBoxSecondsOf } from '../../domain/player-statistics.js';
import type { Random } from './random.js';
import { PENALTY_REASONS as DEMO_PENALTY_REASONS } from './match.js';

export type LiveAction =
  | { kind: 'startGame'; second: number }
  | { kind: 'inspection'; second: number; done: boolean }
  | {
      kind: 'goal';
      second: number;
      side: TeamSide;
      ownGoal: boolean;
      penaltyShot: boolean;
      scorerLicenseId: number | null;
      assistLicenseId: number | null;
    }
  | {
      kind: 'penalty';
      second: number;
      side: TeamSide;
      penaltyKind: PenaltyKind;
      reason: string;
      /** The penalized player, or for a DEPUTY the player who serves it; null: a bench penalty nobody serves by name. */
      playerLicenseId: number | null;
      role: PenaltyRole | null;
      code: number | null;
    }
  | { kind: 'penaltyEnd'; second: number; side: TeamSide; playerLicenseId: number }
  | { kind: 'timeout'; second: number; side: TeamSide }
  | { kind: 'teamEvent'; second: number; side: TeamSide; event: TeamEventType }
  | { kind: 'playerEvent'; second: number; side: TeamSide; event: PlayerEventType; playerLicenseId: number }
  | { kind: 'misc'; second: number; code: number; side: TeamSide | null; playerLicenseId: number | null }
  | { kind: 'endPeriod'; second: number; period: number; next: 'period' | 'overtime' | 'penalty shots' }
  | { kind: 'finishGame'; second: number; decidedBy: GameDecision; shootoutWinner: TeamSide | null };

/** One side's game sheet as the plan names players from it. */
export interface SideSheet {
  /** Field players' licenses: scorers, assistants, penalized players. */
  readonly skaters: readonly number[];
  /** The goalkeepers' licenses, the one who starts in goal first. */
  readonly goalkeepers: readonly number[];
}

/** License ids of the players each side may name; empty: events name nobody (and those that must name a player are left out). */
export type GameSheet = Readonly<Record<TeamSide, SideSheet>>;

export const EMPTY_SHEET: GameSheet = { HOME: { skaters: [], goalkeepers: [] }, AWAY: { skaters: [], goalkeepers: [] } };

/** About five goals per team in 60 minutes, the demo league's even match-up, a little more at home. */
const GOALS_PER_TEAM = 5;
const HOME_ADVANTAGE = 0.08;
const OWN_GOAL_SHARE = 0.03;
const ASSIST_SHARE = 0.7;
/** Rates per 60 minutes of regulation; a shorter format scales them down. */
const PENALTIES_PER_GAME = 4;
const PENALTY_SHOTS_PER_GAME = 0.3;
const PENALTY_SHOT_SCORED = 0.45;
const HITS_PER_TEAM = 0.9; // crossbar and post each
const TIMEOUT_SHARE = 0.35;
const INJURY_SHARE = 0.25;
const MISC_SHARE = 0.4;
const GOALIE_CHANGE_SHARE = 0.15;
const INSPECTION_DONE_SHARE = 0.85;
const CODE_SHARE = 0.2;
const BENCH_PENALTY_SHARE = 0.06;
const OVERTIME_GOAL_SHARE = 0.6;
const FAVOURITE_WINS_DECIDER = 0.55;
/** The best player of a side is its goalkeeper this often; otherwise the player with most points. */
const GOALKEEPER_BEST_SHARE = 0.25;

/** Penalties as a desk meets them: mostly 2', some 2+2', 5', 10', rarely a match penalty of a grade. */
const PENALTY_MIX: readonly { kind: PenaltyKind; upTo: number }[] = [
  { kind: 'MINOR_2', upTo: 0.76 },
  { kind: 'MINOR_2_2', upTo: 0.85 },
  { kind: 'MAJOR_5', upTo: 0.9 },
  { kind: 'MISCONDUCT_10', upTo: 0.975 },
  { kind: 'MATCH_1', upTo: 0.985 },
  { kind: 'MATCH_2', upTo: 0.995 },
  { kind: 'MATCH_3', upTo: 1 },
];

const PENALTY_REASONS: Readonly<Partial<Record<PenaltyKind, readonly string[]>>> = {
  ...DEMO_PENALTY_REASONS,
  MINOR_2_2: ['Hoher Stock', 'Gefährliches Spiel', 'Stockschlag'],
  MATCH_1: ['Grobes Foulspiel', 'Gefährliches Spiel'],
  MATCH_2: ['Tätlichkeit', 'Grobes Foulspiel'],
  MATCH_3: ['Tätlichkeit'],
  PENALTY_SHOT: ['Foul bei klarer Torchance', 'Torverschiebung'],
};
const BENCH_REASONS = ['Falscher Wechsel', 'Zu viele Spieler auf dem Feld'];

/** Where several actions share a second, the order the rules need: play, what follows from it, the best players, then the period's end. */
function rankOf(action: LiveAction): number {
  switch (action.kind) {
    case 'startGame':
      return 0;
    case 'inspection':
      return 1;
    case 'goal':
      return action.penaltyShot ? 3 : 2;
    case 'penaltyEnd':
      return 3;
    case 'teamEvent':
      return action.event === 'GOALIE_BACK' ? 3 : 2;
    case 'playerEvent':
      return action.event === 'PENALTY_SHOT_MISSED' ? 3 : action.event === 'BEST_PLAYER' ? 4 : 2;
    case 'endPeriod':
      return 5;
    case 'finishGame':
      return 6;
    default:
      return 2;
  }
}

function byClock(a: LiveAction, b: LiveAction): number {
  return a.second - b.second || rankOf(a) - rankOf(b);
}

const otherSide = (side: TeamSide): TeamSide => (side === 'HOME' ? 'AWAY' : 'HOME');

/** The clock of one format: where periods end, and which seconds are inside play. */
class Clock {
  readonly periodSeconds: number;
  readonly regulationEnd: number;
  /** The game clock at the final whistle (or when the periods on the clock are over, before penalty shots). */
  endOfPlay: number;

  constructor(readonly format: GameFormat) {
    this.periodSeconds = format.periodSeconds;
    this.regulationEnd = regulationSeconds(format);
    this.endOfPlay = this.regulationEnd;
  }

  /** A second in [from, to] that is no period boundary (an event there would be ambiguous between two periods). */
  second(random: Random, from: number, to: number): number {
    const second = random.int(Math.max(1, from), Math.max(1, from, to));
    if (second % this.periodSeconds !== 0) return second;
    return second + 1 <= to ? second + 1 : second - 1;
  }

  /** Inside play, up to the final whistle's second (a golden goal's), and on no period boundary. */
  playable(second: number): boolean {
    return second > 0 && second <= this.endOfPlay && second % this.periodSeconds !== 0;
  }

  /** Per-game count scaled to the format's regulation time, from a rate per 60 minutes. */
  rate(per60: number): number {
    return (per60 * this.regulationEnd) / 3600;
  }
}

/**
 * Every write of one game, in the order to send them: the start, the player inspection, the play,
 * period ends, overtime or penalty shots for a tie the format decides, the best player of each side
 * and the final whistle. The same random stream, sheet and format give the same plan.
 */
export function planLiveGame(random: Random, sheet: GameSheet = EMPTY_SHEET, format: GameFormat = STANDARD_FORMAT): LiveAction[] {
  const clock = new Clock(format);
  const play = random.fork('play');
  const actions: LiveAction[] = [
    { kind: 'startGame', second: 0 },
    { kind: 'inspection', second: 0, done: play.chance(INSPECTION_DONE_SHARE) },
  ];

  const penaltyShots = penaltyShotsOf(play.fork('penalty shots'), clock);
  let goals = [...regulationGoals(play.fork('goals'), clock), ...penaltyShots.goals];
  const pull = goaliePull(play.fork('goalie'), clock, goals);
  if (pull) goals = [...goals.filter((goal) => goal.penaltyShot || goal.second < pull.out.second), ...pull.goals];
  const ending = endingOf(play.fork('ending'), clock, goals);
  goals = [...goals, ...ending.goals];

  actions.push(...goals, ...penaltyShots.penalties, ...penaltyShots.misses, ...(pull ? [pull.out, ...pull.back] : []), ...ending.transitions);
  actions.push(...penaltiesOf(play.fork('penalties'), clock), ...timeoutsOf(play.fork('timeouts'), clock), ...incidentsOf(play.fork('incidents'), clock));
  actions.sort(byClock);

  const named = nameThem(
    random.fork('players'),
    sheet,
    actions.filter((action) => isMarker(action) || clock.playable(action.second)),
  );
  const ends = penaltyEndsOf(clock, named);
  const best = bestPlayersOf(random.fork('best'), clock, sheet, named);
  return [...named, ...ends, ...best].sort(byClock);
}

/** The start, the inspection before play, period ends and the final whistle: at their seconds by definition. */
function isMarker(action: LiveAction): boolean {
  return action.kind === 'startGame' || action.kind === 'inspection' || action.kind === 'endPeriod' || action.kind === 'finishGame';
}

type GoalAction = Extract<LiveAction, { kind: 'goal' }>;
type PenaltyAction = Extract<LiveAction, { kind: 'penalty' }>;

const goal = (second: number, side: TeamSide, ownGoal = false, penaltyShot = false): GoalAction => ({
  kind: 'goal',
  second,
  side,
  ownGoal,
  penaltyShot,
  scorerLicenseId: null,
  assistLicenseId: null,
});

function regulationGoals(random: Random, clock: Clock): GoalAction[] {
  const goals: GoalAction[] = [];
  for (const side of ['HOME', 'AWAY'] as const) {
    const expected = clock.rate(GOALS_PER_TEAM) * Math.exp(side === 'HOME' ? HOME_ADVANTAGE : -HOME_ADVANTAGE);
    for (let count = random.poisson(expected); count > 0; count--) {
      goals.push(goal(clock.second(random, 15, clock.regulationEnd - 1), side, random.chance(OWN_GOAL_SHARE)));
    }
  }
  return goals;
}

/** A foul on a clear chance punished by a penalty shot: the other side scores from it or misses. Kept clear of the last minutes. */
function penaltyShotsOf(random: Random, clock: Clock): { penalties: PenaltyAction[]; goals: GoalAction[]; misses: LiveAction[] } {
  const result = { penalties: [] as PenaltyAction[], goals: [] as GoalAction[], misses: [] as LiveAction[] };
  const latest = clock.regulationEnd - 240;
  if (latest < 60) return result;
  for (let count = random.poisson(clock.rate(PENALTY_SHOTS_PER_GAME)); count > 0; count--) {
    const fouling: TeamSide = random.chance(0.5) ? 'HOME' : 'AWAY';
    const second = clock.second(random, 60, latest);
    result.penalties.push(penalty(second, fouling, 'PENALTY_SHOT', random.pick(PENALTY_REASONS.PENALTY_SHOT ?? [''])));
    if (random.chance(PENALTY_SHOT_SCORED)) result.goals.push(goal(second, otherSide(fouling), false, true));
    else result.misses.push({ kind: 'playerEvent', second, side: otherSide(fouling), event: 'PENALTY_SHOT_MISSED', playerLicenseId: 0 });
  }
  return result;
}

function penalty(second: number, side: TeamSide, penaltyKind: PenaltyKind, reason: string, code: number | null = null): PenaltyAction {
  return { kind: 'penalty', second, side, penaltyKind, reason, playerLicenseId: null, role: null, code };
}

function scoreBefore(goals: readonly GoalAction[], second: number): { HOME: number; AWAY: number } {
  const score = { HOME: 0, AWAY: 0 };
  for (const goal of goals) if (goal.second < second) score[goal.side] += 1;
  return score;
}

/**
 * Near the end of a close game the trailing side takes its goalie out for an extra skater; the
 * goals planned after that are replaced by what the empty net brings: an equaliser, an empty-net
 * goal of the leader, or nothing. The goalie comes back after a goal.
 */
function goaliePull(random: Random, clock: Clock, goals: readonly GoalAction[]): { out: LiveAction; back: LiveAction[]; goals: GoalAction[] } | null {
  const last = boundsOfPeriod(clock.format, clock.format.periods);
  const lead = Math.min(random.int(50, 150), Math.floor(clock.periodSeconds / 3));
  if (lead < 20) return null;
  const outAt = last.end - lead;
  const score = scoreBefore(goals, outAt);
  const gap = Math.abs(score.HOME - score.AWAY);
  if (!(gap === 1 || (gap === 2 && random.chance(0.35)))) return null;
  const trailing: TeamSide = score.HOME < score.AWAY ? 'HOME' : 'AWAY';
  const out: LiveAction = { kind: 'teamEvent', second: outAt, side: trailing, event: 'GOALIE_OUT' };
  const draw = random.next();
  if (draw >= 0.6) return { out, back: [], goals: [] };
  const second = random.int(outAt + 5, last.end - 1);
  const scorer = draw < 0.3 ? trailing : otherSide(trailing);
  return { out, back: [{ kind: 'teamEvent', second, side: trailing, event: 'GOALIE_BACK' }], goals: [goal(second, scorer)] };
}

/**
 * Period ends and the final whistle, as the format has them: a decided game (or a tie where a draw
 * stands) ends with the last regular period; a tie otherwise goes to overtime, where a golden goal
 * decides, or to penalty shots after it (or straight after the last period, without overtime).
 */
function endingOf(random: Random, clock: Clock, goals: readonly GoalAction[]): { transitions: LiveAction[]; goals: GoalAction[] } {
  const { format } = clock;
  const periodEnd = (period: number) => boundsOfPeriod(format, period).end;
  const transitions: LiveAction[] = Array.from({ length: format.periods - 1 }, (_, index) => ({
    kind: 'endPeriod' as const,
    second: periodEnd(index + 1),
    period: index + 1,
    next: 'period' as const,
  }));
  const finish = (second: number, decidedBy: GameDecision, shootoutWinner: TeamSide | null = null): LiveAction => ({
    kind: 'finishGame',
    second,
    decidedBy,
    shootoutWinner,
  });
  const score = scoreBefore(goals, Number.POSITIVE_INFINITY);
  const regulationEnd = clock.regulationEnd;
  clock.endOfPlay = regulationEnd;
  if (score.HOME !== score.AWAY || format.drawAllowed) return { transitions: [...transitions, finish(regulationEnd, 'REGULAR')], goals: [] };

  const winner: TeamSide = random.chance(FAVOURITE_WINS_DECIDER) ? 'HOME' : 'AWAY';
  const overtime = overtimePeriod(format);
  if (overtime === null) {
    // formatProblems (game-format.ts) admits no format that neither lets a draw stand nor decides a tie.
    return {
      transitions: [
        ...transitions,
        { kind: 'endPeriod', second: regulationEnd, period: format.periods, next: 'penalty shots' },
        finish(regulationEnd, 'PENALTY_SHOTS', winner),
      ],
      goals: [],
    };
  }
  transitions.push({ kind: 'endPeriod', second: regulationEnd, period: format.periods, next: 'overtime' });
  const bounds = boundsOfPeriod(format, overtime);
  if (!format.penaltyShootout || random.chance(OVERTIME_GOAL_SHARE)) {
    const second = clock.second(random, bounds.start + Math.min(10, bounds.end - bounds.start - 1), bounds.end - 1);
    clock.endOfPlay = second;
    return { transitions: [...transitions, finish(second, 'OVERTIME')], goals: [goal(second, winner)] };
  }
  clock.endOfPlay = bounds.end;
  return {
    transitions: [
      ...transitions,
      { kind: 'endPeriod', second: bounds.end, period: overtime, next: 'penalty shots' },
      finish(bounds.end, 'PENALTY_SHOTS', winner),
    ],
    goals: [],
  };
}

function penaltiesOf(random: Random, clock: Clock): PenaltyAction[] {
  return Array.from({ length: random.poisson(clock.rate(PENALTIES_PER_GAME)) }, () => {
    const side: TeamSide = random.chance(0.5) ? 'HOME' : 'AWAY';
    const second = clock.second(random, 30, clock.regulationEnd - 1);
    const draw = random.next();
    const kind = PENALTY_MIX.find((entry) => draw < entry.upTo)?.kind ?? 'MINOR_2';
    const code = random.chance(CODE_SHARE) ? random.int(0, 999) : null;
    if (kind === 'MINOR_2' && random.chance(BENCH_PENALTY_SHARE)) {
      // A bench penalty: a player of the coach's choice serves it, as a deputy.
      return { ...penalty(second, side, kind, random.pick(BENCH_REASONS), code), role: 'DEPUTY' as const };
    }
    return penalty(second, side, kind, random.pick(PENALTY_REASONS[kind] ?? ['']), code);
  });
}

/** One timeout per team at most, mostly late in the game. */
function timeoutsOf(random: Random, clock: Clock): LiveAction[] {
  const last = boundsOfPeriod(clock.format, clock.format.periods);
  return (['HOME', 'AWAY'] as const)
    .filter(() => random.chance(TIMEOUT_SHARE))
    .map((side) => ({ kind: 'timeout' as const, side, second: clock.second(random, last.start + Math.floor((last.end - last.start) / 4), last.end - 1) }));
}

/** Crossbar and post hits, the odd injury, a MISC code, a change of goalie. Players are named later. */
function incidentsOf(random: Random, clock: Clock): LiveAction[] {
  const incidents: LiveAction[] = [];
  const anySecond = () => clock.second(random, 10, clock.regulationEnd - 1);
  for (const side of ['HOME', 'AWAY'] as const) {
    for (const event of ['CROSSBAR', 'POST'] as const) {
      for (let count = random.poisson(clock.rate(HITS_PER_TEAM)); count > 0; count--) {
        incidents.push({ kind: 'playerEvent', second: anySecond(), side, event, playerLicenseId: 0 });
      }
    }
    if (random.chance(GOALIE_CHANGE_SHARE)) {
      const period = random.int(Math.min(2, clock.format.periods), clock.format.periods);
      const start = boundsOfPeriod(clock.format, period).start;
      incidents.push({
        kind: 'playerEvent',
        second: clock.second(random, start + 1, start + Math.min(90, clock.periodSeconds - 1)),
        side,
        event: 'GOALIE_CHANGE',
        playerLicenseId: 0,
      });
    }
  }
  if (random.chance(INJURY_SHARE)) {
    incidents.push({ kind: 'playerEvent', second: anySecond(), side: random.chance(0.5) ? 'HOME' : 'AWAY', event: 'INJURY', playerLicenseId: 0 });
  }
  if (random.chance(MISC_SHARE)) {
    const side: TeamSide | null = random.chance(0.5) ? (random.chance(0.5) ? 'HOME' : 'AWAY') : null;
    incidents.push({ kind: 'misc', second: anySecond(), code: random.int(0, 999), side, playerLicenseId: null });
  }
  return incidents;
}

/**
 * Names the players, in clock order: scorers (some more often than others) and assistants among the
 * skaters on the ice, penalized players, who then sit out their minutes (a match penalty's player
 * for good), the second goalkeeper for a change of goalie. An event that must name a player and
 * finds none (no sheet) is left out; a goal or penalty then names nobody.
 */
function nameThem(random: Random, sheet: GameSheet, actions: readonly LiveAction[]): LiveAction[] {
  const weights = new Map<number, number>();
  for (const side of ['HOME', 'AWAY'] as const) for (const license of sheet[side].skaters) weights.set(license, 1 + 3 * random.next() ** 2);
  const outUntil = new Map<number, number>();
  const onIce = (side: TeamSide, second: number, except: number | null = null) =>
    sheet[side].skaters.filter((license) => license !== except && (outUntil.get(license) ?? -1) < second);
  const pickFrom = (licenses: readonly number[]) => (licenses.length === 0 ? null : random.weighted(licenses, (license) => weights.get(license) ?? 1));
  const named: LiveAction[] = [];
  for (const action of actions) {
    switch (action.kind) {
      case 'goal': {
        if (action.ownGoal) {
          named.push(action);
          break;
        }
        const scorer = pickFrom(onIce(action.side, action.second));
        const assistant = scorer !== null && !action.penaltyShot && random.chance(ASSIST_SHARE) ? pickFrom(onIce(action.side, action.second, scorer)) : null;
        named.push({ ...action, scorerLicenseId: scorer, assistLicenseId: assistant });
        break;
      }
      case 'penalty': {
        const candidates = onIce(action.side, action.second);
        const player = candidates.length === 0 ? null : random.pick(candidates);
        if (player === null) {
          named.push({ ...action, playerLicenseId: null, role: null });
          break;
        }
        // A match penalty's player is out for good (Infinity); a penalty shot sends nobody out.
        const box = penaltyBoxSecondsOf(action.penaltyKind);
        if (box > 0) outUntil.set(player, action.second + box);
        named.push({ ...action, playerLicenseId: player });
        break;
      }
      case 'playerEvent': {
        const player = action.event === 'GOALIE_CHANGE' ? (sheet[action.side].goalkeepers[1] ?? null) : pickFrom(onIce(action.side, action.second));
        if (player !== null) named.push({ ...action, playerLicenseId: player });
        break;
      }
      case 'misc': {
        const side = action.side;
        const player = side === null ? null : pickFrom(onIce(side, action.second));
        named.push(player === null ? { ...action, side: null, playerLicenseId: null } : { ...action, playerLicenseId: player });
        break;
      }
      default:
        named.push(action);
    }
  }
  return named;
}

/**
 * When each named player's penalty ends: a 2' at the first goal against the side within it, a 2+2'
 * after the half a goal falls in, 5' and 10' when their time is up. A match penalty's player does
 * not return, and a penalty shot sends nobody out. Ends after the final whistle are not recorded.
 */
function penaltyEndsOf(clock: Clock, actions: readonly LiveAction[]): LiveAction[] {
  const goalsAgainst = (side: TeamSide, from: number, to: number) =>
    actions.find((action) => action.kind === 'goal' && action.side === otherSide(side) && action.second > from && action.second < to)?.second;
  const ends: LiveAction[] = [];
  for (const action of actions) {
    if (action.kind !== 'penalty' || action.playerLicenseId === null) continue;
    const box = penaltyBoxSecondsOf(action.penaltyKind);
    // A match penalty's player does not come back, and a penalty shot sends nobody out: neither ends.
    if (box === 0 || !Number.isFinite(box)) continue;
    let end = action.second + box;
    if (action.penaltyKind === 'MINOR_2') end = goalsAgainst(action.side, action.second, end) ?? end;
    if (action.penaltyKind === 'MINOR_2_2') {
      const goal = goalsAgainst(action.side, action.second, end);
      if (goal !== undefined) end = goal < action.second + 120 ? goal + 120 : goal;
    }
    if (end % clock.periodSeconds === 0) end += 1;
    if (clock.playable(end)) ends.push({ kind: 'penaltyEnd', second: end, side: action.side, playerLicenseId: action.playerLicenseId });
  }
  return ends;
}

/** The best player of each side, recorded before the final whistle: its goalkeeper now and then, else the player with most points. */
function bestPlayersOf(random: Random, clock: Clock, sheet: GameSheet, actions: readonly LiveAction[]): LiveAction[] {
  const points = new Map<number, number>();
  for (const action of actions) {
    if (action.kind !== 'goal') continue;
    for (const license of [action.scorerLicenseId, action.assistLicenseId]) if (license !== null) points.set(license, (points.get(license) ?? 0) + 1);
  }
  const gone = new Set(
    actions.flatMap((action) =>
      action.kind === 'penalty' && action.penaltyKind.startsWith('MATCH') && action.playerLicenseId !== null ? [action.playerLicenseId] : [],
    ),
  );
  const best: LiveAction[] = [];
  for (const side of ['HOME', 'AWAY'] as const) {
    const goalkeeper = sheet[side].goalkeepers[0];
    const skaters = sheet[side].skaters.filter((license) => !gone.has(license));
    const most = Math.max(0, ...skaters.map((license) => points.get(license) ?? 0));
    const leaders = skaters.filter((license) => (points.get(license) ?? 0) === most);
    const player =
      goalkeeper !== undefined && (leaders.length === 0 || random.chance(GOALKEEPER_BEST_SHARE))
        ? goalkeeper
        : leaders.length > 0
          ? random.pick(leaders)
          : null;
    if (player !== null) best.push({ kind: 'playerEvent', second: clock.endOfPlay, side, event: 'BEST_PLAYER', playerLicenseId: player });
  }
  return best;
}

/** Milliseconds of real time from the start of a game to its clock's `second`; speed 60 plays a minute per second. */
export function realTimeMs(second: number, speed: number): number {
  return (second * 1000) / speed;
}

/** What a stopped demo does with a game still live: finish it where the result stands (its last regular period, not tied), else abort it. */
export function wrapUpOf(format: GameFormat, state: { period: number; periodOpen: boolean; homeScore: number; awayScore: number }): 'finish' | 'abort' {
  return state.period === format.periods && state.periodOpen && state.homeScore !== state.awayScore ? 'finish' : 'abort';
}
