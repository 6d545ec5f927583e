import type { ErrorFormat } from '../../http/error-format.js';

/** JSON:API documents of the lineup interface (data / included / errors). */
export const JSON_API_TYPE = 'application/vnd.api+json';

export interface ResourceIdentifier {
  type: string;
  id: string;
}

export interface Resource extends ResourceIdentifier {
  attributes: Record<string, unknown>;
  relationships?: Record<string, { data: ResourceIdentifier | ResourceIdentifier[] | null }>;
}

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  413: 'Payload Too Large',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** JSON:API error objects; `meta.request_id` is the X-Request-Id of the response. */
export function errorDocument(status: number, detail: string, requestId?: string) {
  return { errors: [{ status: String(status), title: TITLES[status] ?? 'Error', detail, ...(requestId ? { meta: { request_id: requestId } } : {}) }] };
}

/** The lineup interface's errors on the wire. */
export const jsonApiErrorFormat: ErrorFormat = (status, message, requestId) => ({ contentType: JSON_API_TYPE, body: JSON.stringify(errorDocument(status, message, requestId)) });

export function identifier(type: string, id: number | string): ResourceIdentifier {
  return { type, id: String(id) };
}
