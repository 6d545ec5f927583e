import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorEnvelope } from '../facades/shared/errors.js';
import { errorElement, legacyPayload } from '../facades/legacy/xml.js';
import { errorDocument, JSON_API_TYPE } from '../facades/v3/json-api.js';

/** The interfaces the service answers, each with its own error format. */
export type Interface = 'api' | 'v3' | 'legacy' | 'graphql';

/** Which interface a URL belongs to; the main interface is also served at the root, so it is the default. */
export function interfaceOf(url: string): Interface {
  if (url.startsWith('/rest/')) return 'legacy';
  if (url.startsWith('/api/v3/') || url === '/api/v3' || url.startsWith('/api/v3?')) return 'v3';
  if (url === '/graphql' || url.startsWith('/graphql?') || url.startsWith('/graphql/')) return 'graphql';
  return 'api';
}

const GRAPHQL_CODES: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  429: 'RATE_LIMITED',
  431: 'BAD_REQUEST',
  503: 'SERVICE_UNAVAILABLE',
};

export interface ErrorBody {
  contentType: string;
  body: string;
}

/** An error in the interface's own format: JSON envelope, JSON:API, XML (or JSON when asked), GraphQL errors. */
export function errorBody(iface: Interface, status: number, message: string, requestId: string | undefined, accept = ''): ErrorBody {
  switch (iface) {
    case 'legacy':
      return legacyPayload(errorElement(status, message, requestId), accept);
    case 'v3':
      return { contentType: JSON_API_TYPE, body: JSON.stringify(errorDocument(status, message, requestId)) };
    case 'graphql': {
      const code = GRAPHQL_CODES[status] ?? (status >= 500 ? 'INTERNAL_SERVER_ERROR' : 'BAD_REQUEST');
      return { contentType: 'application/json; charset=utf-8', body: JSON.stringify({ errors: [{ message, extensions: { code, ...(requestId ? { requestId } : {}) } }] }) };
    }
    case 'api':
      return { contentType: 'application/json; charset=utf-8', body: JSON.stringify(errorEnvelope(status, message, requestId)) };
  }
}

/** Sends an error in the format of the interface the request was for. */
export function sendError(request: FastifyRequest, reply: FastifyReply, status: number, message: string, retryAfterSeconds?: number): FastifyReply {
  const { contentType, body } = errorBody(interfaceOf(request.url), status, message, request.id, request.headers.accept);
  if (retryAfterSeconds !== undefined) reply.header('retry-after', String(retryAfterSeconds));
  return reply.status(status).type(contentType).send(body);
}
