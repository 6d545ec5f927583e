import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { READ_RECENTLY_MS } from '../../src/cache/scoped-cache.js';
import { InterfaceTable } from '../../src/http/interface-policy.js';
import { MAIN_INTERFACE } from '../../src/facades/rest/interface.js';
import { registerErrorHandling } from '../../src/http/error-handling.js';
import { registerResponseCache } from '../../src/http/response-cache.js';
import { createLocalChangeFeed } from '../../src/live/changes.js';
import { gameChange } from '../support/changes.js';

const BOUND_MS = 250;

/**
 * /table, read from anywhere (every write touches it), behind the public response cache with
 * refresh-ahead. Each answer says how many times the route ran; `gate` holds a build until the test
 * opens it; `clock` is the cache's.
 */
function refreshingApp() {
  const app = Fastify();
  const changes = createLocalChangeFeed();
  const clock = { now: 1_000_000 };
  registerErrorHandling(app, new InterfaceTable(MAIN_INTERFACE));
  registerResponseCache(app, { sharing: 'public', ttlMs: 60_000, changes, refreshAheadMs: BOUND_MS, now: () => clock.now });
  const state = { runs: 0, gate: Promise.resolve() };
  app.get('/table', { config: { responseCache: 'public' } }, async () => {
    state.runs += 1;
    const run = state.runs;
    await state.gate;
    return `run ${run}`;
  });
  /** Holds the next builds until the returned function is called. */
  const hold = () => {
    let open!: () => void;
    state.gate = new Promise((resolve) => (open = resolve));
    return open;
  };
  return { app, changes, clock, state, hold };
}

/** Lets the event loop turn until `condition` holds: the event a test waits for, not an amount of time. */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setImmediate(resolve));
}

describe('refresh-ahead', () => {
  it('keeps an answer being read when a write supersedes it: its first reader starts one rebuild, and every reader gets the superseded answer meanwhile, marked and not for keeping', async () => {
    const { app, changes, state, hold } = refreshingApp();
    await app.inject({ url: '/table' });
    expect((await app.inject({ url: '/table' })).headers['x-cache']).toBe('hit');
    const open = hold();
    changes.publish(gameChange(7));
    const readers = [await app.inject({ url: '/table' })];
    await until(() => state.runs === 2); // the first reader started the rebuild
    readers.push(...(await Promise.all(Array.from({ length: 5 }, () => app.inject({ url: '/table' })))));
    for (const reader of readers) {
      expect(reader.body).toBe('run 1');
      expect(reader.headers['x-cache']).toBe('refreshing');
      expect(reader.headers['cache-control']).toBe('public, no-cache');
    }
    open();
    let after = await app.inject({ url: '/table' });
    while (after.headers['x-cache'] === 'refreshing') after = await app.inject({ url: '/table' });
    expect(after.body).toBe('run 2');
    expect(after.headers['x-cache']).toBe('hit');
    expect(state.runs).toBe(2); // one rebuild, and no reader waited for it
  });

  it('serves the superseded answer no longer than the bound: then a reader builds as on a miss', async () => {
    const { app, changes, clock, state } = refreshingApp();
    await app.inject({ url: '/table' });
    changes.publish(gameChange(7));
    clock.now += BOUND_MS + 1;
    const response = await app.inject({ url: '/table' });
    expect([response.body, response.headers['x-cache'], state.runs]).toEqual(['run 2', 'miss', 2]);
  });

  it('drops an answer nobody read lately, as without refresh-ahead: its next reader builds it', async () => {
    const { app, changes, clock, state } = refreshingApp();
    await app.inject({ url: '/table' });
    clock.now += READ_RECENTLY_MS + 1;
    changes.publish(gameChange(7));
    const next = await app.inject({ url: '/table' });
    expect([next.headers['x-cache'], next.body, state.runs]).toEqual(['miss', 'run 2', 2]);
  });

  it('keeps a rebuild a write overtook, superseded: readers get the newer answer while the next rebuild runs', async () => {
    const { app, changes, clock, state, hold } = refreshingApp();
    await app.inject({ url: '/table' });
    const open = hold();
    changes.publish(gameChange(7));
    await app.inject({ url: '/table' }); // starts the rebuild, held at the gate
    await until(() => state.runs === 2);
    clock.now += 10;
    changes.publish(gameChange(8)); // lands while the rebuild runs
    open();
    let reader = await app.inject({ url: '/table' });
    while (reader.body === 'run 1') reader = await app.inject({ url: '/table' });
    expect([reader.body, reader.headers['x-cache']]).toEqual(['run 2', 'refreshing']);
    while (reader.headers['x-cache'] === 'refreshing') reader = await app.inject({ url: '/table' });
    expect([reader.body, reader.headers['x-cache'], state.runs]).toEqual(['run 3', 'hit', 3]);
  });

  it('does not keep an overtaken rebuild that began longer than the bound ago', async () => {
    const { app, changes, clock, state, hold } = refreshingApp();
    await app.inject({ url: '/table' });
    const open = hold();
    changes.publish(gameChange(7));
    await app.inject({ url: '/table' });
    await until(() => state.runs === 2);
    changes.publish(gameChange(8));
    clock.now += BOUND_MS + 1;
    open();
    const reader = await app.inject({ url: '/table' });
    expect([reader.body, reader.headers['x-cache']]).toEqual(['run 3', 'miss']);
  });

  it('ignores a forged rebuild header: a client cannot bypass the cache', async () => {
    const { app, state } = refreshingApp();
    await app.inject({ url: '/table' });
    const forged = await app.inject({ url: '/table', headers: { 'x-refresh-ahead': 'guess' } });
    expect([forged.headers['x-cache'], state.runs]).toEqual(['hit', 1]);
  });
});
