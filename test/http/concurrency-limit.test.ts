import { request } from 'node:http';
import Fastify, { type FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { queueShares, registerConcurrencyLimit, type ConcurrencyLimitOptions } from '../../src/http/concurrency-limit.js';
import { InterfaceTable } from '../../src/http/interface-policy.js';
import { MAIN_INTERFACE } from '../../src/facades/rest/interface.js';
import { registerErrorHandling } from '../../src/http/error-handling.js';

/** How long `when` waits for a condition before it fails the test (a deadline, never a pause). */
const WHEN_DEADLINE_MS = 10_000;

function appWithGate(maxInFlight: number, limits: Omit<ConcurrencyLimitOptions, 'maxInFlight'> = {}) {
  const app = Fastify();
  registerErrorHandling(app, new InterfaceTable(MAIN_INTERFACE));
  // Conditions a test waits for, checked again whenever the limiter's state changes or a route makes progress.
  const checks = new Set<() => void>();
  const changed = () => {
    for (const check of [...checks]) check();
  };
  const state = registerConcurrencyLimit(app, { maxInFlight, exempt: (request) => request.url === '/health', onChange: changed, ...limits });
  const started: number[] = [];
  const gates: (() => void)[] = [];
  // Routes of their own (each its own share of the queue) that hold their slot until a test opens their gate.
  for (const route of ['/work/:n', '/jam/:n', '/block/:n', '/stall/:n']) {
    app.get(route, async (request) => {
      started.push(Number((request.params as { n: string }).n));
      const gate = new Promise<void>((resolve) => gates.push(resolve));
      changed();
      await gate;
      return { done: true };
    });
  }
  app.get('/other', async () => {
    started.push(0);
    changed();
    return { other: true };
  });
  app.get('/health', async () => ({ status: 'ok' }));

  /** Resolves once `condition` holds, without waiting for time to pass; fails after WHEN_DEADLINE_MS. */
  const when = (condition: () => boolean) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (!condition()) return;
        checks.delete(check);
        clearTimeout(deadline);
        resolve();
      };
      const deadline = setTimeout(() => {
        checks.delete(check);
        reject(
          new Error(
            `still not so after ${WHEN_DEADLINE_MS} ms: ${condition.toString()}; started ${JSON.stringify(started)}, limiter ${JSON.stringify(state())}`,
          ),
        );
      }, WHEN_DEADLINE_MS);
      checks.add(check);
      check();
    });

  /** Every request sent so far (`sent`) has reached the limiter, and each one it let through has started. */
  const settled = (sent: number) => when(() => state().inFlight + state().waiting === sent && started.length === state().inFlight);

  /** Opens the gates as the requests reach them until `count` requests have started and none is held. */
  const drain = async (count: number) => {
    while (started.length < count || gates.length > 0) {
      await when(() => gates.length > 0);
      gates.shift()!();
    }
  };

  return { app, started, gates, state, changed, when, settled, drain };
}

