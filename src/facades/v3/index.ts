import type { FastifyInstance, FastifyRequest } from 'fastify';
import { firstText, headerKey, requireApiKey } from '../../http/api-key-check.js';
import { useErrorFormat } from '../../http/error-handling.js';
import type { FacadeDependencies } from '../shared/facade.js';
import { v3GamesRoutes } from './games.js';
import { jsonApiErrorFormat } from './json-api.js';
import { lineupRoutes } from './lineup.js';

/**
 * The key as v3 clients send it: `Authorization: Bearer <key>`, `X-Api-Key`, or the federation's
 * documented `auth_token` parameter (query or form). The request log redacts `auth_token` in URLs.
 */
function presentedKey(request: FastifyRequest): string | undefined {
  const header = headerKey(request.headers);
  if (header !== undefined) return header;
  const body = request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};
  return firstText((request.query as Record<string, unknown> | undefined)?.auth_token) ?? firstText(body.auth_token);
}

/** The lineup interface under /api/v3: every call needs a key; errors are JSON:API. */
export async function registerV3Facade(app: FastifyInstance, deps: FacadeDependencies): Promise<void> {
  await app.register(
    async (v3) => {
      useErrorFormat(v3, jsonApiErrorFormat);
      requireApiKey(v3, deps.prisma, {
        presented: presentedKey,
        missingMessage: 'An API key is required: Authorization: Bearer <key> or auth_token=<key>',
        invalidMessage: 'The API key is invalid or revoked',
      });
      lineupRoutes(v3, deps);
      v3GamesRoutes(v3, deps);
    },
    { prefix: '/api/v3' },
  );
}
