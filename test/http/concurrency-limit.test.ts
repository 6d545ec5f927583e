import { request } from 'node:http';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerConcurrencyLimit, type ConcurrencyLimitOptions } from '../../src/http/concurrency-limit.js';
import { envelopeErrorFormat } from '../../src/facades/shared/errors.js';
import { ErrorFormats } from '../../src/http/error-format.js';
import { registerErrorHandling } from '../../src/http/error-handling.js';

function appWithGate(maxInFlight: number, limits: Omit<ConcurrencyLimitOptions, 'maxInFlight'> = {}) {
  const app = Fastify();
  registerErrorHandling(app, new ErrorFormats(envelopeErrorFormat));
  const state = registerConcurrencyLimit(app, { maxInFlight, exempt: (url) => url === '/health', ...limits });
  const started: number[] = [];
  const gates: (() => void)[] = [];
  app.get('/work/:n', async (request) => {
    started.push(Number((request.params as { n: string }).n));
    await new Promise<void>((resolve) => gates.push(resolve));
    return { done: true };
  });
  app.get('/other', async () => {
    started.push(0);
    return { other: true };
  });
  app.get('/health', async () => ({ status: 'ok' }));
  return { app, started, gates, state };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 20));

/** Resolves once `condition` holds, checked every 5 ms; fails after 5 s. */
async function until(condition: () => boolean): Promise<void> {
  for (let waited = 0; !condition(); waited += 5) {
    if (waited >= 5000) throw new Error(`still not so after 5 s: ${condition.toString()}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('concurrency limit', () => {
  it('works on at most maxInFlight requests and starts the waiting ones in arrival order', async () => {
    const { app, started, gates } = appWithGate(2);
    const responses = [1, 2, 3, 4].map((n) => app.inject({ url: `/work/${n}` }));
    await tick();
    expect(started).toEqual([1, 2]);
    gates.shift()!();
    await tick();
    expect(started).toEqual([1, 2, 3]);
    while (started.length < 4 || gates.length) {
      gates.shift()?.();
      await tick();
    }
    expect((await Promise.all(responses)).map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(started).toEqual([1, 2, 3, 4]);
  });

  it('never makes health checks wait', async () => {
    const { app, started, gates } = appWithGate(1);
    const busy = app.inject({ url: '/work/1' });
    await tick();
    expect((await app.inject({ url: '/health' })).statusCode).toBe(200);
    expect(started).toEqual([1]);
    gates.shift()!();
    await busy;
  });

  it('gives the slot back when a waiting client hangs up, so later requests still run', async () => {
    const { app, started, gates, state } = appWithGate(1);
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const first = fetch(`${address}/work/1`);
      // Over a real socket on a busy machine, arrival takes as long as it takes: wait for it.
      await until(() => started.length === 1);
      const hangUp = request(`${address}/work/2`);
      hangUp.on('error', () => undefined);
      hangUp.end();
      await until(() => state().waiting === 1);
      hangUp.destroy(); // the client leaves while its request waits for a slot
      await until(() => state().waiting === 0);
      gates.shift()!();
      expect((await first).status).toBe(200);
      const third = fetch(`${address}/work/3`);
      await tick();
      expect(started).toEqual([1, 3]);
      gates.shift()!();
      expect((await third).status).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('answers 503 with Retry-After at once when the queue is full, and says so to readiness', async () => {
    const { app, started, gates, state } = appWithGate(1, { maxQueue: 1 });
    const first = app.inject({ url: '/work/1' });
    const second = app.inject({ url: '/work/2' });
    await tick();
    expect(state()).toEqual({ inFlight: 1, waiting: 1, saturated: true });
    const third = await app.inject({ url: '/work/3' });
    expect(third.statusCode).toBe(503);
    expect(third.headers['retry-after']).toBe('1');
    expect(third.json()).toMatchObject({ type: 'Error', data: { code: 503, message: 'The service is busy; try again shortly' } });
    while (gates.length || started.length < 2) {
      gates.shift()?.();
      await tick();
    }
    expect([(await first).statusCode, (await second).statusCode]).toEqual([200, 200]);
    expect(started).toEqual([1, 2]);
  });

  it('answers 503 to a request that waited longer than maxWaitMs, and never runs it', async () => {
    const { app, started, gates } = appWithGate(1, { maxWaitMs: 100 });
    const first = app.inject({ url: '/work/1' });
    await tick();
    const waited = await app.inject({ url: '/work/2' });
    expect(waited.statusCode).toBe(503);
    gates.shift()!();
    await first;
    await tick();
    expect(started).toEqual([1]);
  });

  it('keeps slots free for other routes while one route is stuck', async () => {
    const { app, started, gates } = appWithGate(3, { maxPerRoute: 2 });
    const stuck = [1, 2, 3, 4].map((n) => app.inject({ url: `/work/${n}` }));
    await tick();
    expect(started).toEqual([1, 2]);
    const other = await app.inject({ url: '/other' });
    expect(other.statusCode).toBe(200);
    while (gates.length || started.length < 5) {
      gates.shift()?.();
      await tick();
    }
    expect((await Promise.all(stuck)).map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
  });

  it('gives a free slot to the waiting route with the fewest requests running', async () => {
    const { app, started, gates } = appWithGate(2);
    const work = [1, 2, 3].map((n) => app.inject({ url: `/work/${n}` }));
    await tick();
    const other = app.inject({ url: '/other' }); // arrives after /work/3, runs before it
    await tick();
    gates.shift()!();
    expect((await other).statusCode).toBe(200);
    while (gates.length || started.length < 4) {
      gates.shift()?.();
      await tick();
    }
    await Promise.all(work);
    expect(started).toEqual([1, 2, 0, 3]);
  });

  it('admits a route keyed by its body once the body is parsed, and lets its cached answers through without a slot', async () => {
    const { app, started, gates } = appWithGate(1);
    const probed: string[] = [];
    app.post('/cached', { config: { answeredFromCache: async (request) => (request.body as { key: string }).key === 'held' } }, async (request) => {
      probed.push((request.body as { key: string }).key);
      return { served: true };
    });
    const busy = app.inject({ url: '/work/1' });
    await tick();
    const held = await app.inject({ method: 'POST', url: '/cached', payload: { key: 'held' } });
    expect(held.statusCode).toBe(200);
    const notHeld = app.inject({ method: 'POST', url: '/cached', payload: { key: 'other' } });
    await tick();
    expect(probed).toEqual(['held']); // the other one waits for the slot
    gates.shift()!();
    await busy;
    expect((await notHeld).statusCode).toBe(200);
    expect(probed).toEqual(['held', 'other']);
    expect(started).toEqual([1]);
  });

  it('reads a large body only once it has a slot, even where its answer may be cached', async () => {
    const { app, gates } = appWithGate(1);
    let asked = 0;
    app.post('/cached', { config: { answeredFromCache: async () => (asked += 1) > 0 } }, async () => ({ served: true }));
    const busy = app.inject({ url: '/work/1' });
    await tick();
    let answered = false;
    const large = app.inject({ method: 'POST', url: '/cached', payload: { key: 'held', padding: 'x'.repeat(70 * 1024) } }).then((response) => {
      answered = true;
      return response;
    });
    await tick();
    expect(answered).toBe(false); // waits for the slot like any request
    gates.shift()!();
    await busy;
    expect((await large).statusCode).toBe(200);
    expect(asked).toBe(0);
  });
});