describe('concurrency limit', () => {
  it('works on at most maxInFlight requests and starts the waiting ones in arrival order', async () => {
    const { app, started, gates, state, when, settled, drain } = appWithGate(2);
    const responses = [1, 2, 3, 4].map((n) => app.inject({ url: `/work/${n}` }));
    await settled(4);
    expect(started).toEqual([1, 2]);
    gates.shift()!();
    await when(() => started.length === 3);
    expect(started).toEqual([1, 2, 3]);
    expect(state()).toMatchObject({ inFlight: 2, waiting: 1 });
    await drain(4);
    expect((await Promise.all(responses)).map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(started).toEqual([1, 2, 3, 4]);
  });

  it('never makes health checks wait', async () => {
    const { app, started, gates, settled } = appWithGate(1);
    const busy = app.inject({ url: '/work/1' });
    await settled(1);
    expect((await app.inject({ url: '/health' })).statusCode).toBe(200);
    expect(started).toEqual([1]);
    gates.shift()!();
    await busy;
  });

  it('gives the slot back when a waiting client hangs up, so later requests still run', async () => {
    const { app, started, gates, state, when } = appWithGate(1);
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    // Requests still open when the test ends (it failed) are aborted; their rejection is expected then.
    const leave = new AbortController();
    const send = (path: string) => {
      const response = fetch(`${address}${path}`, { signal: leave.signal });
      response.catch(() => undefined);
      return response;
    };
    const hangUpErrors: NodeJS.ErrnoException[] = [];
    try {
      const first = send('/work/1');
      // Over a real socket on a busy machine, arrival takes as long as it takes: wait for it.
      await when(() => started.length === 1);
      const hangUp = request(`${address}/work/2`);
      // Destroying a request before its response fails it with ECONNRESET ("socket hang up"): the error this test provokes.
      hangUp.on('error', (error) => hangUpErrors.push(error));
      const hungUp = new Promise((resolve) => hangUp.once('close', resolve));
      hangUp.end();
      await when(() => state().waiting === 1);
      hangUp.destroy(); // the client leaves while its request waits for a slot
      await hungUp;
      expect(hangUpErrors.map((error) => error.code)).toEqual(['ECONNRESET']);
      await when(() => state().waiting === 0);
      gates.shift()!();
      expect((await first).status).toBe(200);
      await when(() => state().inFlight === 0); // the first request's slot is back
      const third = send('/work/3');
      await when(() => started.length === 2);
      expect(started).toEqual([1, 3]);
      gates.shift()!();
      expect((await third).status).toBe(200);
    } finally {
      leave.abort();
      for (const open of gates.splice(0)) open();
      await app.close();
    }
  });

  it('answers 503 with Retry-After at once when the queue is full, and says so to readiness', async () => {
    const { app, started, state, settled, drain } = appWithGate(1, { maxQueue: 1 });
    const first = app.inject({ url: '/work/1' });
    const second = app.inject({ url: '/work/2' });
    await settled(2);
    expect(state()).toEqual({ inFlight: 1, waiting: 1, saturated: true });
    const third = await app.inject({ url: '/work/3' });
    expect(third.statusCode).toBe(503);
    expect(third.headers['retry-after']).toBe('1');
    expect(third.json()).toMatchObject({ type: 'Error', data: { code: 503, message: 'The service is busy; try again shortly' } });
    await drain(2);
    expect([(await first).statusCode, (await second).statusCode]).toEqual([200, 200]);
    expect(started).toEqual([1, 2]);
  });

  it('answers 503 to a request that waited longer than maxWaitMs, and never runs it', async () => {
    const { app, started, gates, state, when, settled } = appWithGate(1, { maxWaitMs: 100 });
    const first = app.inject({ url: '/work/1' });
    await settled(1);
    const waited = await app.inject({ url: '/work/2' });
    expect(waited.statusCode).toBe(503);
    gates.shift()!();
    await first;
    // The freed slot goes to nobody: the limiter is idle (or, were the refused request still queued, it starts).
    await when(() => state().inFlight === 0 || started.length > 1);
    expect(started).toEqual([1]);
    expect(state()).toEqual({ inFlight: 0, waiting: 0, saturated: false });
  });

  it('keeps slots free for other routes while one route is stuck', async () => {
    const { app, started, settled, drain } = appWithGate(3, { maxPerRoute: 2 });
    const stuck = [1, 2, 3, 4].map((n) => app.inject({ url: `/work/${n}` }));
    await settled(4);
    expect(started).toEqual([1, 2]);
    const other = await app.inject({ url: '/other' });
    expect(other.statusCode).toBe(200);
    await drain(5);
    expect((await Promise.all(stuck)).map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
  });

  it('keeps the slots one route may not take for routes with nothing running, however many routes are stuck', async () => {
    const { app, started, state, settled, drain } = appWithGate(4, { maxPerRoute: 2 });
    const stuck = [...[1, 2, 3].map((n) => app.inject({ url: `/work/${n}` })), ...[1, 2].map((n) => app.inject({ url: `/jam/${n}` }))];
    await settled(5);
    // /work takes its two; /jam, with nothing running, one of the two kept; its second waits like /work's third.
    expect(state()).toMatchObject({ inFlight: 3, waiting: 2 });
    const other = await app.inject({ url: '/other' });
    expect(other.statusCode).toBe(200);
    await drain(6);
    expect((await Promise.all(stuck)).map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(started.slice(0, 4)).toEqual([1, 2, 1, 0]);
  });

  it('gives the slots one route may not take only to routes that answered quickly since the oldest request running began', async () => {
    // The limiter's clock: answers are timed on it, so a test moves it instead of waiting.
    let now = 0;
    const { app, started, gates, state, when, drain } = appWithGate(4, { maxPerRoute: 2, now: () => now });
    const answered = async (url: string) => {
      const response = app.inject({ url });
      await when(() => gates.length > 0);
      gates.shift()!();
      expect((await response).statusCode).toBe(200);
    };
    // Before anything is stuck, /jam and /block answer quickly.
    await answered('/jam/1');
    await answered('/block/1');
    // At 10 ms a request begins that waits on a lock. /stall answers after it began, but slowly; /other quickly.
    now = 10;
    const stuck = [app.inject({ url: '/work/1' })];
    await when(() => state().inFlight === 1);
    now = 20;
    const slow = app.inject({ url: '/stall/1' });
    await when(() => gates.length === 2);
    now = 1520;
    gates.splice(1, 1)[0]();
    expect((await slow).statusCode).toBe(200);
    expect((await app.inject({ url: '/other' })).statusCode).toBe(200);
    stuck.push(app.inject({ url: '/work/2' }));
    await when(() => state().inFlight === 2);
    // Two slots are kept. /jam and /block last answered before /work/1 began, /stall slowly: none
    // has shown that it is not held up with /work, and each waits with nothing running.
    const waiting = [app.inject({ url: '/jam/21' }), app.inject({ url: '/block/22' }), app.inject({ url: '/stall/23' })];
    await when(() => state().inFlight + state().waiting === 5);
    expect(state()).toEqual({ inFlight: 2, waiting: 3, saturated: false });
    // /other overtook /work/1: it takes a kept slot.
    expect((await app.inject({ url: '/other' })).statusCode).toBe(200);
    await drain(10);
    expect((await Promise.all([...stuck, ...waiting])).map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    // The freed slots went to the routes whose latest quick answers were the latest, the one that answered slowly last.
    expect(started.slice(-3)).toEqual([21, 22, 23]);
  });

  it('gives a free slot to the waiting route with the fewest requests running', async () => {
    const { app, started, gates, settled, drain } = appWithGate(2);
    const work = [1, 2, 3].map((n) => app.inject({ url: `/work/${n}` }));
    await settled(3);
    const other = app.inject({ url: '/other' }); // arrives after /work/3, runs before it
    await settled(4);
    gates.shift()!();
    expect((await other).statusCode).toBe(200);
    await drain(4);
    await Promise.all(work);
    expect(started).toEqual([1, 2, 0, 3]);
  });

  it('admits a route keyed by its body once the body is parsed, and lets its cached answers through without a slot', async () => {
    const { app, started, gates, state, changed, when, settled } = appWithGate(1);
    const probed: string[] = [];
    app.post('/cached', { config: { answeredFromCache: async (request) => (request.body as { key: string }).key === 'held' } }, async (request) => {
      probed.push((request.body as { key: string }).key);
      changed();
      return { served: true };
    });
    const busy = app.inject({ url: '/work/1' });
    await settled(1);
    const held = await app.inject({ method: 'POST', url: '/cached', payload: { key: 'held' } });
    expect(held.statusCode).toBe(200);
    const notHeld = app.inject({ method: 'POST', url: '/cached', payload: { key: 'other' } });
    await when(() => state().waiting === 1 || probed.length > 1);
    expect(probed).toEqual(['held']); // the other one waits for the slot
    gates.shift()!();
    await busy;
    expect((await notHeld).statusCode).toBe(200);
    expect(probed).toEqual(['held', 'other']);
    expect(started).toEqual([1]);
  });

  it('reads a large body only once it has a slot, even where its answer may be cached', async () => {
    const { app, gates, state, changed, when, settled } = appWithGate(1);
    let asked = 0;
    app.post('/cached', { config: { answeredFromCache: async () => (asked += 1) > 0 } }, async () => ({ served: true }));
    const busy = app.inject({ url: '/work/1' });
    await settled(1);
    let answered = false;
    const large = app.inject({ method: 'POST', url: '/cached', payload: { key: 'held', padding: 'x'.repeat(70 * 1024) } }).then((response) => {
      answered = true;
      changed();
      return response;
    });
    await when(() => state().waiting === 1 || answered);
    expect(answered).toBe(false); // waits for the slot like any request
    gates.shift()!();
    await busy;
    expect((await large).statusCode).toBe(200);
    expect(asked).toBe(0);
  });

  it('holds each route to its share of the queue, keeps a reserve for quiet routes, and is saturated only when the whole queue is full', async () => {
    // 8 places: 4 for one route; the last 2 only for routes holding fewer than one (queueShares(8, 4)).
    expect(queueShares(8, 4)).toEqual({ perRoute: 4, reserve: 2, quietBelow: 1 });
    const { app, started, state, settled, drain } = appWithGate(1, { maxQueue: 8, maxQueuePerRoute: 4 });
    const accepted = [1, 2, 3, 4, 5].map((n) => app.inject({ url: `/work/${n}` }));
    await settled(5);
    // A sixth request of the stuck route finds its share full: refused, though the queue has room.
    const overShare = await app.inject({ url: '/work/6' });
    expect(overShare.statusCode).toBe(503);
    expect(overShare.headers['retry-after']).toBe('1');
    // A second stuck route fills the queue only up to the reserve.
    accepted.push(...[1, 2].map((n) => app.inject({ url: `/jam/${n}` })));
    await settled(7);
    expect((await app.inject({ url: '/jam/3' })).statusCode).toBe(503);
    expect(state()).toEqual({ inFlight: 1, waiting: 6, saturated: false });
    // Routes with nothing waiting take the reserve; only when it is gone is the service saturated.
    accepted.push(app.inject({ url: '/block/1' }));
    await settled(8);
    expect(state().saturated).toBe(false);
    accepted.push(app.inject({ url: '/stall/1' }));
    await settled(9);
    expect(state()).toEqual({ inFlight: 1, waiting: 8, saturated: true });
    expect((await app.inject({ url: '/other' })).statusCode).toBe(503);
    await drain(9);
    expect((await Promise.all(accepted)).map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200]);
    expect(started.length).toBe(9);
    expect(state()).toEqual({ inFlight: 0, waiting: 0, saturated: false });
  });

  it('lets a quiet route hold a few places of the reserve while stuck routes hold the rest', async () => {
    // 64 places: 16 per route, the last 16 only for routes holding fewer than 2.
    expect(queueShares(64, 16)).toEqual({ perRoute: 16, reserve: 16, quietBelow: 2 });
    const { app, state, settled, drain } = appWithGate(1, { maxQueue: 64, maxQueuePerRoute: 16 });
    const stuck = ['work', 'jam', 'block'].flatMap((route) => Array.from({ length: 17 }, (_, n) => app.inject({ url: `/${route}/${n + 1}` })));
    await settled(49);
    // The three routes filled their shares but for the reserve: 1 running, 48 = 64 − 16 waiting.
    expect(state()).toEqual({ inFlight: 1, waiting: 48, saturated: false });
    expect((await app.inject({ url: '/work/99' })).statusCode).toBe(503);
    const quiet = [1, 2].map((n) => app.inject({ url: `/stall/${n}` }));
    await settled(51);
    expect((await app.inject({ url: '/stall/3' })).statusCode).toBe(503);
    expect(state()).toEqual({ inFlight: 1, waiting: 50, saturated: false });
    await drain(51);
    const statuses = (await Promise.all(stuck)).map((r) => r.statusCode);
    // Of each stuck route, 16 waited (and one ran); the 17th of the two that queued behind the first found their share full.
    expect(statuses.filter((status) => status === 503).length).toBe(2);
    expect((await Promise.all(quiet)).map((r) => r.statusCode)).toEqual([200, 200]);
  });

  it('keeps the reserve of the queue from routes that have not answered quickly since the oldest request running began', async () => {
    // 8 places: 4 for one route; the last 2 for routes holding none that are not held up (queueShares(8, 4)).
    let now = 0;
    const { app, gates, state, changed, when, drain } = appWithGate(2, { maxPerRoute: 2, maxQueue: 8, maxQueuePerRoute: 4, now: () => now });
    const first = app.inject({ url: '/block/1' });
    await when(() => gates.length === 1);
    gates.shift()!();
    expect((await first).statusCode).toBe(200);
    now = 10;
    const accepted = [app.inject({ url: '/work/1' })];
    await when(() => state().inFlight === 1);
    now = 20;
    expect((await app.inject({ url: '/other' })).statusCode).toBe(200); // overtook /work/1
    accepted.push(...[2, 3, 4, 5, 6].map((n) => app.inject({ url: `/work/${n}` })), ...[1, 2].map((n) => app.inject({ url: `/jam/${n}` })));
    await when(() => state().waiting === 6);
    // /block holds no place, but last answered before /work/1 began: it may not take the reserve.
    let refused: number | undefined;
    app.inject({ url: '/block/2' }).then((response) => {
      refused = response.statusCode;
      changed();
    });
    await when(() => refused !== undefined || state().waiting === 7);
    expect(refused).toBe(503);
    // /other overtook /work/1, and /stall has not answered yet: each takes a place of the reserve.
    accepted.push(app.inject({ url: '/other' }), app.inject({ url: '/stall/1' }));
    await when(() => state().waiting === 8);
    expect(state()).toEqual({ inFlight: 2, waiting: 8, saturated: true });
    await drain(12); // the ten accepted and the two answers of the start
    expect((await Promise.all(accepted)).map((r) => r.statusCode)).toEqual(Array(10).fill(200));
  });

  it('asks a request that may be exempt again once its body is parsed', async () => {
    const exempt = (request: FastifyRequest) =>
      request.method !== 'POST' ? false : request.body === undefined ? ('once-parsed' as const) : (request.body as { stream: boolean }).stream;
    const { app, gates, state, changed, when, settled } = appWithGate(1, { exempt });
    const served: boolean[] = [];
    app.post('/stream', async (request) => {
      served.push((request.body as { stream: boolean }).stream);
      changed();
      return { served: true };
    });
    const busy = app.inject({ url: '/work/1' });
    await settled(1);
    expect((await app.inject({ method: 'POST', url: '/stream', payload: { stream: true } })).statusCode).toBe(200);
    const other = app.inject({ method: 'POST', url: '/stream', payload: { stream: false } });
    await when(() => state().waiting === 1 || served.length > 1);
    expect(served).toEqual([true]); // decided after parsing: not exempt, so it waits for the slot
    gates.shift()!();
    await busy;
    expect((await other).statusCode).toBe(200);
    expect(served).toEqual([true, false]);
  });
});

describe('a slot for work that no fastify request carries (acquire)', () => {
  it('waits in the queue the requests wait in, is refused 503 when it is full, leaves it when abandoned, and gives its slot back once', async () => {
    const { app, started, gates, state, when, settled } = appWithGate(1, { maxQueue: 2 });
    const busy = app.inject({ url: '/work/1' });
    await settled(1);
    const abandon = new AbortController();
    const abandoned = state.acquire('graphql-ws', abandon.signal);
    const queued = state.acquire('graphql-ws');
    expect(state()).toEqual({ inFlight: 1, waiting: 2, saturated: true });
    await expect(state.acquire('graphql-ws')).rejects.toMatchObject({ status: 503, retryAfterSeconds: 1, message: 'The service is busy; try again shortly' });
    abandon.abort();
    await expect(abandoned).rejects.toMatchObject({ status: 503 });
    expect(state()).toMatchObject({ inFlight: 1, waiting: 1 });

    gates.shift()!();
    const release = await queued;
    expect((await busy).statusCode).toBe(200);
    expect(state()).toMatchObject({ inFlight: 1, waiting: 0 });
    // Its slot is held until it is released: a request waits for it.
    const next = app.inject({ url: '/work/2' });
    await when(() => state().waiting === 1);
    release();
    release();
    await when(() => started.length === 2);
    gates.shift()!();
    expect((await next).statusCode).toBe(200);
    await when(() => state().inFlight === 0);
    expect(state()).toEqual({ inFlight: 0, waiting: 0, saturated: false });
  });

  it('takes a slot at once without a limit', async () => {
    const limit = registerConcurrencyLimit(Fastify(), { maxInFlight: 0 });
    const release = await limit.acquire('graphql-ws');
    release();
    expect(limit()).toEqual({ inFlight: 0, waiting: 0, saturated: false });
  });
});
