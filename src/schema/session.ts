import { FavoriteError, parseFavorite, type Favorite, type FavoriteType } from '../domain/favorites.js';
import { isUsableSessionId, MAX_FAVORITES_PER_CALL } from '../domain/session.js';
import type { FavoriteRecord } from '../sessions/next-games.js';
import { addFavorites, removeFavorites } from '../sessions/store.js';
import { builder } from './builder.js';
import type { GraphQLContext } from './context.js';
import { renamedArg, renamedTo } from './arg-names.js';

/**
 * The kinds of favorite, upper case as every enum of the schema. The lower-case values were the first
 * spelling: still accepted as input, deprecated; `Favorite.kind` answers with the upper-case ones
 * (`Favorite.type`, deprecated, keeps its lower-case string). The domain (and the main interface's
 * wire) spells a favorite's type in lower case.
 */
const FavoriteTypeEnum = builder.enumType('FavoriteType', {
  description: 'What a favorite names: a league (of a game class), a club, a team or a player.',
  values: {
    CLUB: { description: 'A club: clubId.' },
    LEAGUE: { description: 'A league of a game class: gameClass and league (and group).' },
    PLAYER: { description: 'A player: playerId.' },
    TEAM: { description: 'A team: teamId.' },
    club: { description: 'The first spelling of CLUB.', deprecationReason: 'Use CLUB.' },
    league: { description: 'The first spelling of LEAGUE.', deprecationReason: 'Use LEAGUE.' },
    player: { description: 'The first spelling of PLAYER.', deprecationReason: 'Use PLAYER.' },
    team: { description: 'The first spelling of TEAM.', deprecationReason: 'Use TEAM.' },
  } satisfies Record<Uppercase<FavoriteType> | FavoriteType, { description?: string; deprecationReason?: string }>,
});

function domainFavoriteType(type: Uppercase<FavoriteType> | FavoriteType): FavoriteType {
  return type.toLowerCase() as FavoriteType;
}

builder.prismaObject('Favorite', {
  description: 'One favorite of a favorites session: a league, club, team or player someone follows.',
  fields: (t) => ({
    // Kept as it was answered first (a string, lower case): clients compare it.
    type: t.exposeString('type', {
      description: 'The kind of favorite in lower case: club, league, player or team.',
      deprecationReason: 'Use kind: the same kind as a FavoriteType, in upper case.',
    }),
    kind: t.field({
      type: FavoriteTypeEnum,
      description: 'The kind of favorite; `json` spells it in lower case, as the main interface does.',
      resolve: (favorite) => favorite.type.toUpperCase() as Uppercase<FavoriteType>,
    }),
    gameClass: t.exposeInt('gameClass', { nullable: true, description: "A LEAGUE favorite's game class id; null for other kinds." }),
    league: t.exposeInt('league', { nullable: true, description: "A LEAGUE favorite's league id; null for other kinds." }),
    group: t.exposeString('group', { nullable: true, description: "A LEAGUE favorite's group name, when it names one; null otherwise." }),
    clubId: t.exposeInt('clubId', { nullable: true, description: "A CLUB favorite's club id; null for other kinds." }),
    teamId: t.exposeInt('teamId', { nullable: true, description: "A TEAM favorite's team id; null for other kinds." }),
    playerId: t.exposeInt('playerId', { nullable: true, description: "A PLAYER favorite's player id; null for other kinds." }),
    json: t.string({ description: 'The favorite as the main interface sends it.', resolve: (favorite) => favorite.key }),
    title: t.string({
      description: 'What the favorite names: the league (and group), club, team or player.',
      resolve: (favorite, _args, ctx) => favoriteTitle(ctx, favorite),
    }),
    nextGame: t.prismaField({
      type: 'Game',
      nullable: true,
      description: 'The first game from `from` on that the favorite refers to.',
      args: { from: t.arg({ type: 'DateTime', required: true, description: 'The instant to look from (usually now).' }) },
      resolve: async (query, favorite, args, ctx) => {
        const gameId = await ctx.loaders.nextGameByFavorite(args.from).load(favorite);
        return gameId === null ? null : ctx.prisma.game.findUnique({ ...query, where: { id: gameId } });
      },
    }),
  }),
});

// findUnique calls made in the same tick are batched by Prisma into one query per model.
async function favoriteTitle(ctx: GraphQLContext, favorite: FavoriteRecord): Promise<string> {
  const select = { select: { name: true } } as const;
  switch (favorite.type) {
    case 'league': {
      const [gameClass, league] = await Promise.all([
        ctx.prisma.gameClass.findUnique({ where: { id: favorite.gameClass ?? -1 }, ...select }),
        ctx.prisma.league.findUnique({ where: { id: favorite.league ?? -1 }, ...select }),
      ]);
      return [gameClass?.name, league?.name, favorite.group].filter(Boolean).join(' ');
    }
    case 'club':
      return (await ctx.prisma.club.findUnique({ where: { id: favorite.clubId ?? -1 }, ...select }))?.name ?? '';
    case 'team':
      return (await ctx.prisma.team.findUnique({ where: { id: favorite.teamId ?? -1 }, ...select }))?.name ?? '';
    default: {
      const player = await ctx.prisma.player.findUnique({ where: { id: favorite.playerId ?? -1 }, select: { firstName: true, lastName: true } });
      return player ? `${player.firstName} ${player.lastName}` : '';
    }
  }
}

