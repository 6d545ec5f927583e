import { likeLiteral } from '../domain/search-text.js';
import { absoluteUrl } from './context.js';
import { builder, connectionComplexity, pageSize } from './builder.js';
import { LicensingEnum, PlayerPositionEnum } from './scalars.js';

builder.prismaObject('Player', {
  fields: (t) => ({
    id: t.exposeInt('id'),
    firstName: t.exposeString('firstName'),
    lastName: t.exposeString('lastName'),
    yearOfBirth: t.exposeInt('yearOfBirth', { nullable: true }),
    heightCm: t.exposeInt('heightCm', { nullable: true }),
    weightKg: t.exposeInt('weightKg', { nullable: true }),
    position: t.expose('position', { type: PlayerPositionEnum, nullable: true }),
    portraitUrl: t.string({ nullable: true, resolve: (player, _args, ctx) => absoluteUrl(ctx, player.portraitUrl) }),
    licenses: t.relation('licenses', {
      args: { season: t.arg.int() },
      query: (args) => ({ where: { seasonId: args.season ?? undefined }, orderBy: [{ seasonId: 'desc' }, { id: 'asc' }] }),
    }),
    memberships: t.relation('memberships', {
      args: { season: t.arg.int() },
      query: (args) => ({ where: { seasonId: args.season ?? undefined }, orderBy: [{ seasonId: 'desc' }, { id: 'asc' }] }),
    }),
    nationalPlayer: t.relation('nationalPlayer', { nullable: true }),
  }),
});

builder.prismaObject('License', {
  fields: (t) => ({
    id: t.exposeInt('id'),
    licenseType: t.exposeString('licenseType'),
    licensing: t.expose('licensing', { type: LicensingEnum }),
    locked: t.exposeBoolean('locked'),
    season: t.relation('season'),
    club: t.relation('club'),
    team: t.relation('team', { nullable: true }),
    gameClass: t.relation('gameClass'),
    player: t.relation('player'),
  }),
});

builder.prismaObject('TeamMember', {
  fields: (t) => ({
    id: t.exposeInt('id'),
    number: t.exposeInt('number', { nullable: true }),
    position: t.expose('position', { type: PlayerPositionEnum, nullable: true }),
    captain: t.exposeBoolean('captain'),
    season: t.relation('season'),
    team: t.relation('team'),
    player: t.relation('player'),
  }),
});

builder.queryFields((t) => ({
  players: t.prismaConnection({
    type: 'Player',
    cursor: 'id',
    maxSize: pageSize,
    complexity: connectionComplexity,
    args: { nameContains: t.arg.string({ description: 'Case-insensitive part of the first or last name.' }) },
    resolve: (query, _root, args, ctx) =>
      ctx.prisma.player.findMany({
        ...query,
        where: args.nameContains
          ? {
              OR: [
                { lastName: { contains: likeLiteral(args.nameContains), mode: 'insensitive' } },
                { firstName: { contains: likeLiteral(args.nameContains), mode: 'insensitive' } },
              ],
            }
          : undefined,
        orderBy: [{ lastName: 'asc' }, { firstName: 'asc' }, { id: 'asc' }],
      }),
  }),
  player: t.prismaField({
    type: 'Player',
    nullable: true,
    args: { id: t.arg.int({ required: true }) },
    resolve: (query, _root, args, ctx) => ctx.prisma.player.findUnique({ ...query, where: { id: args.id } }),
  }),
}));
