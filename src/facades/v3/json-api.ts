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

const TITLES: Record<number, string> = { 400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found', 413: 'Payload Too Large', 500: 'Internal Server Error' };

export function errorDocument(status: number, detail: string) {
  return { errors: [{ status: String(status), title: TITLES[status] ?? 'Error', detail }] };
}

export function identifier(type: string, id: number | string): ResourceIdentifier {
  return { type, id: String(id) };
}
