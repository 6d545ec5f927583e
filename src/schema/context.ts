import type { Clock } from '../clock.js';
import type { PrismaClient } from '../db/database.js';
import type { LiveUpdates } from '../live/updates.js';
import { createLoaders, type Loaders } from './loaders.js';

/** What every resolver sees; built fresh per request (and per in-process facade execution). */
export interface GraphQLContext {
  prisma: PrismaClient;
  clock: Clock;
  /** Absolute base for the relative /media/... URLs stored with records. */
  publicBaseUrl: string;
  loaders: Loaders;
  /** Set for the facades' own documents, which may exceed the public page-size limit. */
  internal: boolean;
  /** Live writes and subscriptions; null where none are served (the facades' own documents, benchmarks). */
  live: LiveUpdates | null;
  caller: Caller;
}

/** Who sent the operation, as far as writes and subscription limits ask. */
export interface Caller {
  /** The API key as presented (`Authorization: Bearer …` or `X-Api-Key`); null without one. Never logged. */
  presentedKey: string | null;
  /** The client's address, which subscriptions are counted by. */
  clientId: string;
}

const IN_PROCESS: Caller = { presentedKey: null, clientId: 'in-process' };

export interface ContextDependencies {
  prisma: PrismaClient;
  clock: Clock;
  publicBaseUrl: string;
  live?: LiveUpdates;
}

export function createContext(deps: ContextDependencies, internal = false, caller: Caller = IN_PROCESS): GraphQLContext {
  return { prisma: deps.prisma, clock: deps.clock, publicBaseUrl: deps.publicBaseUrl, loaders: createLoaders(deps.prisma), internal, live: internal ? null : (deps.live ?? null), caller };
}

export function absoluteUrl(ctx: GraphQLContext, url: string | null): string | null {
  if (!url) return null;
  return url.startsWith('/') ? `${ctx.publicBaseUrl}${url}` : url;
}
