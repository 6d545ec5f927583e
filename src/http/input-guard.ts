import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.js';

/** PostgreSQL text cannot hold NUL (error 22021); refused here, for every interface, before any SQL. */
function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 8 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((item) => holdsNul(item, depth + 1));
  return Object.entries(value).some(([key, item]) => key.includes('\u0000') || holdsNul(item, depth + 1));
}

export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    if (holdsNul(request.query) || holdsNul(request.params) || holdsNul(request.body)) {
      done(badRequest('Parameters must not contain NUL characters'));
      return;
    }
    done();
  });
}
