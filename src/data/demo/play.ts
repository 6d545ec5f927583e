// Turns a scheduled game into a finished, live or forfeited one: result, per-period scores,
// spectators, lineups and the event log, all consistent with each other.
import type { TeamSide } from '../../generated/prisma/enums.js';
import type { GameRow } from '../import/format.js';
import type { DemoTeam } from './clubs.js';
import type { DemoDocument } from './document.js';
import { writeEvents, type EventDetail } from './events.js';
import { pickLineup, writeLineup, type LineupSize } from './lineups.js';
import { PERIOD_SECONDS, planMatch, scoreline, winnerOf, type MatchPlan } from './match.js';
import type { Random } from './random.js';
import type { RosterBook } from './rosters.js';
import { gameClassDefinition } from './structure.js';

export interface Competition {
  /** League level (1 = top); for cup games the home team's level. */
  level: number;
  isTopLeague: boolean;
  gameClassId: number;
  /** Ties go to overtime and penalty shots. */
  mustDecide: boolean;
  detail: EventDetail;
  lineupSize: LineupSize;
}

export interface PlayContext {
  document: DemoDocument;
  random: Random;
  rosters: RosterBook;
  seasonId: number;
}

export interface Fixture {
  game: GameRow;
  home: DemoTeam;
  away: DemoTeam;
  competition: Competition;
}

/** Real minutes a period takes with stoppages, and the break after it. */
const REAL_MINUTES_PER_PERIOD = 28;
const INTERMISSION_MINUTES = 10;
/** Forfeited games are scored 5:0 for the team that turned up. */
const FORFEIT_GOALS = 5;

function spectators(random: Random, competition: Competition): number {
  const women = gameClassDefinition(competition.gameClassId).playerGender === 'FEMALE';
  if (competition.isTopLeague) return women ? random.int(300, 1100) : random.int(300, 2000);
  if (competition.level === 2) return random.int(80, 600);
  if (competition.level === 3) return random.int(30, 300);
  return random.int(5, 150);
}

function lineUp(context: PlayContext, fixture: Fixture) {
  const { random, rosters, seasonId } = context;
  const homeRoster = rosters.get(fixture.home.row.id, seasonId);
  const awayRoster = rosters.get(fixture.away.row.id, seasonId);
  const home = homeRoster ? pickLineup(random, homeRoster, new Set(), fixture.competition.lineupSize) : [];
  const away = awayRoster ? pickLineup(random, awayRoster, new Set(home.map((slot) => slot.player.row.id)), fixture.competition.lineupSize) : [];
  writeLineup(context.document, fixture.game.id, fixture.home.row.id, home);
  writeLineup(context.document, fixture.game.id, fixture.away.row.id, away);
  return { gameId: fixture.game.id, homeTeamId: fixture.home.row.id, awayTeamId: fixture.away.row.id, home, away };
}

function plan(context: PlayContext, fixture: Fixture): MatchPlan {
  return planMatch(context.random, {
    homeStrength: fixture.home.strength,
    awayStrength: fixture.away.strength,
    scoring: gameClassDefinition(fixture.competition.gameClassId).scoring,
    mustDecide: fixture.competition.mustDecide,
  });
}

/** Plays the whole game; returns the winning side (null for a draw). */
export function finishGame(context: PlayContext, fixture: Fixture): TeamSide | null {
  const sides = lineUp(context, fixture);
  const matchPlan = plan(context, fixture);
  const line = scoreline(matchPlan.goals, matchPlan.overtime ? 4 : 3, matchPlan.shootoutWinner);
  Object.assign(fixture.game, line, {
    status: 'FINISHED',
    decidedBy: matchPlan.decidedBy,
    spectators: spectators(context.random, fixture.competition),
  } satisfies Partial<GameRow>);
  writeEvents(context.document, context.random, matchPlan, sides, fixture.competition.detail);
  return winnerOf(line);
}

/** Game clock after `minutes` of real time since the start (ends of periods sit at the break). */
function liveClock(minutes: number): number {
  const cycle = REAL_MINUTES_PER_PERIOD + INTERMISSION_MINUTES;
  const period = Math.min(3, Math.floor(minutes / cycle) + 1);
  const intoPeriod = minutes - (period - 1) * cycle;
  if (intoPeriod >= REAL_MINUTES_PER_PERIOD) return period * PERIOD_SECONDS;
  return Math.max(1, Math.floor((period - 1) * PERIOD_SECONDS + (intoPeriod / REAL_MINUTES_PER_PERIOD) * PERIOD_SECONDS));
}

/** A game in progress: lineups, the events so far and the current score. */
export function startLiveGame(context: PlayContext, fixture: Fixture, minutesSinceStart: number): void {
  const sides = lineUp(context, fixture);
  const matchPlan = plan(context, fixture);
  const clock = liveClock(minutesSinceStart);
  const periodsStarted = Math.ceil(clock / PERIOD_SECONDS);
  const goalsSoFar = matchPlan.goals.filter((goal) => goal.second < clock);
  Object.assign(fixture.game, scoreline(goalsSoFar, periodsStarted, null), { status: 'LIVE', decidedBy: 'REGULAR' } satisfies Partial<GameRow>);
  writeEvents(context.document, context.random, matchPlan, sides, fixture.competition.detail, clock);
}

export function forfeitGame(game: GameRow, winner: TeamSide): void {
  Object.assign(game, {
    status: 'FORFEIT',
    homeScore: winner === 'HOME' ? FORFEIT_GOALS : 0,
    awayScore: winner === 'AWAY' ? FORFEIT_GOALS : 0,
    homePeriodScores: [],
    awayPeriodScores: [],
    decidedBy: 'REGULAR',
    spectators: null,
  } satisfies Partial<GameRow>);
}
