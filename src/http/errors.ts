// The errors every interface raises and how they map to HTTP: status, a client-readable message,
// Retry-After. Each interface renders them in its own format (error-format.ts).
import { databaseFailureOf } from '../db/failures.js';

/** An error the client caused or should see, with the HTTP status it maps to. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Seconds a client should wait before trying again (429, 503). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const notFound = (message: string) => new HttpError(404, message);
export const serviceUnavailable = (message: string, retryAfterSeconds: number) => new HttpError(503, message, retryAfterSeconds);

/** How long a client should wait when the database is away or too slow: the breaker probes at least every 2 s. */
export const DATABASE_RETRY_AFTER_SECONDS = { unreachable: 5, timeout: 2, busy: 1 } as const;

/** The status an error maps to: ours carry it, fastify's client errors (413, 415, …) too, a database failure is 503, anything else 500. */
export function httpStatusOf(error: Error & { statusCode?: number }): number {
  if (error instanceof HttpError) return error.status;
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) return error.statusCode;
  return databaseFailureOf(error) ? 503 : 500;
}

/** Texts for fastify's own client errors, whose messages may repeat the input (a URL with its key, a body). */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_BAD_URL: 'The URL is not valid: bad percent-encoding',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The body is empty but the content type says JSON',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Content-Length does not match the body',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The body is not valid JSON',
};

const STATUS_MESSAGES: Record<number, string> = {
  400: 'Bad request',
  404: 'Not found',
  405: 'Method not allowed',
  408: 'The request took too long to arrive',
  413: 'The request body is too large',
  414: 'The URL is too long',
  415: 'Unsupported content type',
  429: 'Too many requests',
  431: 'The request headers are too large',
  503: 'The service is not available; try again shortly',
};

const DATABASE_MESSAGES = {
  unreachable: 'The database is not available; try again shortly',
  timeout: 'The database took too long to answer; try again shortly',
  // Every pooled connection was in use: the same answer as a full request queue.
  busy: 'The service is busy; try again shortly',
} as const;

/**
 * What a client may read about an error: our own messages (written for clients), fixed texts for
 * everything else — never the inside of a 500 or text that repeats the request.
 */
export function publicMessage(error: Error & { code?: unknown }, status: number): string {
  if (error instanceof HttpError) return error.message;
  if (status === 503) {
    const failure = databaseFailureOf(error);
    return failure ? DATABASE_MESSAGES[failure] : STATUS_MESSAGES[503];
  }
  if (status >= 500) return 'Internal server error';
  if (typeof error.code === 'string' && FRAMEWORK_MESSAGES[error.code]) return FRAMEWORK_MESSAGES[error.code];
  if (error.name === 'SyntaxError') return FRAMEWORK_MESSAGES.FST_ERR_CTP_INVALID_JSON_BODY;
  if (status === 429) return error.message || STATUS_MESSAGES[429];
  if (typeof error.code === 'string' && error.code === 'FST_ERR_VALIDATION') return error.message;
  return STATUS_MESSAGES[status] ?? 'Bad request';
}

/** Seconds for Retry-After, when the error says when to come back. */
export function retryAfterOf(error: Error): number | undefined {
  if (error instanceof HttpError) return error.retryAfterSeconds;
  const failure = databaseFailureOf(error);
  return failure ? DATABASE_RETRY_AFTER_SECONDS[failure] : undefined;
}
