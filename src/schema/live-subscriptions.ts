// Push for clients following games: GraphQL subscriptions over SSE, fed by the change feed that
// every live write publishes to (src/live/updates.ts), on whichever instance it was written.
import { GAME_CHANGE_KINDS, type GameChange, type GameChangeKind } from '../live/changes.js';
import { type Delivery, isStreamEnd, type LiveItem, type LiveUpdates } from '../live/updates.js';
import { sqlThrough } from '../live/change-journal.js';
import {
  isSnapshot,
  parsePosition,
  positionOf,
  readGameSnapshot,
  readLiveGamesSnapshot,
  readReplay,
  resumed,
  type Replay,
  type SnapshotItem,
  type SnapshottingSource,
  type StreamItem,
  type StreamSnapshot,
  snapshotting,
  type UpdateMark,
} from '../live/stream-positions.js';
import { builder } from './builder.js';
import { LENGTH, listCost } from './costs.js';
import type { GraphQLContext } from './context.js';
import { notFound } from './errors.js';
import { createLoaders, type Loaders } from './loaders.js';

/** Not a change: the games as they stand, which a stream subscribed without a position begins with. */
const SNAPSHOT_KIND = 'SNAPSHOT';

/** What each kind of change is, by the writes that announce it (src/domain/write-plan.ts). */
const GAME_CHANGE_DESCRIPTIONS: Record<GameChangeKind, string> = {
  STARTED: 'The game started: it is live and period 1 runs (startGame).',
  EVENT_ADDED:
    "An event was recorded (a goal, penalty, timeout, penalty end, goalie, player, MISC or inspection event), or a period's start marker after a break.",
  EVENT_CORRECTED: 'A recorded event was corrected (correctEvent), or a period began and its start took the moment (startPeriod).',
  EVENT_DELETED: 'A recorded event was deleted (deleteEvent); `event` is null, `eventId` names it.',
  PERIOD_ENDED: 'A period ended and the next one began, or play ended before penalty shots (endPeriod, startPeriod).',
  FINISHED: 'The game is over and FINISHED: the final whistle (finishGame) or a result reported (reportResult).',
  FORFEITED: 'The game was decided by a forfeit (forfeitGame).',
  ABORTED: 'The game was stopped for good (abortGame).',
  STATUS_UNDONE: 'The last status change was undone, with the events recorded since it (undoStatus).',
  TRANSITION_CORRECTED: 'The second of a past status change was corrected (correctTransition).',
  SPECTATORS_RECORDED: 'The spectators were recorded (recordSpectators).',
  SHEET_WRITTEN: "A team's game sheet was written or corrected (writeGameSheet).",
  RESULT_PROTESTED: 'A club of the game protested its provisional result (protestResult): the result is PROTESTED.',
  PROTEST_UPHELD: 'The federation upheld the protest (upholdProtest): the score is corrected and the result CONFIRMED.',
  PROTEST_REJECTED: 'The federation rejected the protest (rejectProtest): the result stands and is CONFIRMED.',
  RESULT_CONFIRMED: 'The federation confirmed the provisional result before its protest window closed (confirmResult).',
};

const GameChangeKindEnum = builder.enumType('GameChangeKind', {
  description: 'How a game changed: the kind of write committed, or the SNAPSHOT a stream begins with.',
  values: {
    ...Object.fromEntries(GAME_CHANGE_KINDS.map((kind) => [kind, { description: GAME_CHANGE_DESCRIPTIONS[kind] }])),
    [SNAPSHOT_KIND]: {
      description:
        'Not a change: what the stream follows as it stands, the first update of a stream subscribed without `after` (never of one with `after`). On `gameUpdated`, the game: its `version` and `position` are those of the game now. On `liveGames`, every game live now that the filter names, in `games` (perhaps none), and the position to resume from. The changes it shows are never sent after it.',
    },
  } as Record<GameChangeKind | typeof SNAPSHOT_KIND, { description?: string }>,
});

/** A stream's update: a change, or the snapshot it began with. */
type Update = Delivery | SnapshotItem;

/** The games an update is about: the one changed, or those its snapshot shows. */
const gameIdsOf = (update: Update): number[] => (isSnapshot(update) ? update.snapshot.games.map((game) => game.gameId) : [update.change.gameId]);

