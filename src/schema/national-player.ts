import { pointsOf } from '../domain/scoring.js';
import type { Prisma } from '../generated/prisma/client.js';
import { builder, connectionComplexity, pageSize } from './builder.js';
import { COUNTED } from './connections.js';
import { NODE_BY_ID } from './node.js';
import { PlayerPositionEnum } from './scalars.js';

builder.prismaNode('NationalSelection', {
  ...NODE_BY_ID,
  fields: (t) => ({
    id: t.exposeInt('id', { description: '1 = men, 2 = women; higher ids are youth selections.' }),
    name: t.exposeString('name'),
    gender: t.exposeString('gender'),
    isYouth: t.exposeBoolean('isYouth'),
  }),
});

builder.prismaNode('NationalPlayer', {
  ...NODE_BY_ID,
  fields: (t) => ({
    id: t.exposeInt('id'),
    active: t.exposeBoolean('active'),
    number: t.exposeInt('number', { nullable: true }),
    position: t.expose('position', { type: PlayerPositionEnum, nullable: true }),
    player: t.relation('player'),
    selection: t.relation('selection'),
    records: t.relation('records', { query: { orderBy: { selectionId: 'asc' } } }),
  }),
});

builder.prismaNode('NationalPlayerRecord', {
  ...NODE_BY_ID,
  fields: (t) => ({
    id: t.exposeInt('id'),
    nationalPlayer: t.relation('nationalPlayer'),
    selection: t.relation('selection'),
    games: t.exposeInt('games'),
    goals: t.exposeInt('goals'),
    assists: t.exposeInt('assists'),
    points: t.int({ resolve: pointsOf }),
    penalties2: t.exposeInt('penalties2'),
    penalties5: t.exposeInt('penalties5'),
    penalties10: t.exposeInt('penalties10'),
    matchPenalties: t.exposeInt('matchPenalties'),
  }),
});

function nationalPlayersWhere(args: { selectionId?: number | null; active?: boolean | null }): Prisma.NationalPlayerWhereInput {
  return { selectionId: args.selectionId ?? undefined, active: args.active ?? undefined };
}

builder.queryFields((t) => ({
  nationalSelections: t.prismaField({
    type: ['NationalSelection'],
    resolve: (query, _root, _args, ctx) => ctx.prisma.nationalSelection.findMany({ ...query, orderBy: { id: 'asc' } }),
  }),
  nationalPlayers: t.prismaConnection(
    {
      type: 'NationalPlayer',
      cursor: 'id',
      maxSize: pageSize,
      complexity: connectionComplexity,
      args: { selectionId: t.arg.int(), active: t.arg.boolean() },
      totalCount: (_root, args, ctx) => ctx.prisma.nationalPlayer.count({ where: nationalPlayersWhere(args) }),
      resolve: (query, _root, args, ctx) =>
        ctx.prisma.nationalPlayer.findMany({ ...query, where: nationalPlayersWhere(args), orderBy: [{ number: 'asc' }, { id: 'asc' }] }),
    },
    COUNTED,
  ),
  nationalPlayer: t.prismaField({
    type: 'NationalPlayer',
    nullable: true,
    args: { id: t.arg.int({ required: true }) },
    resolve: (query, _root, args, ctx) => ctx.prisma.nationalPlayer.findUnique({ ...query, where: { id: args.id } }),
  }),
}));
