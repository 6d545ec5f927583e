import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectionError, FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { databaseFailureOf } from '../db/failures.js';
import { BurstLog } from './burst-log.js';
import type { ErrorFormat } from './error-format.js';
import { httpStatusOf, publicMessage, retryAfterOf } from './errors.js';
import { notFoundMessageOf, type InterfacePolicy, type InterfaceTable } from './interface-policy.js';

/** What the error handlers of every scope share: one burst log of 503s for the whole service. */
interface ErrorHandling {
  unavailable: BurstLog;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Set on the app by registerErrorHandling; every scope's handlers read it. */
    errorHandling?: ErrorHandling;
  }
}

function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  format: ErrorFormat,
  status: number,
  message: string,
  retryAfterSeconds?: number,
): FastifyReply {
  const { contentType, body } = format(status, message, request.id, request.headers.accept);
  if (retryAfterSeconds !== undefined) reply.header('retry-after', String(retryAfterSeconds));
  return reply.status(status).type(contentType).send(body);
}

function firstLine(error: Error): string {
  return (error.message.split('\n').filter(Boolean).pop() ?? error.name).slice(0, 200);
}

/**
 * The one error sequence of every interface: status from the error, a message a client may read,
 * Retry-After and the request id, in the format `errorsOf` names. A 500 is logged with its stack,
 * because it is a bug; a 503 (database away or slow, service busy) is logged once per burst,
 * because it is weather.
 */
function setErrorHandlers(
  scope: FastifyInstance,
  handling: ErrorHandling,
  errorsOf: (request: FastifyRequest) => InterfacePolicy,
  withNotFound: boolean,
): void {
  scope.setErrorHandler((error: FastifyError, request, reply) => {
    const status = httpStatusOf(error);
    if (status === 503) {
      const cause = databaseFailureOf(error) ?? 'busy';
      handling.unavailable.note(cause, (suppressed) => request.log.warn({ cause, reason: firstLine(error), suppressedBefore: suppressed }, 'answering 503'));
    } else if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
    }
    return sendError(request, reply, errorsOf(request).errors, status, publicMessage(error, status), retryAfterOf(error));
  });
  if (!withNotFound) return;
  scope.setNotFoundHandler((request, reply) => {
    const policy = errorsOf(request);
    return sendError(request, reply, policy.errors, 404, notFoundMessageOf(policy)(request.method, request.url.split('?')[0]));
  });
}

/**
 * The app's own error and 404 handlers, for what no interface's scope answers: unknown paths outside
 * every prefix, in the format of the interface whose URLs they are in (`interfaces`, the fallback
 * for the rest). Call before the interfaces are declared (src/http/interfaces.ts).
 */
export function registerErrorHandling(app: FastifyInstance, interfaces: InterfaceTable): void {
  const handling: ErrorHandling = { unavailable: new BurstLog() };
  app.decorate('errorHandling', handling);
  app.decorate('interfaces', interfaces);
  setErrorHandlers(app, handling, (request) => interfaces.forUrl(request.url), true);
}

/**
 * An interface's error handler and, when its scope's prefix is what it claims, its 404 handler, in
 * its format. Any other scope shares the app's unknown paths (fastify allows one 404 handler per
 * prefix), which the app's handler answers through the table of claims.
 */
export function setInterfaceErrorHandlers(scope: FastifyInstance, policy: InterfacePolicy): void {
  const handling = scope.errorHandling;
  if (!handling) throw new Error('declareInterface: registerErrorHandling must be called on the app first');
  setErrorHandlers(scope, handling, () => policy, scope.prefix !== '' && (policy.claims ?? scope.prefix) === scope.prefix);
}

const CLIENT_ERROR_STATUS: Record<string, number> = {
  HPE_HEADER_OVERFLOW: 431,
  ERR_HTTP_REQUEST_TIMEOUT: 408,
};

/**
 * fastify options for errors raised before routing, in the format of the interface the URL names:
 * fastify's own (a bad %-escape in the URL), with no echo of the URL; and Node's HTTP parser's
 * (headers too large, a malformed request), answered on the socket with a fixed text.
 */
export function preRoutingErrors(interfaces: InterfaceTable): Pick<FastifyServerOptions, 'frameworkErrors' | 'clientErrorHandler'> {
  return {
    frameworkErrors: (error, request, reply) => {
      const status = httpStatusOf(error);
      sendError(request as FastifyRequest, reply as FastifyReply, interfaces.forUrl(request.url).errors, status, publicMessage(error, status));
    },
    clientErrorHandler: (error: ConnectionError, socket: Socket) => {
      if (error.code === 'ECONNRESET' || !socket.writable) {
        socket.destroy();
        return;
      }
      const status = CLIENT_ERROR_STATUS[error.code ?? ''] ?? 400;
      // Node hands over a Buffer; fastify's type describes it as the Buffer's JSON form.
      const packet: unknown = error.rawPacket;
      const requestLine = Buffer.isBuffer(packet) ? packet.subarray(0, 256).toString('latin1').split('\r\n')[0] : '';
      const url = requestLine.split(' ')[1] ?? '';
      const { contentType, body } = interfaces.forUrl(url).errors(status, publicMessage(error, status), undefined, undefined);
      socket.end(
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Type: ${contentType}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      );
    },
  };
}
