import { likeLiteral } from '../domain/search-text.js';
import type { Prisma } from '../generated/prisma/client.js';
import { absoluteUrl } from './context.js';
import { builder, connectionComplexity, pageSize } from './builder.js';
import { COMPUTED, computedCost, LENGTH, listCost } from './costs.js';
import { connectionOf } from './connections.js';
import { SortDirectionEnum } from './national-statistics.js';
import { NODE_BY_ID } from './node.js';
import { memberKey, playerSeasonKey } from './loader-keys.js';
import { PlayerCompetitionStatistics, PlayerGame, PlayerSeasonTotals } from './player-statistics.js';
import { LicensingEnum, PlayerPositionEnum } from './scalars.js';

/**
 * The most games `Player.games` answers for one season: a player's season is a few dozen games (20
 * on average, ~80 for one who plays for several teams), so the bound only keeps one answer's size
 * fixed. The list is in order of occurrence; games past the bound are left out.
 */
export const MAX_PLAYER_SEASON_GAMES = 500;

/**
 * The most licenses, memberships and statistics lines `Player` answers across every season: about
 * one of each per season and team, so a long career has some 40 (the newest are kept). A bound, not
 * pages: a player's career is naturally small.
 */
export const MAX_PLAYER_CAREER_ROWS = 200;

builder.prismaNode('Player', {
  ...NODE_BY_ID,
  description: 'A player: the person behind the licenses, team memberships and game sheets of every season.',
  fields: (t) => ({
    id: t.exposeInt('id', { description: "The player's id: the federation's player id." }),
    firstName: t.exposeString('firstName', { description: 'The first name.' }),
    lastName: t.exposeString('lastName', { description: 'The last name.' }),
    yearOfBirth: t.exposeInt('yearOfBirth', { nullable: true, description: 'The year of birth (e.g. 2001); null when unknown.' }),
    heightCm: t.exposeInt('heightCm', { nullable: true, description: 'Height in centimetres; null when unknown.' }),
    weightKg: t.exposeInt('weightKg', { nullable: true, description: 'Weight in kilograms; null when unknown.' }),
    position: t.expose('position', { type: PlayerPositionEnum, nullable: true, description: 'The position the player usually plays; null when unknown.' }),
    portraitUrl: t.string({
      nullable: true,
      description: "The player's portrait photo, an absolute URL (this service's own for an image it serves); null when there is none.",
      resolve: (player, _args, ctx) => absoluteUrl(ctx, player.portraitUrl),
    }),
    licenses: t.relation('licenses', {
      description: `The player's licenses, newest season first: at most ${MAX_PLAYER_CAREER_ROWS}, the newest (about one a season and team).`,
      args: { season: t.arg.int({ description: 'Only licenses of this season (its id: 2025 = 2025/26); every season when absent.' }) },
      query: (args) => ({ where: { seasonId: args.season ?? undefined }, orderBy: [{ seasonId: 'desc' }, { id: 'asc' }], take: MAX_PLAYER_CAREER_ROWS }),
    }),
    memberships: t.relation('memberships', {
      description: `The player's team memberships (rosters), newest season first: at most ${MAX_PLAYER_CAREER_ROWS}, the newest (about one a season and team).`,
      args: { season: t.arg.int({ description: 'Only memberships of this season (its id: 2025 = 2025/26); every season when absent.' }) },
      query: (args) => ({ where: { seasonId: args.season ?? undefined }, orderBy: [{ seasonId: 'desc' }, { id: 'asc' }], take: MAX_PLAYER_CAREER_ROWS }),
    }),
    nationalPlayer: t.relation('nationalPlayer', { nullable: true, description: 'The player in a national team selection; null when never selected.' }),
    statistics: t.field({
      type: [PlayerCompetitionStatistics],
      description: `Totals per season, competition and team, newest season first, league games before cup games: at most ${MAX_PLAYER_CAREER_ROWS} lines, the newest (about one a season and team).`,
      complexity: listCost(LENGTH.playerStatistics, COMPUTED.playerStatistics),
      select: { id: true },
      resolve: async (player, _args, ctx) => (await ctx.loaders.competitionStatisticsByPlayer.load(player.id)).slice(0, MAX_PLAYER_CAREER_ROWS),
    }),
    games: t.field({
      type: [PlayerGame],
      description: `The games of the teams the player is a member of in the season and every other game the player played in it, in order of occurrence: at most ${MAX_PLAYER_SEASON_GAMES} (a season holds far fewer).`,
      complexity: listCost(LENGTH.playerGames, COMPUTED.playerGames),
      args: { season: t.arg.int({ required: true, description: 'The season, by its id (its first year: 2025 = 2025/26).' }) },
      select: { id: true },
      resolve: async (player, args, ctx) =>
        (await ctx.loaders.seasonGamesByPlayer.load(playerSeasonKey(player.id, args.season))).slice(0, MAX_PLAYER_SEASON_GAMES),
    }),
  }),
});

