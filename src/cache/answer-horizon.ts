/**
 * Each request's answer horizon (the horizon itself, and the clock that notes reads on it, are in
 * src/clock.ts): the response caches read it to keep an answer no longer than its clock readings hold.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AnswerHorizon, withinHorizon } from '../clock.js';

const requestHorizons = new WeakMap<FastifyRequest, AnswerHorizon>();

/** The horizon of a request's answer (its clock reads so far). */
export function horizonOf(request: FastifyRequest): AnswerHorizon | undefined {
  return requestHorizons.get(request);
}

/**
 * Gives each request a horizon its handler runs within. Entered in `preValidation`, after the body
 * is parsed (whose stream events run outside any request's context) and before the handler, which
 * every later hook and the handler's awaits then inherit.
 */
export function registerAnswerHorizons(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    const horizon = new AnswerHorizon();
    requestHorizons.set(request, horizon);
    withinHorizon(horizon, done);
  });
}