/** A `gameUpdated` snapshot shows its one game. */
const gameIdOf = (update: Update): number => gameIdsOf(update)[0];

/**
 * The subscribers of one change with the same selection share one load of the game (and of the
 * event): a goal in a full arena costs the database one query per distinct selection, not one per
 * subscriber. The memo is the change's own, so a later change is never answered from it.
 */
const sharedLoad = <T>(delivery: Update, what: string, query: object, load: () => Promise<T>): Promise<T> =>
  delivery.memo.get(`${what} ${JSON.stringify(query)}`, load);

/** Nothing to load (no event, or no one game): the selection is read all the same, so that the unused-selection check (outside production) does not fail the update. */
const nothingToLoad = (query: object): null => {
  void { ...query };
  return null;
};

const kindOf = (update: Update) => (isSnapshot(update) ? SNAPSHOT_KIND : update.change.kind);
const positionOfUpdate = (update: Update) => (isSnapshot(update) ? update.snapshot.position : positionOf(update.change));
const scoreChangedOf = (update: Update) => !isSnapshot(update) && update.change.scoreChanged;
const eventIdOf = (update: Update) => (isSnapshot(update) ? null : update.change.eventId);
const POSITION_DESCRIPTION =
  "Where this change stands in the stream of changes, the same on every instance (opaque: compare it with nothing, send it back). Subscribe again with `after:` set to the last one received to get what was missed; over SSE it is also the event's `id`, which EventSource sends back as Last-Event-ID.";

/** The event as it is now, shared by the subscribers of the change; none for a snapshot, a transition or a deleted event. */
function eventOf(query: object, delivery: Update, ctx: GraphQLContext) {
  if (isSnapshot(delivery)) return nothingToLoad(query);
  const { eventId, kind } = delivery.change;
  return eventId === null || kind === 'EVENT_DELETED'
    ? nothingToLoad(query)
    : sharedLoad(delivery, 'event', query, () => ctx.prisma.gameEvent.findUnique({ ...query, where: { id: eventId } }));
}

const GameUpdate = builder.objectRef<Update>('GameUpdate').implement({
  description:
    'A committed change of a game: the game as it is now, and the event added, corrected or deleted. Or, first on a stream subscribed without `after`, its snapshot (kind SNAPSHOT): the game as it stands.',
  fields: (t) => ({
    kind: t.field({ type: GameChangeKindEnum, description: 'What changed.', resolve: kindOf }),
    position: t.string({ description: POSITION_DESCRIPTION, resolve: positionOfUpdate }),
    version: t.int({
      description: "The game's version after the change (as `Game.version`).",
      resolve: (update) => (isSnapshot(update) ? update.snapshot.games[0].version : update.change.version),
    }),
    scoreChanged: t.boolean({ description: 'The change moved the score; false for a snapshot.', resolve: scoreChangedOf }),
    eventId: t.int({ nullable: true, description: 'The event added, corrected or deleted.', resolve: eventIdOf }),
    game: t.prismaField({
      type: 'Game',
      description: 'The game as it is after the change.',
      resolve: (query, delivery, _args, ctx) =>
        sharedLoad(delivery, 'game', query, () => ctx.prisma.game.findUniqueOrThrow({ ...query, where: { id: gameIdOf(delivery) } })),
    }),
    event: t.prismaField({
      type: 'GameEvent',
      nullable: true,
      description: 'The event as it is now; null for a transition and for a deleted event (see eventId).',
      resolve: (query, delivery, _args, ctx) => eventOf(query, delivery, ctx),
    }),
  }),
});

/**
 * What `liveGames` sends: a change of one game, as GameUpdate, or first the snapshot of the whole
 * set it follows, which may be empty: so its `game` and `version` are null on the snapshot, and
 * `games` carries the set (the one game, on a change).
 */
