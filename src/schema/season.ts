import type { Competition as CompetitionData } from './loaders.js';
import { builder } from './builder.js';
import { LENGTH, listCost } from './costs.js';
import { NODE_BY_ID } from './node.js';

builder.prismaNode('Season', {
  ...NODE_BY_ID,
  fields: (t) => ({
    id: t.exposeInt('id', { description: 'First year of the season (2025 = 2025/26).' }),
    label: t.exposeString('label'),
    isCurrent: t.exposeBoolean('isCurrent'),
    groups: t.relation('groups', {
      // A season has ~210 groups at demo scale 10, a league or class a few dozen of them.
      complexity: (args) => listCost(args.league == null && args.gameClass == null ? LENGTH.seasonGroups : LENGTH.leagueGroups),
      args: { league: t.arg.int(), gameClass: t.arg.int() },
      query: (args) => ({
        where: { leagueId: args.league ?? undefined, gameClassId: args.gameClass ?? undefined },
        orderBy: [{ leagueId: 'asc' }, { gameClassId: 'asc' }, { sortOrder: 'asc' }, { id: 'asc' }],
      }),
    }),
    cups: t.relation('cups', { query: { orderBy: { id: 'asc' } } }),
    competitions: t.field({
      type: [Competition],
      description: 'Each league and game class with a group this season, once, by league then class id.',
      resolve: (season, _args, ctx) => ctx.loaders.competitionsBySeason.load(season.id),
    }),
  }),
});

const GameClassRef = builder.prismaNode('GameClass', {
  ...NODE_BY_ID,
  fields: (t) => ({
    id: t.exposeInt('id'),
    name: t.exposeString('name'),
    shortName: t.exposeString('shortName'),
    gender: t.exposeString('gender'),
    isYouth: t.exposeBoolean('isYouth'),
    isSmallField: t.exposeBoolean('isSmallField'),
  }),
});

const LeagueRef = builder.prismaNode('League', {
  ...NODE_BY_ID,
  fields: (t) => ({
    id: t.exposeInt('id'),
    name: t.exposeString('name'),
    level: t.exposeInt('level'),
    isNational: t.exposeBoolean('isNational'),
  }),
});

const Competition = builder.objectRef<CompetitionData>('Competition').implement({
  description: 'A league and game class played in a season, in one or more groups.',
  fields: (t) => ({
    league: t.field({ type: LeagueRef, resolve: (competition) => competition.league }),
    gameClass: t.field({ type: GameClassRef, resolve: (competition) => competition.gameClass }),
  }),
});

builder.queryFields((t) => ({
  seasons: t.prismaField({
    type: ['Season'],
    description: 'All seasons, newest first (a short list: one per year).',
    resolve: (query, _root, _args, ctx) => ctx.prisma.season.findMany({ ...query, orderBy: { id: 'desc' } }),
  }),
  season: t.prismaField({
    type: 'Season',
    nullable: true,
    args: { id: t.arg.int({ required: true }) },
    resolve: (query, _root, args, ctx) => ctx.prisma.season.findUnique({ ...query, where: { id: args.id } }),
  }),
  currentSeason: t.prismaField({
    type: 'Season',
    nullable: true,
    resolve: (query, _root, _args, ctx) => ctx.prisma.season.findFirst({ ...query, where: { isCurrent: true } }),
  }),
  gameClasses: t.prismaField({
    type: ['GameClass'],
    resolve: (query, _root, _args, ctx) => ctx.prisma.gameClass.findMany({ ...query, orderBy: [{ sortOrder: 'asc' }, { id: 'asc' }] }),
  }),
  leagues: t.prismaField({
    type: ['League'],
    resolve: (query, _root, _args, ctx) => ctx.prisma.league.findMany({ ...query, orderBy: [{ level: 'asc' }, { id: 'asc' }] }),
  }),
}));
