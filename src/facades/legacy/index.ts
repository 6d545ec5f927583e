import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireApiKey } from '../../http/api-key-check.js';
import { declareInterface } from '../../http/interfaces.js';
import { registerResponseCache } from '../../http/response-cache.js';
import type { ChangeFeed } from '../../live/changes.js';
import type { SharedAnswerSpace } from '../../cache/shared-answer-store.js';
import type { FacadeDependencies } from '../shared/facade.js';
import { clubRoutes, wantsJson } from './clubs.js';
import { LEGACY_INTERFACE } from './interface.js';

/**
 * What a legacy answer depends on: the URL without the key (every valid key reads the same data)
 * and whether the client asked for JSON instead of XML.
 */
export function legacyCacheKey(request: FastifyRequest): string {
  const url = new URL(request.url, 'http://legacy');
  url.searchParams.delete('apikey');
  return `${wantsJson(request) ? 'json' : 'xml'} ${url.pathname}?${url.searchParams.toString()}`;
}

export interface LegacyCacheOptions {
  responseCacheTtlMs: number;
  changes?: ChangeFeed;
  /** The legacy space of the shared answer store (SHARED_ANSWER_STORE=database); absent, each process keeps its own. */
  shared?: SharedAnswerSpace;
}

/** The legacy XML club interface: every call needs `apikey`; errors are XML too. */
export async function registerLegacyFacade(app: FastifyInstance, deps: FacadeDependencies, options: LegacyCacheOptions): Promise<void> {
  await app.register(
    async (rest) => {
      // Declared at /rest: every /rest/ URL is the interface's (interface.ts).
      declareInterface(rest, LEGACY_INTERFACE);
      await rest.register(async (legacy) => registerClubs(legacy, deps, options), { prefix: '/v1.0/clubs' });
    },
    { prefix: '/rest' },
  );
}

function registerClubs(legacy: FastifyInstance, deps: FacadeDependencies, options: LegacyCacheOptions): void {
  requireApiKey(legacy, {
    missingMessage: 'Missing apikey parameter',
    invalidMessage: 'Invalid or revoked apikey',
  });
  // Answers are shared only after the key check above, which every request still passes through,
  // so a revoked key stops at once; the same holds for the shared store, which this cache asks only
  // on a miss, after the check. Its key leaves the key out: every valid key reads the same data.
  // `no-cache`: a client may keep a copy but must revalidate it.
  registerResponseCache(legacy, {
    ttlMs: options.responseCacheTtlMs,
    sharing: 'keyed',
    stage: 'preHandler',
    key: legacyCacheKey,
    cacheControl: 'private, no-cache',
    changes: options.changes,
    shared: options.shared,
  });
  clubRoutes(legacy, deps);
}
