import type { FastifyInstance, FastifyRequest, RouteHandlerMethod } from 'fastify';
import { serviceUnavailable } from './errors.js';

const DEADLINE_RETRY_AFTER_SECONDS = 2;

/**
 * A per-request deadline: a handler still working when the request is `timeoutMs` old (time spent
 * waiting for a slot included) is answered 503 with Retry-After, in the interface's format, and
 * its late result is dropped. The database statements behind it end by their own timeouts.
 */
export function registerRequestDeadline(app: FastifyInstance, options: { timeoutMs: number; exempt?: (request: FastifyRequest) => boolean }): void {
  if (options.timeoutMs <= 0) return;
  app.addHook('onRoute', (route) => {
    const handler = route.handler as (...args: Parameters<RouteHandlerMethod>) => unknown;
    route.handler = function withDeadline(request, reply) {
      // Decided per request, here where the body is parsed: a GraphQL subscription is a stream that
      // lasts as long as its client listens, on the same route (and with the same Accept header) as
      // queries that the deadline must bound.
      if (options.exempt?.(request)) return handler.call(this, request, reply);
      const work = Promise.resolve(handler.call(this, request, reply));
      const left = options.timeoutMs - reply.elapsedTime;
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => reject(serviceUnavailable('The request took too long; try again shortly', DEADLINE_RETRY_AFTER_SECONDS)), Math.max(0, left));
      });
      work.catch(() => undefined); // a late failure of a request already answered
      return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
    };
  });
}
