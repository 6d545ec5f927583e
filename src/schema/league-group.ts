import { type GameFormat, gameFormat, phasesOf } from '../domain/game-format.js';
import DataLoader from 'dataloader';
import { STANDING_ORDERS, type StandingRow, sortStandings } from '../domain/standings.js';
import type { Prisma } from '../generated/prisma/client.js';
import { builder, connectionComplexity, pageSize, relatedConnectionComplexity, type SchemaContext } from './builder.js';
import { COUNTED } from './connections.js';
import { COMPUTED, computedCost, LENGTH, listCost } from './costs.js';
import { GAME_ORDER_ARGS } from './game-order.js';
import { gamesOrderBy } from './game-queries.js';
import { SortDirectionEnum } from './national-statistics.js';
import { NODE_BY_ID } from './node.js';
import { GroupPhaseEnum } from './scalars.js';

const StandingOrderEnum = builder.enumType('StandingOrder', {
  description: 'What a group table is ordered by; rows equal in it keep their ranking (then team id).',
  values: STANDING_ORDERS,
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

const Standing = builder.objectRef<StandingRow>('Standing').implement({
  description: 'One line of a group table, computed from finished games.',
  fields: (t) => ({
    rank: t.exposeInt('rank'),
    team: t.prismaField({
      type: 'Team',
      resolve: (query, row, _args, ctx) => ctx.prisma.team.findUniqueOrThrow({ ...query, where: { id: row.teamId } }),
    }),
    teamId: t.exposeInt('teamId'),
    games: t.exposeInt('games'),
    wins: t.exposeInt('wins'),
    overtimeWins: t.exposeInt('overtimeWins'),
    overtimeLosses: t.exposeInt('overtimeLosses'),
    losses: t.exposeInt('losses'),
    draws: t.exposeInt('draws', { description: 'Ties that stood as the result, one point each (only in a group whose format allows a draw).' }),
    forfeits: t.exposeInt('forfeits'),
    goalsFor: t.exposeInt('goalsFor'),
    goalsAgainst: t.exposeInt('goalsAgainst'),
    points: t.exposeInt('points'),
  }),
});

const GameFormatRef = builder.objectRef<GameFormat>('GameFormat').implement({
  description: "How the group's games are played: its periods, what decides a tie, the forfeit score.",
  fields: (t) => ({
    periods: t.exposeInt('periods', { description: 'Regular periods ("thirds").' }),
    periodMinutes: t.int({ resolve: (format) => format.periodSeconds / 60 }),
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
  fields: (t) => ({
    id: t.exposeInt('id'),
    name: t.exposeString('name'),
    phase: t.expose('phase', { type: GroupPhaseEnum }),
    playoffLine: t.exposeInt('playoffLine', { nullable: true }),
    seriesBestOf: t.exposeInt('seriesBestOf', {
      nullable: true,
      description: 'Games of a knock-out series in this group (best of N: a majority of N wins it); null when the group plays single games.',
    }),
    format: t.field({
      type: GameFormatRef,
      select: { periods: true, periodMinutes: true, overtimeMinutes: true, penaltyShootout: true, drawAllowed: true, forfeitGoals: true },
      resolve: (group) => gameFormat(group),
    }),
    season: t.relation('season'),
    league: t.relation('league'),
    gameClass: t.relation('gameClass'),
    rounds: t.relation('rounds', { complexity: listCost(LENGTH.rounds), query: { orderBy: { number: 'asc' } } }),
    teams: t.prismaField({
      type: ['Team'],
      complexity: listCost(LENGTH.groupTeams, COMPUTED.groupTeams),
      select: { id: true },
      resolve: (query, group, _args, ctx) =>
        ctx.prisma.team.findMany({ ...query, where: { registrations: { some: { groupId: group.id } } }, orderBy: { name: 'asc' } }),
    }),
    games: t.relatedConnection(
      'games',
      {
        cursor: 'id',
        maxSize: pageSize,
        complexity: relatedConnectionComplexity(LENGTH.groupGames),
        totalCount: true,
        args: GAME_ORDER_ARGS,
        query: (args) => ({ orderBy: gamesOrderBy(args.direction) }),
      },
      COUNTED,
    ),
    standings: t.field({
      type: [Standing],
      description: 'Group table computed from finished and forfeited games, in ranking order unless another order is asked for.',
      complexity: listCost(LENGTH.standings, COMPUTED.standings),
      args: {
        orderBy: t.arg({ type: StandingOrderEnum, defaultValue: 'RANK' }),
        direction: t.arg({ type: SortDirectionEnum, description: 'Unless given: the ranking and team names from the top, numbers largest first.' }),
      },
      select: { id: true },
      resolve: async (group, args, ctx) => {
        const rows = await ctx.loaders.standingsByGroup.load(group.id);
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
  fields: (t) => ({
    id: t.exposeInt('id'),
    number: t.exposeInt('number'),
    name: t.exposeString('name'),
    group: t.relation('group'),
    startsAt: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'Start of the round’s first game.',
      complexity: computedCost(COMPUTED.roundStart),
      select: { id: true },
      resolve: (round, _args, ctx) => ctx.loaders.roundStartById.load(round.id),
    }),
    games: t.relation('games', { query: { orderBy: [{ startsAt: 'asc' }, { id: 'asc' }] } }),
  }),
});

builder.prismaNode('CupTournament', {
  ...NODE_BY_ID,
  fields: (t) => ({
    id: t.exposeInt('id'),
    name: t.exposeString('name'),
    season: t.relation('season'),
    gameClass: t.relation('gameClass'),
    rounds: t.relation('rounds', { query: { orderBy: { number: 'asc' } } }),
  }),
});

builder.prismaNode('CupRound', {
  ...NODE_BY_ID,
  fields: (t) => ({
    id: t.exposeInt('id'),
    number: t.exposeInt('number'),
    name: t.exposeString('name'),
    tournament: t.relation('tournament'),
    games: t.relation('games', {
      complexity: listCost(LENGTH.cupRoundGames), // a first cup round has up to 128 games, later ones halve
      description: 'Games in bracket order: winners of positions 2k-1 and 2k meet in the next round.',
      query: { orderBy: [{ bracketPosition: 'asc' }, { id: 'asc' }] },
    }),
  }),
});

function leagueGroupsWhere(args: { season?: number | null; league?: number | null; gameClass?: number | null }): Prisma.LeagueGroupWhereInput {
  return { seasonId: args.season ?? undefined, leagueId: args.league ?? undefined, gameClassId: args.gameClass ?? undefined };
}

builder.queryFields((t) => ({
  leagueGroups: t.prismaConnection(
    {
      type: 'LeagueGroup',
      cursor: 'id',
      maxSize: pageSize,
      complexity: connectionComplexity,
      args: { season: t.arg.int(), league: t.arg.int(), gameClass: t.arg.int() },
      totalCount: (_root, args, ctx) => ctx.prisma.leagueGroup.count({ where: leagueGroupsWhere(args) }),
      resolve: (query, _root, args, ctx) =>
        ctx.prisma.leagueGroup.findMany({
          ...query,
          where: leagueGroupsWhere(args),
          orderBy: [{ seasonId: 'desc' }, { leagueId: 'asc' }, { gameClassId: 'asc' }, { sortOrder: 'asc' }, { id: 'asc' }],
        }),
    },
    COUNTED,
  ),
  leagueGroup: t.prismaField({
    type: 'LeagueGroup',
    nullable: true,
    args: { id: t.arg.int({ required: true }) },
    resolve: (query, _root, args, ctx) => ctx.prisma.leagueGroup.findUnique({ ...query, where: { id: args.id } }),
  }),
  cupTournament: t.prismaField({
    type: 'CupTournament',
    nullable: true,
    args: { id: t.arg.int({ required: true }) },
    resolve: (query, _root, args, ctx) => ctx.prisma.cupTournament.findUnique({ ...query, where: { id: args.id } }),
  }),
}));
