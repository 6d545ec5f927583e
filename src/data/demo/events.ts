// The event log of a played game, built from its plan and the two lineups. Events are written in
// clock order and `sequence` numbers them within the game, so equal clock times keep their order
// (a period's end before the next one's start, a goal before the timeout that followed it).
// Goal events carry the running score; an own goal counts for `side`/`teamId`, the team credited,
// and names no player. A live game's log stops at its current clock.
import type { PlayerPosition, TeamSide } from '../../generated/prisma/enums.js';
import type { GameEventRow } from '../import/format.js';
import type { DemoDocument } from './document.js';
import { PERIOD_SECONDS, periodOf, type MatchPlan } from './match.js';
import { scoringWeight } from './players.js';
import type { Random } from './random.js';
import type { RosterSlot } from './rosters.js';

/** Full logs carry penalties, timeouts and best players; compact logs only goals and structure. */
export type EventDetail = 'full' | 'compact';

export interface EventSides {
  gameId: number;
  homeTeamId: number;
  awayTeamId: number;
  home: readonly RosterSlot[];
  away: readonly RosterSlot[];
}

type DraftEvent = Omit<GameEventRow, 'id' | 'gameId' | 'sequence'>;

const ASSIST_SHARE = 0.72;
const ASSIST_WEIGHT: Readonly<Record<PlayerPosition, number>> = { GOALKEEPER: 0.03, DEFENDER: 0.7, CENTER: 1.1, FORWARD: 0.9 };

function skaters(lineup: readonly RosterSlot[]): readonly RosterSlot[] {
  const withoutGoalkeepers = lineup.filter((slot) => slot.position !== 'GOALKEEPER');
  return withoutGoalkeepers.length > 0 ? withoutGoalkeepers : lineup;
}

class EventDrafter {
  readonly events: DraftEvent[] = [];
  private home = 0;
  private away = 0;
  readonly points = new Map<number, number>();

  constructor(
    private readonly random: Random,
    private readonly sides: EventSides,
  ) {}

  teamOf(side: TeamSide): number {
    return side === 'HOME' ? this.sides.homeTeamId : this.sides.awayTeamId;
  }

  lineupOf(side: TeamSide): readonly RosterSlot[] {
    return side === 'HOME' ? this.sides.home : this.sides.away;
  }

  marker(type: DraftEvent['type'], second: number, period: number | null, withScore = false): void {
    this.events.push({ second, type, period, ...(withScore ? { homeScore: this.home, awayScore: this.away } : {}) });
  }

  goal(second: number, side: TeamSide, ownGoal: boolean): void {
    if (side === 'HOME') this.home += 1;
    else this.away += 1;
    const base = { second, period: periodOf(second), side, teamId: this.teamOf(side), homeScore: this.home, awayScore: this.away };
    if (ownGoal) {
      this.events.push({ ...base, type: 'OWN_GOAL' });
      return;
    }
    const lineup = skaters(this.lineupOf(side));
    const scorer = lineup.length > 0 ? this.random.weighted(lineup, (slot) => scoringWeight(slot.player, slot.position)) : undefined;
    const teammates = this.lineupOf(side).filter((slot) => slot !== scorer);
    const assist =
      teammates.length > 0 && this.random.chance(ASSIST_SHARE)
        ? this.random.weighted(teammates, (slot) => slot.player.talent * ASSIST_WEIGHT[slot.position])
        : undefined;
    for (const slot of [scorer, assist]) {
      if (slot) this.points.set(slot.player.row.id, (this.points.get(slot.player.row.id) ?? 0) + 1);
    }
    this.events.push({ ...base, type: 'GOAL', playerId: scorer?.player.row.id ?? null, assistId: assist?.player.row.id ?? null });
  }

  penalty(second: number, side: TeamSide, kind: DraftEvent['penaltyKind'], reason: string): void {
    const offender = skaters(this.lineupOf(side));
    this.events.push({
      second,
      period: periodOf(second),
      type: 'PENALTY',
      side,
      teamId: this.teamOf(side),
      playerId: offender.length > 0 ? this.random.pick(offender).player.row.id : null,
      penaltyKind: kind,
      penaltyReason: reason,
    });
  }

  sideEvent(type: 'TIMEOUT' | 'PENALTY_SHOOTOUT', second: number, side: TeamSide): void {
    this.events.push({
      second,
      period: periodOf(second),
      type,
      side,
      teamId: this.teamOf(side),
      ...(type === 'PENALTY_SHOOTOUT' ? this.shootoutScore(side) : {}),
    });
  }

