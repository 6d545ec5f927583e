import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireApiKey } from '../../http/api-key-check.js';
import { useErrorFormat } from '../../http/error-handling.js';
import type { FacadeDependencies } from '../shared/facade.js';
import { jsonApiErrorFormat } from './json-api.js';
import { lineupRoutes } from './lineup.js';

/** The key as lineup clients send it: `Authorization: Bearer <key>`, or `X-Api-Key`. */
function presentedKey(request: FastifyRequest): string | undefined {
  const authorization = request.headers.authorization;
  if (authorization?.startsWith('Bearer ')) return authorization.slice(7).trim();
  const header = request.headers['x-api-key'];
  return typeof header === 'string' ? header : undefined;
}

/** The lineup interface under /api/v3: every call needs a key; errors are JSON:API. */
export async function registerV3Facade(app: FastifyInstance, deps: FacadeDependencies): Promise<void> {
  await app.register(
    async (v3) => {
      useErrorFormat(v3, jsonApiErrorFormat);
      requireApiKey(v3, deps.prisma, {
        presented: presentedKey,
        missingMessage: 'An API key is required: Authorization: Bearer <key>',
        invalidMessage: 'The API key is invalid or revoked',
      });
      lineupRoutes(v3, deps);
    },
    { prefix: '/api/v3' },
  );
}
