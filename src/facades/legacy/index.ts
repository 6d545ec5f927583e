import type { FastifyInstance } from 'fastify';
import { verifyApiKey } from '../../auth/api-keys.js';
import { HttpError, httpStatusOf, publicMessage } from '../shared/errors.js';
import type { FacadeDependencies } from '../shared/facade.js';
import { clubRoutes, legacyParams, sendLegacy } from './clubs.js';
import { errorElement } from './xml.js';

/** The legacy XML club interface: every call needs `apikey`; errors are XML too. */
export async function registerLegacyFacade(app: FastifyInstance, deps: FacadeDependencies): Promise<void> {
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
      clubRoutes(legacy, deps);
    },
    { prefix: '/rest/v1.0/clubs' },
  );
}
