// A knock-out cup per season and class. The first round draws up to 32 teams per unit of scale
// (all top-league and NLB teams, the rest from lower leagues); the game at bracket position k of a round is played by
// the winners of positions 2k-1 and 2k of the round before. The lower-league team is at home.
// In the current season the rounds before today are played, the next round is scheduled, and the
// rounds after it are in the calendar with their pairings still open (`Sieger Halbfinal 1`).
import type { DemoTeam } from './clubs.js';
import { createGame, kickOff } from './fixtures.js';
import type { DemoGroup } from './groups.js';
import { FULL_LINEUP } from './lineups.js';
import { finishGame, type Competition, type PlayContext } from './play.js';
import { knockoutRoundName } from './playoff-format.js';
import type { SeasonFrame } from './qualification.js';
import type { Random } from './random.js';
import { finishedCupRoundDays, nextCupRoundDay, playedCupRoundDays } from './season-calendar.js';
import { TOP_LEAGUE } from './structure.js';
import { isHolidayBreak, SATURDAY, WEDNESDAY, weekdayInWeekOf, zurichInstant, type Day } from './calendar.js';
import type { DemoDocument } from './document.js';

const LARGEST_DRAW_AT_SCALE_ONE = 32;

interface CupEntrant {
  team: DemoTeam;
  level: number;
}

function largestPowerOfTwoUpTo(count: number): number {
  return count < 2 ? 0 : 2 ** Math.floor(Math.log2(count));
}

function chooseEntrants(random: Random, entrants: readonly CupEntrant[], scale: number): CupEntrant[] {
  const size = largestPowerOfTwoUpTo(Math.min(entrants.length, Math.max(LARGEST_DRAW_AT_SCALE_ONE, LARGEST_DRAW_AT_SCALE_ONE * scale)));
  const seeded = entrants.filter((entrant) => entrant.level <= 2);
  const others = random.shuffle(entrants.filter((entrant) => entrant.level > 2));
  return [...seeded.slice(0, size), ...others].slice(0, size);
}

/** Random pairs, avoiding two teams of one club where a swap with the next pair fixes it. */
function draw(random: Random, entrants: readonly CupEntrant[]): [CupEntrant, CupEntrant][] {
  const order = random.shuffle(entrants);
  for (let index = 0; index + 3 < order.length; index += 2) {
    if (order[index].team.club === order[index + 1].team.club) [order[index + 1], order[index + 2]] = [order[index + 2], order[index + 1]];
  }
  const pairs: [CupEntrant, CupEntrant][] = [];
  for (let index = 0; index + 1 < order.length; index += 2) pairs.push([order[index], order[index + 1]]);
  return pairs;
}

function hostFirst([a, b]: [CupEntrant, CupEntrant]): [CupEntrant, CupEntrant] {
  return b.level > a.level ? [b, a] : [a, b];
}

function cupCompetition(home: CupEntrant, gameClassId: number): Competition {
  return {
    level: home.level,
    isTopLeague: home.level === 1,
    gameClassId,
    mustDecide: true,
    detail: 'full',
    lineupSize: FULL_LINEUP,
  };
}

