import { GraphQLError } from 'graphql';
import { FAVORITE_TYPES, FavoriteError, parseFavorite, type Favorite } from '../domain/favorites.js';
import { isUsableSessionId } from '../domain/session.js';
import { addFavorite, removeFavorite } from '../sessions/store.js';
import { builder } from './builder.js';
import type { GraphQLContext } from './context.js';

const FavoriteTypeEnum = builder.enumType('FavoriteType', { values: FAVORITE_TYPES });

builder.prismaObject('Favorite', {
  fields: (t) => ({
    type: t.exposeString('type'),
    gameClass: t.exposeInt('gameClass', { nullable: true }),
    league: t.exposeInt('league', { nullable: true }),
    group: t.exposeString('group', { nullable: true }),
    clubId: t.exposeInt('clubId', { nullable: true }),
    teamId: t.exposeInt('teamId', { nullable: true }),
    playerId: t.exposeInt('playerId', { nullable: true }),
    json: t.string({ description: 'The favorite as the main interface sends it.', resolve: (favorite) => favorite.key }),
  }),
});

builder.prismaObject('FavoriteSession', {
  fields: (t) => ({
    id: t.exposeString('id', { description: 'The sid; callers keep using the one returned last.' }),
    expiresAt: t.expose('expiresAt', { type: 'DateTime', description: '30 days after the last change.' }),
    favorites: t.relation('favorites', { query: { orderBy: { id: 'asc' } } }),
  }),
});

const FavoriteInput = builder.inputType('FavoriteInput', {
  description: 'league: gameClass + league (+ group); club: clubId; team: teamId; player: playerId. Other fields must be absent.',
  fields: (t) => ({
    type: t.field({ type: FavoriteTypeEnum, required: true }),
    gameClass: t.int(),
    league: t.int(),
    group: t.string(),
    clubId: t.int(),
    teamId: t.int(),
    playerId: t.int(),
  }),
});

type FavoriteInputShape = typeof FavoriteInput.$inferInput;

const WIRE_KEYS = { gameClass: 'game_class', league: 'league', group: 'group', clubId: 'club_id', teamId: 'team_id', playerId: 'player_id' } as const;

function toFavorite(input: FavoriteInputShape): Favorite {
  const wire: Record<string, unknown> = { type: input.type };
  for (const [field, key] of Object.entries(WIRE_KEYS)) {
    const value = input[field as keyof typeof WIRE_KEYS];
    if (value !== null && value !== undefined) wire[key] = value;
  }
  return parseFavorite(wire);
}

async function changeFavorites(
  change: typeof addFavorite,
  ctx: GraphQLContext,
  sid: string | null | undefined,
  input: FavoriteInputShape,
) {
  try {
    return await change(ctx.prisma, sid, toFavorite(input), ctx.clock.now());
  } catch (error) {
    if (error instanceof FavoriteError) throw new GraphQLError(error.message, { extensions: { code: 'BAD_USER_INPUT' } });
    throw error;
  }
}

builder.queryFields((t) => ({
  favoriteSession: t.prismaField({
    type: 'FavoriteSession',
    nullable: true,
    description: 'The session with this sid; null when unknown or expired.',
    args: { sid: t.arg.string({ required: true }) },
    resolve: (query, _root, args, ctx) =>
      isUsableSessionId(args.sid)
        ? ctx.prisma.favoriteSession.findFirst({ ...query, where: { id: args.sid, expiresAt: { gt: ctx.clock.now() } } })
        : null,
  }),
}));

builder.mutationFields((t) => ({
  addFavorite: t.prismaField({
    type: 'FavoriteSession',
    description: 'Adds the favorite; a null, unknown or expired sid starts a new session. Use the returned id from then on.',
    args: { sid: t.arg.string(), favorite: t.arg({ type: FavoriteInput, required: true }) },
    resolve: async (query, _root, args, ctx) => {
      const session = await changeFavorites(addFavorite, ctx, args.sid, args.favorite);
      return ctx.prisma.favoriteSession.findUniqueOrThrow({ ...query, where: { id: session.id } });
    },
  }),
  removeFavorite: t.prismaField({
    type: 'FavoriteSession',
    description: 'Removes the favorite (absent is fine); a null, unknown or expired sid starts a new, empty session.',
    args: { sid: t.arg.string(), favorite: t.arg({ type: FavoriteInput, required: true }) },
    resolve: async (query, _root, args, ctx) => {
      const session = await changeFavorites(removeFavorite, ctx, args.sid, args.favorite);
      return ctx.prisma.favoriteSession.findUniqueOrThrow({ ...query, where: { id: session.id } });
    },
  }),
}));
