import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors.js';

export interface ApiKeyCheck {
  /** The 401 texts deployed clients of the interface know. */
  missingMessage: string;
  invalidMessage: string;
}

/**
 * A keyed interface's scope: every route's request needs a valid key. The key was resolved once for
 * the request (src/http/caller.ts, under the failed-check brake), which refuses a wrong key on every
 * interface, in the words this check gives its routes (`invalidKeyMessage`); this refuses the
 * request in the interface's words when it presented none. What the key may read is the schema's
 * decision. Call before the scope's routes are registered.
 */
export function requireApiKey(scope: FastifyInstance, check: ApiKeyCheck): void {
  scope.addHook('onRoute', (route) => {
    route.config = { ...route.config, invalidKeyMessage: check.invalidMessage };
  });
  scope.addHook('preHandler', async (request) => {
    // An unknown path below the prefix is a 404 with or without a key: there is nothing to protect.
    if (request.is404) return;
    if ((request.caller?.authentication ?? 'none') === 'none') throw new HttpError(401, check.missingMessage);
  });
}
