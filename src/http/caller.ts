import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ENDED_SESSION, verifyApiKey } from '../auth/api-keys.js';
import { anonymousCaller, type Caller } from '../auth/caller.js';
import { CredentialShapeError, presentedCredential, type PresentedCredential } from '../auth/presented-credential.js';
import type { Clock } from '../clock.js';
import type { PrismaClient } from '../db/database.js';
import { clientOf } from './client-address.js';
import { badRequest, HttpError } from './errors.js';
import { interfaceOf, isOperatorRequest, type CredentialScope } from './interface-policy.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Who sent the request, resolved once by the hook of registerCallerResolution; null where no credential is read. */
    caller: Caller | null;
  }
  interface FastifyContextConfig {
    /** The 401 text deployed clients of the route's interface know for a wrong key (requireApiKey, src/http/api-key-check.ts). */
    invalidKeyMessage?: string;
    /** The route answers a wrong key itself, as data (the back office's token validation): it is not refused. */
    judgesItsKey?: boolean;
  }
}

/** The 401 text for a wrong key where the interface has no words of its own (/api, /graphql, the images). */
export const INVALID_KEY_MESSAGE = 'The API key or session token is invalid, expired or revoked';

/** Where a request's credential is read: its interface's declaration (src/http/interface-policy.ts). */
export function credentialScope(request: FastifyRequest): CredentialScope {
  return interfaceOf(request).credentials;
}

/**
 * The credential the request presents, by the one precedence (src/auth/presented-credential.ts), as
 * far as it is readable yet. A key sent as a list or an object is the interface's 400, naming it.
 * An interface that reads no credential (`none`) still has its headers and query string looked at:
 * a key presented there is checked too (registerCallerResolution), though it decides nothing.
 */
export function credentialPresented(request: FastifyRequest): PresentedCredential | undefined {
  const scope = credentialScope(request);
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
 * Resolves the caller of every request once, after its body is parsed: the presented key is looked
 * up in the database (a revoked key stops on its next request, on every instance) under the
 * failed-key brake. A key that is unknown, revoked or malformed, or a session token that has ended,
 * is refused with 401 on every request that presents one, read or write, in the interface's format
 * and words (`invalidKeyMessage`); a wrong key counts toward the brake whatever the request asked.
 * Anonymous requests stay anonymous. An interface that reads no credential (`none`: /api, the
 * images) checks a presented key the same way, but its caller stays anonymous: a valid key changes
 * nothing of its answers. An operator's endpoint (health, metrics) ignores keys. The interfaces, the
 * GraphQL context and the schema's authorization read `request.caller`.
 */
export function registerCallerResolution(app: FastifyInstance, options: CallerResolutionOptions): void {
  app.decorateRequest('caller', null);
  app.addHook('preHandler', async (request, reply) => {
    // An unknown path is a 404 with or without a key: there is nothing to protect.
    if (request.is404 || isOperatorRequest(request)) return;
    const scope = credentialScope(request);
    const presented = credentialPresented(request);
    const clientId = clientOf(request);
    if (!presented) {
      if (scope !== 'none') request.caller = anonymousCaller(clientId);
      return;
    }
    const verdict = await checkApiKey(request, reply, () => verifyApiKey(options.prisma, presented.secret, options.clock.now(), options.operatorToken));
    const credential = verdict === ENDED_SESSION ? null : verdict;
    const { invalidKeyMessage, judgesItsKey } = request.routeOptions.config;
    if (!credential && !judgesItsKey) throw new HttpError(401, invalidKeyMessage ?? INVALID_KEY_MESSAGE);
    if (scope !== 'none') request.caller = { authentication: credential ? 'valid' : 'invalid', credential, clientId };
  });
}

/** The request's caller; anonymous where no credential is read. */
export function callerOf(request: FastifyRequest): Caller {
  return request.caller ?? anonymousCaller(clientOf(request));
}
