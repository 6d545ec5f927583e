import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireApiKey } from '../../http/api-key-check.js';
import { useErrorFormat } from '../../http/error-handling.js';
import { registerResponseCache } from '../../http/response-cache.js';
import type { ChangeFeed } from '../../live/changes.js';
import type { FacadeDependencies } from '../shared/facade.js';
import { clubRoutes, wantsJson } from './clubs.js';
import { legacyErrorFormat } from './xml.js';

/**
 * What a legacy answer depends on: the URL without the key (every valid key reads the same data)
 * and whether the client asked for JSON instead of XML.
 */
export function legacyCacheKey(request: FastifyRequest): string {
  const url = new URL(request.url, 'http://legacy');
  url.searchParams.delete('apikey');
  return `${wantsJson(request) ? 'json' : 'xml'} ${url.pathname}?${url.searchParams.toString()}`;
}

/** The legacy XML club interface: every call needs `apikey`; errors are XML too. */
export async function registerLegacyFacade(
  app: FastifyInstance,
  deps: FacadeDependencies,
  options: { responseCacheTtlMs: number; changes?: ChangeFeed },
): Promise<void> {
  await app.register(
    async (legacy) => {
      // Every /rest/ URL, not only the clubs, was this XML service's: errors before routing there stay XML.
      useErrorFormat(legacy, legacyErrorFormat, { urls: '/rest/', notFoundMessage: (_method, path) => `No resource ${path}` });
      requireApiKey(legacy, {
        missingMessage: 'Missing apikey parameter',
        invalidMessage: 'Invalid or revoked apikey',
      });
      // Answers are shared only after the key check above, which every request still passes through,
      // so a revoked key stops at once. `no-cache`: a client may keep a copy but must revalidate it.
      registerResponseCache(legacy, {
        ttlMs: options.responseCacheTtlMs,
        sharing: 'keyed',
        stage: 'preHandler',
        key: legacyCacheKey,
        cacheControl: 'private, no-cache',
        changes: options.changes,
      });
      clubRoutes(legacy, deps);
    },
    { prefix: '/rest/v1.0/clubs' },
  );
}
