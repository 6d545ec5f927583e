import type { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import { HeapPressure } from '../../src/cache/heap-pressure.js';
import { createLocalChangeFeed, type GameChange, type LeagueChange } from '../../src/live/changes.js';
import { ChangeMemo, MAX_SHARED_LOADS } from '../../src/live/change-memo.js';
import { isStreamEnd, LiveUpdates, type LiveItem } from '../../src/live/updates.js';
import { gameChange } from '../support/changes.js';

/** The sample change of `gameId` at `version`. */
function change(gameId: number, version: number): LeagueChange {
  const sample = gameChange(gameId);
  if (sample.kind !== 'game') throw new Error('the sample is a game change');
  return { kind: 'game', game: { ...sample.game, version } };
}

const versionOf = (result: IteratorResult<LiveItem, undefined>): number | string =>
  result.done ? 'done' : isStreamEnd(result.value) ? String(result.value.end.extensions.code) : result.value.change.version;

function refusal(subscribe: () => unknown): GraphQLError {
  try {
    subscribe();
  } catch (error) {
    return error as GraphQLError;
  }
  throw new Error('not refused');
}

describe('open subscriptions are capped per client and per instance', () => {
  it('refuses past SUBSCRIPTIONS_MAX with SUBSCRIPTIONS_FULL (503 and Retry-After), past the client cap with TOO_MANY_SUBSCRIPTIONS (429); a closed one frees its slot', async () => {
    const live = new LiveUpdates(createLocalChangeFeed(), { maxPerClient: 2, maxTotal: 3 });
    const a1 = live.subscribeToGame('a', 1)[Symbol.asyncIterator]();
    live.subscribeToGame('a', 1);
    expect(refusal(() => live.subscribeToGame('a', 1)).extensions).toMatchObject({ code: 'TOO_MANY_SUBSCRIPTIONS', http: { status: 429 } });
    live.subscribe('b', () => true);
    const full = refusal(() => live.subscribe('c', () => true));
    expect(full.message).toContain('as many subscriptions as it can (3)');
    expect(full.extensions).toMatchObject({ code: 'SUBSCRIPTIONS_FULL', http: { status: 503, headers: { 'Retry-After': '15' } } });
    expect(live.stats().open).toBe(3);
    await a1.return?.();
    expect(live.stats().open).toBe(2);
    expect(() => live.subscribe('c', () => true)).not.toThrow();
    live.close();
    expect(live.stats()).toEqual({ open: 0, buffered: 0 });
  });
});

describe('open subscriptions are refused by the heap', () => {
  it('refuses a new stream with HEAP_FULL (503 and Retry-After) past the heap mark, whatever the caps allow; open ones stay', async () => {
    let live = 0.5;
    const heap = new HeapPressure({ usedShare: () => live, minIntervalMs: 0 });
    const updates = new LiveUpdates(createLocalChangeFeed(), { maxPerClient: 10_000, maxTotal: 1_000_000, heap });
    const first = updates.subscribeToGame('a', 1)[Symbol.asyncIterator]();
    live = 0.9;
    for (const open of [() => updates.subscribeToGame('a', 1), () => updates.subscribe('b', () => true), () => updates.openStream('c')]) {
      const refused = refusal(open);
      expect(refused.message).toContain('short of memory');
      expect(refused.extensions).toMatchObject({ code: 'HEAP_FULL', http: { status: 503, headers: { 'Retry-After': '10' } } });
    }
    expect(updates.stats().open).toBe(1);
    expect(heap.refusedCount).toBe(3);
    // The caps are asked first: a client past its own cap is told so (429), not sent to wait for the heap.
    const capped = new LiveUpdates(createLocalChangeFeed(), { maxPerClient: 1, heap });
    live = 0.5;
    capped.subscribe('a', () => true);
    live = 0.9;
    expect(refusal(() => capped.subscribe('a', () => true)).extensions).toMatchObject({ code: 'TOO_MANY_SUBSCRIPTIONS' });
    live = 0.5;
    expect(() => updates.subscribe('b', () => true)).not.toThrow();
    expect(updates.stats().open).toBe(2);
    await first.return?.();
    updates.close();
    capped.close();
  });
});

describe('a WebSocket holds places under the same caps as its streams', () => {
  it('an idle socket holds one; its first stream takes the socket’s, each further one its own; a closed socket’s streams keep theirs until they end', async () => {
    const live = new LiveUpdates(createLocalChangeFeed(), { maxPerClient: 3, maxTotal: 4 });
    const socket = live.openSocket('a');
    expect(live.stats().open).toBe(1);
    const first = live.openStream('a', undefined, socket);
    expect(live.stats().open).toBe(1);
    const second = live.openStream('a', undefined, socket);
    live.subscribe('a', () => true);
    expect(live.stats().open).toBe(3);
    expect(refusal(() => live.openStream('a', undefined, socket)).extensions).toMatchObject({ code: 'TOO_MANY_SUBSCRIPTIONS', http: { status: 429 } });
    expect(refusal(() => live.openSocket('a')).extensions).toMatchObject({ code: 'TOO_MANY_SUBSCRIPTIONS', http: { status: 429 } });
    live.openSocket('b');
    expect(refusal(() => live.openSocket('c')).extensions).toMatchObject({ code: 'SUBSCRIPTIONS_FULL', http: { status: 503 } });

    // Its streams end: the socket keeps one place while it is open.
    await first.return();
    expect(live.stats().open).toBe(3);
    await second.return();
    expect(live.stats().open).toBe(3);
    const again = live.openStream('a', undefined, socket);
    expect(live.stats().open).toBe(3);
    socket.close();
    expect(live.stats().open).toBe(3);
    await again.return();
    expect(live.stats().open).toBe(2);
    live.close();
  });
});

describe('a subscriber that does not keep up', () => {
  it('is cut off with SUBSCRIBER_TOO_SLOW once its buffer is full; its pending changes are dropped, the others miss nothing', async () => {
    const feed = createLocalChangeFeed();
    const live = new LiveUpdates(feed, { bufferSize: 8 });
    const slow = live.subscribeToGame('slow', 1)[Symbol.asyncIterator]();
    const fast = live.subscribeToGame('fast', 1)[Symbol.asyncIterator]();
    const fastGot: (number | string)[] = [];
    for (let version = 1; version <= 8; version += 1) {
      const next = fast.next();
      feed.publish(change(1, version));
      fastGot.push(versionOf(await next));
    }
    // Full, and still subscribed: 8 changes pending.
    expect(live.stats()).toEqual({ open: 2, buffered: 8 });
    for (let version = 9; version <= 1000; version += 1) {
      const next = fast.next();
      feed.publish(change(1, version));
      fastGot.push(versionOf(await next));
    }
    expect(fastGot).toEqual(Array.from({ length: 1000 }, (_unused, index) => index + 1));
    // The ninth change cut it off: out of the fan-out, its pending changes dropped, its slot taken
    // until its stream takes the error.
    expect(live.stats()).toEqual({ open: 2, buffered: 0 });
    const last = await slow.next();
    expect(versionOf(last)).toBe('SUBSCRIBER_TOO_SLOW');
    expect(!last.done && isStreamEnd(last.value) && last.value.end.message).toContain('fetch the current state and subscribe again');
    expect(versionOf(await slow.next())).toBe('done');
    expect(live.stats()).toEqual({ open: 1, buffered: 0 });
    live.close();
  });

  it('gets what it had pending, in order, when it pulls before its buffer is full', async () => {
    const feed = createLocalChangeFeed();
    const live = new LiveUpdates(feed, { bufferSize: 8 });
    const lagging = live.subscribeToGame('a', 1)[Symbol.asyncIterator]();
    for (let version = 1; version <= 8; version += 1) feed.publish(change(1, version));
    feed.publish(change(2, 1)); // another game's: not offered to it
    const got = [];
    for (let i = 0; i < 8; i += 1) got.push(versionOf(await lagging.next()));
    expect(got).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(live.stats()).toEqual({ open: 1, buffered: 0 });
    live.close();
    expect(versionOf(await lagging.next())).toBe('done');
  });
});

describe('a change feed that may have missed changes', () => {
  it('ends every stream with CHANGES_MISSED after what it had pending, and stops delivering to it', async () => {
    const feed = createLocalChangeFeed();
    const live = new LiveUpdates(feed);
    const waiting = live.subscribeToGame('a', 1)[Symbol.asyncIterator]();
    const behind = live.subscribeToGame('b', 1)[Symbol.asyncIterator]();
    const filtered = live.subscribe('c', (game: GameChange) => game.groupId === 5)[Symbol.asyncIterator]();
    const pulled = waiting.next();
    feed.publish(change(1, 1));
    expect(versionOf(await pulled)).toBe(1);
    const waitingEnd = waiting.next();
    feed.publish({ kind: 'data' });
    feed.publish(change(1, 2)); // after the end: nobody hears it
    expect(versionOf(await waitingEnd)).toBe('CHANGES_MISSED');
    expect([await behind.next(), await behind.next(), await behind.next()].map(versionOf)).toEqual([1, 'CHANGES_MISSED', 'done']);
    const missed = await filtered.next();
    expect(versionOf(missed)).toBe(1);
    const end = await filtered.next();
    expect(!end.done && isStreamEnd(end.value) && end.value.end.message).toMatch(/Changes may have been missed.*fetch the current state and subscribe again/);
    expect(versionOf(await filtered.next())).toBe('done');
    expect(versionOf(await waiting.next())).toBe('done');
    expect(live.stats()).toEqual({ open: 0, buffered: 0 });
  });
});

describe('handing a change out to many subscribers', () => {
  it('hands it out a slice per turn of the event loop, every subscriber getting every change in order, the end of the streams last', async () => {
    const feed = createLocalChangeFeed();
    const live = new LiveUpdates(feed, { handOutSlice: 3, maxPerClient: 100 });
    const streams = Array.from({ length: 10 }, (_unused, index) => live.subscribeToGame(`fan ${index}`, 1)[Symbol.asyncIterator]());
    const pulls = streams.map((stream) => stream.next());
    feed.publish(change(1, 1));
    feed.publish(change(1, 2));
    feed.publish({ kind: 'data' });
    // The first slice is handed at once, the rest in later turns: no subscriber past the third has it yet.
    expect(live.stats().buffered).toBe(0);
    const got = await Promise.all(
      streams.map(async (stream, index) => [versionOf(await pulls[index]), versionOf(await stream.next()), versionOf(await stream.next())]),
    );
    expect(got).toEqual(streams.map(() => [1, 2, 'CHANGES_MISSED']));
    expect(live.stats()).toEqual({ open: 0, buffered: 0 });
  });
});

describe('the memo a change shares among its subscribers', () => {
  it('makes a value once per key, forgets a rejected load, and loads past its bound without keeping', async () => {
    const memo = new ChangeMemo();
    let made = 0;
    const make = () => Promise.resolve(++made);
    expect(await Promise.all([memo.get('game a', make), memo.get('game a', make)])).toEqual([1, 1]);
    const failing = memo.get('game b', () => Promise.reject(new Error('database away')));
    await expect(failing).rejects.toThrow('database away');
    expect(await memo.get('game b', make)).toBe(2);
    for (let i = memo.size; i < MAX_SHARED_LOADS; i += 1) memo.get(`other ${i}`, () => i);
    expect(memo.get('one too many', () => 'fresh')).toBe('fresh');
    expect(memo.get('one too many', () => 'again')).toBe('again');
    expect(memo.size).toBe(MAX_SHARED_LOADS);
  });
});
