import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CredentialShapeError, presentedCredential } from '../auth/presented-credential.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Whether the route's answer to this request belongs to its caller (it shows a session, or
     * data a key decided): never stored by a response cache, and `Cache-Control: private, no-store`
     * for browsers and proxies.
     */
    privateAnswer?: boolean | ((request: FastifyRequest) => boolean);
  }
}

export const PRIVATE_CACHE_CONTROL = 'private, no-store';

/**
 * Whether the request presents a key in its headers or query string (a malformed one too). The
 * public cache looks answers up before the key is checked (src/http/caller.ts), so such a request
 * is never answered from it, nor is its answer kept: a wrong or revoked key gets its 401.
 */
function presentsKey(request: FastifyRequest): boolean {
  try {
    return presentedCredential({ headers: request.headers, query: request.query }) !== undefined;
  } catch (error) {
    if (error instanceof CredentialShapeError) return true;
    throw error;
  }
}

/** Whether a response cache may keep or serve this request's answer at all. */
export function isPrivateAnswer(request: FastifyRequest): boolean {
  const declared = request.routeOptions.config?.privateAnswer;
  if (typeof declared === 'function' ? declared(request) : declared === true) return true;
  return request.routeOptions.config?.responseCache === 'public' && presentsKey(request);
}

/** A write's answer (any method but GET, HEAD and OPTIONS) is its caller's too. */
function isWrite(request: FastifyRequest): boolean {
  return !['GET', 'HEAD', 'OPTIONS'].includes(request.method);
}

/**
 * Marks every answer that belongs to its caller `private, no-store`, unless the route set its own
 * Cache-Control: the answers of private routes, and every write's on a route that declares nothing
 * (a route that declares `privateAnswer: false` decides per request itself, as /graphql does), so
 * that no browser or shared proxy keeps a session's or a key's answer for anybody else.
 */
export function registerPrivateAnswers(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.hasHeader('cache-control')) return payload;
    const declared = request.routeOptions.config?.privateAnswer;
    if (isPrivateAnswer(request) || (declared === undefined && isWrite(request))) reply.header('cache-control', PRIVATE_CACHE_CONTROL);
    return payload;
  });
}
