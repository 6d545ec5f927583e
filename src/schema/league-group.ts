import { type GameFormat, gameFormat, phasesOf } from '../domain/game-format.js';
import type { StandingRow } from '../domain/standings.js';
import { builder, connectionComplexity, pageSize } from './builder.js';
import { GroupPhaseEnum } from './scalars.js';

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

builder.prismaObject('LeagueGroup', {
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
    rounds: t.relation('rounds', { complexity: { field: 1, multiplier: 22 }, query: { orderBy: { number: 'asc' } } }),
    teams: t.prismaField({
      type: ['Team'],
      select: { id: true },
      resolve: (query, group, _args, ctx) =>
        ctx.prisma.team.findMany({ ...query, where: { registrations: { some: { groupId: group.id } } }, orderBy: { name: 'asc' } }),
    }),
    games: t.relatedConnection('games', {
      cursor: 'id',
      maxSize: pageSize,
      complexity: connectionComplexity,
      query: { orderBy: [{ startsAt: 'asc' }, { id: 'asc' }] },
    }),
    standings: t.field({
      type: [Standing],
      description: 'Group table computed from finished and forfeited games.',
      complexity: { field: 30, multiplier: 12 }, // ~1.5 ms a group at demo scale 10; up to 12 teams
      select: { id: true },
      resolve: (group, _args, ctx) => ctx.loaders.standingsByGroup.load(group.id),
    }),
  }),
});

builder.prismaObject('Round', {
  fields: (t) => ({
    id: t.exposeInt('id'),
    number: t.exposeInt('number'),
    name: t.exposeString('name'),
    group: t.relation('group'),
    startsAt: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'Start of the round’s first game.',
      select: { id: true },
      resolve: (round, _args, ctx) => ctx.loaders.roundStartById.load(round.id),
    }),
    games: t.relation('games', { query: { orderBy: [{ startsAt: 'asc' }, { id: 'asc' }] } }),
  }),
});

builder.prismaObject('CupTournament', {
  fields: (t) => ({
    id: t.exposeInt('id'),
    name: t.exposeString('name'),
    season: t.relation('season'),
    gameClass: t.relation('gameClass'),
    rounds: t.relation('rounds', { query: { orderBy: { number: 'asc' } } }),
  }),
});

builder.prismaObject('CupRound', {
  fields: (t) => ({
    id: t.exposeInt('id'),
    number: t.exposeInt('number'),
    name: t.exposeString('name'),
    tournament: t.relation('tournament'),
    games: t.relation('games', {
      complexity: { field: 1, multiplier: 64 }, // a first cup round has up to 128 games, later ones halve
      description: 'Games in bracket order: winners of positions 2k-1 and 2k meet in the next round.',
      query: { orderBy: [{ bracketPosition: 'asc' }, { id: 'asc' }] },
    }),
  }),
});

builder.queryFields((t) => ({
  leagueGroups: t.prismaConnection({
    type: 'LeagueGroup',
    cursor: 'id',
    maxSize: pageSize,
    complexity: connectionComplexity,
    args: { season: t.arg.int(), league: t.arg.int(), gameClass: t.arg.int() },
    resolve: (query, _root, args, ctx) =>
      ctx.prisma.leagueGroup.findMany({
        ...query,
        where: { seasonId: args.season ?? undefined, leagueId: args.league ?? undefined, gameClassId: args.gameClass ?? undefined },
        orderBy: [{ seasonId: 'desc' }, { leagueId: 'asc' }, { gameClassId: 'asc' }, { sortOrder: 'asc' }, { id: 'asc' }],
      }),
  }),
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
