import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { serviceUnavailable } from '../../src/facades/shared/errors.js';
import { registerRequestDeadline } from '../../src/http/deadline.js';
import { InterfaceTable } from '../../src/http/interface-policy.js';
import { MAIN_INTERFACE } from '../../src/facades/rest/interface.js';
import { registerErrorHandling } from '../../src/http/error-handling.js';
import { registerResponseCache, type ResponseCacheOptions } from '../../src/http/response-cache.js';

/** A public route whose answer is `size` bytes, counting how often it really ran, failing with 503 while `failing`. */
function cachedApp(options: Omit<ResponseCacheOptions, 'sharing'>) {
  const app = Fastify();
  registerErrorHandling(app, new InterfaceTable(MAIN_INTERFACE));
  registerResponseCache(app, { sharing: 'public', ...options });
  const state = { runs: 0, failing: false, databaseDown: false };
  app.get('/bytes/:size', { config: { responseCache: 'public' } }, async (request) => {
    state.runs += 1;
    if (state.failing) throw serviceUnavailable('The database is not available; try again shortly', 5);
    return 'x'.repeat(Number((request.params as { size: string }).size));
  });
  return { app, state };
}

describe('response cache bounds', () => {
  it('keeps at most maxBytes of bodies, dropping the least recently used', async () => {
    const { app, state } = cachedApp({ ttlMs: 60_000, maxBytes: 2500 });
    for (const url of ['/bytes/1000?a', '/bytes/1000?b']) await app.inject({ url });
    await app.inject({ url: '/bytes/1000?a' }); // a is now the most recent
    await app.inject({ url: '/bytes/1000?c' }); // over 2,500 bytes: b goes
    state.runs = 0;
    expect((await app.inject({ url: '/bytes/1000?a' })).headers['x-cache']).toBe('hit');
    expect((await app.inject({ url: '/bytes/1000?c' })).headers['x-cache']).toBe('hit');
    expect((await app.inject({ url: '/bytes/1000?b' })).headers['x-cache']).toBe('miss');
    expect(state.runs).toBe(1);
  });

  it('never keeps an answer larger than the whole budget', async () => {
    const { app, state } = cachedApp({ ttlMs: 60_000, maxBytes: 500 });
    await app.inject({ url: '/bytes/1000' });
    await app.inject({ url: '/bytes/1000' });
    expect(state.runs).toBe(2);
  });
});

describe('route declarations', () => {
  it('caches only the routes whose config.responseCache names the cache', async () => {
    const { app } = cachedApp({ ttlMs: 60_000 });
    app.get('/undeclared', async () => 'x');
    app.get('/keyed', { config: { responseCache: 'keyed' } }, async () => 'x');
    for (const url of ['/undeclared', '/keyed']) {
      await app.inject({ url });
      expect((await app.inject({ url })).headers['x-cache'], url).toBeUndefined();
    }
    await app.inject({ url: '/bytes/10' });
    expect((await app.inject({ url: '/bytes/10' })).headers['x-cache']).toBe('hit');
  });
});

describe('stale-if-error', () => {
  it('serves an expired answer instead of a 503, and only within the stale window', async () => {
    const clock = { now: 1_000 };
    const { app, state } = cachedApp({ ttlMs: 20, staleIfErrorMs: 200, now: () => clock.now });
    const fresh = await app.inject({ url: '/bytes/10' });
    expect(fresh.headers['cache-control']).toBe('public, max-age=0, stale-if-error=0');
    clock.now += 19;
    expect((await app.inject({ url: '/bytes/10' })).headers['x-cache']).toBe('hit'); // the TTL's last millisecond
    clock.now += 21;
    state.failing = true;
    const stale = await app.inject({ url: '/bytes/10' });
    expect(stale.statusCode).toBe(200);
    expect(stale.headers['x-cache']).toBe('stale');
    expect(stale.headers['retry-after']).toBeUndefined();
    expect(stale.body).toBe(fresh.body);
    clock.now += 179; // 219 ms old: the stale window's last millisecond
    expect((await app.inject({ url: '/bytes/10' })).headers['x-cache']).toBe('stale');
    clock.now += 1;
    expect((await app.inject({ url: '/bytes/10' })).statusCode).toBe(503);
  });

  it('serves it without trying while the database is known to be down', async () => {
    const state = { down: false };
    const clock = { now: 0 };
    const { app, state: route } = cachedApp({ ttlMs: 20, staleIfErrorMs: 60_000, isDatabaseDown: () => state.down, now: () => clock.now });
    await app.inject({ url: '/bytes/10' });
    clock.now += 40;
    state.down = true;
    route.runs = 0;
    expect((await app.inject({ url: '/bytes/10' })).headers['x-cache']).toBe('stale');
    expect(route.runs).toBe(0);
  });
});

describe('request deadline', () => {
  it('answers 503 with Retry-After when a handler runs past it, and leaves health checks alone', async () => {
    const app = Fastify();
    registerErrorHandling(app, new InterfaceTable(MAIN_INTERFACE));
    registerRequestDeadline(app, { timeoutMs: 100, exempt: (request) => request.url === '/health' });
    // Each handler waits for an event of the test, not for an amount of time: /slow until the test
    // lets it finish, /health until /slow has had its 503 (so it, too, outlived the deadline).
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let finish!: () => void;
    const finished = new Promise<void>((resolve) => (finish = resolve));
    let deadlinePassed!: () => void;
    const passed = new Promise<void>((resolve) => (deadlinePassed = resolve));
    app.get('/slow', async () => {
      await released;
      finish();
      return { late: true };
    });
    app.get('/health', async () => {
      await passed;
      return { status: 'ok' };
    });
    app.get('/fast', async () => ({ fast: true }));
    const health = app.inject({ url: '/health' });
    const late = await app.inject({ url: '/slow' });
    deadlinePassed();
    expect(late.statusCode).toBe(503);
    expect(late.headers['retry-after']).toBe('2');
    expect(late.json()).toMatchObject({ type: 'Error', data: { code: 503, message: 'The request took too long; try again shortly' } });
    expect((await app.inject({ url: '/fast' })).json()).toEqual({ fast: true });
    expect((await health).statusCode).toBe(200);
    release(); // the late result arrives and is dropped
    await finished;
    await new Promise((resolve) => setImmediate(resolve));
  });
});
