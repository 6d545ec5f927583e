import type { ServerResponse } from 'node:http';
import { finished } from 'node:stream';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** Requests received and not answered yet (set by registerGracefulClose). */
    openRequests?: () => number;
  }
}

export interface GracefulClose {
  /** close() has begun: readiness says so. */
  closing(): boolean;
}

/**
 * fastify options for a close that cuts no request: idle keep-alive connections are closed at
 * once, and a request read from a connection that was open before the close is served (with
 * `Connection: close`), not refused with fastify's bare 503: its client sent it before it could
 * know.
 */
export const gracefulCloseOptions: Pick<FastifyServerOptions, 'forceCloseConnections' | 'return503OnClosing'> = {
  forceCloseConnections: 'idle',
  return503OnClosing: false,
};

/**
 * Makes `app.close()` a drain. fastify stops listening and closes idle keep-alive connections;
 * requests in flight run to their end. Node keeps a keep-alive connection that was busy at close
 * open after its answer, until keepAliveTimeout (72 s) or the client ends it, and close() would
 * wait for it: so every answer from then on says `Connection: close`, and a connection whose answer
 * had already begun is closed once that answer is out.
 */
export function registerGracefulClose(app: FastifyInstance): GracefulClose {
  let closing = false;
  const open = new Set<ServerResponse>();
  app.decorate('openRequests', () => open.size);

  app.addHook('onRequest', (_request, reply, done) => {
    const response = reply.raw;
    open.add(response);
    finished(response, () => open.delete(response));
    if (closing) response.setHeader('connection', 'close');
    done();
  });

  app.addHook('preClose', (done) => {
    closing = true;
    for (const response of open) {
      if (!response.headersSent) response.setHeader('connection', 'close');
      else response.once('finish', () => setImmediate(() => app.server.closeIdleConnections()));
    }
    done();
  });

  return { closing: () => closing };
}