export const LicenseObject = builder.prismaNode('License', {
  ...NODE_BY_ID,
  description: "A player's license to play for a club in a game class for one season, issued by the federation.",
  fields: (t) => ({
    id: t.exposeInt('id', { description: "The license's id: the federation's." }),
    licenseType: t.exposeString('licenseType', { description: "The federation's license type, as it names it." }),
    licensing: t.expose('licensing', { type: LicensingEnum, description: 'The kind of license.' }),
    locked: t.exposeBoolean('locked', { description: 'The federation has locked the license: the player may not play on it.' }),
    season: t.relation('season', { description: 'The season the license is valid for.' }),
    club: t.relation('club', { description: 'The club the license is for.' }),
    team: t.relation('team', { nullable: true, description: 'The team the license names; null when it names none (it is for the club).' }),
    gameClass: t.relation('gameClass', { description: 'The game class the license is for.' }),
    player: t.relation('player', { description: 'The licensed player.' }),
  }),
});

export const TeamMemberObject = builder.prismaNode('TeamMember', {
  ...NODE_BY_ID,
  description: "A player on a team's roster for one season.",
  fields: (t) => ({
    id: t.exposeInt('id', { description: 'The id of the membership, this service’s own.' }),
    number: t.exposeInt('number', { nullable: true, description: "The player's shirt number in the team, 1–99; null when none is known." }),
    position: t.expose('position', { type: PlayerPositionEnum, nullable: true, description: 'The position the player plays in the team; null when unknown.' }),
    captain: t.exposeBoolean('captain', { description: "The team's captain." }),
    season: t.relation('season', { description: 'The season of the roster.' }),
    team: t.relation('team', { description: 'The team.' }),
    player: t.relation('player', { description: 'The player.' }),
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
        orderBy: t.arg({ type: PlayerOrderEnum, defaultValue: 'LAST_NAME', description: 'The name to order by; LAST_NAME when not given.' }),
        direction: t.arg({ type: SortDirectionEnum, description: 'ASC (A to Z) unless given.' }),
      },
      totalCount: (_root, args, ctx) => ctx.prisma.player.count({ where: playersWhere(args.nameContains) }),
      resolve: (query, _root, args, ctx) =>
        ctx.prisma.player.findMany({ ...query, where: playersWhere(args.nameContains), orderBy: playersOrderBy(args.orderBy ?? 'LAST_NAME', args.direction) }),
    },
    ...connectionOf('Player'),
  ),
  player: t.prismaField({
    type: 'Player',
    nullable: true,
    description: 'The player with this id; null when there is none.',
    args: { id: t.arg.int({ required: true, description: "The player's id." }) },
    resolve: (query, _root, args, ctx) => ctx.prisma.player.findUnique({ ...query, where: { id: args.id } }),
  }),
}));
