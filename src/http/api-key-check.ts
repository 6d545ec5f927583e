import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors.js';

export interface ApiKeyCheck {
  /** The 401 texts deployed clients of the interface know. */
  missingMessage: string;
  invalidMessage: string;
}

/**
 * A keyed interface's scope: every route's request needs a valid key. The key was resolved once for
 * the request (src/http/caller.ts, under the failed-check brake); this only refuses the request in
 * the interface's words when there was none or it was wrong. What the key may read is the schema's
 * decision.
 */
export function requireApiKey(scope: FastifyInstance, check: ApiKeyCheck): void {
  scope.addHook('preHandler', async (request) => {
    // An unknown path below the prefix is a 404 with or without a key: there is nothing to protect.
    if (request.is404) return;
    const authentication = request.caller?.authentication ?? 'none';
    if (authentication === 'none') throw new HttpError(401, check.missingMessage);
    if (authentication === 'invalid') throw new HttpError(401, check.invalidMessage);
  });
}
