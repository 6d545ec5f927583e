// The qualification phase of one league group: a double round robin, round by round on weekends.
// Finished seasons are fully played; in the current season the rounds before today are played,
// today's round is partly over, partly live, partly still to come, and later rounds are scheduled.
import { minutesBetween, type Day } from './calendar.js';
import type { DemoDocument } from './document.js';
import type { EventDetail } from './events.js';
import { createGame, kickOff } from './fixtures.js';
import type { DemoGroup } from './groups.js';
import { FULL_LINEUP } from './lineups.js';
import { finishGame, startLiveGame, type Competition, type Fixture, type PlayContext } from './play.js';
import type { Random } from './random.js';
import { doubleRoundRobin } from './round-robin.js';
import { currentSeasonRoundDays, finishedSeasonRoundDays, todaysRoundIndex } from './season-calendar.js';
import { LEAGUES, PLAYOFF_CLASSES, TOP_LEAGUE, gameClassDefinition } from './structure.js';
import { todayKickOff, todayStates, type TodayState } from './today.js';

export interface SeasonFrame {
  seasonId: number;
  isCurrent: boolean;
  now: Date;
  today: Day;
  /** 0 at the start of the qualification calendar, 1 at its end. */
  progress: number;
}

export function isTopLeagueGroup(group: DemoGroup): boolean {
  return group.leagueId === TOP_LEAGUE && PLAYOFF_CLASSES.includes(group.gameClassId);
}

/**
 * National leagues keep full event logs; regional leagues (the lowest tiers, most of the games)
 * keep goals and the game's structure only, which keeps the default demo quick to import.
 */
function eventDetailFor(leagueId: number): EventDetail {
  return LEAGUES.find((league) => league.id === leagueId)?.isNational ? 'full' : 'compact';
}

export function groupCompetition(group: DemoGroup): Competition {
  return {
    level: group.level,
    isTopLeague: isTopLeagueGroup(group),
    gameClassId: group.gameClassId,
    // Every league game has a winner: ties go to overtime and penalty shots (3-2-1-0 points).
    mustDecide: true,
    detail: eventDetailFor(group.leagueId),
    lineupSize: FULL_LINEUP,
  };
}

function addRounds(document: DemoDocument, group: DemoGroup, count: number): number[] {
  return Array.from({ length: count }, (_, index) => {
    const id = document.nextId('round');
    document.rows.rounds.push({ id, groupId: group.row.id, number: index + 1, name: `Runde ${index + 1}` });
    return id;
  });
}

/** Round days are Saturdays; about a third of the games move to the Sunday. */
function weekendKickOff(random: Random, saturday: Day, youth: boolean): Date {
  return random.chance(0.35) ? kickOff(random, saturday + 1, 'sunday', youth) : kickOff(random, saturday, 'saturday', youth);
}

function playToday(context: PlayContext, fixture: Fixture, state: TodayState, now: Date): void {
  if (state === 'FINISHED') finishGame(context, fixture);
  else if (state === 'LIVE') startLiveGame(context, fixture, minutesBetween(new Date(fixture.game.startsAt), now));
}

export function playQualification(context: PlayContext, frame: SeasonFrame, group: DemoGroup): Fixture[] {
  const { document, random } = context;
  const rounds = doubleRoundRobin(random.shuffle(group.teams));
  const roundIds = addRounds(document, group, rounds.length);
  const todayIndex = frame.isCurrent ? todaysRoundIndex(rounds.length, frame.progress) : -1;
  const days = frame.isCurrent ? currentSeasonRoundDays(frame.today, rounds.length, todayIndex) : finishedSeasonRoundDays(frame.seasonId, rounds.length);
  const competition = groupCompetition(group);
  const youth = gameClassDefinition(group.gameClassId).row.isYouth;
  const fixtures: Fixture[] = [];
  rounds.forEach((pairings, roundIndex) => {
    const isToday = roundIndex === todayIndex;
    const states = isToday ? todayStates(random, pairings.length, competition.isTopLeague) : [];
    pairings.forEach(([home, away], index) => {
      const startsAt = isToday ? todayKickOff(random, frame.now, states[index]) : weekendKickOff(random, days[roundIndex], youth);
      const placement = { groupId: group.row.id, roundId: roundIds[roundIndex], hasVideoStream: competition.isTopLeague };
      const fixture: Fixture = { game: createGame(document, random, home, away, startsAt, placement), home, away, competition };
      fixtures.push(fixture);
      if (isToday) playToday(context, fixture, states[index], frame.now);
      else if (!frame.isCurrent || roundIndex < todayIndex) finishGame(context, fixture);
    });
  });
  return fixtures;
}
