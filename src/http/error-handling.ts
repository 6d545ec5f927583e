import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectionError, FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { databaseFailureOf } from '../db/failures.js';
import { httpStatusOf, publicMessage, retryAfterOf } from '../facades/shared/errors.js';
import { BurstLog } from './burst-log.js';
import { errorBody, interfaceOf, sendError } from './error-reply.js';

/**
 * The one error path of every interface: status from the error, a message a client may read, the
 * interface's own format (src/http/error-reply.ts). A 500 is logged with its stack, because it is
 * a bug; a 503 (database away or slow, service busy) is logged once per burst, because it is weather.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  const unavailable = new BurstLog();
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = httpStatusOf(error);
    if (status === 503) {
      const cause = databaseFailureOf(error) ?? 'busy';
      unavailable.note(cause, (suppressed) => request.log.warn({ cause, reason: firstLine(error), suppressedBefore: suppressed }, 'answering 503'));
    } else if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
    }
    return sendError(request, reply, status, publicMessage(error, status), retryAfterOf(error));
  });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    const message = interfaceOf(request.url) === 'legacy' ? `No resource ${path}` : `No route for ${request.method} ${path}`;
    return sendError(request, reply, 404, message);
  });
}

function firstLine(error: Error): string {
  return (error.message.split('\n').filter(Boolean).pop() ?? error.name).slice(0, 200);
}

/** fastify's own errors before routing (a bad %-escape in the URL): the interface's format, no echo of the URL. */
export const frameworkErrors: NonNullable<FastifyServerOptions['frameworkErrors']> = (error, request, reply) => {
  const status = httpStatusOf(error);
  sendError(request as FastifyRequest, reply as FastifyReply, status, publicMessage(error, status));
};

const CLIENT_ERROR_STATUS: Record<string, number> = {
  HPE_HEADER_OVERFLOW: 431,
  ERR_HTTP_REQUEST_TIMEOUT: 408,
};

/**
 * Errors Node's HTTP parser raises before fastify sees a request (headers too large, malformed
 * request): answered on the socket in the format of the interface the request line names, with a
 * fixed text, never the input.
 */
export function clientErrorHandler(error: ConnectionError, socket: Socket): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const status = CLIENT_ERROR_STATUS[error.code ?? ''] ?? 400;
  // Node hands over a Buffer; fastify's type describes it as the Buffer's JSON form.
  const packet: unknown = error.rawPacket;
  const requestLine = Buffer.isBuffer(packet) ? packet.subarray(0, 256).toString('latin1').split('\r\n')[0] : '';
  const url = requestLine.split(' ')[1] ?? '';
  const { contentType, body } = errorBody(interfaceOf(url), status, publicMessage(error, status), undefined);
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Type: ${contentType}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}
