import { describe, expect, it } from 'vitest';
import { BoundedLru, type DropReason } from '../../src/cache/bounded.js';
import { HeapPressure } from '../../src/cache/heap-pressure.js';

function cacheUnder(pressure: HeapPressure, drops: DropReason[] = []) {
  return new BoundedLru<string>({
    maxEntries: 1000,
    maxBytes: 1_000_000,
    weigh: (value) => value.length,
    heapPressure: pressure,
    dropped: (reason) => drops.push(reason),
  });
}

describe('heap pressure', () => {
  it('leaves the caches alone below the high mark', () => {
    const pressure = new HeapPressure({ usedShare: () => 0.5, minIntervalMs: 0 });
    const cache = cacheUnder(pressure);
    for (let i = 0; i < 100; i++) cache.set(`k${i}`, 'x'.repeat(100));
    expect(cache.size).toBe(100);
    expect(pressure.shedCount).toBe(0);
  });

  it('makes every cache shed its least recently used half past the high mark, and counts them as evicted', () => {
    let used = 0.5;
    const pressure = new HeapPressure({ usedShare: () => used, minIntervalMs: 0 });
    const drops: DropReason[] = [];
    const first = cacheUnder(pressure, drops);
    const second = cacheUnder(pressure);
    for (let i = 0; i < 100; i++) {
      first.set(`k${i}`, 'x'.repeat(100));
      second.set(`k${i}`, 'y'.repeat(100));
    }
    first.get('k0'); // now the most recently used: it stays
    used = 0.9;
    first.set('new', 'z'.repeat(100));
    expect(pressure.shedCount).toBe(1);
    expect(second.totalBytes).toBeLessThanOrEqual(50 * 100);
    expect(first.size).toBeLessThanOrEqual(52);
    expect(first.has('k0')).toBe(true);
    expect(first.has('new')).toBe(true);
    expect(first.has('k1')).toBe(false);
    expect(drops.length).toBeGreaterThanOrEqual(49);
    expect(new Set(drops)).toEqual(new Set(['evicted']));
  });

  it('looks at the heap at most once per interval', () => {
    let looks = 0;
    let now = 0;
    const usedShare = () => {
      looks += 1;
      return 0.1;
    };
    const pressure = new HeapPressure({ usedShare, minIntervalMs: 250, now: () => now });
    const cache = cacheUnder(pressure);
    for (let i = 0; i < 50; i++) cache.set(`k${i}`, 'x');
    expect(looks).toBe(1);
    now += 250;
    cache.set('later', 'x');
    expect(looks).toBe(2);
  });
});

describe('admission by the heap', () => {
  it('admits below the admission mark (0.85) and refuses above it, without counting or shedding while it admits', () => {
    let used = 0.5;
    const pressure = new HeapPressure({ usedShare: () => used, minIntervalMs: 0 });
    const cache = cacheUnder(pressure);
    for (let i = 0; i < 10; i++) cache.set(`k${i}`, 'x'.repeat(100));
    used = 0.84;
    expect(pressure.nearLimit()).toBe(false);
    expect(pressure.admits()).toBe(true);
    expect(pressure.refusedCount).toBe(0);
    expect(pressure.shedCount).toBe(0);
    used = 0.86;
    expect(pressure.nearLimit()).toBe(true);
    expect(pressure.admits()).toBe(false);
    expect(pressure.refusedCount).toBe(1);
    used = 0.5;
    expect(pressure.admits()).toBe(true);
    expect(pressure.refusedCount).toBe(1);
  });

  it('lets the caches shed their least recently used half on a refusal, at most once per interval', () => {
    let now = 0;
    // Below the caches' own high mark: only the refusal makes them shed.
    const pressure = new HeapPressure({ usedShare: () => 0.7, liveShare: () => 0.9, minIntervalMs: 250, now: () => now });
    const cache = cacheUnder(pressure);
    for (let i = 0; i < 100; i++) cache.set(`k${i}`, 'x'.repeat(100));
    expect(cache.size).toBe(100);
    expect(pressure.admits()).toBe(false);
    expect(pressure.shedCount).toBe(1);
    expect(cache.size).toBeLessThanOrEqual(50);
    const afterFirst = cache.size;
    expect(pressure.admits()).toBe(false);
    expect(pressure.shedCount).toBe(1);
    expect(cache.size).toBe(afterFirst);
    now += 250;
    expect(pressure.admits()).toBe(false);
    expect(pressure.shedCount).toBe(2);
    expect(pressure.refusedCount).toBe(3);
  });

  it('reads the live share when it is given apart from the used one, and takes its own mark', () => {
    const pressure = new HeapPressure({ usedShare: () => 0.99, liveShare: () => 0.6, admissionMark: 0.7 });
    expect(pressure.admits()).toBe(true);
    const tighter = new HeapPressure({ usedShare: () => 0.1, liveShare: () => 0.6, admissionMark: 0.5 });
    expect(tighter.admits()).toBe(false);
  });

  it('measures the process by default: a fresh process is far below the mark', () => {
    const pressure = new HeapPressure();
    expect(pressure.nearLimit()).toBe(false);
    expect(pressure.admits()).toBe(true);
  });
});
