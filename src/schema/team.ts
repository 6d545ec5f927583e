import type { Prisma } from '../generated/prisma/client.js';
import { absoluteUrl } from './context.js';
import { COUNTED } from './connections.js';
import { GAME_ORDER_ARGS } from './game-order.js';
import { gamesOrderBy } from './game-queries.js';
import { builder, connectionComplexity, pageSize, relatedConnectionComplexity } from './builder.js';
import { COMPUTED, computedCost, LENGTH, listCost, STATEMENT_COST } from './costs.js';
import { NODE_BY_ID } from './node.js';
import { teamSeasonKey } from './loader-keys.js';
import { TeamSeasonRecordRef } from './team-records.js';

builder.prismaNode('Team', {
  ...NODE_BY_ID,
  fields: (t) => ({
    id: t.exposeInt('id'),
    name: t.exposeString('name'),
    shortName: t.exposeString('shortName', { nullable: true }),
    logoUrl: t.string({ nullable: true, resolve: (team, _args, ctx) => absoluteUrl(ctx, team.logoUrl) }),
    portraitUrl: t.string({ nullable: true, resolve: (team, _args, ctx) => absoluteUrl(ctx, team.portraitUrl) }),
    website: t.exposeString('website', { nullable: true }),
    club: t.relation('club'),
    gameClass: t.relation('gameClass'),
    groups: t.prismaField({
      type: ['LeagueGroup'],
      description: 'League groups the team is registered in, newest season first.',
      args: { season: t.arg.int() },
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
      complexity: listCost(LENGTH.members),
      args: { season: t.arg.int({ required: true }) },
      query: (args) => ({ where: { seasonId: args.season }, orderBy: [{ number: 'asc' }, { id: 'asc' }] }),
    }),
    homeGames: t.relatedConnection(
      'homeGames',
      {
        cursor: 'id',
        maxSize: pageSize,
        complexity: relatedConnectionComplexity(LENGTH.teamHomeGames),
        totalCount: true,
        args: GAME_ORDER_ARGS,
        query: (args) => ({ orderBy: gamesOrderBy(args.direction) }),
      },
      COUNTED,
    ),
    awayGames: t.relatedConnection(
      'awayGames',
      {
        cursor: 'id',
        maxSize: pageSize,
        complexity: relatedConnectionComplexity(LENGTH.teamHomeGames),
        totalCount: true,
        args: GAME_ORDER_ARGS,
        query: (args) => ({ orderBy: gamesOrderBy(args.direction) }),
      },
      COUNTED,
    ),
    averageVisitors: t.float({
      nullable: true,
      description: 'Mean spectators of the team’s finished home games in the season.',
      args: { season: t.arg.int({ required: true }) },
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
function registrationsIn(args: { season?: number | null; league?: number | null }): Prisma.TeamRegistrationListRelationFilter | undefined {
  if (args.season == null && args.league == null) return undefined;
  const season: Prisma.LeagueGroupWhereInput = args.season != null ? { seasonId: args.season } : { season: { isCurrent: true } };
  return { some: { group: { ...season, leagueId: args.league ?? undefined } } };
}

/** The teams Query.teams lists; its page and its totalCount use the same filter. */
function teamsWhere(args: { clubId?: number | null; season?: number | null; league?: number | null; gameClass?: number | null }): Prisma.TeamWhereInput {
  return { clubId: args.clubId ?? undefined, gameClassId: args.gameClass ?? undefined, registrations: registrationsIn(args) };
}

builder.queryFields((t) => ({
  teams: t.prismaConnection(
    {
      type: 'Team',
      cursor: 'id',
      maxSize: pageSize,
      complexity: connectionComplexity,
      args: {
        clubId: t.arg.int(),
        season: t.arg.int({ description: 'Only teams registered in a group of this season.' }),
        league: t.arg.int({
          description:
            'Only teams registered in a group of this league: in `season`, or without it in the current season (the one `currentSeason` answers; none when no season is current).',
        }),
        gameClass: t.arg.int(),
      },
      totalCount: (_root, args, ctx) => ctx.prisma.team.count({ where: teamsWhere(args) }),
      resolve: (query, _root, args, ctx) => ctx.prisma.team.findMany({ ...query, where: teamsWhere(args), orderBy: [{ name: 'asc' }, { id: 'asc' }] }),
    },
    COUNTED,
  ),
  team: t.prismaField({
    type: 'Team',
    nullable: true,
    args: { id: t.arg.int({ required: true }) },
    resolve: (query, _root, args, ctx) => ctx.prisma.team.findUnique({ ...query, where: { id: args.id } }),
  }),
}));