  private shootoutScore(side: TeamSide): { homeScore: number; awayScore: number } {
    if (side === 'HOME') this.home += 1;
    else this.away += 1;
    return { homeScore: this.home, awayScore: this.away };
  }

  /** The player of the game per team: the best scorer, or now and then the goalkeeper. */
  bestPlayer(second: number, side: TeamSide): void {
    const lineup = this.lineupOf(side);
    if (lineup.length === 0) return;
    const goalkeeper = lineup.find((slot) => slot.position === 'GOALKEEPER');
    const topScorer = [...lineup].sort((a, b) => (this.points.get(b.player.row.id) ?? 0) - (this.points.get(a.player.row.id) ?? 0))[0];
    const chosen = goalkeeper && this.random.chance(0.25) ? goalkeeper : this.random.chance(0.7) ? topScorer : this.random.pick(lineup);
    this.events.push({ second, type: 'BEST_PLAYER', side, teamId: this.teamOf(side), playerId: chosen.player.row.id });
  }
}

type Incident =
  | { second: number; kind: 'goal'; side: TeamSide; ownGoal: boolean }
  | { second: number; kind: 'penalty'; side: TeamSide; penalty: MatchPlan['penalties'][number] }
  | { second: number; kind: 'timeout'; side: TeamSide };

function incidentsOf(plan: MatchPlan, detail: EventDetail): Incident[] {
  const incidents: Incident[] = plan.goals.map((goal) => ({ second: goal.second, kind: 'goal', side: goal.side, ownGoal: goal.ownGoal }));
  if (detail === 'full') {
    incidents.push(...plan.penalties.map((penalty): Incident => ({ second: penalty.second, kind: 'penalty', side: penalty.side, penalty })));
    incidents.push(...plan.timeouts.map((timeout): Incident => ({ second: timeout.second, kind: 'timeout', side: timeout.side })));
  }
  // Stable sort: at equal clock times goals stay ahead of penalties and timeouts.
  return incidents.sort((a, b) => a.second - b.second);
}

/** All events of the whole game in clock order. */
function draftGame(random: Random, plan: MatchPlan, sides: EventSides, detail: EventDetail): DraftEvent[] {
  const drafter = new EventDrafter(random, sides);
  const incidents = incidentsOf(plan, detail);
  const periods = plan.overtime ? 4 : 3;
  drafter.marker('GAME_START', 0, 1);
  let next = 0;
  for (let period = 1; period <= periods; period++) {
    const start = (period - 1) * PERIOD_SECONDS;
    const end = period === 4 ? plan.endSecond : period * PERIOD_SECONDS;
    drafter.marker('PERIOD_START', start, period);
    for (; next < incidents.length && incidents[next].second <= end; next++) {
      const incident = incidents[next];
      if (incident.kind === 'goal') drafter.goal(incident.second, incident.side, incident.ownGoal);
      else if (incident.kind === 'penalty') drafter.penalty(incident.second, incident.side, incident.penalty.kind, incident.penalty.reason);
      else drafter.sideEvent('TIMEOUT', incident.second, incident.side);
    }
    drafter.marker('PERIOD_END', end, period, true);
  }
  if (plan.shootoutWinner) drafter.sideEvent('PENALTY_SHOOTOUT', plan.endSecond, plan.shootoutWinner);
  drafter.marker('GAME_END', plan.endSecond, periods, true);
  if (detail === 'full') {
    drafter.bestPlayer(plan.endSecond, 'HOME');
    drafter.bestPlayer(plan.endSecond, 'AWAY');
  }
  return drafter.events;
}

/**
 * Writes the game's events. With `clock` (a live game) only what happened before that clock time
 * is written; a period that just ended shows its end but not the next start.
 */
export function writeEvents(document: DemoDocument, random: Random, plan: MatchPlan, sides: EventSides, detail: EventDetail, clock?: number): void {
  const drafted = draftGame(random, plan, sides, detail);
  const happened = clock === undefined ? drafted : drafted.filter((event) => event.second < clock || (event.type === 'PERIOD_END' && event.second === clock));
  happened.forEach((event, sequence) => {
    document.rows.gameEvents.push({ id: document.nextId('event'), gameId: sides.gameId, sequence, ...event });
  });
}
