import Fastify, { type FastifyContextConfig } from 'fastify';
import { describe, expect, it } from 'vitest';
import { readsOneRecord } from '../../src/facades/shared/change-scope.js';
import { InterfaceTable } from '../../src/http/interface-policy.js';
import { MAIN_INTERFACE } from '../../src/facades/rest/interface.js';
import { registerErrorHandling } from '../../src/http/error-handling.js';
import { registerResponseCache } from '../../src/http/response-cache.js';
import { ChangeLog } from '../../src/cache/change-log.js';
import { scopeTag } from '../../src/live/change-scope.js';
import { createLocalChangeFeed } from '../../src/live/changes.js';
import { gameChange } from '../support/changes.js';

/**
 * /games/:id is read from its game, /players/:id from its player, /table from anywhere. Each
 * answer says how many times its route ran; `gate` holds a build until the test opens it; `begun`
 * counts the requests the cache has seen begin (it reads their route's scope as they do).
 */
function scopedApp() {
  const app = Fastify();
  const changes = createLocalChangeFeed();
  registerErrorHandling(app, new InterfaceTable(MAIN_INTERFACE));
  registerResponseCache(app, { sharing: 'public', ttlMs: 60_000, changes });
  const state = { runs: 0, begun: 0, gate: Promise.resolve() };
  const answer = async () => {
    state.runs += 1;
    const run = state.runs;
    await state.gate;
    return `run ${run}`;
  };
  const counted = (config: FastifyContextConfig): FastifyContextConfig => ({
    responseCache: 'public',
    changeScope: (request) => {
      state.begun += 1;
      return config.changeScope?.(request);
    },
  });
  app.get('/games/:id', { config: counted(readsOneRecord('game', 'id')) }, answer);
  app.get('/players/:id', { config: counted(readsOneRecord('player', 'id')) }, answer);
  app.get('/table', { config: counted({}) }, answer);
  return { app, changes, state };
}

/** Lets the event loop turn until `condition` holds: the event a test waits for, not an amount of time. */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setImmediate(resolve));
}

const cacheOf = async (app: ReturnType<typeof scopedApp>['app'], url: string) => (await app.inject({ url })).headers['x-cache'];

describe('scoped invalidation', () => {
  it('keeps answers of records a write does not touch, and drops those it does and every undeclared one', async () => {
    const { app, changes } = scopedApp();
    const urls = ['/games/7', '/games/8', '/players/100', '/players/200', '/table'];
    for (const url of urls) await app.inject({ url });
    changes.publish(gameChange(7));
    const after = await Promise.all(urls.map((url) => cacheOf(app, url)));
    expect(Object.fromEntries(urls.map((url, i) => [url, after[i]]))).toEqual({
      '/games/7': 'miss',
      '/games/8': 'hit',
      '/players/100': 'miss',
      '/players/200': 'hit',
      '/table': 'miss',
    });
  });

  it('drops everything on a change that names no records: an import, or an instance that predates scopes', async () => {
    const { app, changes } = scopedApp();
    const predatingScopes = gameChange(7);
    if (predatingScopes.kind === 'game') delete predatingScopes.game.affects;
    for (const change of [{ kind: 'data' } as const, predatingScopes]) {
      await app.inject({ url: '/games/8' });
      expect(await cacheOf(app, '/games/8')).toBe('hit');
      changes.publish(change);
      expect(await cacheOf(app, '/games/8')).toBe('miss');
    }
  });

  it('does not keep an answer whose build straddled a write to its game, but keeps one that straddled a write elsewhere', async () => {
    const { app, changes, state } = scopedApp();
    let open!: () => void;
    state.gate = new Promise((resolve) => (open = resolve));
    const straddling = [app.inject({ url: '/games/7' }), app.inject({ url: '/games/8' })];
    await until(() => state.runs === 2); // both builds are under way
    changes.publish(gameChange(7));
    open();
    await Promise.all(straddling);
    expect(await cacheOf(app, '/games/7')).toBe('miss');
    expect(await cacheOf(app, '/games/8')).toBe('hit');
  });

  it('hands one build to the requests that came before a write, and builds again for those after it', async () => {
    const { app, changes, state } = scopedApp();
    let open!: () => void;
    state.gate = new Promise((resolve) => (open = resolve));
    const first = app.inject({ url: '/games/7' });
    await until(() => state.runs === 1); // its build is under way
    const beforeWrite = Array.from({ length: 5 }, () => app.inject({ url: '/games/7' }));
    await until(() => state.begun === 6); // they began, and wait for that build
    changes.publish(gameChange(7));
    const afterWrite = app.inject({ url: '/games/7' });
    await until(() => state.runs === 2); // it began after the write: a build of its own
    open();
    expect((await first).body).toBe('run 1');
    expect((await Promise.all(beforeWrite)).map((response) => response.body)).toEqual(Array(5).fill('run 1'));
    expect((await afterWrite).body).toBe('run 2');
    expect(state.runs).toBe(2);
    expect(await cacheOf(app, '/games/7')).toBe('hit'); // the build after the write is kept
  });
});

describe('ChangeLog', () => {
  it('tells whether a change since a generation touched a scope, and says yes once it has forgotten', () => {
    const log = new ChangeLog();
    const start = log.generation;
    log.record(gameChange(7));
    expect(log.touchedSince(start, ['game:7'])).toBe(true);
    expect(log.touchedSince(start, ['game:8'])).toBe(false);
    expect(log.touchedSince(start, undefined)).toBe(true);
    expect(log.touchedSince(log.generation, ['game:7'])).toBe(false);
    for (let i = 0; i < 2000; i += 1) log.record(gameChange(9));
    expect(log.touchedSince(start, ['game:8'])).toBe(true);
  });

  it('names only plain ids, so a padded one falls back to the widest scope', () => {
    expect(scopeTag('game', '7')).toBe('game:7');
    expect(scopeTag('game', 7)).toBe('game:7');
    for (const value of ['007', '7abc', '', '-1', ['7'], undefined]) expect(scopeTag('game', value)).toBeUndefined();
  });
});
