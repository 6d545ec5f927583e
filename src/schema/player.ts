import { likeLiteral } from '../domain/search-text.js';
import { absoluteUrl } from './context.js';
import { builder, connectionComplexity, pageSize } from './builder.js';
import { memberKey, playerSeasonKey } from './loader-keys.js';
import { PlayerCompetitionStatistics, PlayerGame, PlayerSeasonTotals } from './player-statistics.js';
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
    statistics: t.field({
      type: [PlayerCompetitionStatistics],
      description: 'Totals per season, competition and team, newest season first, league games before cup games.',
      complexity: { field: 60, multiplier: 5 }, // ~3 ms a player at demo scale 10
      select: { id: true },
      resolve: (player, _args, ctx) => ctx.loaders.competitionStatisticsByPlayer.load(player.id),
    }),
    games: t.field({
      type: [PlayerGame],
      description: 'The games of the teams the player is a member of in the season and every other game the player played in it, in order of occurrence.',
      complexity: { field: 120, multiplier: 30 }, // ~6 ms a player at demo scale 10; a season's games
      args: { season: t.arg.int({ required: true }) },
      select: { id: true },
      resolve: (player, args, ctx) => ctx.loaders.seasonGamesByPlayer.load(playerSeasonKey(player.id, args.season)),
    }),
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
    statistics: t.field({
      type: PlayerSeasonTotals,
      description: 'The member’s totals for this team in this season.',
      complexity: 10, // ~0.5 ms a member at demo scale 10
      select: { teamId: true, seasonId: true, playerId: true },
      resolve: (member, _args, ctx) => ctx.loaders.memberTotals.load(memberKey(member.teamId, member.seasonId, member.playerId)),
    }),
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
