import type { Prisma } from '../generated/prisma/client.js';
import { absoluteUrl } from './context.js';
import { renamedArg, renamedTo } from './arg-names.js';
import { connectionOf } from './connections.js';
import { TEAM_ORDER_ARGS, teamsOrderBy } from './orders.js';
import { GAME_ORDER_ARGS } from './game-order.js';
import { gamesOrderBy } from './game-queries.js';
import { builder, connectionComplexity, pageSize, relatedConnectionComplexity } from './builder.js';
import { COMPUTED, computedCost, LENGTH, listCost, STATEMENT_COST } from './costs.js';
import { NODE_BY_ID } from './node.js';
import { teamSeasonKey } from './loader-keys.js';
import { TeamSeasonRecordRef } from './team-records.js';

builder.prismaNode('Team', {
  ...NODE_BY_ID,
  description: 'A team of a club in one game class (Herren GF, Damen GF, Junioren U21, …); it registers in league groups season by season.',
  fields: (t) => ({
    id: t.exposeInt('id', { description: "The team's id: the federation's team id." }),
    name: t.exposeString('name', { description: 'The full name, as the federation registers it.' }),
    shortName: t.exposeString('shortName', {
      nullable: true,
      description: 'A short name for narrow displays (tables, tickers); null when the federation gives none.',
    }),
    logoUrl: t.string({
      nullable: true,
      description: "The team's logo, an absolute URL (this service's own for an image it serves); null when there is none.",
      resolve: (team, _args, ctx) => absoluteUrl(ctx, team.logoUrl),
    }),
    portraitUrl: t.string({
      nullable: true,
      description: 'The team photo, an absolute URL (this service’s own for an image it serves); null when there is none.',
      resolve: (team, _args, ctx) => absoluteUrl(ctx, team.portraitUrl),
    }),
    website: t.exposeString('website', { nullable: true, description: "The team's website, as the federation has it; null when unknown." }),
    club: t.relation('club', { description: 'The club the team belongs to.' }),
    gameClass: t.relation('gameClass', { description: 'The game class the team plays in.' }),
    groups: t.prismaField({
      type: ['LeagueGroup'],
      description: 'League groups the team is registered in, newest season first.',
      args: { season: t.arg.int({ description: 'Only groups of this season (its id: 2025 = 2025/26); every season when absent.' }) },
      complexity: listCost(LENGTH.teamGroups, STATEMENT_COST),
      select: { id: true },
      resolve: (query, team, args, ctx) =>
        ctx.prisma.leagueGroup.findMany({
          ...query,
          where: { registrations: { some: { teamId: team.id } }, seasonId: args.season ?? undefined },
          orderBy: [{ seasonId: 'desc' }, { sortOrder: 'asc' }],
        }),
    }),
    members: t.relation('members', {
      description: "The team's roster in the season, by shirt number (members without a number last).",
      complexity: listCost(LENGTH.members),
      args: { season: t.arg.int({ required: true, description: 'The season, by its id (its first year: 2025 = 2025/26).' }) },
      query: (args) => ({ where: { seasonId: args.season }, orderBy: [{ number: 'asc' }, { id: 'asc' }] }),
    }),
    homeGames: t.relatedConnection(
      'homeGames',
      {
        description: 'The games the team plays at home, every season, in order of occurrence (start time, then id) unless `direction: DESC`.',
        cursor: 'id',
        maxSize: pageSize,
        complexity: relatedConnectionComplexity(LENGTH.teamHomeGames),
        totalCount: true,
        args: GAME_ORDER_ARGS,
        query: (args) => ({ orderBy: gamesOrderBy(args.direction) }),
      },
      ...connectionOf('Game'),
    ),
    awayGames: t.relatedConnection(
      'awayGames',
      {
        description: 'The games the team plays away, every season, in order of occurrence (start time, then id) unless `direction: DESC`.',
        cursor: 'id',
        maxSize: pageSize,
        complexity: relatedConnectionComplexity(LENGTH.teamHomeGames),
        totalCount: true,
        args: GAME_ORDER_ARGS,
        query: (args) => ({ orderBy: gamesOrderBy(args.direction) }),
      },
      ...connectionOf('Game'),
    ),
    averageVisitors: t.float({
      nullable: true,
      description: 'Mean spectators of the team’s finished home games in the season; null when none has a spectator count.',
      args: { season: t.arg.int({ required: true, description: 'The season, by its id (its first year: 2025 = 2025/26).' }) },
      complexity: computedCost(COMPUTED.averageVisitors),
      select: { id: true },
      resolve: (team, args, ctx) => ctx.loaders.averageVisitorsByTeamSeason.load(teamSeasonKey(team.id, args.season)),
    }),
    seasonRecords: t.field({
      type: [TeamSeasonRecordRef],
      description: 'Achievements per season the team played in, newest first.',
      complexity: listCost(LENGTH.seasonRecords, COMPUTED.teamSeasonRecords),
      select: { id: true },
      resolve: (team, _args, ctx) => ctx.loaders.seasonRecordsByTeam.load(team.id),
    }),
  }),
});

