import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/**
 * The service's own rebuild of a cached answer a write superseded (refresh-ahead,
 * src/http/response-cache.ts) is a request to itself marked by this header. Its value is this
 * process's secret: no client can send one to bypass the cache or the rate limits.
 */
const REFRESH_HEADER = 'x-refresh-ahead';
const TOKEN = randomBytes(16).toString('hex');

export const refreshHeaders: Readonly<Record<string, string>> = { [REFRESH_HEADER]: TOKEN };

export function isRefresh(request: FastifyRequest): boolean {
  return request.headers[REFRESH_HEADER] === TOKEN;
}

/**
 * What a superseded answer says while its rebuild runs: it may be kept, never served again
 * without asking (it is no longer the latest).
 */
export const SUPERSEDED_CACHE_CONTROL = 'public, no-cache';
