import type { FastifyInstance, FastifyRequest } from 'fastify';
import { verifyApiKey, type ApiCredential } from '../auth/api-keys.js';
import type { PrismaClient } from '../db/database.js';
import { HttpError } from './errors.js';
import { checkApiKey } from './rate-limit.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The key a request of a keyed interface was let in with (requireApiKey); null elsewhere. */
    apiCredential: ApiCredential | null;
  }
}

export interface ApiKeyCheck {
  /** The key as this interface's clients send it; undefined or '' when they sent none. */
  presented(request: FastifyRequest): unknown;
  /** The 401 texts deployed clients of the interface know. */
  missingMessage: string;
  invalidMessage: string;
}

/**
 * A keyed interface's scope: every route's request needs a valid key, checked in a preHandler hook
 * (under the failed-check brake) and left on the request as `apiCredential` for the handlers' own
 * permission checks. Revoked keys stop working at once: nothing is cached.
 */
export function requireApiKey(scope: FastifyInstance, prisma: PrismaClient, check: ApiKeyCheck): void {
  scope.decorateRequest('apiCredential', null);
  scope.addHook('preHandler', async (request, reply) => {
    // An unknown path below the prefix is a 404 with or without a key: there is nothing to protect.
    if (request.is404) return;
    const presented = check.presented(request);
    if (presented === undefined || presented === '') throw new HttpError(401, check.missingMessage);
    const credential = await checkApiKey(request, reply, () => verifyApiKey(prisma, presented));
    if (!credential) throw new HttpError(401, check.invalidMessage);
    request.apiCredential = credential;
  });
}

export function firstText(value: unknown): string | undefined {
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' ? first : undefined;
}

/** A key sent in a header, as v3 and GraphQL clients send it: `Authorization: Bearer <key>` or `X-Api-Key`. */
export function headerKey(headers: FastifyRequest['headers']): string | undefined {
  const authorization = headers.authorization;
  if (authorization?.startsWith('Bearer ')) return authorization.slice(7).trim();
  return firstText(headers['x-api-key']);
}

/** The credential requireApiKey's hook left on the request. */
export function credentialOf(request: FastifyRequest): ApiCredential {
  if (!request.apiCredential) throw new Error(`no API key check ran for ${request.routeOptions.url}`);
  return request.apiCredential;
}
