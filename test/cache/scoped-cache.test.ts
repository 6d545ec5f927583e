import { describe, expect, it } from 'vitest';
import { BoundedLru, type DropReason } from '../../src/cache/bounded.js';
import { ScopedCache } from '../../src/cache/scoped-cache.js';
import type { ChangeFeed, ChangeFeedState } from '../../src/live/changes.js';
import { gameChange } from '../support/changes.js';

/** A cache of strings weighing their length, on a clock the test moves, recording why entries went. */
function testCache(options: { maxEntries?: number; maxBytes?: number; ttlMs?: number; feed?: Pick<ChangeFeed, 'state'> } = {}) {
  const clock = { now: 0 };
  const dropped: DropReason[] = [];
  const cache = new ScopedCache<{ text: string }>({
    maxEntries: options.maxEntries ?? 100,
    maxBytes: options.maxBytes ?? 10_000,
    weigh: (value) => value.text.length,
    ttlMs: options.ttlMs ?? 1_000,
    now: () => clock.now,
    dropped: (reason) => dropped.push(reason),
    feed: options.feed,
  });
  const put = (key: string, text: string, scope: readonly `game:${number}`[] | undefined = undefined) =>
    cache.store(key, { text }, { scope, since: cache.generation });
  return { cache, clock, dropped, put };
}

describe('BoundedLru', () => {
  it('bounds by count and by weight, keeps what was there when a value alone is too heavy, and says why entries go', () => {
    const dropped: string[] = [];
    const cache = new BoundedLru<string>({
      maxEntries: 2,
      maxBytes: 10,
      weigh: (value) => value.length,
      dropped: (reason, key) => dropped.push(`${key} ${reason}`),
    });
    cache.set('a', 'xxxx');
    cache.set('b', 'xxxx');
    cache.set('c', 'xxxx'); // a third entry: a goes
    cache.set('c', 'xxxxxxxxxxx'); // heavier than the bound: not kept, the old c stays
    expect([cache.has('a'), cache.get('b'), cache.get('c')]).toEqual([false, 'xxxx', 'xxxx']);
    cache.set('d', 'xxxxxx'); // a third entry again: b, the least recently used, goes
    cache.set('d', 'xxxxx'); // replaced
    cache.delete('c');
    expect(dropped).toEqual(['a evicted', 'b evicted', 'd replaced', 'c deleted']);
    expect([cache.size, cache.totalBytes]).toEqual([1, 5]);
  });

  it('weighs a value again after it grew, evicting others for it or letting it go if it alone is too heavy', () => {
    const cache = new BoundedLru<{ parts: string[] }>({
      maxEntries: 10,
      maxBytes: 10,
      weigh: (value) => value.parts.join('').length,
      ttlMs: 100,
      now: () => 0,
    });
    const grows = { parts: ['xxx'] };
    cache.set('other', { parts: ['xxx'] });
    cache.set('grows', grows);
    grows.parts.push('xxxx');
    cache.reweigh('grows', grows);
    expect([cache.has('other'), cache.has('grows'), cache.totalBytes]).toEqual([true, true, 10]);
    grows.parts.push('x');
    cache.reweigh('grows', grows);
    expect([cache.has('other'), cache.has('grows'), cache.totalBytes]).toEqual([false, true, 8]);
    grows.parts.push('xxx');
    cache.reweigh('grows', grows);
    expect([cache.has('grows'), cache.totalBytes]).toEqual([false, 0]);
  });

  it('keeps no value for a TTL that is not positive, and keeps a value without TTL until the bounds push it out', () => {
    let now = 0;
    const cache = new BoundedLru<string>({ maxEntries: 10, maxBytes: 100, weigh: () => 1, now: () => now });
    expect(cache.set('none', 'x', 0)).toBe(false);
    cache.set('forever', 'x');
    now = 1e12;
    expect([cache.has('none'), cache.get('forever')]).toEqual([false, 'x']);
  });
});

