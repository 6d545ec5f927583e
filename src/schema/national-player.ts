import { pointsOf } from '../domain/scoring.js';
import { builder, connectionComplexity, pageSize } from './builder.js';
import { PlayerPositionEnum } from './scalars.js';

builder.prismaObject('NationalSelection', {
  fields: (t) => ({
    id: t.exposeInt('id', { description: '1 = men, 2 = women; higher ids are youth selections.' }),
    name: t.exposeString('name'),
    gender: t.exposeString('gender'),
    isYouth: t.exposeBoolean('isYouth'),
  }),
});

builder.prismaObject('NationalPlayer', {
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

builder.prismaObject('NationalPlayerRecord', {
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

builder.queryFields((t) => ({
  nationalSelections: t.prismaField({
    type: ['NationalSelection'],
    resolve: (query, _root, _args, ctx) => ctx.prisma.nationalSelection.findMany({ ...query, orderBy: { id: 'asc' } }),
  }),
  nationalPlayers: t.prismaConnection({
    type: 'NationalPlayer',
    cursor: 'id',
    maxSize: pageSize,
    complexity: connectionComplexity,
    args: { selectionId: t.arg.int(), active: t.arg.boolean() },
    resolve: (query, _root, args, ctx) =>
      ctx.prisma.nationalPlayer.findMany({
        ...query,
        where: { selectionId: args.selectionId ?? undefined, active: args.active ?? undefined },
        orderBy: [{ number: 'asc' }, { id: 'asc' }],
      }),
  }),
  nationalPlayer: t.prismaField({
    type: 'NationalPlayer',
    nullable: true,
    args: { id: t.arg.int({ required: true }) },
    resolve: (query, _root, args, ctx) => ctx.prisma.nationalPlayer.findUnique({ ...query, where: { id: args.id } }),
  }),
}));
