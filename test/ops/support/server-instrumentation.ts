// Loaded with `node --import` into a server process under test (test/ops/shutdown.test.ts).
//
// 1. Every statement of the embedded database waits DATABASE_LATENCY_MS (a timer) before it runs,
//    as a PostgreSQL server's round trip would. The embedded database runs SQL on the event loop,
//    so without it a request's statements follow each other without the loop ever turning: the
//    server reads the next request only once the previous one is answered, and "requests in
//    flight" cannot be arranged. With it, requests are read at once and queue behind MAX_IN_FLIGHT
//    as they do on PostgreSQL.
// 2. Each request the HTTP server has read is reported on standard output, so that a test signals
//    the process only once its requests have really arrived: a connection the process has not
//    read from yet is "idle" to Node, and a shutdown rightly closes it.
import http from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import { PGlite } from '@electric-sql/pglite';
import { REQUEST_RECEIVED } from './server-events.js';

const latencyMs = Number(process.env.DATABASE_LATENCY_MS ?? 20);
const query = PGlite.prototype.query;
PGlite.prototype.query = async function delayedQuery(this: PGlite, ...args: Parameters<typeof query>) {
  await delay(latencyMs);
  return query.apply(this, args);
} as typeof query;

const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function reportingEmit(this: http.Server, event: string | symbol, ...args: unknown[]) {
  if (event === 'request') process.stdout.write(`${JSON.stringify({ msg: REQUEST_RECEIVED, url: (args[0] as http.IncomingMessage).url })}\n`);
  return emit.apply(this, [event, ...args] as Parameters<typeof emit>);
} as typeof emit;
