import type { ErrorFormat } from '../../http/error-format.js';

// The facades raise the service's HTTP errors; they are defined with the HTTP layer that answers them.
export {
  badRequest,
  DATABASE_RETRY_AFTER_SECONDS,
  HttpError,
  httpStatusOf,
  notFound,
  publicMessage,
  retryAfterOf,
  serviceUnavailable,
} from '../../http/errors.js';

/**
 * The main interface's error envelope (WIRE.md §5): clients loop "until type contains Error", others
 * read `data.message`/`data.code`, so both forms are always present. `request_id` is the id the
 * response also carries in X-Request-Id, and the one in the service's log line.
 */
export function errorEnvelope(status: number, message: string, requestId?: string) {
  return { type: 'Error', message, object: 'error', data: { message, code: status }, ...(requestId ? { request_id: requestId } : {}) };
}

/** The main interface's errors on the wire (both /api and the root). */
export const envelopeErrorFormat: ErrorFormat = (status, message, requestId) => ({
  contentType: 'application/json; charset=utf-8',
  body: JSON.stringify(errorEnvelope(status, message, requestId)),
});
