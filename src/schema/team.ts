import { absoluteUrl } from './context.js';
import { builder, connectionComplexity, pageSize } from './builder.js';
import { teamSeasonKey } from './loader-keys.js';
import { TeamSeasonRecordRef } from './team-records.js';

builder.prismaObject('Team', {
  fields: (t) => ({
    id: t.exposeInt('id'),
    name: t.exposeString('name'),
    shortName: t.exposeString('shortName', { nullable: true }),
    logoUrl: t.string({ nullable: true, resolve: (team, _args, ctx) => absoluteUrl(ctx, team.logoUrl) }),
    portraitUrl: t.string({ nullable: true, resolve: (team, _args, ctx) => absoluteUrl(ctx, team.portraitUrl) }),
    website: t.exposeString('website', { nullable: true }),
    club: t.relation('club'),
    gameClass: t.relation('gameClass'),
    groups: t.prismaField({
      type: ['LeagueGroup'],
      description: 'League groups the team is registered in, newest season first.',
      args: { season: t.arg.int() },
      select: { id: true },
      resolve: (query, team, args, ctx) =>
        ctx.prisma.leagueGroup.findMany({
          ...query,
          where: { registrations: { some: { teamId: team.id } }, seasonId: args.season ?? undefined },
          orderBy: [{ seasonId: 'desc' }, { sortOrder: 'asc' }],
        }),
    }),
    members: t.relation('members', {
      // A season's roster: 18 on average, up to 37 (demo league, scale 10); loading one costs ~3 ms.
      complexity: { field: 25, multiplier: 25 },
      args: { season: t.arg.int({ required: true }) },
      query: (args) => ({ where: { seasonId: args.season }, orderBy: [{ number: 'asc' }, { id: 'asc' }] }),
    }),
    homeGames: t.relatedConnection('homeGames', {
      cursor: 'id',
      maxSize: pageSize,
      complexity: connectionComplexity,
      query: { orderBy: [{ startsAt: 'asc' }, { id: 'asc' }] },
    }),
    awayGames: t.relatedConnection('awayGames', {
      cursor: 'id',
      maxSize: pageSize,
      complexity: connectionComplexity,
      query: { orderBy: [{ startsAt: 'asc' }, { id: 'asc' }] },
    }),
    averageVisitors: t.float({
      nullable: true,
      description: 'Mean spectators of the team’s finished home games in the season.',
      args: { season: t.arg.int({ required: true }) },
      select: { id: true },
      resolve: (team, args, ctx) => ctx.loaders.averageVisitorsByTeamSeason.load(teamSeasonKey(team.id, args.season)),
    }),
    seasonRecords: t.field({
      type: [TeamSeasonRecordRef],
      description: 'Achievements per season the team played in, newest first.',
      complexity: { field: 70, multiplier: 5 }, // ~3.5 ms a team at demo scale 10
      select: { id: true },
      resolve: (team, _args, ctx) => ctx.loaders.seasonRecordsByTeam.load(team.id),
    }),
  }),
});

builder.queryFields((t) => ({
  teams: t.prismaConnection({
    type: 'Team',
    cursor: 'id',
    maxSize: pageSize,
    complexity: connectionComplexity,
    args: { clubId: t.arg.int(), season: t.arg.int(), league: t.arg.int(), gameClass: t.arg.int() },
    resolve: (query, _root, args, ctx) => {
      const registered = args.season != null || args.league != null;
      return ctx.prisma.team.findMany({
        ...query,
        where: {
          clubId: args.clubId ?? undefined,
          gameClassId: args.gameClass ?? undefined,
          registrations: registered ? { some: { group: { seasonId: args.season ?? undefined, leagueId: args.league ?? undefined } } } : undefined,
        },
        orderBy: [{ name: 'asc' }, { id: 'asc' }],
      });
    },
  }),
  team: t.prismaField({
    type: 'Team',
    nullable: true,
    args: { id: t.arg.int({ required: true }) },
    resolve: (query, _root, args, ctx) => ctx.prisma.team.findUnique({ ...query, where: { id: args.id } }),
  }),
}));
