import type { FastifyContextConfig, FastifyRequest } from 'fastify';
import { scopeOf, scopeTag, type ChangeScope, type ScopeKind } from '../../live/change-scope.js';

/**
 * The route config of an answer read from the one record a path parameter names (a game's page,
 * a player's statistics): a live write elsewhere keeps it cached (src/http/response-cache.ts).
 */
export function readsOneRecord(kind: ScopeKind, param: string): FastifyContextConfig {
  return { changeScope: (request) => scopeOf(scopeTag(kind, (request.params as Record<string, unknown>)[param])) };
}

/** The scope of an answer read from the one record a query parameter names. */
export function queryRecordScope(request: FastifyRequest, kind: ScopeKind, param: string): ChangeScope {
  return scopeOf(scopeTag(kind, (request.query as Record<string, unknown>)[param]));
}
