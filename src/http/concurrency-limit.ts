import type { FastifyInstance } from 'fastify';

export interface ConcurrencyLimitOptions {
  /** Requests worked on at once; the rest wait in arrival order. */
  maxInFlight: number;
  /** Requests that never wait (health checks). */
  exempt?: (url: string) => boolean;
}

/**
 * Bounds the requests being worked on at once. What a request holds while it runs (rows, GraphQL
 * results, response objects) is then bounded too, which is what makes the heap cap of
 * `npm run serve` safe: without the bound, a burst of large responses could outgrow it. Finishing a
 * few requests at a time instead of interleaving fifty also raised throughput a little
 * (README "Performance"). Responses from the response cache never wait: its hook answers first.
 */
export function registerConcurrencyLimit(app: FastifyInstance, options: ConcurrencyLimitOptions): void {
  if (options.maxInFlight <= 0) return;
  let inFlight = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else inFlight -= 1;
  };
  app.addHook('onRequest', (request, reply, done) => {
    if (options.exempt?.(request.url)) return done();
    let state: 'waiting' | 'working' | 'closed' = 'waiting';
    const work = () => {
      state = 'working';
      done();
    };
    // 'close' comes once: after the response is sent, or when the client goes away, waiting or not.
    reply.raw.once('close', () => {
      if (state === 'working') release();
      else if (state === 'waiting') waiting.splice(waiting.indexOf(work), 1);
      state = 'closed';
    });
    if (inFlight < options.maxInFlight) {
      inFlight += 1;
      work();
    } else {
      waiting.push(work); // a finishing request hands its slot over
    }
  });
}
