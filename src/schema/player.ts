import { likeLiteral } from '../domain/search-text.js';
import type { Prisma } from '../generated/prisma/client.js';
import { absoluteUrl } from './context.js';
import { builder, connectionComplexity, pageSize } from './builder.js';
import { COMPUTED, computedCost, LENGTH, listCost } from './costs.js';
import { COUNTED } from './connections.js';
import { SortDirectionEnum } from './national-statistics.js';
import { NODE_BY_ID } from './node.js';
import { memberKey, playerSeasonKey } from './loader-keys.js';
import { PlayerCompetitionStatistics, PlayerGame, PlayerSeasonTotals } from './player-statistics.js';
import { LicensingEnum, PlayerPositionEnum } from './scalars.js';

builder.prismaNode('Player', {
  ...NODE_BY_ID,
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
      complexity: listCost(LENGTH.playerStatistics, COMPUTED.playerStatistics),
      select: { id: true },
      resolve: (player, _args, ctx) => ctx.loaders.competitionStatisticsByPlayer.load(player.id),
    }),
    games: t.field({
      type: [PlayerGame],
      description: 'The games of the teams the player is a member of in the season and every other game the player played in it, in order of occurrence.',
      complexity: listCost(LENGTH.playerGames, COMPUTED.playerGames),
      args: { season: t.arg.int({ required: true }) },
      select: { id: true },
      resolve: (player, args, ctx) => ctx.loaders.seasonGamesByPlayer.load(playerSeasonKey(player.id, args.season)),
    }),
  }),
});

builder.prismaNode('License', {
  ...NODE_BY_ID,
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

builder.prismaNode('TeamMember', {
  ...NODE_BY_ID,
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
      complexity: computedCost(COMPUTED.memberTotals),
      select: { teamId: true, seasonId: true, playerId: true },
      resolve: (member, _args, ctx) => ctx.loaders.memberTotals.load(memberKey(member.teamId, member.seasonId, member.playerId)),
    }),
  }),
});

const PlayerOrderEnum = builder.enumType('PlayerOrder', {
  description: 'What a list of players is ordered by; players of the same name are ordered by id.',
  values: {
    LAST_NAME: { description: 'Last name, then first name.' },
    FIRST_NAME: { description: 'First name, then last name.' },
  },
});

/** The players Query.players lists; its page and its totalCount use the same filter. */
function playersWhere(nameContains: string | null | undefined): Prisma.PlayerWhereInput | undefined {
  if (!nameContains) return undefined;
  return {
    OR: [
      { lastName: { contains: likeLiteral(nameContains), mode: 'insensitive' } },
      { firstName: { contains: likeLiteral(nameContains), mode: 'insensitive' } },
    ],
  };
}

/** Names in the order asked, then the id, so the order is total and a cursor (the id) finds its place in either direction. */
function playersOrderBy(order: 'LAST_NAME' | 'FIRST_NAME', direction: 'ASC' | 'DESC' | null | undefined): Prisma.PlayerOrderByWithRelationInput[] {
  const sort = direction === 'DESC' ? 'desc' : 'asc';
  const names: Prisma.PlayerOrderByWithRelationInput[] = [{ lastName: sort }, { firstName: sort }];
  return [...(order === 'FIRST_NAME' ? names.reverse() : names), { id: sort }];
}

builder.queryFields((t) => ({
  players: t.prismaConnection(
    {
      type: 'Player',
      cursor: 'id',
      maxSize: pageSize,
      complexity: connectionComplexity,
      description: 'Players by name: last name, first name, then id, unless another order is asked for.',
      args: {
        nameContains: t.arg.string({ description: 'Case-insensitive part of the first or last name.' }),
        orderBy: t.arg({ type: PlayerOrderEnum, defaultValue: 'LAST_NAME' }),
        direction: t.arg({ type: SortDirectionEnum, description: 'ASC (A to Z) unless given.' }),
      },
      totalCount: (_root, args, ctx) => ctx.prisma.player.count({ where: playersWhere(args.nameContains) }),
      resolve: (query, _root, args, ctx) =>
        ctx.prisma.player.findMany({ ...query, where: playersWhere(args.nameContains), orderBy: playersOrderBy(args.orderBy ?? 'LAST_NAME', args.direction) }),
    },
    COUNTED,
  ),
  player: t.prismaField({
    type: 'Player',
    nullable: true,
    args: { id: t.arg.int({ required: true }) },
    resolve: (query, _root, args, ctx) => ctx.prisma.player.findUnique({ ...query, where: { id: args.id } }),
  }),
}));