const LiveGamesUpdate = builder.objectRef<Update>('LiveGamesUpdate').implement({
  description:
    'A committed change of a game `liveGames` follows: the game as it is now, and the event added, corrected or deleted. Or, first on a stream subscribed without `after`, its snapshot (kind SNAPSHOT): every game live now that the filter names, in `games`, and the position to resume from.',
  fields: (t) => ({
    kind: t.field({ type: GameChangeKindEnum, description: 'What changed; SNAPSHOT for the set as it stands.', resolve: kindOf }),
    position: t.string({ description: POSITION_DESCRIPTION, resolve: positionOfUpdate }),
    version: t.int({
      nullable: true,
      description: "The game's version after the change (as `Game.version`); null for a snapshot, whose games each carry their own.",
      resolve: (update) => (isSnapshot(update) ? null : update.change.version),
    }),
    scoreChanged: t.boolean({ description: 'The change moved the score; false for a snapshot.', resolve: scoreChangedOf }),
    eventId: t.int({ nullable: true, description: 'The event added, corrected or deleted.', resolve: eventIdOf }),
    game: t.prismaField({
      type: 'Game',
      nullable: true,
      description: 'The game as it is after the change; null for a snapshot (see `games`).',
      resolve: (query, delivery, _args, ctx) =>
        isSnapshot(delivery)
          ? nothingToLoad(query)
          : sharedLoad(delivery, 'game', query, () => ctx.prisma.game.findUniqueOrThrow({ ...query, where: { id: gameIdOf(delivery) } })),
    }),
    games: t.prismaField({
      type: ['Game'],
      description:
        'For a snapshot, every game live now that the filter names, by start, then id (empty when none is): the set as it stands, to show in place of what the client had. For a change, the one game, as `game`.',
      complexity: listCost(LENGTH.liveGames),
      resolve: (query, delivery, _args, ctx) =>
        sharedLoad(delivery, 'games', query, async () => {
          const ids = gameIdsOf(delivery);
          const games = await ctx.prisma.game.findMany({ ...query, where: { id: { in: ids } } });
          const byId = new Map(games.map((game) => [game.id, game]));
          // A game deleted since the snapshot was read is no longer there to show.
          return ids.flatMap((id) => byId.get(id) ?? []);
        }),
    }),
    event: t.prismaField({
      type: 'GameEvent',
      nullable: true,
      description: 'The event as it is now; null for a snapshot, a transition and a deleted event (see eventId).',
      resolve: (query, delivery, _args, ctx) => eventOf(query, delivery, ctx),
    }),
  }),
});

