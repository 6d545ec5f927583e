import { foldName, likeLiteral } from '../domain/search-text.js';
import type { Prisma } from '../generated/prisma/client.js';
import { absoluteUrl } from './context.js';
import { builder, connectionComplexity, pageSize } from './builder.js';
import { COMPUTED, LENGTH, listCost } from './costs.js';
import { COUNTED } from './connections.js';
import { NODE_BY_ID } from './node.js';
import { TeamSeasonRecordRef } from './team-records.js';

builder.prismaNode('Club', {
  ...NODE_BY_ID,
  fields: (t) => ({
    id: t.exposeInt('id'),
    name: t.exposeString('name'),
    shortName: t.exposeString('shortName', { nullable: true }),
    logoUrl: t.string({ nullable: true, resolve: (club, _args, ctx) => absoluteUrl(ctx, club.logoUrl) }),
    website: t.exposeString('website', { nullable: true }),
    street: t.exposeString('street', { nullable: true }),
    zip: t.exposeString('zip', { nullable: true }),
    city: t.exposeString('city', { nullable: true }),
    active: t.exposeBoolean('active'),
    teams: t.relation('teams', {
      complexity: listCost(LENGTH.clubTeams),
      args: { season: t.arg.int({ description: 'Only teams registered in a group of this season.' }) },
      query: (args) => ({
        where: args.season == null ? undefined : { registrations: { some: { group: { seasonId: args.season } } } },
        orderBy: [{ gameClassId: 'asc' }, { name: 'asc' }, { id: 'asc' }],
      }),
    }),
    seasonRecords: t.field({
      type: [TeamSeasonRecordRef],
      description: 'The achievements of the club’s teams that played in the season, by game class and team name.',
      complexity: listCost(LENGTH.clubSeasonRecords, COMPUTED.clubSeasonRecords),
      args: { season: t.arg.int({ required: true }) },
      select: { id: true },
      resolve: async (club, args, ctx) => {
        const teams = await ctx.prisma.team.findMany({
          where: { clubId: club.id, registrations: { some: { group: { seasonId: args.season } } } },
          select: { id: true },
          orderBy: [{ gameClass: { sortOrder: 'asc' } }, { name: 'asc' }, { id: 'asc' }],
        });
        const records = await ctx.loaders.seasonRecordsByTeam.loadMany(teams.map((team) => team.id));
        return records.flatMap((perTeam) => {
          if (perTeam instanceof Error) throw perTeam;
          return perTeam.filter((record) => record.seasonId === args.season);
        });
      },
    }),
  }),
});

/** The clubs Query.clubs lists; its page and its totalCount use the same filter. */
function clubsWhere(args: { nameContains?: string | null; active?: boolean | null; season?: number | null }): Prisma.ClubWhereInput {
  return {
    searchName: args.nameContains ? { contains: likeLiteral(foldName(args.nameContains)) } : undefined,
    active: args.active ?? undefined,
    teams: args.season == null ? undefined : { some: { registrations: { some: { group: { seasonId: args.season } } } } },
  };
}

builder.queryFields((t) => ({
  clubs: t.prismaConnection(
    {
      type: 'Club',
      cursor: 'id',
      maxSize: pageSize,
      complexity: connectionComplexity,
      args: {
        nameContains: t.arg.string({ description: 'Part of the club name, ignoring case and accents ("grunau" finds "Grünau").' }),
        active: t.arg.boolean(),
        season: t.arg.int({ description: 'Only clubs with a team registered in this season.' }),
      },
      totalCount: (_root, args, ctx) => ctx.prisma.club.count({ where: clubsWhere(args) }),
      resolve: (query, _root, args, ctx) => ctx.prisma.club.findMany({ ...query, where: clubsWhere(args), orderBy: [{ name: 'asc' }, { id: 'asc' }] }),
    },
    COUNTED,
  ),
  club: t.prismaField({
    type: 'Club',
    nullable: true,
    args: { id: t.arg.int({ required: true }) },
    resolve: (query, _root, args, ctx) => ctx.prisma.club.findUnique({ ...query, where: { id: args.id } }),
  }),
}));
