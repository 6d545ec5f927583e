// Playoffs and playouts of a finished top-league season, seeded from the qualification standings.
// Every pairing is a best-of-five series; the better-placed team is at home in games 1, 3 and 5.
import { computeStandings } from '../../domain/standings.js';
import type { GroupPhase, TeamSide } from '../../generated/prisma/enums.js';
import { zurichDay, type Day } from './calendar.js';
import type { DemoTeam } from './clubs.js';
import { createGame, kickOff } from './fixtures.js';
import type { DemoGroup } from './groups.js';
import { finishGame, type Fixture, type PlayContext } from './play.js';
import { knockoutRoundName, playoffSize, playoutSize } from './playoff-format.js';
import { groupCompetition } from './qualification.js';
import { playoffRoundStart } from './season-calendar.js';

const WINS_NEEDED = 3;
/** What the groups declare (best of N): a series to WINS_NEEDED wins takes at most this many games. */
const SERIES_BEST_OF = 2 * WINS_NEEDED - 1;
/** Saturday, Tuesday, Saturday, Tuesday, Saturday. */
const SERIES_DAY_OFFSETS = [0, 3, 7, 10, 14] as const;

type Series = readonly [higherSeed: DemoTeam, lowerSeed: DemoTeam];

interface KnockoutGroup {
  group: DemoGroup;
  roundIds: number[];
}

function rankTeams(group: DemoGroup, fixtures: readonly Fixture[]): DemoTeam[] {
  const standings = computeStandings(
    group.teams.map((team) => team.row.id),
    fixtures.map(({ game, home, away }) => ({
      homeTeamId: home.row.id,
      awayTeamId: away.row.id,
      status: game.status ?? 'SCHEDULED',
      homeScore: game.homeScore ?? null,
      awayScore: game.awayScore ?? null,
      decidedBy: game.decidedBy ?? 'REGULAR',
    })),
  );
  const byId = new Map(group.teams.map((team) => [team.row.id, team]));
  return standings.map((row) => byId.get(row.teamId) as DemoTeam);
}

function addKnockoutGroup(
  context: PlayContext,
  qualification: DemoGroup,
  teams: readonly DemoTeam[],
  phase: GroupPhase,
  roundNames: readonly string[],
): KnockoutGroup {
  const { document } = context;
  const isPlayoff = phase === 'PLAYOFF';
  const row = {
    id: document.nextId('group'),
    seasonId: qualification.seasonId,
    leagueId: qualification.leagueId,
    gameClassId: qualification.gameClassId,
    name: isPlayoff ? 'Playoff' : 'Playout',
    phase,
    sortOrder: isPlayoff ? 10 : 11,
    playoffLine: null,
    seriesBestOf: SERIES_BEST_OF,
  };
  document.rows.leagueGroups.push(row);
  for (const team of teams) document.rows.teamRegistrations.push({ teamId: team.row.id, groupId: row.id });
  const roundIds = roundNames.map((name, index) => {
    const id = document.nextId('round');
    document.rows.rounds.push({ id, groupId: row.id, number: index + 1, name });
    return id;
  });
  return { group: { ...qualification, row, teams: [...teams] }, roundIds };
}

/** Plays a series to three wins; returns [winner, loser]. */
function playSeries(context: PlayContext, knockout: KnockoutGroup, roundIndex: number, series: Series, startDay: Day): [DemoTeam, DemoTeam] {
  const wins = new Map<DemoTeam, number>(series.map((team) => [team, 0]));
  const competition = groupCompetition(knockout.group);
  for (let gameIndex = 0; (wins.get(series[0]) ?? 0) < WINS_NEEDED && (wins.get(series[1]) ?? 0) < WINS_NEEDED; gameIndex++) {
    const [home, away] = gameIndex % 2 === 0 ? series : [series[1], series[0]];
    const offset = SERIES_DAY_OFFSETS[gameIndex];
    const startsAt = kickOff(context.random, startDay + offset, offset % 7 === 0 ? 'saturday' : 'weekday', false);
    const placement = { groupId: knockout.group.row.id, roundId: knockout.roundIds[roundIndex], hasVideoStream: competition.isTopLeague };
    const game = createGame(context.document, context.random, home, away, startsAt, placement);
    const winner: TeamSide | null = finishGame(context, { game, home, away, competition });
    const winningTeam = winner === 'HOME' ? home : away;
    wins.set(winningTeam, (wins.get(winningTeam) ?? 0) + 1);
  }
  return (wins.get(series[0]) ?? 0) >= WINS_NEEDED ? [series[0], series[1]] : [series[1], series[0]];
}

