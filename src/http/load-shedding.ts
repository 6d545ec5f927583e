import type { FastifyInstance, FastifyRequest } from 'fastify';
import underPressure from '@fastify/under-pressure';
import { BurstLog } from './burst-log.js';
import { serviceUnavailable } from './errors.js';

export interface LoadSheddingOptions {
  /** Mean event-loop delay over one sample (ms) above which requests are refused; 0 turns shedding off. */
  maxEventLoopDelayMs: number;
  /** How often the delay is measured; under-pressure's default of 1 s. */
  sampleIntervalMs?: number;
  /** Requests that are never refused (health probes, metrics scrapes). */
  exempt?: (request: FastifyRequest) => boolean;
  /** Whether the service serves yet; lag measured while it was starting is not held against it. */
  isStarted?: () => boolean;
}

/** under-pressure's own default sample interval. */
const DEFAULT_SAMPLE_INTERVAL_MS = 1000;

/**
 * The delay is measured over one-second windows, so a lag seen now lifts at the next window at the
 * earliest; two seconds give the process one window to drain before the client comes back.
 */
export const OVERLOADED_RETRY_AFTER_SECONDS = 2;

/**
 * Load shedding: while the event loop lags past `maxEventLoopDelayMs` (@fastify/under-pressure
 * measures the mean delay of a 10 ms timer over each sample), every request but the exempt ones
 * is answered 503 with Retry-After at once, in its interface's error format, before it can queue.
 *
 * This is not the in-flight queue (concurrency-limit.ts). The queue bounds how much database work
 * runs at once and makes the rest wait their turn; it cannot help when the process itself has no
 * CPU left, because then even waiting, parsing and answering from the cache get slow for everyone.
 * A lagging event loop is that case: every request taken on makes every other one later, so the
 * early 503 is cheaper for all. Register it after the response cache (a cache hit costs as little
 * as the 503) and before the concurrency limit (a refused request never takes a place in the queue).
 */
export async function registerLoadShedding(app: FastifyInstance, options: LoadSheddingOptions): Promise<void> {
  if (options.maxEventLoopDelayMs <= 0) return;
  const lagging = new BurstLog();
  const sampleIntervalMs = options.sampleIntervalMs ?? DEFAULT_SAMPLE_INTERVAL_MS;
  // Starting (building the app, migrations, the demo load on the embedded database) blocks the
  // loop for seconds, and under-pressure would report that lag for up to two samples after the
  // service is ready. Windows that began before the first request served are ignored.
  let servingSince: number | undefined;
  const measuresServing = () => servingSince !== undefined && Date.now() - servingSince > 2 * sampleIntervalMs;
  app.addHook('onRequest', (_request, _reply, done) => {
    if (servingSince === undefined && (options.isStarted?.() ?? true)) servingSince = Date.now();
    done();
  });
  await app.register(underPressure, {
    maxEventLoopDelay: options.maxEventLoopDelayMs,
    sampleInterval: sampleIntervalMs,
    // Returning nothing lets the request through; a rejection goes to the interface's error handler.
    pressureHandler: (request, _reply, type, value) => {
      if (options.exempt?.(request) || !measuresServing()) return undefined;
      lagging.note(type, (suppressedBefore) =>
        request.log.warn(
          { [type]: value === undefined ? undefined : Math.round(value), limit: options.maxEventLoopDelayMs, refusedBefore: suppressedBefore },
          'event loop lagging: refusing requests',
        ),
      );
      return Promise.reject(serviceUnavailable('The service is overloaded; try again shortly', OVERLOADED_RETRY_AFTER_SECONDS));
    },
  });
}
