import { MAIN_INTERFACE } from '../../src/facades/rest/interface.js';
import { registerErrorHandling } from '../../src/http/error-handling.js';
import { InterfaceTable } from '../../src/http/interface-policy.js';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mountGraphQL } from '../../src/graphql.js';
import { type ChangeFeed, createLocalChangeFeed, type LeagueChange } from '../../src/live/changes.js';
import { LiveUpdates } from '../../src/live/updates.js';
import { getSchema } from '../../src/schema/index.js';
import { gameUpdatesExecuted } from '../../src/schema/live-subscriptions.js';
import { openTestLeague, type TestLeague } from '../support/app.js';
import { gameChange } from '../support/changes.js';
import { type SseSubscription, subscribe } from '../support/sse.js';

const SCOREBOARD = 'subscription ($id: Int!) { gameUpdated(id: $id) { kind version game { id homeScore awayScore } } }';

interface Payload {
  data?: { gameUpdated?: { kind: string; version: number; game: { id: number } } } | null;
  errors?: { message: string; extensions?: { code?: string } }[];
}

let league: TestLeague;
let feed: ChangeFeed;
let live: LiveUpdates;
let app: FastifyInstance;
let baseUrl: string;
let gameIds: [number, number];

function change(gameId: number, version: number): LeagueChange {
  const sample = gameChange(gameId);
  if (sample.kind !== 'game') throw new Error('the sample is a game change');
  return { kind: 'game', game: { ...sample.game, version, eventId: null, kind: 'PERIOD_ENDED' } };
}

/** Every stream here comes from one address, so one client: its cap (5) is the one tested. */
const open = (gameId: number, query = SCOREBOARD): Promise<SseSubscription<Payload>> => subscribe<Payload>(baseUrl, query, { id: gameId });

const versionOf = (payload: Payload) => payload.data?.gameUpdated?.version ?? payload.errors?.[0]?.extensions?.code;

/** Takes the snapshot each stream begins with: from then on it receives every change. */
async function snapshotsTaken(streams: SseSubscription<Payload>[]): Promise<void> {
  for (const stream of streams) expect((await stream.next()).data?.gameUpdated?.kind).toBe('SNAPSHOT');
}

beforeAll(async () => {
  league = await openTestLeague();
  const games = await league.db.prisma.game.findMany({ select: { id: true }, take: 2, orderBy: { id: 'asc' } });
  gameIds = [games[0].id, games[1].id];
});

afterAll(async () => {
  await league?.close();
});

describe('streams of the same subscription share one execution', () => {
  beforeAll(async () => {
    feed = createLocalChangeFeed();
    live = new LiveUpdates(feed, { maxPerClient: 5 });
    app = Fastify({ logger: false });
    registerErrorHandling(app, new InterfaceTable(MAIN_INTERFACE));
    mountGraphQL(
      app,
      getSchema(),
      { prisma: league.db.prisma, clock: league.clock, publicBaseUrl: 'http://test.local', live },
      { production: true, responseCacheTtlMs: 0 },
    );
    baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
  });

  afterAll(async () => {
    live.close();
    await app.close();
    await feed.close();
  });

  it('forms one execution per distinct subscription, counts each stream against the caps, and ends an execution with its last stream', async () => {
    const [first, second] = gameIds;
    const a = await Promise.all([open(first), open(first), open(first)]);
    const b = await open(second);
    expect([...a, b].map((stream) => stream.status)).toEqual([200, 200, 200, 200]);
    // Two executions feed four streams; each stream holds its client's slot.
    expect(live.fedByChanges()).toBe(2);
    expect(live.stats().open).toBe(4);
    await snapshotsTaken([...a, b]);

    const before = gameUpdatesExecuted();
    feed.publish(change(first, 11));
    feed.publish(change(second, 21));
    expect(await Promise.all([...a, b].map(async (stream) => versionOf(await stream.next())))).toEqual([11, 11, 11, 21]);
    expect(gameUpdatesExecuted() - before).toBe(2);

    // Past the client's cap a stream is refused as before; the execution it would have joined goes on.
    const extra = await open(first);
    const refused = await open(first);
    expect([extra.status, refused.status]).toEqual([200, 429]);
    expect(await refused.next()).toMatchObject({ errors: [{ extensions: { code: 'TOO_MANY_SUBSCRIPTIONS' } }] });
    extra.close();
    await live.untilOpenAtMost(4);

    // Leaving: the others keep receiving; the execution ends with its last stream.
    a[0].close();
    await live.untilOpenAtMost(3);
    feed.publish(change(first, 12));
    expect(await Promise.all(a.slice(1).map(async (stream) => versionOf(await stream.next())))).toEqual([12, 12]);
    for (const stream of a.slice(1)) stream.close();
    await live.untilOpenAtMost(1);
    expect(live.fedByChanges()).toBe(1);
    b.close();
    await live.untilOpenAtMost(0);
    expect(live.fedByChanges()).toBe(0);
    expect(live.stats()).toEqual({ open: 0, buffered: 0 });
  });

  it('answers each subscriber of an unknown game with its own NOT_FOUND, and forms no execution', async () => {
    const streams = await Promise.all([open(999_999_999), open(999_999_999)]);
    for (const stream of streams) expect(await stream.next()).toMatchObject({ errors: [{ extensions: { code: 'NOT_FOUND' } }] });
    expect(live.fedByChanges()).toBe(0);
    expect(live.stats().open).toBe(0);
  });

  it('ends every stream of an execution with CHANGES_MISSED, and a stream opened after starts a new execution', async () => {
    const [first] = gameIds;
    const streams = await Promise.all([open(first), open(first)]);
    await snapshotsTaken(streams);
    feed.publish({ kind: 'data' });
    const after = await open(first);
    await snapshotsTaken([after]);
    for (const stream of streams) expect(versionOf(await stream.next())).toBe('CHANGES_MISSED');
    // The ended streams complete and free their slots.
    await live.untilOpenAtMost(1);
    feed.publish(change(first, 61));
    expect(versionOf(await after.next())).toBe(61);
    after.close();
    await live.untilOpenAtMost(0);
  });

  it('completes every stream when the instance closes', async () => {
    const [first] = gameIds;
    await Promise.all([open(first), open(first)]);
    live.close();
    expect(live.stats()).toEqual({ open: 0, buffered: 0 });
    expect(live.fedByChanges()).toBe(0);
  });
});

describe('a stream fed by a shared execution', () => {
  it('is cut off with SUBSCRIBER_TOO_SLOW past its bound, its slot freed once it takes the error', async () => {
    const own = new LiveUpdates(createLocalChangeFeed(), { bufferSize: 4 });
    const slow = own.openStream<{ n: number }>('a');
    const fast = own.openStream<{ n: number }>('b');
    const got: number[] = [];
    for (let n = 1; n <= 6; n += 1) {
      const next = fast.next();
      own.handOut([slow, fast], (stream) => stream.push({ n }));
      const item = await next;
      if (!item.done && !('end' in item.value)) got.push(item.value.n);
    }
    expect(got).toEqual([1, 2, 3, 4, 5, 6]);
    expect(own.stats()).toEqual({ open: 2, buffered: 0 });
    const last = await slow.next();
    expect(!last.done && 'end' in last.value && last.value.end.extensions.code).toBe('SUBSCRIBER_TOO_SLOW');
    expect((await slow.next()).done).toBe(true);
    expect(own.stats().open).toBe(1);
    own.close();
  });
});
