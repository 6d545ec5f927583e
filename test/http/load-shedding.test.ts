// Load shedding on event-loop lag, forced for real: the test blocks the event loop in 300 ms chunks,
// letting timers run between them, so @fastify/under-pressure's delay timer measures ~300 ms per
// sample against a limit of 100 ms. No assertion depends on how fast the machine is: the test
// waits (bounded) for the pressure to be measured, keeps the loop lagging while it checks the
// answers, and waits for it to lift.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import type { Database } from '../../src/db/database.js';
import { envelopeErrorFormat } from '../../src/facades/shared/errors.js';
import { legacyErrorFormat } from '../../src/facades/legacy/xml.js';
import { jsonApiErrorFormat } from '../../src/facades/v3/json-api.js';
import { graphqlErrorFormat } from '../../src/http/graphql-error-format.js';
import { OVERLOADED_RETRY_AFTER_SECONDS } from '../../src/http/load-shedding.js';
import { openTestDatabase } from '../support/database.js';

const LIMIT_MS = 100;
const CHUNK_MS = 300;
const MESSAGE = 'The service is overloaded; try again shortly';

function blockEventLoop(ms: number): void {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    // busy: no timer, no I/O runs meanwhile
  }
}

/** One lagging turn of the loop: a blocked chunk, then timers (the delay sampler among them) run. */
async function lag(): Promise<void> {
  blockEventLoop(CHUNK_MS);
  await new Promise((resolve) => setTimeout(resolve, 0));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('load shedding on event-loop lag', () => {
  let database: Database;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await openTestDatabase();
    app = await buildApp({ database, logLevel: 'silent', eventLoopMaxDelayMs: LIMIT_MS, metrics: { path: '/metrics' } });
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const seasons = () => app.inject({ url: '/api/seasons', headers: { 'x-request-id': 'shed-1' } });

  it('does not hold the lag of its own start against the first requests', async () => {
    // Building the app and the migrations lagged; lag now as well, until under-pressure reports it.
    for (let turn = 0; turn < 40 && !app.isUnderPressure(); turn += 1) await lag();
    expect(app.isUnderPressure()).toBe(true);
    expect((await seasons()).statusCode).toBe(200);
  });

  it('answers 503 with Retry-After in each interface’s format while the loop lags; probes and scrapes still answer; lifts when it stops', async () => {
    let shed = await seasons();
    for (let turn = 0; turn < 60 && shed.statusCode !== 503; turn += 1) {
      await lag();
      shed = await seasons();
    }
    expect(shed.statusCode).toBe(503);
    expect(shed.headers['retry-after']).toBe(String(OVERLOADED_RETRY_AFTER_SECONDS));
    expect(shed.body).toBe(envelopeErrorFormat(503, MESSAGE, 'shed-1', undefined).body);

    // Every check below runs after one more lagging turn, so the measurement cannot lift meanwhile.
    const during = async (url: string, init: { method?: 'GET' | 'POST'; payload?: unknown; headers?: Record<string, string> } = {}) => {
      await lag();
      return app.inject({
        url,
        method: init.method ?? 'GET',
        payload: init.payload as string | undefined,
        headers: { 'x-request-id': 'shed-1', ...init.headers },
      });
    };
    const v3 = await during('/api/v3/games');
    expect(v3.statusCode).toBe(503);
    expect(v3.headers['retry-after']).toBe('2');
    expect(v3.body).toBe(jsonApiErrorFormat(503, MESSAGE, 'shed-1', undefined).body);

    const legacy = await during('/rest/v1.0/clubs/search?q=a');
    expect(legacy.statusCode).toBe(503);
    expect(legacy.headers['content-type']).toMatch(/xml/);
    expect(legacy.body).toBe(legacyErrorFormat(503, MESSAGE, 'shed-1', undefined).body);

    const graphql = await during('/graphql', {
      method: 'POST',
      payload: JSON.stringify({ query: '{ __typename }' }),
      headers: { 'content-type': 'application/json' },
    });
    expect(graphql.statusCode).toBe(503);
    expect(graphql.headers['retry-after']).toBe('2');
    expect(graphql.body).toBe(graphqlErrorFormat(503, MESSAGE, 'shed-1', undefined).body);

    expect((await during('/health/live')).statusCode).toBe(200);
    expect((await during('/health/ready')).statusCode).toBe(200);
    expect((await during('/metrics')).statusCode).toBe(200);
    expect(app.isUnderPressure()).toBe(true); // all of the above was answered under pressure

    // The loop runs freely again: within a few samples requests are served.
    let served = await seasons();
    for (let wait = 0; wait < 100 && served.statusCode === 503; wait += 1) {
      await sleep(100);
      served = await seasons();
    }
    expect(served.statusCode).toBe(200);
  });

  it('is off with a limit of 0', async () => {
    const off = await buildApp({ database, logLevel: 'silent', eventLoopMaxDelayMs: 0 });
    try {
      expect(off.hasDecorator('isUnderPressure')).toBe(false);
    } finally {
      await off.close();
    }
  });
});
