import http from 'node:http';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { registerConcurrencyLimit } from '../../src/http/concurrency-limit.js';
import { registerResponseCache } from '../../src/http/response-cache.js';
import { createLocalChangeFeed } from '../../src/live/changes.js';

/**
 * A request that waits in the response cache for another's build of the same page, and whose
 * client goes away meanwhile, may then build the page itself: the cache and the request queue must
 * still hear when it ends. Before, both listened for 'close' after it had fired: the cache kept
 * that build registered forever, so the next miss of the page joined it and never got an answer,
 * and the queue kept its slot.
 */

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** Lets the event loop turn until `condition` holds: the event a test waits for, not an amount of time. */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setImmediate(resolve));
}

async function pageApp() {
  const server = Fastify();
  const state = { arrived: 0, closed: 0, done: 0, runs: 0, failing: true, gate: Promise.resolve(), inFlight: () => 0 };
  // Before the cache: every request counted as it arrives, and when its client's connection ends.
  server.addHook('onRequest', async (_request, reply) => {
    state.arrived += 1;
    reply.raw.once('close', () => (state.closed += 1));
  });
  registerResponseCache(server, { sharing: 'public', ttlMs: 60_000, changes: createLocalChangeFeed() });
  const limit = registerConcurrencyLimit(server, { maxInFlight: 4, maxQueue: 10, maxWaitMs: 5000 });
  state.inFlight = () => limit().inFlight;
  server.get('/page', { config: { responseCache: 'public' } }, async (_request, reply) => {
    state.runs += 1;
    const run = state.runs;
    try {
      await state.gate;
      if (state.failing) return reply.code(503).send('busy');
      return `run ${run}`;
    } finally {
      state.done += 1;
    }
  });
  const baseUrl = await server.listen({ host: '127.0.0.1', port: 0 });
  app = server;
  return { baseUrl, state };
}

describe('a request whose client left while it waited for another’s build', () => {
  it('leaves no build behind that the next miss would wait for, and no slot taken', async () => {
    const { baseUrl, state } = await pageApp();
    let open!: () => void;
    state.gate = new Promise((resolve) => (open = resolve));
    const leader = fetch(`${baseUrl}/page`);
    await until(() => state.runs === 1);

    // The second request joins the leader's build; its client leaves while it waits.
    const joiner = http.request(`${baseUrl}/page`);
    joiner.on('error', () => undefined);
    joiner.end();
    await until(() => state.arrived === 2);
    joiner.destroy();
    await until(() => state.closed === 1);

    // The leader's build ends without an answer to share: the joiner builds the page itself.
    open();
    expect((await leader).status).toBe(503);
    // Both handlers ran, and both slots came back (the joiner's, though its client had left before it took one).
    await until(() => state.done === 2 && state.inFlight() === 0);

    state.failing = false;
    const next = await fetch(`${baseUrl}/page`, { signal: AbortSignal.timeout(5000) });
    expect([next.status, await next.text(), next.headers.get('x-cache')]).toEqual([200, 'run 3', 'miss']);
  });
});