/**
 * The registrations a listed team needs: one in a group of the season and league asked for. A league
 * asked for without a season means its current season: a league's teams of every season at once
 * would mix rosters no one looks at together.
 */
function registrationsIn(season: number | null | undefined, leagueId: number | null | undefined): Prisma.TeamRegistrationListRelationFilter | undefined {
  if (season == null && leagueId == null) return undefined;
  const inSeason: Prisma.LeagueGroupWhereInput = season != null ? { seasonId: season } : { season: { isCurrent: true } };
  return { some: { group: { ...inSeason, leagueId: leagueId ?? undefined } } };
}

interface TeamsArgs {
  clubId?: number | null;
  season?: number | null;
  leagueId?: number | null;
  league?: number | null;
  gameClassId?: number | null;
  gameClass?: number | null;
}

/** The teams Query.teams lists; its page and its totalCount use the same filter. */
function teamsWhere(args: TeamsArgs): Prisma.TeamWhereInput {
  const leagueId = renamedArg<number>(args, 'leagueId', 'league');
  const gameClassId = renamedArg<number>(args, 'gameClassId', 'gameClass');
  return { clubId: args.clubId ?? undefined, gameClassId: gameClassId ?? undefined, registrations: registrationsIn(args.season, leagueId) };
}

builder.queryFields((t) => ({
  teams: t.prismaConnection(
    {
      type: 'Team',
      description:
        'Teams by name (then id) unless another order is asked for, optionally narrowed by club, season, league and game class; the filters apply together.',
      cursor: 'id',
      maxSize: pageSize,
      complexity: connectionComplexity,
      args: {
        clubId: t.arg.int({ description: "Only this club's teams." }),
        season: t.arg.int({ description: 'Only teams registered in a group of this season.' }),
        leagueId: t.arg.int({
          description:
            'Only teams registered in a group of this league: in `season`, or without it in the current season (the one `currentSeason` answers; none when no season is current).',
        }),
        league: t.arg.int({ description: 'The league, as `leagueId`.', deprecationReason: renamedTo('leagueId') }),
        gameClassId: t.arg.int({ description: 'Only teams of this game class, by its id.' }),
        gameClass: t.arg.int({ description: 'The game class, as `gameClassId`.', deprecationReason: renamedTo('gameClassId') }),
        ...TEAM_ORDER_ARGS,
      },
      totalCount: (_root, args, ctx) => ctx.prisma.team.count({ where: teamsWhere(args) }),
      resolve: (query, _root, args, ctx) =>
        ctx.prisma.team.findMany({ ...query, where: teamsWhere(args), orderBy: teamsOrderBy(args.orderBy, args.direction) }),
    },
    ...connectionOf('Team'),
  ),
  team: t.prismaField({
    type: 'Team',
    nullable: true,
    description: 'The team with this id; null when there is none.',
    args: { id: t.arg.int({ required: true, description: "The team's id." }) },
    resolve: (query, _root, args, ctx) => ctx.prisma.team.findUnique({ ...query, where: { id: args.id } }),
  }),
}));