/** Seeds 1–8, 4–5, 2–7, 3–6: the winners of neighbouring series meet next, the top two only in the final. */
function bracketOrder(seeded: readonly DemoTeam[]): Series[] {
  let order = [1, 2];
  while (order.length < seeded.length) {
    const size = order.length * 2;
    order = order.flatMap((seed) => [seed, size + 1 - seed]);
  }
  const series: Series[] = [];
  for (let index = 0; index < order.length; index += 2) series.push([seeded[order[index] - 1], seeded[order[index + 1] - 1]]);
  return series;
}

function playPlayoff(context: PlayContext, qualification: DemoGroup, ranked: readonly DemoTeam[], lastQualificationDay: Day): void {
  const teams = ranked.slice(0, playoffSize(ranked.length));
  const roundNames: string[] = [];
  for (let remaining = teams.length; remaining >= 2; remaining /= 2) roundNames.push(knockoutRoundName(remaining));
  const knockout = addKnockoutGroup(context, qualification, teams, 'PLAYOFF', roundNames);
  let series = bracketOrder(teams);
  roundNames.forEach((_, roundIndex) => {
    const start = playoffRoundStart(lastQualificationDay, roundIndex);
    const winners = series.map((pair) => playSeries(context, knockout, roundIndex, pair, start)[0]);
    const nextSeries: Series[] = [];
    for (let index = 0; index + 1 < winners.length; index += 2) {
      const [a, b] = [winners[index], winners[index + 1]];
      nextSeries.push(ranked.indexOf(a) < ranked.indexOf(b) ? [a, b] : [b, a]);
    }
    series = nextSeries;
  });
}

/** Four teams: two first-round series, then the losers meet in the playout final. Two teams: the final only. */
function playPlayout(context: PlayContext, qualification: DemoGroup, ranked: readonly DemoTeam[], lastQualificationDay: Day): void {
  const teams = ranked.slice(ranked.length - playoutSize(ranked.length));
  if (teams.length < 2) return;
  const roundNames = teams.length === 4 ? ['Playout 1. Runde', 'Playout-Final'] : ['Playout-Final'];
  const knockout = addKnockoutGroup(context, qualification, teams, 'PLAYOUT', roundNames);
  let finalists: Series = [teams[0], teams[1]];
  if (teams.length === 4) {
    const firstRound = playoffRoundStart(lastQualificationDay, 0);
    const losers = (
      [
        [teams[0], teams[3]],
        [teams[1], teams[2]],
      ] as const
    ).map((pair) => playSeries(context, knockout, 0, pair, firstRound)[1]);
    finalists = [losers[0], losers[1]];
  }
  playSeries(context, knockout, roundNames.length - 1, finalists, playoffRoundStart(lastQualificationDay, roundNames.length - 1));
}

export function playPlayoffsAndPlayouts(context: PlayContext, qualification: DemoGroup, fixtures: readonly Fixture[]): void {
  const ranked = rankTeams(qualification, fixtures);
  const lastQualificationDay = Math.max(...fixtures.map(({ game }) => zurichDay(new Date(game.startsAt))));
  playPlayoff(context, qualification, ranked, lastQualificationDay);
  playPlayout(context, qualification, ranked, lastQualificationDay);
}