export function playCup(
  context: PlayContext,
  frame: SeasonFrame,
  cup: { gameClassId: number; name: string },
  groups: readonly DemoGroup[],
  scale: number,
): void {
  const { document, random } = context;
  const entrants = groups
    .filter((group) => group.gameClassId === cup.gameClassId && group.row.phase === 'QUALIFICATION')
    .flatMap((group) => group.teams.map((team): CupEntrant => ({ team, level: group.leagueId === TOP_LEAGUE ? 1 : group.level })));
  const field = chooseEntrants(random, entrants, scale);
  if (field.length < 2) return;
  const tournamentId = document.nextId('cupTournament');
  document.rows.cupTournaments.push({ id: tournamentId, seasonId: frame.seasonId, gameClassId: cup.gameClassId, name: cup.name });
  const roundCount = Math.log2(field.length);
  const roundIds = Array.from({ length: roundCount }, (_, index) => {
    const id = document.nextId('cupRound');
    document.rows.cupRounds.push({ id, tournamentId, number: index + 1, name: knockoutRoundName(field.length / 2 ** index) });
    return id;
  });
  const played = frame.isCurrent ? Math.min(roundCount - 1, Math.max(roundCount > 1 ? 1 : 0, Math.round(frame.progress * roundCount))) : roundCount;
  const days = frame.isCurrent ? playedCupRoundDays(frame.today, played) : finishedCupRoundDays(frame.seasonId, roundCount);

  let pairs = draw(random, field);
  for (let roundIndex = 0; roundIndex < roundCount && pairs.length > 0; roundIndex++) {
    const isFinal = roundIndex === roundCount - 1;
    const isPlayed = roundIndex < played;
    const day = isPlayed ? days[roundIndex] : nextCupRoundDay(frame.today, isFinal);
    const winners: CupEntrant[] = [];
    pairs.forEach((pair, index) => {
      const [home, away] = hostFirst(pair);
      const startsAt = kickOff(random, day, isFinal ? 'saturday' : 'weekday', false);
      const placement = { cupRoundId: roundIds[roundIndex], bracketPosition: index + 1, hasVideoStream: roundCount - roundIndex <= 2 };
      const game = createGame(document, random, home.team, away.team, startsAt, placement);
      if (!isPlayed) return;
      const winner = finishGame(context, { game, home: home.team, away: away.team, competition: cupCompetition(home, cup.gameClassId) });
      winners.push(winner === 'HOME' ? home : away);
    });
    if (!isPlayed) {
      addUndecidedRounds(document, roundIds.slice(roundIndex), pairs.length, day, (index) => knockoutRoundName(field.length / 2 ** index), roundIndex);
      break;
    }
    pairs = [];
    for (let index = 0; index + 1 < winners.length; index += 2) pairs.push([winners[index], winners[index + 1]]);
  }
}

/** `Halbfinal` for `1/2-Final`: how the federation names a round in the text of a pairing still open. */
function placeholderRoundName(name: string): string {
  return { '1/2-Final': 'Halbfinal', '1/4-Final': 'Viertelfinal', '1/8-Final': 'Achtelfinal' }[name] ?? name;
}

/**
 * The rounds after the one being scheduled, with their games already in the calendar but their
 * teams not known yet: each side is the winner of a game of the round before (`Sieger Halbfinal 1`,
 * src/domain/pairing.ts). Three weeks apart (after the holiday break), the final on a Saturday. They draw nothing from the
 * random sequence and take their ids apart, so the rest of the league comes out as before.
 */
function addUndecidedRounds(
  document: DemoDocument,
  roundIds: readonly number[],
  scheduledGames: number,
  scheduledDay: Day,
  roundName: (index: number) => string,
  scheduledIndex: number,
): void {
  let games = scheduledGames;
  for (let offset = 1; offset < roundIds.length; offset++) {
    games = Math.floor(games / 2);
    if (games < 1) return;
    const isFinal = offset === roundIds.length - 1;
    let day = weekdayInWeekOf(scheduledDay + 21 * offset, isFinal ? SATURDAY : WEDNESDAY);
    while (isHolidayBreak(day)) day += 7;
    const previous = placeholderRoundName(roundName(scheduledIndex + offset - 1));
    for (let position = 1; position <= games; position++) {
      document.rows.games.push({
        id: document.nextId('pendingGame'),
        groupId: null,
        roundId: null,
        cupRoundId: roundIds[offset],
        bracketPosition: position,
        homeTeamId: null,
        awayTeamId: null,
        homePlaceholder: `Sieger ${previous} ${2 * position - 1}`,
        awayPlaceholder: `Sieger ${previous} ${2 * position}`,
        startsAt: zurichInstant(day, isFinal ? 15 * 60 : 20 * 60).toISOString(),
        venueId: null,
        status: 'SCHEDULED',
        homeScore: null,
        awayScore: null,
        homePeriodScores: [],
        awayPeriodScores: [],
        decidedBy: 'REGULAR',
        spectators: null,
        firstReferee: null,
        secondReferee: null,
        hasVideoStream: roundIds.length - offset <= 2,
      });
    }
  }
}
