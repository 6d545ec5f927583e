import { type GameFormat, gameFormat, phasesOf } from '../domain/game-format.js';
import DataLoader from 'dataloader';
import { ResultCountingEnum } from './game-result.js';
import { type STANDING_ORDERS, type StandingRow, type StandingTieBreak, sortStandings, type TIE_BREAK_RULES } from '../domain/standings.js';
import type { Prisma } from '../generated/prisma/client.js';
import { builder, connectionComplexity, pageSize, relatedConnectionComplexity, type SchemaContext } from './builder.js';
import { renamedArg, renamedTo } from './arg-names.js';
import { connectionOf } from './connections.js';
import { LEAGUE_GROUP_ORDER_ARGS, leagueGroupsOrderBy } from './orders.js';
import { COMPUTED, computedCost, LENGTH, listCost } from './costs.js';
import { GAME_ORDER_ARGS } from './game-order.js';
import { gamesOrderBy } from './game-queries.js';
import { SortDirectionEnum } from './national-statistics.js';
import { NODE_BY_ID } from './node.js';
import { GroupPhaseEnum } from './scalars.js';
import { badUserInput } from './errors.js';

const StandingOrderEnum = builder.enumType('StandingOrder', {
  description: 'What a group table is ordered by; rows equal in it keep their ranking (then team id).',
  values: {
    RANK: { description: 'The ranking: points, then goal difference, then goals scored. From the top unless DESC.' },
    POINTS: { description: 'Points; most first unless ASC.' },
    GOAL_DIFFERENCE: { description: 'Goals scored minus goals conceded; largest first unless ASC.' },
    GOALS_FOR: { description: 'Goals scored; most first unless ASC.' },
    GOALS_AGAINST: { description: 'Goals conceded; most first unless ASC.' },
    GAMES: { description: 'Games counted; most first unless ASC.' },
    WINS: { description: 'Wins in regular time; most first unless ASC.' },
    TEAM_NAME: { description: 'Team name, alphabetically (German collation) unless DESC.' },
  } satisfies Record<(typeof STANDING_ORDERS)[number], { description: string }>,
});

/** Team names of a table's rows, for ordering by name: one query for all tables of a request. */
const teamNameLoaders = new WeakMap<object, DataLoader<number, string>>();
async function teamNamesOf(ctx: SchemaContext, rows: readonly StandingRow[]): Promise<Map<number, string>> {
  let loader = teamNameLoaders.get(ctx);
  if (!loader) {
    loader = new DataLoader(async (ids: readonly number[]) => {
      const teams = await ctx.prisma.team.findMany({ where: { id: { in: [...ids] } }, select: { id: true, name: true } });
      const byId = new Map(teams.map((team) => [team.id, team.name]));
      return ids.map((id) => byId.get(id) ?? '');
    });
    teamNameLoaders.set(ctx, loader);
  }
  const ids = rows.map((row) => row.teamId);
  const names = await loader.loadMany(ids);
  return new Map(
    ids.map((id, index) => {
      const name = names[index];
      if (name instanceof Error) throw name;
      return [id, name];
    }),
  );
}

const TieBreakRuleEnum = builder.enumType('TieBreakRule', {
  description: 'What ordered teams level on points: the next rule of the table’s order they were not level on, or nothing.',
  values: {
    GOAL_DIFFERENCE: { description: 'Goal difference (goals scored minus conceded), larger first.' },
    GOALS_FOR: { description: 'Goals scored, more first: the teams were level on goal difference too.' },
    SHARED_RANK: { description: 'Nothing: level on points, goal difference and goals scored, the teams share a rank and are listed by team id.' },
  } satisfies Record<(typeof TIE_BREAK_RULES)[number], { description: string }>,
});

