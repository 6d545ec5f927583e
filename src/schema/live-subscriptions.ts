// Push for clients following games: GraphQL subscriptions over SSE, fed by the change feed that
// every live write publishes to (src/live/updates.ts), on whichever instance it was written.
import { GAME_CHANGE_KINDS, type GameChange } from '../live/changes.js';
import type { LiveUpdates } from '../live/updates.js';
import { builder } from './builder.js';
import type { GraphQLContext } from './context.js';
import { notFound } from './errors.js';
import { createLoaders } from './loaders.js';

const GameChangeKindEnum = builder.enumType('GameChangeKind', { values: GAME_CHANGE_KINDS });

const GameUpdate = builder.objectRef<GameChange>('GameUpdate').implement({
  description: 'A committed change of a game: the game as it is now, and the event added, corrected or deleted.',
  fields: (t) => ({
    kind: t.field({ type: GameChangeKindEnum, resolve: (change) => change.kind }),
    version: t.exposeInt('version'),
    scoreChanged: t.exposeBoolean('scoreChanged'),
    eventId: t.exposeInt('eventId', { nullable: true, description: 'The event added, corrected or deleted.' }),
    game: t.prismaField({
      type: 'Game',
      resolve: (query, change, _args, ctx) => ctx.prisma.game.findUniqueOrThrow({ ...query, where: { id: change.gameId } }),
    }),
    event: t.prismaField({
      type: 'GameEvent',
      nullable: true,
      description: 'The event as it is now; null for a transition and for a deleted event (see eventId).',
      resolve: (query, change, _args, ctx) => {
        const selection = { ...query };
        return change.eventId === null || change.kind === 'EVENT_DELETED'
          ? null
          : ctx.prisma.gameEvent.findUnique({ ...selection, where: { id: change.eventId } });
      },
    }),
  }),
});

const LiveGamesFilter = builder.inputType('LiveGamesFilter', {
  fields: (t) => ({
    groupId: t.int({ description: 'Games of this league group.' }),
    clubId: t.int({ description: 'Games a team of this club plays, home or away.' }),
    teamId: t.int({ description: 'Games this team plays, home or away.' }),
  }),
});

interface LiveGamesFilterShape {
  groupId?: number | null;
  clubId?: number | null;
  teamId?: number | null;
}

function matches(filter: LiveGamesFilterShape | null | undefined, change: GameChange): boolean {
  if (!filter) return true;
  if (filter.groupId != null && change.groupId !== filter.groupId) return false;
  if (filter.clubId != null && change.homeClubId !== filter.clubId && change.awayClubId !== filter.clubId) return false;
  if (filter.teamId != null && change.homeTeamId !== filter.teamId && change.awayTeamId !== filter.teamId) return false;
  return true;
}

/** What `liveGames` subscribers follow: games going live, changing score, finishing. */
const isLiveGamesChange = (change: GameChange) => change.kind === 'STARTED' || change.kind === 'FINISHED' || change.scoreChanged;

function liveOf(ctx: GraphQLContext): LiveUpdates {
  if (!ctx.live) throw new Error('subscriptions are served by /graphql only');
  return ctx.live;
}

/**
 * One context serves a whole subscription: each update is resolved with fresh loaders, so
 * nothing a loader remembered from an earlier update is served again.
 */
function freshUpdate(change: GameChange, _args: unknown, ctx: GraphQLContext): GameChange {
  ctx.loaders = createLoaders(ctx.prisma);
  return change;
}

builder.subscriptionType({});

builder.subscriptionFields((t) => ({
  gameUpdated: t.field({
    type: GameUpdate,
    description: 'Every committed change of the game: start, each event added, corrected or deleted, each period end, the final whistle.',
    args: { id: t.arg.int({ required: true }) },
    subscribe: async (_root, args, ctx) => {
      const live = liveOf(ctx);
      const game = await ctx.prisma.game.findUnique({ where: { id: args.id }, select: { id: true } });
      // subscribe() is not a resolver: the domain-errors plugin does not see it, so the GraphQL error is thrown here.
      if (!game) throw notFound(`No game ${args.id}`);
      return live.subscribe(ctx.caller.clientId, (change) => change.gameId === args.id);
    },
    resolve: freshUpdate,
  }),
  liveGames: t.field({
    type: GameUpdate,
    description: 'Games that go live, change score or finish; all of them, or those the filter names.',
    args: { filter: t.arg({ type: LiveGamesFilter }) },
    subscribe: (_root, args, ctx) => liveOf(ctx).subscribe(ctx.caller.clientId, (change) => isLiveGamesChange(change) && matches(args.filter, change)),
    resolve: freshUpdate,
  }),
}));
