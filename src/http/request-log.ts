import { LogController, type FastifyBaseLogger, type FastifyServerOptions } from 'fastify';
import type { DestinationStream } from 'pino';
import { SECRET_PARAMETER_NAMES } from '../auth/presented-credential.js';
import { requestIdOf, type AnsweredStep } from './request-pipeline.js';

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

/** Whether a logger writes the request lines (`info`): the line's fields are not even gathered otherwise, as hits are the hot path. */
function logsRequests(log: FastifyBaseLogger): boolean {
  return (LEVEL_VALUES[log.level] ?? Number.POSITIVE_INFINITY) <= LEVEL_VALUES.info;
}

/** pino's numbers of the levels LOG_LEVEL names (`silent` writes nothing): pino is fastify's, not a dependency of ours to import. */
const LEVEL_VALUES: Record<string, number> = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60 };

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
 * One log line per request, written when it is answered (a step of the request pipeline, so a hit
 * the fast path replays has its line too): method, URL with its secrets redacted, status, time,
 * client address. The request id goes back to the client in X-Request-Id (and in error bodies), so
 * a report can be matched with its line.
 */
export function requestLogLine(log: FastifyBaseLogger): AnsweredStep {
  return (answer) => {
    if (!logsRequests(log)) return;
    log.info(
      { reqId: answer.id, method: answer.method, url: redactUrl(answer.url), status: answer.status, ms: Math.round(answer.ms * 10) / 10, ip: answer.ip },
      'request',
    );
  };
}
