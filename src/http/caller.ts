import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ENDED_SESSION, verifyApiKey } from '../auth/api-keys.js';
import { anonymousCaller, type Caller } from '../auth/caller.js';
import { CredentialShapeError, presentedCredential, type PresentedCredential } from '../auth/presented-credential.js';
import type { Clock } from '../clock.js';
import type { PrismaClient } from '../db/database.js';
import { clientOf } from './client-address.js';
import { badRequest } from './errors.js';
import { interfaceOf, type CredentialScope } from './interface-policy.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Who sent the request, resolved once by the hook of registerCallerResolution; null where no credential is read. */
    caller: Caller | null;
  }
}

/** Where a request's credential is read: its interface's declaration (src/http/interface-policy.ts). */
export function credentialScope(request: FastifyRequest): CredentialScope {
  return interfaceOf(request).credentials;
}

/**
 * The credential the request presents, by the one precedence (src/auth/presented-credential.ts), as
 * far as it is readable yet. A key sent as a list or an object is the interface's 400, naming it.
 */
export function credentialPresented(request: FastifyRequest): PresentedCredential | undefined {
  const scope = credentialScope(request);
  if (scope === 'none') return undefined;
  try {
    return presentedCredential({ headers: request.headers, query: request.query, body: scope === 'keyed' ? request.body : undefined });
  } catch (error) {
    if (error instanceof CredentialShapeError) throw badRequest(error.message);
    throw error;
  }
}

/**
 * Runs a key check under the failed-check brake: 429 while the client's brake is closed, and a
 * failed check (`verify` answered null) counted. Without rate limits it just verifies.
 */
export function checkApiKey<T>(request: FastifyRequest, reply: FastifyReply, verify: () => Promise<T | null>): Promise<T | null> {
  const brake = request.server.clientLimits?.keyChecks;
  return brake ? brake.check(request, reply, verify) : verify();
}

export interface CallerResolutionOptions {
  prisma: PrismaClient;
  /** Session tokens expire by it. */
  clock: Clock;
  /** The embedded database's per-start operator token (src/auth/api-keys.ts); none on PostgreSQL. */
  operatorToken?: string;
}

/**
 * Resolves the caller of every request to an interface that reads credentials once, after its body is parsed: the presented
 * key is looked up in the database (a revoked key stops on its next request, on every instance)
 * under the failed-key brake, which thus covers /api/v3, the legacy interface and GraphQL writes
 * alike. The interfaces, the GraphQL context and the schema's authorization read `request.caller`.
 */
export function registerCallerResolution(app: FastifyInstance, options: CallerResolutionOptions): void {
  app.decorateRequest('caller', null);
  app.addHook('preHandler', async (request, reply) => {
    // An unknown path is a 404 with or without a key: there is nothing to protect.
    if (request.is404 || credentialScope(request) === 'none') return;
    const presented = credentialPresented(request);
    const clientId = clientOf(request);
    if (!presented) {
      request.caller = anonymousCaller(clientId);
      return;
    }
    const verdict = await checkApiKey(request, reply, () => verifyApiKey(options.prisma, presented.secret, options.clock.now(), options.operatorToken));
    const credential = verdict === ENDED_SESSION ? null : verdict;
    request.caller = { authentication: credential ? 'valid' : 'invalid', credential, clientId };
  });
}

/** The request's caller; anonymous where no credential is read. */
export function callerOf(request: FastifyRequest): Caller {
  return request.caller ?? anonymousCaller(clientOf(request));
}
