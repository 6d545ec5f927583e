/**
 * What an answer turned out to be read from, when its handler knows more than its route could say
 * before it ran. A route declares its scope from the request alone (`config.changeScope`), and
 * some requests name a record only by what the handler resolves: a round's list names its group by
 * season, league, class and name, so its route can only declare the league. The handler, once it
 * has found the group, says the answer was read from that group alone, and the response caches keep
 * the answer under that scope (src/http/response-cache.ts).
 *
 * The declared scope still decides what a request may join and whether a build that straddled a
 * write may be kept; the narrowed one must name every record the answer shows that a write can
 * change, or a write to one of them would leave the answer stale.
 */
import type { FastifyRequest } from 'fastify';
import type { ScopeTag } from '../live/change-scope.js';

const narrowed = new WeakMap<FastifyRequest, readonly ScopeTag[]>();

/** The answer to `request` was read from these records only (each nameable by a live write). */
export function answerReadFrom(request: FastifyRequest, tags: readonly ScopeTag[]): void {
  narrowed.set(request, tags);
}

/** The scope the answer to `request` is kept under: the narrowed one, else what the route declared. */
export function answerScopeOf<Declared>(request: FastifyRequest, declared: Declared): readonly ScopeTag[] | Declared {
  return narrowed.get(request) ?? declared;
}