const StandingTieBreakRef = builder.objectRef<StandingTieBreak>('StandingTieBreak').implement({
  description:
    'A group of teams level on points (or, within such a group, on everything before `rule`), and the rule of the table’s order that ranked them: the same rule that sorts the table.',
  fields: (t) => ({
    rule: t.field({ type: TieBreakRuleEnum, description: 'The rule that ordered these teams; SHARED_RANK when none did.', resolve: (tie) => tie.rule }),
    teamIds: t.exposeIntList('teamIds', { description: 'The ids of `teams`, in table order.' }),
    teams: t.prismaField({
      type: ['Team'],
      description: 'The teams that were level, in table order.',
      complexity: listCost(LENGTH.tiedTeams),
      // One statement for every team of every tie: findUnique calls of one tick are batched.
      resolve: (query, tie, _args, ctx) => Promise.all(tie.teamIds.map((id) => ctx.prisma.team.findUniqueOrThrow({ ...query, where: { id } }))),
    }),
  }),
});

const Standing = builder.objectRef<StandingRow>('Standing').implement({
  description: 'One line of a group table, computed from finished games.',
  fields: (t) => ({
    rank: t.exposeInt('rank', {
      description: 'The place in the table, from 1, by points, then goal difference, then goals scored; teams equal in all three share a rank.',
    }),
    team: t.prismaField({
      type: 'Team',
      description: 'The team of the line.',
      resolve: (query, row, _args, ctx) => ctx.prisma.team.findUniqueOrThrow({ ...query, where: { id: row.teamId } }),
    }),
    teamId: t.exposeInt('teamId', { description: 'The id of `team`, known without reading the team.' }),
    games: t.exposeInt('games', { description: 'Games counted: finished and forfeited games of the group.' }),
    wins: t.exposeInt('wins', { description: 'Wins in regular time (forfeit wins included): 3 points each.' }),
    overtimeWins: t.exposeInt('overtimeWins', { description: 'Wins in overtime or by penalty shots: 2 points each.' }),
    overtimeLosses: t.exposeInt('overtimeLosses', { description: 'Losses in overtime or by penalty shots: 1 point each.' }),
    losses: t.exposeInt('losses', { description: 'Losses in regular time (forfeits included): no points.' }),
    draws: t.exposeInt('draws', { description: 'Ties that stood as the result, one point each (only in a group whose format allows a draw).' }),
    forfeits: t.exposeInt('forfeits', { description: 'Games the team lost by forfeit (also counted in `losses`).' }),
    goalsFor: t.exposeInt('goalsFor', { description: 'Goals scored (a forfeit counts its forfeit score).' }),
    goalsAgainst: t.exposeInt('goalsAgainst', { description: 'Goals conceded (a forfeit counts its forfeit score).' }),
    points: t.exposeInt('points', { description: '3 per win, 2 per win after overtime or penalty shots, 1 per such loss or draw, 0 per other loss.' }),
    tieBreaks: t.field({
      type: [StandingTieBreakRef],
      complexity: listCost(LENGTH.standingTieBreaks),
      description:
        'Why the team stands where it does among the teams level with it on points: the ties it was part of, widest first (those level on points, then those still level after the rule that split them). Empty when no other team had its points.',
      resolve: (row) => row.tieBreaks,
    }),
  }),
});

const GameFormatRef = builder.objectRef<GameFormat>('GameFormat').implement({
  description: "How the group's games are played: its periods, what decides a tie, the forfeit score.",
  fields: (t) => ({
    periods: t.exposeInt('periods', { description: 'Regular periods ("thirds").' }),
    periodMinutes: t.int({ description: 'Minutes of play of each regular period.', resolve: (format) => format.periodSeconds / 60 }),
    overtimeMinutes: t.int({ description: 'Sudden-death overtime for a tie; 0 when none is played.', resolve: (format) => format.overtimeSeconds / 60 }),
    penaltyShootout: t.exposeBoolean('penaltyShootout', { description: 'Penalty shots decide a tie left after overtime.' }),
    drawAllowed: t.exposeBoolean('drawAllowed', { description: 'A tie after the regular periods stands as a draw.' }),
    forfeitGoals: t.exposeInt('forfeitGoals', { description: 'A forfeit is recorded as this many goals to none.' }),
    phases: t.stringList({
      description: 'The phases a game may go through, as the back office names them: third1 … thirdN, prolongation, penalty_shootout.',
      resolve: (format) => phasesOf(format),
    }),
  }),
});