const LiveGamesFilter = builder.inputType('LiveGamesFilter', {
  description: 'Which games `liveGames` follows: every condition given applies; all games when absent.',
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
function updateOf(item: StreamItem, _args: unknown, ctx: GraphQLContext): Update {
  if (isStreamEnd(item)) {
    lastUpdates.delete(ctx);
    throw item.end;
  }
  ctx.loaders = item.memo.get('loaders', () => createLoaders(ctx.prisma, ctx.clock));
  if (isSnapshot(item)) {
    lastUpdates.set(ctx, { ...item.snapshot, snapshot: true });
    return item;
  }
  executions += 1;
  const { change } = item;
  lastUpdates.set(ctx, { position: positionOf(change), games: [{ gameId: change.gameId, version: change.version }], snapshot: false });
  return item;
}

/** What a subscription's context resolved last, by context. */
const lastUpdates = new WeakMap<object, UpdateMark>();

/**
 * The update a subscription executed last: which game at which version, whether it is a snapshot,
 * and its position, which its SSE frame carries as `id:` (src/graphql/stream-member.ts). Undefined
 * after an error ends the stream.
 */
export const lastUpdateOf = (ctx: object): UpdateMark | undefined => lastUpdates.get(ctx);

/** The position of the update a subscription executed last; undefined after an error, or for a change without one. */
export const lastPositionOf = (ctx: object): string | undefined => lastUpdates.get(ctx)?.position || undefined;

/** The snapshotting sources of the subscriptions that began without a position, by context. */
const snapshotSources = new WeakMap<object, SnapshottingSource>();

/** The contexts of subscriptions resumed from a position: they replay from it, so a stream joining later would miss what was sent. */
const resumedContexts = new WeakSet<object>();

/**
 * Asks the subscription of `ctx` for a snapshot for a stream that joins it now; false for one that
 * takes none (resumed from a position): the stream takes its updates from now on.
 */
export function requestSnapshot(ctx: object): boolean {
  const source = snapshotSources.get(ctx);
  source?.request();
  return source !== undefined;
}

/** Whether the subscription of `ctx` replays from a position: no stream may join it once it has sent something. */
export const isResumed = (ctx: object): boolean => resumedContexts.has(ctx);

/** The changes of `source`, a snapshot first and one for each stream that joins (src/live/stream-positions.ts `snapshotting`). */
function withSnapshots(source: AsyncIterable<LiveItem>, ctx: GraphQLContext, read: () => Promise<StreamSnapshot>): SnapshottingSource {
  const stream = snapshotting(source, read);
  snapshotSources.set(ctx, stream);
  return stream;
}

/** A `gameUpdated` snapshot: the game as it stands, NOT_FOUND once it is gone. */
const gameSnapshotOf = (ctx: GraphQLContext, gameId: number) => async (): Promise<StreamSnapshot> => {
  const snapshot = await readGameSnapshot(sqlThrough(ctx.prisma), gameId);
  if (!snapshot) throw notFound(`No game ${gameId}`);
  return snapshot;
};

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
  resumedContexts.add(ctx);
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

/** Updates of changes executed in this process so far: one per change and distinct subscription, however many streams share it; snapshots not counted (for tests). */
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
function opened(stream: AsyncIterable<StreamItem>, ctx: GraphQLContext): AsyncIterable<StreamItem> {
  releaseRequestLoaders(ctx);
  return stream;
}

builder.subscriptionType({
  description: 'Live updates of games as they are written, over SSE or WebSocket on /graphql; a stream resumes where it left off with `after`.',
});

const AFTER_DESCRIPTION =
  'The `position` of the last update received: the updates missed since are sent first, in order, then the live ones (no snapshot). ' +
  'When they can no longer be replayed (older than the resume window, or unknown), the stream ends at once with the error STREAM_POSITION_EXPIRED: fetch the current state and subscribe without `after`.';

const afterArg = (t: Parameters<Parameters<typeof builder.subscriptionFields>[0]>[0]) => t.arg.string({ required: false, description: AFTER_DESCRIPTION });

builder.subscriptionFields((t) => ({
  gameUpdated: t.field({
    type: GameUpdate,
    description:
      'Every committed change of the game: start, each event added, corrected or deleted, each period end, the final whistle. Without `after`, the first update is the game as it stands (kind SNAPSHOT), and then every change it does not show.',
    args: { id: t.arg.int({ required: true, description: 'The game, by its id; NOT_FOUND when there is none.' }), after: afterArg(t) },
    subscribe: async (_root, args, ctx) => {
      const live = liveOf(ctx);
      const game = await ctx.prisma.game.findUnique({ where: { id: args.id }, select: { id: true } });
      // subscribe() is not a resolver: the domain-errors plugin does not see it, so the GraphQL error is thrown here.
      if (!game) throw notFound(`No game ${args.id}`);
      // The slot (the client's and the instance's caps) is each stream's, taken where it joins the
      // shared execution (src/graphql/shared-subscriptions.ts); this source is the execution's.
      // Without a position the stream begins with the game as it stands; with one it replays exactly what was missed.
      const position = resumePosition(args.after, ctx);
      const source =
        position === undefined
          ? withSnapshots(live.gameSource(args.id), ctx, gameSnapshotOf(ctx, args.id))
          : await resumable(live.gameSource(args.id), position, ctx, args.id, () => true);
      return opened(source, ctx);
    },
    resolve: updateOf,
  }),
  liveGames: t.field({
    type: LiveGamesUpdate,
    description:
      'Games that go live, change score or finish; all of them, or those the filter names. Without `after`, the first update is the set of games live now (kind SNAPSHOT, in `games`), and then every change it does not show.',
    args: { filter: t.arg({ type: LiveGamesFilter, description: 'Which games; every game when absent.' }), after: afterArg(t) },
    subscribe: async (_root, args, ctx) => {
      const wanted = (change: GameChange) => isLiveGamesChange(change) && matches(args.filter, change);
      const position = resumePosition(args.after, ctx);
      const changes = liveOf(ctx).changeSource(wanted);
      // As gameUpdated: without a position the stream begins with the set as it stands, with one the replay.
      const source =
        position === undefined
          ? withSnapshots(changes, ctx, () => readLiveGamesSnapshot(sqlThrough(ctx.prisma), args.filter ?? {}))
          : await resumable(changes, position, ctx, null, wanted);
      return opened(source, ctx);
    },
    resolve: updateOf,
  }),
}));
