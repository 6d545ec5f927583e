import type { FastifyInstance, FastifyRequest } from 'fastify';
import { verifyApiKey } from '../../auth/api-keys.js';
import { HttpError } from '../shared/errors.js';
import type { FacadeDependencies } from '../shared/facade.js';
import { checkApiKey } from '../../http/rate-limit.js';
import { registerResponseCache } from '../../http/response-cache.js';
import { clubRoutes, legacyParams, wantsJson } from './clubs.js';

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
export async function registerLegacyFacade(app: FastifyInstance, deps: FacadeDependencies, options: { responseCacheTtlMs: number }): Promise<void> {
  await app.register(
    async (legacy) => {
      // Errors and unknown paths: the application's one error path answers them in XML (src/http/error-handling.ts).
      legacy.addHook('preHandler', async (request, reply) => {
        const presented = legacyParams(request).apikey;
        if (presented === undefined || presented === '') throw new HttpError(401, 'Missing apikey parameter');
        if (!(await checkApiKey(request, reply, () => verifyApiKey(deps.prisma, presented)))) throw new HttpError(401, 'Invalid or revoked apikey');
      });
      // Answers are shared only after the key check above, which every request still passes through,
      // so a revoked key stops at once. `no-cache`: a client may keep a copy but must revalidate it.
      registerResponseCache(legacy, { ttlMs: options.responseCacheTtlMs, cacheable: () => true, stage: 'preHandler', key: legacyCacheKey, cacheControl: 'private, no-cache' });
      clubRoutes(legacy, deps);
    },
    { prefix: '/rest/v1.0/clubs' },
  );
}