builder.prismaNode('LeagueGroup', {
  ...NODE_BY_ID,
  description: 'One group of a league in a season for a game class and phase: its teams register here, play its games, and are ranked in its standings.',
  fields: (t) => ({
    id: t.exposeInt('id', { description: "The group's id: the federation's." }),
    name: t.exposeString('name', { description: 'The group’s name within its league, e.g. "Gruppe 1".' }),
    phase: t.expose('phase', { type: GroupPhaseEnum, description: 'The phase of the season the group plays.' }),
    protestWindowHours: t.exposeInt('protestWindowHours', {
      description:
        "How long, in hours from a game's result, a club of the game may protest it (48 unless the league sets another); then the result is confirmed.",
    }),
    resultCounting: t.expose('resultCounting', {
      type: ResultCountingEnum,
      description: 'Which results the standings count: provisional and confirmed ones (the default), or confirmed ones only.',
    }),
    playoffLine: t.exposeInt('playoffLine', {
      nullable: true,
      description: 'The first rank below the playoff line: the standings draw the line above it; null when the table has none.',
    }),
    seriesBestOf: t.exposeInt('seriesBestOf', {
      nullable: true,
      description: 'Games of a knock-out series in this group (best of N: a majority of N wins it); null when the group plays single games.',
    }),
    format: t.field({
      type: GameFormatRef,
      description: "How the group's games are played.",
      select: { periods: true, periodMinutes: true, overtimeMinutes: true, penaltyShootout: true, drawAllowed: true, forfeitGoals: true },
      resolve: (group) => gameFormat(group),
    }),
    season: t.relation('season', { description: 'The season of the group.' }),
    league: t.relation('league', { description: 'The league of the group.' }),
    gameClass: t.relation('gameClass', { description: 'The game class of the group.' }),
    rounds: t.relation('rounds', { description: "The group's rounds, by number.", complexity: listCost(LENGTH.rounds), query: { orderBy: { number: 'asc' } } }),
    teams: t.prismaField({
      type: ['Team'],
      description: 'The teams registered in the group, by name.',
      complexity: listCost(LENGTH.groupTeams, COMPUTED.groupTeams),
      select: { id: true },
      resolve: (query, group, _args, ctx) =>
        ctx.prisma.team.findMany({ ...query, where: { registrations: { some: { groupId: group.id } } }, orderBy: { name: 'asc' } }),
    }),
    games: t.relatedConnection(
      'games',
      {
        description: "The group's games in order of occurrence (start time, then id) unless `direction: DESC`.",
        cursor: 'id',
        maxSize: pageSize,
        complexity: relatedConnectionComplexity(LENGTH.groupGames),
        totalCount: true,
        args: GAME_ORDER_ARGS,
        query: (args) => ({ orderBy: gamesOrderBy(args.direction) }),
      },
      ...connectionOf('Game'),
    ),
    standings: t.field({
      type: [Standing],
      description:
        'Group table computed from finished and forfeited games, in ranking order unless another order is asked for: today’s, or as of a day (`asOf`) or up to a round (`roundNumber`).',
      complexity: listCost(LENGTH.standings, COMPUTED.standings),
      args: {
        orderBy: t.arg({ type: StandingOrderEnum, defaultValue: 'RANK', description: 'The column to order the table by; RANK when not given.' }),
        direction: t.arg({ type: SortDirectionEnum, description: 'Unless given: the ranking and team names from the top, numbers largest first.' }),
        asOf: t.arg({
          type: 'Date',
          description:
            'The table as it stood at the end of this day: only games played on or before it, each result as it stood then (a result corrected later shows as it was, unless `asCorrected`). A day not over yet reads as today. Not given: today.',
        }),
        roundNumber: t.arg.int({
          description: 'Only games of the group’s rounds up to this one (`Round.number`, from 1): the table after that round. Not given: every round.',
        }),
        asCorrected: t.arg.boolean({
          defaultValue: false,
          description: 'With `asOf`: each result as it stands now, corrections made after that day included (the games are still those played by then).',
        }),
      },
      select: { id: true },
      resolve: async (group, args, ctx) => {
        if (args.roundNumber != null && args.roundNumber < 1) throw badUserInput(`roundNumber must be 1 or more, got ${args.roundNumber}`, 'roundNumber');
        const selection = { asOf: args.asOf ?? null, roundNumber: args.roundNumber ?? null, asCorrected: args.asCorrected ?? false };
        const rows = await ctx.loaders.standingsAt(selection).load(group.id);
        const order = args.orderBy ?? 'RANK';
        if (order === 'RANK' && args.direction !== 'DESC') return rows;
        const names = order === 'TEAM_NAME' ? await teamNamesOf(ctx, rows) : new Map<number, string>();
        return sortStandings(rows, order, args.direction, (teamId) => names.get(teamId) ?? '');
      },
    }),
  }),
});

