// Push for clients following games: GraphQL subscriptions over SSE, fed by the change feed that
// every live write publishes to (src/live/updates.ts), on whichever instance it was written.
import { GAME_CHANGE_KINDS, type GameChange } from '../live/changes.js';
import { type Delivery, isStreamEnd, type LiveItem, type LiveUpdates } from '../live/updates.js';
import { sqlThrough } from '../live/change-journal.js';
import { parsePosition, positionOf, readReplay, resumed, type Replay } from '../live/stream-positions.js';
import { builder } from './builder.js';
import type { GraphQLContext } from './context.js';
import { notFound } from './errors.js';
import { createLoaders, type Loaders } from './loaders.js';

const GameChangeKindEnum = builder.enumType('GameChangeKind', { values: GAME_CHANGE_KINDS });

/**
 * The subscribers of one change with the same selection share one load of the game (and of the
 * event): a goal in a full arena costs the database one query per distinct selection, not one per
 * subscriber. The memo is the change's own, so a later change is never answered from it.
 */
const sharedLoad = <T>(delivery: Delivery, what: string, query: object, load: () => Promise<T>): Promise<T> =>
  delivery.memo.get(`${what} ${JSON.stringify(query)}`, load);

const GameUpdate = builder.objectRef<Delivery>('GameUpdate').implement({
  description: 'A committed change of a game: the game as it is now, and the event added, corrected or deleted.',
  fields: (t) => ({
    kind: t.field({ type: GameChangeKindEnum, resolve: ({ change }) => change.kind }),
    position: t.string({
      description:
        "Where this change stands in the stream of changes, the same on every instance (opaque: compare it with nothing, send it back). Subscribe again with `after:` set to the last one received to get what was missed; over SSE it is also the event's `id`, which EventSource sends back as Last-Event-ID.",
      resolve: ({ change }) => positionOf(change),
    }),
    version: t.int({ resolve: ({ change }) => change.version }),
    scoreChanged: t.boolean({ resolve: ({ change }) => change.scoreChanged }),
    eventId: t.int({ nullable: true, description: 'The event added, corrected or deleted.', resolve: ({ change }) => change.eventId }),
    game: t.prismaField({
      type: 'Game',
      resolve: (query, delivery, _args, ctx) =>
        sharedLoad(delivery, 'game', query, () => ctx.prisma.game.findUniqueOrThrow({ ...query, where: { id: delivery.change.gameId } })),
    }),
    event: t.prismaField({
      type: 'GameEvent',
      nullable: true,
      description: 'The event as it is now; null for a transition and for a deleted event (see eventId).',
      resolve: (query, delivery, _args, ctx) => {
        const { eventId, kind } = delivery.change;
        return eventId === null || kind === 'EVENT_DELETED'
          ? null
          : sharedLoad(delivery, 'event', query, () => ctx.prisma.gameEvent.findUnique({ ...query, where: { id: eventId } }));
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
const isLiveGamesChange = (change: GameChange) =>
  change.kind === 'STARTED' || change.kind === 'FINISHED' || change.statusChanged === true || change.scoreChanged;

function liveOf(ctx: GraphQLContext): LiveUpdates {
  if (!ctx.live) throw new Error('subscriptions are served by /graphql only');
  return ctx.live;
}

/**
 * One context serves a whole subscription, so each update is resolved with loaders of its own
 * change: nothing a loader remembered from an earlier update is served again. The subscribers of a
 * change share them (they hold league data, never the caller's), as they share its loads. A stream
 * the server ends (too slow, changes missed) takes its error as its last update.
 */
function updateOf(item: LiveItem, _args: unknown, ctx: GraphQLContext): Delivery {
  if (isStreamEnd(item)) {
    lastPositions.delete(ctx);
    throw item.end;
  }
  executions += 1;
  ctx.loaders = item.memo.get('loaders', () => createLoaders(ctx.prisma, ctx.clock));
  lastPositions.set(ctx, positionOf(item.change));
  return item;
}

/** The position of the update a subscription's context resolved last, by context. */
const lastPositions = new WeakMap<object, string>();

/**
 * The position of the update a subscription executed last: what its SSE frame carries as `id:`
 * (src/graphql/stream-member.ts). Undefined after an error ends the stream, which has none.
 */
export const lastPositionOf = (ctx: object): string | undefined => lastPositions.get(ctx) || undefined;

/**
 * Where a subscription resumes: its `after` argument, or else the Last-Event-ID header an
 * EventSource sends when it reconnects by itself (yoga puts the Fetch request into the context).
 */
export function resumePosition(after: string | null | undefined, ctx: object): string | undefined {
  if (after != null) return after;
  const request = (ctx as { request?: { headers?: { get?: (name: string) => string | null } } }).request;
  return request?.headers?.get?.('last-event-id')?.trim() || undefined;
}

/**
 * Registers `source` first, then reads what was missed since `position` from the change log: a
 * change committed in between is in one of them, and `resumed` delivers it once.
 */
async function resumable(
  source: AsyncIterable<LiveItem>,
  position: string | undefined,
  ctx: GraphQLContext,
  gameId: number | null,
  wanted: (change: GameChange) => boolean,
): Promise<AsyncIterable<LiveItem>> {
  if (position === undefined) return source;
  const after = parsePosition(position);
  let replay: Replay = { expired: true };
  try {
    if (after !== null) replay = await readReplay(sqlThrough(ctx.prisma), liveOf(ctx).resumeWindow, { after, gameId, wanted });
  } catch (error) {
    await source[Symbol.asyncIterator]().return?.();
    throw error;
  }
  return resumed(source, replay);
}

let executions = 0;

/** Updates executed in this process so far: one per change and distinct subscription, however many streams share it (for tests). */
export const gameUpdatesExecuted = (): number => executions;

/** Placeholders that every idle subscription points at, one set per database; updateOf replaces them before any field loads. */
const idleLoaders = new WeakMap<GraphQLContext['prisma'], Loaders>();

/**
 * The loaders its request was given are never used by a subscription (each update brings its
 * own): let go of them, a few KB that an arena of open streams would otherwise hold once each.
 */
function releaseRequestLoaders(ctx: GraphQLContext): void {
  let idle = idleLoaders.get(ctx.prisma);
  if (!idle) idleLoaders.set(ctx.prisma, (idle = createLoaders(ctx.prisma, ctx.clock)));
  ctx.loaders = idle;
}

/** Opens the stream, then lets go of what only a request needs. */
function opened(stream: AsyncIterable<LiveItem>, ctx: GraphQLContext): AsyncIterable<LiveItem> {
  releaseRequestLoaders(ctx);
  return stream;
}

builder.subscriptionType({});

const AFTER_DESCRIPTION =
  'The `position` of the last update received: the updates missed since are sent first, in order, then the live ones. ' +
  'When they can no longer be replayed (older than the resume window, or unknown), the stream ends at once with the error STREAM_POSITION_EXPIRED: fetch the current state and subscribe without `after`.';

const afterArg = (t: Parameters<Parameters<typeof builder.subscriptionFields>[0]>[0]) => t.arg.string({ required: false, description: AFTER_DESCRIPTION });

builder.subscriptionFields((t) => ({
  gameUpdated: t.field({
    type: GameUpdate,
    description: 'Every committed change of the game: start, each event added, corrected or deleted, each period end, the final whistle.',
    args: { id: t.arg.int({ required: true }), after: afterArg(t) },
    subscribe: async (_root, args, ctx) => {
      const live = liveOf(ctx);
      const game = await ctx.prisma.game.findUnique({ where: { id: args.id }, select: { id: true } });
      // subscribe() is not a resolver: the domain-errors plugin does not see it, so the GraphQL error is thrown here.
      if (!game) throw notFound(`No game ${args.id}`);
      // The slot (the client's and the instance's caps) is each stream's, taken where it joins the
      // shared execution (src/graphql/shared-subscriptions.ts); this source is the execution's.
      const source = await resumable(live.gameSource(args.id), resumePosition(args.after, ctx), ctx, args.id, () => true);
      return opened(source, ctx);
    },
    resolve: updateOf,
  }),
  liveGames: t.field({
    type: GameUpdate,
    description: 'Games that go live, change score or finish; all of them, or those the filter names.',
    args: { filter: t.arg({ type: LiveGamesFilter }), after: afterArg(t) },
    subscribe: async (_root, args, ctx) => {
      const wanted = (change: GameChange) => isLiveGamesChange(change) && matches(args.filter, change);
      const source = await resumable(liveOf(ctx).changeSource(wanted), resumePosition(args.after, ctx), ctx, null, wanted);
      return opened(source, ctx);
    },
    resolve: updateOf,
  }),
}));
