import type { FastifyInstance, FastifyRequest } from 'fastify';

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

/** Whether a response cache may keep or serve this request's answer at all. */
export function isPrivateAnswer(request: FastifyRequest): boolean {
  const declared = request.routeOptions.config?.privateAnswer;
  return typeof declared === 'function' ? declared(request) : declared === true;
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
