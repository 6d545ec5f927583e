import type { Competition as CompetitionData } from './loaders.js';
import { builder, pageSize, relatedConnectionComplexity } from './builder.js';
import { connectionOf } from './connections.js';
import { LEAGUE_GROUP_ORDER_ARGS, leagueGroupsOrderBy } from './orders.js';
import { LENGTH, listCost } from './costs.js';
import { NODE_BY_ID } from './node.js';
import { renamedArg, renamedTo } from './arg-names.js';

interface SeasonGroupArgs {
  leagueId?: number | null;
  league?: number | null;
  gameClassId?: number | null;
  gameClass?: number | null;
}

/** Which of a season's groups `groups` and `groupsConnection` answer, in the one order. */
const seasonGroupsQuery = (args: SeasonGroupArgs) => ({
  where: {
    leagueId: renamedArg<number>(args, 'leagueId', 'league') ?? undefined,
    gameClassId: renamedArg<number>(args, 'gameClassId', 'gameClass') ?? undefined,
  },
  orderBy: [{ leagueId: 'asc' as const }, { gameClassId: 'asc' as const }, { sortOrder: 'asc' as const }, { id: 'asc' as const }],
});

builder.prismaNode('Season', {
  ...NODE_BY_ID,
  description: 'A season of the league, identified by its first year (2025 = 2025/26): its groups, cups and competitions.',
  fields: (t) => ({
    id: t.exposeInt('id', { description: 'First year of the season (2025 = 2025/26).' }),
    label: t.exposeString('label', { description: 'The season as people write it, e.g. "2025/26".' }),
    isCurrent: t.exposeBoolean('isCurrent', { description: 'The season being played now (the one `currentSeason` answers); one at most.' }),
    groups: t.relation('groups', {
      description:
        "The season's league groups, by league, game class and the federation's order: all of them (a season has some 200; `groupsConnection` pages them).",
      // A season has ~210 groups at demo scale 10, a league or class a few dozen of them.
      complexity: (args) =>
        listCost(
          args.leagueId == null && args.league == null && args.gameClassId == null && args.gameClass == null ? LENGTH.seasonGroups : LENGTH.leagueGroups,
        ),
      args: {
        leagueId: t.arg.int({ description: 'Only groups of this league, by its id.' }),
        league: t.arg.int({ description: 'The league, as `leagueId`.', deprecationReason: renamedTo('leagueId') }),
        gameClassId: t.arg.int({ description: 'Only groups of this game class, by its id.' }),
        gameClass: t.arg.int({ description: 'The game class, as `gameClassId`.', deprecationReason: renamedTo('gameClassId') }),
      },
      query: seasonGroupsQuery,
    }),
    groupsConnection: t.relatedConnection(
      'groups',
      {
        description: "The season's league groups, a page at a time, by league, game class and the federation's order.",
        cursor: 'id',
        maxSize: pageSize,
        complexity: relatedConnectionComplexity(LENGTH.seasonGroups),
        totalCount: true,
        args: {
          leagueId: t.arg.int({ description: 'Only groups of this league, by its id.' }),
          gameClassId: t.arg.int({ description: 'Only groups of this game class, by its id.' }),
          ...LEAGUE_GROUP_ORDER_ARGS,
        },
        // SEASON, the default, is the order of `groups` within the one season.
        query: (args) => ({ where: seasonGroupsQuery(args).where, orderBy: leagueGroupsOrderBy(args.orderBy, args.direction) }),
      },
      ...connectionOf('LeagueGroup'),
    ),
    cups: t.relation('cups', { description: "The season's cup tournaments, by id.", query: { orderBy: { id: 'asc' } } }),
    competitions: t.field({
      type: [Competition],
      description: 'Each league and game class with a group this season, once, by league then class id.',
      resolve: (season, _args, ctx) => ctx.loaders.competitionsBySeason.load(season.id),
    }),
  }),
});

const GameClassRef = builder.prismaNode('GameClass', {
  ...NODE_BY_ID,
  description: 'A category of play: who plays and on which field, e.g. Herren GF, Damen GF, Junioren U21, Herren KF.',
  fields: (t) => ({
    id: t.exposeInt('id', { description: "The game class's id: the federation's." }),
    name: t.exposeString('name', { description: 'The full name, e.g. "Herren GF".' }),
    shortName: t.exposeString('shortName', { description: 'A short name for narrow displays.' }),
    gender: t.exposeString('gender', { description: 'Who plays: MALE, FEMALE or MIXED.' }),
    isYouth: t.exposeBoolean('isYouth', { description: 'A youth class (juniors, U-classes).' }),
    isSmallField: t.exposeBoolean('isSmallField', { description: 'Played on the small field (KF, Kleinfeld); false for the large field (GF, Grossfeld).' }),
  }),
});

const LeagueRef = builder.prismaNode('League', {
  ...NODE_BY_ID,
  description: 'A league level, e.g. L-UPL (level 1), NLB (level 2), 1. Liga; its groups are per season and game class.',
  fields: (t) => ({
    id: t.exposeInt('id', { description: "The league's id: the federation's." }),
    name: t.exposeString('name', { description: 'The name, e.g. "L-UPL".' }),
    level: t.exposeInt('level', { description: 'The level in the league pyramid: 1 is the top league, higher numbers are lower leagues.' }),
    isNational: t.exposeBoolean('isNational', { description: 'A national league of the federation; false for a regional one.' }),
  }),
});

const Competition = builder.objectRef<CompetitionData>('Competition').implement({
  description: 'A league and game class played in a season, in one or more groups.',
  fields: (t) => ({
    league: t.field({ type: LeagueRef, description: 'The league.', resolve: (competition) => competition.league }),
    gameClass: t.field({ type: GameClassRef, description: 'The game class.', resolve: (competition) => competition.gameClass }),
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
    description: 'The season with this id; null when there is none.',
    args: { id: t.arg.int({ required: true, description: 'The season’s id: its first year (2025 = 2025/26).' }) },
    resolve: (query, _root, args, ctx) => ctx.prisma.season.findUnique({ ...query, where: { id: args.id } }),
  }),
  currentSeason: t.prismaField({
    type: 'Season',
    nullable: true,
    description: 'The season being played now; null when none is marked current.',
    resolve: (query, _root, _args, ctx) => ctx.prisma.season.findFirst({ ...query, where: { isCurrent: true } }),
  }),
  gameClasses: t.prismaField({
    type: ['GameClass'],
    description: "Every game class, in the federation's order.",
    resolve: (query, _root, _args, ctx) => ctx.prisma.gameClass.findMany({ ...query, orderBy: [{ sortOrder: 'asc' }, { id: 'asc' }] }),
  }),
  leagues: t.prismaField({
    type: ['League'],
    description: 'Every league, top level first.',
    resolve: (query, _root, _args, ctx) => ctx.prisma.league.findMany({ ...query, orderBy: [{ level: 'asc' }, { id: 'asc' }] }),
  }),
}));
