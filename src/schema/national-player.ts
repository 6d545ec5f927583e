import { pointsOf } from '../domain/scoring.js';
import type { Prisma } from '../generated/prisma/client.js';
import { builder, connectionComplexity, pageSize } from './builder.js';
import { connectionOf } from './connections.js';
import { NATIONAL_PLAYER_ORDER_ARGS, nationalPlayersOrderBy } from './orders.js';
import { NODE_BY_ID } from './node.js';
import { PlayerPositionEnum } from './scalars.js';

builder.prismaNode('NationalSelection', {
  ...NODE_BY_ID,
  description: 'A national team of the federation: the men, the women, and the youth selections.',
  fields: (t) => ({
    id: t.exposeInt('id', { description: '1 = men, 2 = women; higher ids are youth selections.' }),
    name: t.exposeString('name', { description: 'The name, e.g. "Herren" or "U19 Juniorinnen".' }),
    gender: t.exposeString('gender', { description: 'Who plays: MALE, FEMALE or MIXED.' }),
    isYouth: t.exposeBoolean('isYouth', { description: 'A youth selection.' }),
  }),
});

/** The most selections `NationalPlayer.records` answers for one player: one per selection played for, a handful at most. */
export const MAX_RECORDS_PER_NATIONAL_PLAYER = 20;

builder.prismaNode('NationalPlayer', {
  ...NODE_BY_ID,
  description: 'A player in a national team selection, with career records per selection played for.',
  fields: (t) => ({
    id: t.exposeInt('id', { description: "The national player's id: the federation's (not the player's id)." }),
    active: t.exposeBoolean('active', { description: 'An active national player; false for a former one.' }),
    number: t.exposeInt('number', { nullable: true, description: 'The shirt number in the national team; null when none is known.' }),
    position: t.expose('position', { type: PlayerPositionEnum, nullable: true, description: 'The position in the national team; null when unknown.' }),
    player: t.relation('player', { description: 'The player.' }),
    selection: t.relation('selection', { description: 'The selection the player belongs to.' }),
    records: t.relation('records', {
      description: `Career totals, one per selection the player played for, by selection id: at most ${MAX_RECORDS_PER_NATIONAL_PLAYER} (a player plays for a few selections, one per age group).`,
      query: { orderBy: { selectionId: 'asc' }, take: MAX_RECORDS_PER_NATIONAL_PLAYER },
    }),
  }),
});

builder.prismaNode('NationalPlayerRecord', {
  ...NODE_BY_ID,
  description: "A national player's career totals in one selection, as the federation keeps them.",
  fields: (t) => ({
    id: t.exposeInt('id', { description: 'The id of the record, this service’s own.' }),
    nationalPlayer: t.relation('nationalPlayer', { description: 'The national player.' }),
    selection: t.relation('selection', { description: 'The selection the totals were played for.' }),
    games: t.exposeInt('games', { description: 'International games played.' }),
    goals: t.exposeInt('goals', { description: 'Goals scored.' }),
    assists: t.exposeInt('assists', { description: 'Assists.' }),
    points: t.int({ description: 'Goals + assists.', resolve: pointsOf }),
    penalties2: t.exposeInt('penalties2', { description: "2' penalties." }),
    penalties5: t.exposeInt('penalties5', { description: "5' penalties." }),
    penalties10: t.exposeInt('penalties10', { description: "10' misconduct penalties." }),
    matchPenalties: t.exposeInt('matchPenalties', { description: 'Match penalties.' }),
  }),
});

function nationalPlayersWhere(args: { selectionId?: number | null; active?: boolean | null }): Prisma.NationalPlayerWhereInput {
  return { selectionId: args.selectionId ?? undefined, active: args.active ?? undefined };
}

builder.queryFields((t) => ({
  nationalSelections: t.prismaField({
    type: ['NationalSelection'],
    description: 'Every national team selection, by id (1 = men, 2 = women, then the youth selections).',
    resolve: (query, _root, _args, ctx) => ctx.prisma.nationalSelection.findMany({ ...query, orderBy: { id: 'asc' } }),
  }),
  nationalPlayers: t.prismaConnection(
    {
      type: 'NationalPlayer',
      description: 'National players by shirt number (then id) unless another order is asked for, optionally of one selection, active or not.',
      cursor: 'id',
      maxSize: pageSize,
      complexity: connectionComplexity,
      args: {
        selectionId: t.arg.int({ description: 'Only players of this selection, by its id.' }),
        active: t.arg.boolean({ description: 'true: only active national players; false: only former ones; absent: both.' }),
        ...NATIONAL_PLAYER_ORDER_ARGS,
      },
      totalCount: (_root, args, ctx) => ctx.prisma.nationalPlayer.count({ where: nationalPlayersWhere(args) }),
      resolve: (query, _root, args, ctx) =>
        ctx.prisma.nationalPlayer.findMany({ ...query, where: nationalPlayersWhere(args), orderBy: nationalPlayersOrderBy(args.orderBy, args.direction) }),
    },
    ...connectionOf('NationalPlayer'),
  ),
  nationalPlayer: t.prismaField({
    type: 'NationalPlayer',
    nullable: true,
    description: 'The national player with this id (not the player id: see `Player.nationalPlayer`); null when there is none.',
    args: { id: t.arg.int({ required: true, description: "The national player's id." }) },
    resolve: (query, _root, args, ctx) => ctx.prisma.nationalPlayer.findUnique({ ...query, where: { id: args.id } }),
  }),
}));
