import type { ErrorFormat } from '../../http/error-format.js';
import { badRequest } from '../shared/errors.js';

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
export const jsonApiErrorFormat: ErrorFormat = (status, message, requestId) => ({
  contentType: JSON_API_TYPE,
  body: JSON.stringify(errorDocument(status, message, requestId)),
});

export function identifier(type: string, id: number | string): ResourceIdentifier {
  return { type, id: String(id) };
}

/** A compound document's `included`: each type and id once, in first-seen order, as JSON:API requires. */
export function uniqueResources(resources: Resource[]): Resource[] {
  const seen = new Map<string, Resource>();
  for (const resource of resources) {
    const key = `${resource.type}:${resource.id}`;
    if (!seen.has(key)) seen.set(key, resource);
  }
  return [...seen.values()];
}

/**
 * The `include` parameter: comma-separated relationship paths the endpoint offers. JSON:API asks for
 * a 400 when one is not offered; an empty `include` counts as absent, as every empty parameter does.
 */
export function includePaths<const T extends string>(raw: unknown, offered: readonly T[]): Set<T> {
  if (Array.isArray(raw)) throw badRequest('include takes one value, got a list: name the paths once, comma-separated');
  const first = raw;
  if (first === undefined || first === null || first === '') return new Set();
  const paths = String(first)
    .split(',')
    .map((path) => path.trim());
  const unknown = paths.filter((path) => !(offered as readonly string[]).includes(path));
  if (unknown.length) throw badRequest(`include takes ${offered.join(', ')}, got "${unknown.join(',')}"`);
  return new Set(paths as T[]);
}
