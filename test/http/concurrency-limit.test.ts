import { request } from 'node:http';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerConcurrencyLimit } from '../../src/http/concurrency-limit.js';

function appWithGate(maxInFlight: number) {
  const app = Fastify();
  registerConcurrencyLimit(app, { maxInFlight, exempt: (url) => url === '/health' });
  const started: number[] = [];
  const gates: (() => void)[] = [];
  app.get('/work/:n', async (request) => {
    started.push(Number((request.params as { n: string }).n));
    await new Promise<void>((resolve) => gates.push(resolve));
    return { done: true };
  });
  app.get('/health', async () => ({ status: 'ok' }));
  return { app, started, gates };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 20));

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
    const { app, started, gates } = appWithGate(1);
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const first = fetch(`${address}/work/1`);
      await tick();
      const hangUp = request(`${address}/work/2`);
      hangUp.on('error', () => undefined);
      hangUp.end();
      await tick();
      hangUp.destroy(); // the client leaves while its request waits for a slot
      await tick();
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
});