builder.prismaObject('FavoriteSession', {
  description: "Someone's favorites, kept without an account under a session id (sid) for 30 days after the last change.",
  fields: (t) => ({
    id: t.exposeString('id', { description: 'The sid; callers keep using the one returned last.' }),
    expiresAt: t.expose('expiresAt', { type: 'DateTime', description: '30 days after the last change.' }),
    favorites: t.relation('favorites', { description: 'The favorites, in the order they were added.', query: { orderBy: { id: 'asc' } } }),
  }),
});

const FavoriteInput = builder.inputType('FavoriteInput', {
  description: 'LEAGUE: gameClassId + leagueId (+ group); CLUB: clubId; TEAM: teamId; PLAYER: playerId. Other fields must be absent.',
  fields: (t) => ({
    type: t.field({ type: FavoriteTypeEnum, required: true, description: 'What the favorite names; the fields it needs follow from it.' }),
    gameClassId: t.int({ description: 'LEAGUE: the game class, by its id.' }),
    gameClass: t.int({ description: 'LEAGUE: the game class, as `gameClassId`.', deprecationReason: renamedTo('gameClassId') }),
    leagueId: t.int({ description: 'LEAGUE: the league, by its id.' }),
    league: t.int({ description: 'LEAGUE: the league, as `leagueId`.', deprecationReason: renamedTo('leagueId') }),
    group: t.string({ description: 'LEAGUE, optionally: the group, by its name.' }),
    clubId: t.int({ description: 'CLUB: the club, by its id.' }),
    teamId: t.int({ description: 'TEAM: the team, by its id.' }),
    playerId: t.int({ description: 'PLAYER: the player, by its id.' }),
  }),
});

type FavoriteInputShape = typeof FavoriteInput.$inferInput;

const WIRE_KEYS = { gameClass: 'game_class', league: 'league', group: 'group', clubId: 'club_id', teamId: 'team_id', playerId: 'player_id' } as const;

function toFavorite(input: FavoriteInputShape, index: number): Favorite {
  const wire: Record<string, unknown> = { type: domainFavoriteType(input.type) };
  // The id-named fields and their deprecated names mean the same (arg-names.ts).
  const named = {
    ...input,
    gameClass: renamedArg<number>(input, 'gameClassId', 'gameClass', `favorites[${index}].`),
    league: renamedArg<number>(input, 'leagueId', 'league', `favorites[${index}].`),
  };
  for (const [field, key] of Object.entries(WIRE_KEYS)) {
    const value = named[field as keyof typeof WIRE_KEYS];
    if (value !== null && value !== undefined) wire[key] = value;
  }
  try {
    return parseFavorite(wire);
  } catch (error) {
    // The rule names the favorite's wire keys (the back office's); the client sent this entry.
    if (error instanceof FavoriteError && error.field === undefined) throw new FavoriteError(error.message, `favorites[${index}]`);
    throw error;
  }
}

/** A FavoriteError (a domain error) reaches the client as BAD_USER_INPUT through src/schema/domain-errors.ts. */
async function changeFavorites(change: typeof addFavorites, ctx: GraphQLContext, sid: string | null | undefined, inputs: FavoriteInputShape[]) {
  if (inputs.length === 0 || inputs.length > MAX_FAVORITES_PER_CALL) {
    throw new FavoriteError(`send from 1 to ${MAX_FAVORITES_PER_CALL} favorites, got ${inputs.length}`, 'favorites');
  }
  return change(
    ctx.primary,
    sid,
    inputs.map((input, index) => toFavorite(input, index)),
    ctx.clock.now(),
  );
}

builder.queryFields((t) => ({
  favoriteSession: t.prismaField({
    type: 'FavoriteSession',
    nullable: true,
    description: 'The session with this sid; null when unknown or expired.',
    args: { sid: t.arg.string({ required: true, description: 'The session id, as the last change returned it.' }) },
    resolve: (query, _root, args, ctx) => {
      // Read the selection even when no query runs: a malformed sid is simply unknown, and the
      // plugin's development check would otherwise turn this answer into an error.
      const selection = { ...query };
      ctx.access.readsSession();
      return isUsableSessionId(args.sid)
        ? ctx.primary.favoriteSession.findFirst({ ...selection, where: { id: args.sid, expiresAt: { gt: ctx.clock.now() } } })
        : null;
    },
  }),
}));

builder.mutationFields((t) => ({
  addFavorite: t.prismaField({
    type: 'FavoriteSession',
    description: 'Adds the favorites (1–20, all or none); a null, unknown or expired sid starts a new session. Use the returned id from then on.',
    args: {
      sid: t.arg.string({ description: 'The session to add to; absent or null starts a new one.' }),
      favorites: t.arg({ type: [FavoriteInput], required: true, description: 'The favorites to add, 1–20; one already there is kept once.' }),
    },
    resolve: async (query, _root, args, ctx) => {
      const session = await changeFavorites(addFavorites, ctx, args.sid, args.favorites);
      return ctx.primary.favoriteSession.findUniqueOrThrow({ ...query, where: { id: session.id } });
    },
  }),
  removeFavorite: t.prismaField({
    type: 'FavoriteSession',
    description: 'Removes the favorites (absent ones are fine); a null, unknown or expired sid starts a new, empty session.',
    args: {
      sid: t.arg.string({ description: 'The session to remove from.' }),
      favorites: t.arg({ type: [FavoriteInput], required: true, description: 'The favorites to remove, 1–20.' }),
    },
    resolve: async (query, _root, args, ctx) => {
      const session = await changeFavorites(removeFavorites, ctx, args.sid, args.favorites);
      return ctx.primary.favoriteSession.findUniqueOrThrow({ ...query, where: { id: session.id } });
    },
  }),
}));
