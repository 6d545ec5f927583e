import { foldName, likeLiteral } from '../domain/search-text.js';
import type { Prisma } from '../generated/prisma/client.js';
import { absoluteUrl } from './context.js';
import { builder, connectionComplexity, pageSize } from './builder.js';
import { COMPUTED, LENGTH, listCost } from './costs.js';
import { connectionOf } from './connections.js';
import { CLUB_ORDER_ARGS, clubsOrderBy } from './orders.js';
import { NODE_BY_ID } from './node.js';
import { TeamSeasonRecordRef } from './team-records.js';
import { teamSeasonKey } from './loader-keys.js';

builder.prismaNode('Club', {
  ...NODE_BY_ID,
  description: 'A floorball club: a member of the federation with one or more teams, and the holder of its players’ licenses.',
  fields: (t) => ({
    id: t.exposeInt('id', { description: "The club's id: the federation's club id." }),
    name: t.exposeString('name', { description: 'The full name, as the federation registers it.' }),
    shortName: t.exposeString('shortName', { nullable: true, description: 'A short name for narrow displays; null when the federation gives none.' }),
    logoUrl: t.string({
      nullable: true,
      description: "The club's logo, an absolute URL (this service's own for an image it serves); null when there is none.",
      resolve: (club, _args, ctx) => absoluteUrl(ctx, club.logoUrl),
    }),
    website: t.exposeString('website', { nullable: true, description: "The club's website, as the federation has it; null when unknown." }),
    street: t.exposeString('street', { nullable: true, description: 'Street and number of the club’s address; null when unknown.' }),
    zip: t.exposeString('zip', { nullable: true, description: 'Postal code of the club’s address; null when unknown.' }),
    city: t.exposeString('city', { nullable: true, description: 'City of the club’s address; null when unknown.' }),
    active: t.exposeBoolean('active', { description: 'Whether the club is active in the federation; inactive clubs stay listed for their history.' }),
    teams: t.relation('teams', {
      description: "The club's teams, by game class and name.",
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
      args: { season: t.arg.int({ required: true, description: 'The season, by its id (its first year: 2025 = 2025/26).' }) },
      select: { id: true },
      resolve: async (club, args, ctx) => {
        const teams = await ctx.prisma.team.findMany({
          where: { clubId: club.id, registrations: { some: { group: { seasonId: args.season } } } },
          select: { id: true },
          orderBy: [{ gameClass: { sortOrder: 'asc' } }, { name: 'asc' }, { id: 'asc' }],
        });
        const records = await ctx.loaders.seasonRecordByTeamSeason.loadMany(teams.map((team) => teamSeasonKey(team.id, args.season)));
        return records.flatMap((record) => {
          if (record instanceof Error) throw record;
          return record ? [record] : [];
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
      description: 'Clubs by name (then id) unless another order is asked for, optionally narrowed by name, activity and season.',
      cursor: 'id',
      maxSize: pageSize,
      complexity: connectionComplexity,
      args: {
        nameContains: t.arg.string({ description: 'Part of the club name, ignoring case and accents ("grunau" finds "Grünau").' }),
        active: t.arg.boolean({ description: 'true: only active clubs; false: only inactive ones; absent: both.' }),
        season: t.arg.int({ description: 'Only clubs with a team registered in this season.' }),
        ...CLUB_ORDER_ARGS,
      },
      totalCount: (_root, args, ctx) => ctx.prisma.club.count({ where: clubsWhere(args) }),
      resolve: (query, _root, args, ctx) =>
        ctx.prisma.club.findMany({ ...query, where: clubsWhere(args), orderBy: clubsOrderBy(args.orderBy, args.direction) }),
    },
    ...connectionOf('Club'),
  ),
  club: t.prismaField({
    type: 'Club',
    nullable: true,
    description: 'The club with this id; null when there is none.',
    args: { id: t.arg.int({ required: true, description: "The club's id." }) },
    resolve: (query, _root, args, ctx) => ctx.prisma.club.findUnique({ ...query, where: { id: args.id } }),
  }),
}));
