// The public keys results are signed with, as a JSON Web Key Set (RFC 7517) at the well-known path
// JOSE libraries fetch (jose's createRemoteJWKSet, jwcrypto, web-token): public, the same for every
// reader, cacheable. A rotation adds a key; a verifier meeting an unknown `kid` fetches the set
// again, so five minutes of caching never fails a new signature for long.
import type { FastifyInstance } from 'fastify';
import { signingKeySet } from '../auth/result-signing-keys.js';
import type { PrismaClient } from '../db/database.js';
import { entityTagOf, notModified } from './entity-tags.js';
import { declareServiceEndpoints } from './interfaces.js';

export const JWKS_PATH = '/.well-known/jwks.json';
const JWKS_TYPE = 'application/jwk-set+json';

export async function registerJwks(app: FastifyInstance, prisma: PrismaClient): Promise<void> {
  await app.register(async (jwks) => {
    declareServiceEndpoints(jwks, { name: 'jwks', claims: JWKS_PATH, openToPages: true });
    jwks.get(JWKS_PATH, async (request, reply) => {
      const body = JSON.stringify(await signingKeySet(prisma));
      const etag = entityTagOf(JWKS_TYPE, body);
      reply.header('Cache-Control', 'public, max-age=300').header('ETag', etag);
      if (notModified(request.headers['if-none-match'], etag)) return reply.code(304).send();
      return reply.header('Content-Type', JWKS_TYPE).send(body);
    });
  });
}