builder.prismaNode('Round', {
  ...NODE_BY_ID,
  description: "A round of a league group's schedule (a matchday), or a round of a playoff or playout series.",
  fields: (t) => ({
    id: t.exposeInt('id', { description: "The round's id: the federation's." }),
    number: t.exposeInt('number', { description: 'The round’s number within its group, from 1.' }),
    name: t.exposeString('name', { description: 'The round’s name, as the federation gives it (e.g. "1. Runde", "Halbfinal").' }),
    group: t.relation('group', { description: 'The league group the round belongs to.' }),
    startsAt: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'Start of the round’s first game.',
      complexity: computedCost(COMPUTED.roundStart),
      select: { id: true },
      resolve: (round, _args, ctx) => ctx.loaders.roundStartById.load(round.id),
    }),
    games: t.relation('games', {
      description: "The round's games, by start time, then id: all of them (a round of a group has a few; `gamesConnection` pages them).",
      query: { orderBy: [{ startsAt: 'asc' }, { id: 'asc' }] },
    }),
    gamesConnection: t.relatedConnection(
      'games',
      {
        description: "The round's games, a page at a time, in order of occurrence (start time, then id) unless `direction: DESC`.",
        cursor: 'id',
        maxSize: pageSize,
        // A round holds a group's games spread over its rounds.
        complexity: relatedConnectionComplexity(Math.ceil(LENGTH.groupGames / LENGTH.rounds)),
        totalCount: true,
        args: GAME_ORDER_ARGS,
        query: (args) => ({ orderBy: gamesOrderBy(args.direction) }),
      },
      ...connectionOf('Game'),
    ),
  }),
});

builder.prismaNode('CupTournament', {
  ...NODE_BY_ID,
  description: 'A cup competition of a game class in a season, played as knock-out rounds.',
  fields: (t) => ({
    id: t.exposeInt('id', { description: "The tournament's id: the federation's." }),
    name: t.exposeString('name', { description: 'The name, as the federation gives it.' }),
    season: t.relation('season', { description: 'The season it is played in.' }),
    gameClass: t.relation('gameClass', { description: 'The game class it is played in.' }),
    rounds: t.relation('rounds', { description: 'Its rounds, first round first.', query: { orderBy: { number: 'asc' } } }),
  }),
});

