import type { FastifyContextConfig, FastifyRequest } from 'fastify';
import { scopeOf, scopeTag, type ChangeScope, type ScopeKind, type ScopeTag } from '../../live/change-scope.js';

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

/** The tag of the record a query parameter names, or of `fallback` (the route's default) when it is absent. */
export function queryTag(request: FastifyRequest, kind: ScopeKind, param: string, fallback?: number): ScopeTag | undefined {
  const value = (request.query as Record<string, unknown>)[param];
  return scopeTag(kind, value === undefined ? fallback : value);
}

/** Whether the query names a parameter at all. */
export const names = (request: FastifyRequest, param: string): boolean => (request.query as Record<string, unknown>)[param] !== undefined;

/**
 * The route config of an answer no game write changes (the leagues, groups and seasons offered):
 * only data changed wholesale, an import, drops it.
 */
export const readsNoGameData: FastifyContextConfig = { changeScope: () => [] };

/**
 * A league's table, list or feed, or the team's or club's that a parameter names in its place:
 * a write in another league leaves it cached. The league named, else the route's default one.
 */
export function leagueOrOwnerScope(
  request: FastifyRequest,
  defaultLeague: number,
  owners: readonly [ScopeKind, string][] = [],
  /** `standings` for a league's table: a write to a game whose result does not count yet (a live goal) keeps it. */
  leagueKind: 'league' | 'standings' = 'league',
): ChangeScope {
  const owner = owners.find(([, param]) => names(request, param));
  if (!owner) return scopeOf(queryTag(request, leagueKind, 'league', defaultLeague));
  // An owner chooses the league unless one is named too; then the answer is read from both.
  return scopeOf(queryTag(request, owner[0], owner[1]), ...(names(request, 'league') ? [queryTag(request, leagueKind, 'league')] : []));
}
