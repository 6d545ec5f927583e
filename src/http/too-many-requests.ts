import type { FastifyReply } from 'fastify';
import type { WindowState } from './fixed-window.js';

/** Which limit refused a request (the metrics count refusals by it): a budget per minute, the failed-key brake, the session cap. */
export type Limiter = 'public' | 'key' | 'auth_failures' | 'sessions';

/**
 * A refused request. It is thrown, not sent: fastify hands it to the error handler of the interface
 * the request belongs to, which renders it in that interface's own error format (JSON envelope,
 * JSON:API, XML) from `statusCode` and `message`.
 */
export class TooManyRequestsError extends Error {
  readonly statusCode = 429;

  constructor(
    readonly retryAfterSeconds: number,
    readonly limiter: Limiter,
    what = 'Too many requests',
  ) {
    super(`${what}; try again in ${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}`);
    this.name = 'TooManyRequestsError';
  }
}

/** Seconds a client waits, as @fastify/rate-limit rounds them (never 0, which would invite a retry loop). */
export function secondsOf(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}

/** The headers that tell a client what it has left (IETF draft names, as @fastify/rate-limit sends them), in the order sent. */
export const BUDGET_HEADERS = ['ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset'] as const;

/** Those headers' values for what a client has left, in BUDGET_HEADERS' order. */
export function budgetHeaderValues(state: WindowState): string[] {
  return [String(state.limit), String(state.remaining), String(state.resetSeconds)];
}

/** Sets the headers of what a client has left on an answer. */
export function tellBudget(reply: FastifyReply, state: WindowState): void {
  const values = budgetHeaderValues(state);
  for (const [i, name] of BUDGET_HEADERS.entries()) reply.header(name, values[i]);
}

/**
 * Sets the headers @fastify/rate-limit sends with its own 429s (IETF draft names) and returns the
 * error to throw, for the limits this service counts itself.
 */
export function refuse(reply: FastifyReply, limit: number, retryAfterSeconds: number, what: string, limiter: Limiter): TooManyRequestsError {
  tellBudget(reply, { limit, remaining: 0, resetSeconds: retryAfterSeconds });
  reply.header('retry-after', retryAfterSeconds);
  return new TooManyRequestsError(retryAfterSeconds, limiter, what);
}