builder.prismaNode('CupRound', {
  ...NODE_BY_ID,
  description: 'A knock-out round of a cup; its games carry a bracket position, so that the winners of positions 2k-1 and 2k meet in the next round.',
  fields: (t) => ({
    id: t.exposeInt('id', { description: "The round's id: the federation's." }),
    number: t.exposeInt('number', { description: 'The round’s number in the cup, from 1 (the first round).' }),
    name: t.exposeString('name', { description: 'The round’s name, as the federation gives it (e.g. "1/8-Final").' }),
    tournament: t.relation('tournament', { description: 'The cup the round belongs to.' }),
    games: t.relation('games', {
      complexity: listCost(LENGTH.cupRoundGames), // a first cup round has up to 128 games, later ones halve
      description:
        'Games in bracket order: winners of positions 2k-1 and 2k meet in the next round. All of them (a first round has up to 128); `gamesConnection` pages them.',
      query: { orderBy: [{ bracketPosition: 'asc' }, { id: 'asc' }] },
    }),
    gamesConnection: t.relatedConnection(
      'games',
      {
        description: "The round's games, a page at a time, in order of occurrence (start time, then id) unless `direction: DESC`; `games` gives bracket order.",
        cursor: 'id',
        maxSize: pageSize,
        complexity: relatedConnectionComplexity(LENGTH.cupRoundGames),
        totalCount: true,
        args: GAME_ORDER_ARGS,
        query: (args) => ({ orderBy: gamesOrderBy(args.direction) }),
      },
      ...connectionOf('Game'),
    ),
  }),
});

function leagueGroupsWhere(args: {
  season?: number | null;
  leagueId?: number | null;
  league?: number | null;
  gameClassId?: number | null;
  gameClass?: number | null;
}): Prisma.LeagueGroupWhereInput {
  return {
    seasonId: args.season ?? undefined,
    leagueId: renamedArg<number>(args, 'leagueId', 'league') ?? undefined,
    gameClassId: renamedArg<number>(args, 'gameClassId', 'gameClass') ?? undefined,
  };
}

builder.queryFields((t) => ({
  leagueGroups: t.prismaConnection(
    {
      type: 'LeagueGroup',
      description:
        "League groups, newest season first, then by league, game class and the federation's order, unless another order is asked for; the filters apply together.",
      cursor: 'id',
      maxSize: pageSize,
      complexity: connectionComplexity,
      args: {
        season: t.arg.int({ description: 'Only groups of this season (its id: 2025 = 2025/26).' }),
        leagueId: t.arg.int({ description: 'Only groups of this league, by its id.' }),
        league: t.arg.int({ description: 'The league, as `leagueId`.', deprecationReason: renamedTo('leagueId') }),
        gameClassId: t.arg.int({ description: 'Only groups of this game class, by its id.' }),
        gameClass: t.arg.int({ description: 'The game class, as `gameClassId`.', deprecationReason: renamedTo('gameClassId') }),
        ...LEAGUE_GROUP_ORDER_ARGS,
      },
      totalCount: (_root, args, ctx) => ctx.prisma.leagueGroup.count({ where: leagueGroupsWhere(args) }),
      resolve: (query, _root, args, ctx) =>
        ctx.prisma.leagueGroup.findMany({
          ...query,
          where: leagueGroupsWhere(args),
          orderBy: leagueGroupsOrderBy(args.orderBy, args.direction),
        }),
    },
    ...connectionOf('LeagueGroup'),
  ),
  leagueGroup: t.prismaField({
    type: 'LeagueGroup',
    nullable: true,
    description: 'The league group with this id; null when there is none.',
    args: { id: t.arg.int({ required: true, description: "The group's id." }) },
    resolve: (query, _root, args, ctx) => ctx.prisma.leagueGroup.findUnique({ ...query, where: { id: args.id } }),
  }),
  cupTournament: t.prismaField({
    type: 'CupTournament',
    nullable: true,
    description: 'The cup tournament with this id; null when there is none.',
    args: { id: t.arg.int({ required: true, description: "The tournament's id." }) },
    resolve: (query, _root, args, ctx) => ctx.prisma.cupTournament.findUnique({ ...query, where: { id: args.id } }),
  }),
}));
