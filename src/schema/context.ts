import type { Clock } from '../clock.js';
import type { PrismaClient } from '../db/database.js';
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
}

export interface ContextDependencies {
  prisma: PrismaClient;
  clock: Clock;
  publicBaseUrl: string;
}

export function createContext(deps: ContextDependencies, internal = false): GraphQLContext {
  return { prisma: deps.prisma, clock: deps.clock, publicBaseUrl: deps.publicBaseUrl, loaders: createLoaders(deps.prisma), internal };
}

export function absoluteUrl(ctx: GraphQLContext, url: string | null): string | null {
  if (!url) return null;
  return url.startsWith('/') ? `${ctx.publicBaseUrl}${url}` : url;
}
