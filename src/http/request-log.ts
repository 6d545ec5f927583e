import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { DestinationStream } from 'pino';
import { SECRET_PARAMETER_NAMES } from '../auth/presented-credential.js';

const SECRET_NAMES: ReadonlySet<string> = new Set(SECRET_PARAMETER_NAMES);

/**
 * Whether a query parameter's name, as written in the URL, names a credential: judged by meaning,
 * not spelling, so it is decoded first (`api%6Bey` is `apikey`, `+` a space), compared in any case,
 * and a bracketed form (`auth_token[]`) counts as its name. A name that does not decode is treated
 * as secret: the service cannot say what it means, and a redacted value costs nothing.
 */
function namesSecret(written: string): boolean {
  let name: string;
  try {
    name = decodeURIComponent(written.replace(/\+/g, ' '));
  } catch {
    return true;
  }
  return SECRET_NAMES.has(name.trim().toLowerCase().replace(/\[.*$/, ''));
}

/** The URL with the value of every credential parameter replaced by `[redacted]`; the path and other parameters as sent. */
export function redactUrl(url: string): string {
  const start = url.indexOf('?');
  if (start < 0) return url;
  const end = url.indexOf('#', start);
  const query = url.slice(start + 1, end < 0 ? undefined : end);
  const redacted = query
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals < 0 ? pair : pair.slice(0, equals);
      return equals >= 0 && namesSecret(name) ? `${name}=[redacted]` : pair;
    })
    .join('&');
  return `${url.slice(0, start + 1)}${redacted}${end < 0 ? '' : url.slice(end)}`;
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
