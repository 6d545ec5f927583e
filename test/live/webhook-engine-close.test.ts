// The PostgreSQL delivery engine (graphile-worker) as the service stops it: its connections are
// closed by the time `close()` resolves, and a connection the server terminates while it closes (a
// restart, a dropped database) is reported, never an uncaught exception that kills the process.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../src/db/database.js';
import { LaneDeliverer } from '../../src/live/webhooks/deliverer.js';
import { graphileQueue, WEBHOOK_ENGINE_APPLICATION, WebhookWork } from '../../src/live/webhooks/queue.js';
import { DEFAULT_RETRY_POLICY } from '../../src/domain/webhooks.js';
import { systemClock } from '../../src/clock.js';
import { createServerDatabase } from '../support/database.js';

const serverUrl = process.env.DATABASE_URL;

describe.skipIf(!serverUrl)('the delivery engine on PostgreSQL, stopped', () => {
  let db: Database;
  let url: string;
  let drop: () => Promise<void>;
  let admin: pg.Client;
  // What the engine reports of a dropped connection depends on when the server's word arrives; the
  // test asks only that nothing goes uncaught.
  const log = { warn: () => undefined };

  beforeAll(async () => {
    ({ url, drop } = await createServerDatabase(serverUrl!));
    db = await openDatabase({ databaseUrl: url, poolSize: 2 });
    admin = new pg.Client({ connectionString: url });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.end();
    await db?.close();
    await drop?.();
  });

  const engine = () => {
    const deliverer = new LaneDeliverer({
      prisma: db.prisma,
      clock: systemClock,
      send: async () => ({ ok: true, statusCode: 204, error: null, latencyMs: 0 }),
      retry: DEFAULT_RETRY_POLICY,
      leaseMs: 11_000,
    });
    return graphileQueue(new WebhookWork(db.prisma, deliverer, systemClock, 'http://test.local'), { connectionString: url, concurrency: 2, log });
  };
  const engineConnections = async () =>
    Number(
      (
        await admin.query<{ n: string }>('select count(*) as n from pg_stat_activity where datname = current_database() and application_name = $1', [
          WEBHOOK_ENGINE_APPLICATION,
        ])
      ).rows[0].n,
    );
  const terminateEngineConnections = () =>
    admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name = $1', [
      WEBHOOK_ENGINE_APPLICATION,
    ]);

  it('survives the server terminating its connections while it closes, and reports it', async () => {
    const queue = await engine();
    queue.poke();
    expect(await engineConnections()).toBeGreaterThan(0);
    const closing = queue.close();
    await terminateEngineConnections();
    await closing;
    // Terminated before the close ended them, or ended first: either way nothing went uncaught (the
    // run fails on an uncaught error), and a late termination reaches no socket of the engine.
    await terminateEngineConnections();
  });

  it('has ended its connections when close() resolves', async () => {
    const queue = await engine();
    queue.poke();
    await queue.close();
    // The server may still list a backend that is exiting; terminating it now must reach no socket
    // of ours (an engine that had not ended its pool would get an uncaught FATAL here).
    await terminateEngineConnections();
  });
});
