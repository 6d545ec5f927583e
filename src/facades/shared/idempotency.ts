// Retries without an idempotency key (the back office's writes and v3's add_extra_goal): a desk on a gym's Wi-Fi resends a request whose answer it
// never got. A key the client sends (`Idempotency-Key`, or `idempotency_key`) is used as it is;
// otherwise one is derived from the request, scoped to the game's last write (`LAST_WRITE`): the
// resent request replays the write it made while nothing else was written to the game since, and
// the same request sent again later (a goal recorded again after its deletion) is a new write.
// Stored keys belong to the API key the token speaks for (GameAuditEntry), so a desk that logged in
// again in between still finds its write; the token itself is left out of the key for that reason.
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { IdempotencyScope } from '../generated/graphql.js';

/** A write request's parameters: the query string's and the body's (form or JSON), by name. */
export type RequestFields = Record<string, unknown>;

/** Parameters that are not the request's content: the credential itself, and the client's own key. */
const NOT_CONTENT = new Set(['auth_token', 'apikey', 'idempotency_key']);

/** JSON with object keys sorted at every level: a form and a JSON body with the same parameters are one request. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, inner]) => inner !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, inner]) => `${JSON.stringify(key)}:${canonicalJson(inner)}`).join(',')}}`;
  }
  // Numbers and their text are one value: `team_id=5` in a form and `"team_id": 5` in JSON.
  return JSON.stringify(typeof value === 'number' || typeof value === 'boolean' ? String(value) : value);
}

export interface WriteIdempotency {
  idempotencyKey: string;
  idempotencyScope: IdempotencyScope;
}

/**
 * Short enough for a LAST_WRITE key (at most 78 characters): the interface's prefix (`bo:`, `v3:`)
 * and a SHA-256 in base64url.
 */
export function derivedKey(method: string, path: string, fields: RequestFields, prefix = 'bo'): string {
  const content = Object.fromEntries(Object.entries(fields).filter(([name]) => !NOT_CONTENT.has(name)));
  const digest = createHash('sha256')
    .update(`${method} ${path}\n${canonicalJson(content)}`)
    .digest('base64url');
  return `${prefix}:${digest}`;
}

export function writeIdempotency(request: FastifyRequest, fields: RequestFields, prefix = 'bo'): WriteIdempotency {
  const header = request.headers['idempotency-key'];
  const sent = (Array.isArray(header) ? header[0] : header) ?? (typeof fields.idempotency_key === 'string' ? fields.idempotency_key : undefined);
  if (sent !== undefined && sent.trim() !== '') return { idempotencyKey: sent.trim(), idempotencyScope: 'WRITE' };
  const path = request.url.split('?')[0];
  return { idempotencyKey: derivedKey(request.method, path, fields, prefix), idempotencyScope: 'LAST_WRITE' };
}
