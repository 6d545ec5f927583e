import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { DestinationStream } from 'pino';

/** Query parameters that grant access: API keys, tokens, session ids. Their values never reach a log. */
const SECRET_PARAMETER = /([?&](?:apikey|api_key|api-key|auth_token|access_token|token|key|sid|secret|password)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  return url.includes('?') ? url.replace(SECRET_PARAMETER, '$1[redacted]') : url;
}

/** A caller's X-Request-Id when it is a plain token (a load balancer's), else a new one. */
const CALLER_ID = /^[A-Za-z0-9._:-]{1,64}$/;

export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && CALLER_ID.test(given) ? given : randomUUID();
}

/** Whether a logger writes the request lines (`info`): the line's fields are not even gathered otherwise, as hits are the hot path. */
export function logsRequests(log: FastifyBaseLogger): boolean {
  return (LEVEL_VALUES[log.level] ?? Number.POSITIVE_INFINITY) <= LEVEL_VALUES.info;
}

/** pino's numbers of the levels LOG_LEVEL names (`silent` writes nothing): pino is fastify's, not a dependency of ours to import. */
const LEVEL_VALUES: Record<string, number> = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60 };

/** The fields of a request's log line (besides its id): the same for a hit the fast path answers (src/http/hit-fast-path.ts). */
export function requestLine(method: string, url: string, status: number, ms: number, ip: string | undefined) {
  return { method, url: redactUrl(url), status, ms: Math.round(ms * 10) / 10, ip };
}

/** Fastify options for logging: a redacting request serializer and no built-in per-request lines. */
export function loggingOptions(level: string, stream?: DestinationStream): Pick<FastifyServerOptions, 'logger' | 'logController' | 'genReqId'> {
  return {
    logger: {
      level,
      ...(stream ? { stream } : {}),
      serializers: {
        req: (request: { method?: string; url?: string }) => ({ method: request.method, url: redactUrl(request.url ?? '') }),
      },
    },
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: 'reqId' }),
    genReqId: requestIdOf,
  };
}

/**
 * One log line per request, written when the response is finished: method, URL with its secrets
 * redacted, status, time. The request id goes back to the client in X-Request-Id (and in error
 * bodies), so a report can be matched with its line.
 */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    if (logsRequests(request.log)) request.log.info(requestLine(request.method, request.url, reply.statusCode, reply.elapsedTime, request.ip), 'request');
    done();
  });
}
