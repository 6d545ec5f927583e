import type { Prisma } from '../generated/prisma/client.js';
import { currentGamesFilter } from '../domain/current-games.js';
import { localDayRange, localDaysRange } from '../domain/league-time.js';
import { builder } from './builder.js';
import type { GraphQLContext } from './context.js';
import { badUserInput } from './errors.js';
import { gamesInSeasons } from './game-queries.js';
import { GameStatusEnum } from './scalars.js';

export const GameFilter = builder.inputType('GameFilter', {
  description: 'Which games a list holds: every condition given applies (AND); a condition left out selects all.',
  fields: (t) => ({
    ids: t.intList({ description: 'These games only, by id (at most 5,000).' }),
    season: t.int({ description: 'Games of league groups or cups of this season.' }),
    groupId: t.int({ description: 'Games of this league group.' }),
    roundId: t.int({ description: 'Games of this round of a league group.' }),
    cupRoundId: t.int({ description: 'Games of this cup round.' }),
    teamId: t.int({ description: 'Games the team plays, home or away.' }),
    clubId: t.int({ description: 'Games any team of the club plays.' }),
    status: t.field({ type: [GameStatusEnum], description: 'Games in any of these statuses; every status when absent or empty.' }),
    leagueIds: t.intList({ description: 'League games of these leagues (cup games only with cup filters).' }),
    gameClassIds: t.intList({ description: 'League games of these game classes.' }),
    tournamentIds: t.intList({ description: 'Cup games of these tournaments.' }),
    onlyVideoStreamed: t.boolean({ description: 'true: only games streamed on video; false or absent: every game.' }),
    betweenTeams: t.intList({ description: 'Exactly two team ids: games between them, either side at home.' }),
    from: t.field({ type: 'DateTime', description: 'Start at or after this instant.' }),
    to: t.field({ type: 'DateTime', description: 'Start before this instant.' }),
    day: t.field({
      type: 'Date',
      description: 'Games starting on this calendar day in Europe/Zurich (23 or 25 hours long on the days the clocks change). Applies together with from/to.',
    }),
    fromDay: t.field({ type: 'Date', description: 'Games starting on this Europe/Zurich day or later.' }),
    toDay: t.field({ type: 'Date', description: 'Games starting on this Europe/Zurich day or earlier (inclusive).' }),
  }),
});

export type GameFilterInput = typeof GameFilter.$inferInput;

/**
 * Ids one list of a filter may name: the largest a facade sends (a day's games) fits. A longer list
 * is BAD_USER_INPUT before it reaches PostgreSQL, whose statements take at most 65,535 parameters.
 */
export const MAX_FILTER_IDS = 5000;

function boundIdLists(filter: GameFilterInput): void {
  const lists = { ids: filter.ids, leagueIds: filter.leagueIds, gameClassIds: filter.gameClassIds, tournamentIds: filter.tournamentIds };
  for (const [name, ids] of Object.entries(lists)) {
    if (ids && ids.length > MAX_FILTER_IDS) throw badUserInput(`filter.${name} takes at most ${MAX_FILTER_IDS} ids`);
  }
}

function inList(ids: number[] | undefined): { in: number[] } | undefined {
  return ids ? { in: ids } : undefined;
}

/** The start-time windows of a filter, each as asked: instants, one local day, a range of local days. A game must lie in all. */
function startWindows(filter: GameFilterInput): Prisma.GameWhereInput[] {
  if (filter.from && filter.to && filter.from > filter.to) {
    throw badUserInput('filter.from must not be after filter.to');
  }
  const windows: { from?: Date; to?: Date }[] = [
    { from: filter.from ?? undefined, to: filter.to ?? undefined },
    localDaysRange(filter.fromDay, filter.toDay, { from: 'filter.fromDay', to: 'filter.toDay' }),
  ];
  if (filter.day != null) windows.push(localDayRange(filter.day));
  return windows.filter((window) => window.from || window.to).map((window) => ({ startsAt: { gte: window.from, lt: window.to } }));
}

/**
 * `clubTeamIds`: the club filter's teams, looked up beforehand. A filter on the joined teams' club
 * cannot use an index on Game and made PostgreSQL scan every game; team ids on Game's own columns
 * become an index lookup for each side.
 */
function gameWhere(filter: GameFilterInput, clubTeamIds?: number[]): Prisma.GameWhereInput {
  boundIdLists(filter);
  const and: Prisma.GameWhereInput[] = startWindows(filter);
  if (filter.season != null) {
    and.push(gamesInSeasons(filter.season));
  }
  if (filter.teamId != null) and.push({ OR: [{ homeTeamId: filter.teamId }, { awayTeamId: filter.teamId }] });
  const kinds = currentGamesFilter({
    leagueIds: filter.leagueIds ?? undefined,
    gameClassIds: filter.gameClassIds ?? undefined,
    tournamentIds: filter.tournamentIds ?? undefined,
  });
  if (kinds) {
    const either: Prisma.GameWhereInput[] = [];
    if (kinds.leagueGames) {
      either.push({ group: { leagueId: inList(kinds.leagueGames.leagueIds), gameClassId: inList(kinds.leagueGames.gameClassIds) } });
    }
    if (kinds.cupGames) either.push({ cupRound: { tournamentId: inList(kinds.cupGames.tournamentIds) } });
    and.push({ OR: either });
  }
  if (filter.onlyVideoStreamed) and.push({ hasVideoStream: true });
  if (filter.betweenTeams) {
    const [a, b] = filter.betweenTeams;
    if (filter.betweenTeams.length !== 2) throw badUserInput('filter.betweenTeams takes exactly two team ids');
    and.push({
      OR: [
        { homeTeamId: a, awayTeamId: b },
        { homeTeamId: b, awayTeamId: a },
      ],
    });
  }
  if (clubTeamIds) and.push({ OR: [{ homeTeamId: { in: clubTeamIds } }, { awayTeamId: { in: clubTeamIds } }] });
  return {
    AND: and,
    id: inList(filter.ids ?? undefined),
    groupId: filter.groupId ?? undefined,
    roundId: filter.roundId ?? undefined,
    cupRoundId: filter.cupRoundId ?? undefined,
    status: filter.status?.length ? { in: filter.status } : undefined,
  };
}

/** The games a filter selects, as a Prisma filter; the page and its totalCount use the same one. */
export async function gamesWhere(filter: GameFilterInput | null | undefined, ctx: Pick<GraphQLContext, 'prisma'>): Promise<Prisma.GameWhereInput> {
  if (!filter) return {};
  const clubId = filter.clubId;
  const clubTeamIds = clubId == null ? undefined : (await ctx.prisma.team.findMany({ where: { clubId }, select: { id: true } })).map((team) => team.id);
  return gameWhere(filter, clubTeamIds);
}
