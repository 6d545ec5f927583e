import type { FastifyInstance, FastifyRequest } from 'fastify';
import { verifyApiKey } from '../../auth/api-keys.js';
import { HttpError, httpStatusOf, publicMessage } from '../shared/errors.js';
import type { FacadeDependencies } from '../shared/facade.js';
import { registerResponseCache } from '../../http/response-cache.js';
import { clubRoutes, legacyParams, sendLegacy, wantsJson } from './clubs.js';
import { errorElement } from './xml.js';

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
      legacy.setErrorHandler((error: Error, request, reply) => {
        const status = httpStatusOf(error);
        if (status >= 500) request.log.error({ err: error }, 'request failed');
        return sendLegacy(request, reply, errorElement(status, publicMessage(error, status)), status);
      });
      legacy.setNotFoundHandler((request, reply) => sendLegacy(request, reply, errorElement(404, `No resource ${request.url.split('?')[0]}`), 404));
      legacy.addHook('preHandler', async (request) => {
        const presented = legacyParams(request).apikey;
        if (presented === undefined || presented === '') throw new HttpError(401, 'Missing apikey parameter');
        if (!(await verifyApiKey(deps.prisma, presented))) throw new HttpError(401, 'Invalid or revoked apikey');
      });
      // Answers are shared only after the key check above, which every request still passes through,
      // so a revoked key stops at once. `no-cache`: a client may keep a copy but must revalidate it.
      registerResponseCache(legacy, { ttlMs: options.responseCacheTtlMs, cacheable: () => true, stage: 'preHandler', key: legacyCacheKey, cacheControl: 'private, no-cache' });
      clubRoutes(legacy, deps);
    },
    { prefix: '/rest/v1.0/clubs' },
  );
}