describe('ScopedCache', () => {
  it('serves a value for its TTL on the injected clock, with its age, and lets it go once it is that old', () => {
    const { cache, clock, dropped, put } = testCache({ ttlMs: 1_000 });
    put('a', 'answer');
    clock.now = 999;
    expect(cache.lookup('a')).toEqual({ value: { text: 'answer' }, ageMs: 999, uncertain: false });
    expect(cache.holds('a')).toBe(true);
    clock.now = 1_000;
    expect(cache.holds('a')).toBe(false);
    expect(cache.lookup('a')).toBeUndefined();
    expect(dropped).toEqual(['expired']);
  });

  it('serves no fresh hit while its feed may be missing changes, and serves what the catch-up left once it listens again', () => {
    let state: ChangeFeedState = 'listening';
    const { cache, put } = testCache({ feed: { state: () => state } });
    put('before', 'stored before the feed went away', ['game:7']);
    put('kept', 'of a game no missed change touched', ['game:8']);
    state = 'away';
    put('meanwhile', 'stored while it was away', ['game:9']);
    for (const key of ['before', 'kept', 'meanwhile']) {
      expect([cache.get(key), cache.holds(key), cache.lookup(key)?.uncertain]).toEqual([undefined, false, true]);
    }
    state = 'catching-up';
    expect(cache.holds('before')).toBe(false);
    cache.changed(gameChange(7)); // a change the feed missed, replayed
    state = 'listening';
    expect(['before', 'kept', 'meanwhile'].map((key) => cache.get(key)?.text)).toEqual([
      undefined,
      'of a game no missed change touched',
      'stored while it was away',
    ]);
    expect(cache.lookup('kept')?.uncertain).toBe(false);
  });

  it('drops on a write the values of the records it touched and every unscoped one, and keeps the rest', () => {
    const { cache, dropped, put } = testCache();
    put('game 7', 'a', ['game:7']);
    put('game 8', 'b', ['game:8']);
    put('table', 'c');
    cache.changed(gameChange(7));
    expect(['game 7', 'game 8', 'table'].map((key) => cache.get(key)?.text)).toEqual([undefined, 'b', undefined]);
    expect(dropped).toEqual(['changed', 'changed']);
    cache.changed({ kind: 'data' });
    expect(cache.get('game 8')).toBeUndefined();
  });

  it('does not keep a value whose build began before a write that touched its scope', () => {
    const { cache } = testCache();
    const before = cache.generation;
    cache.changed(gameChange(7));
    expect(cache.store('game 7', { text: 'old' }, { scope: ['game:7'], since: before })).toBe(false);
    expect(cache.store('game 8', { text: 'fine' }, { scope: ['game:8'], since: before })).toBe(true);
    expect(cache.store('table', { text: 'old' }, { scope: undefined, since: before })).toBe(false);
    expect(cache.store('game 7', { text: 'new' }, { scope: ['game:7'], since: cache.generation })).toBe(true);
  });

  it('hands one build to those who missed meanwhile, but not across a write that touched their scope', async () => {
    const { cache } = testCache();
    const generation = cache.generation;
    expect(cache.join('k', ['game:7'], generation)).toBeUndefined();
    const finish = cache.lead('k', generation);
    const waiting = cache.join('k', ['game:7'], cache.generation);
    cache.changed(gameChange(9)); // elsewhere: later requests may still join
    const elsewhere = cache.join('k', ['game:7'], cache.generation);
    cache.changed(gameChange(7));
    expect(cache.join('k', ['game:7'], cache.generation)).toBeUndefined(); // came after a write to its game
    expect(cache.building('k')).toBe(true);
    finish({ text: 'built' });
    expect([await waiting, await elsewhere]).toEqual([{ text: 'built' }, { text: 'built' }]);
    expect(cache.building('k')).toBe(false);
  });

  it('keeps a newer build registered when an older one ends', async () => {
    const { cache } = testCache();
    const finishOld = cache.lead('k', cache.generation);
    const finishNew = cache.lead('k', cache.generation);
    finishOld(undefined);
    expect(cache.building('k')).toBe(true);
    const joined = cache.join('k', undefined, cache.generation);
    finishNew({ text: 'new' });
    expect(await joined).toEqual({ text: 'new' });
  });

  it('bounds the values by count and by weight, least recently used first', () => {
    const { cache, dropped, put } = testCache({ maxEntries: 3, maxBytes: 10 });
    put('a', 'xxx');
    put('b', 'xxx');
    put('c', 'xxx');
    cache.get('a');
    put('d', 'xxx'); // a fourth: b, the least recently used, goes
    put('e', 'xxxx'); // 13 bytes: c goes, which leaves room
    expect(['a', 'b', 'c', 'd', 'e'].map((key) => cache.holds(key))).toEqual([true, false, false, true, true]);
    expect(cache.stats()).toEqual({ entries: 3, bytes: 10 });
    expect(dropped).toEqual(['evicted', 'evicted']);
  });
});
