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
}

export interface ContextDependencies {
  prisma: PrismaClient;
  clock: Clock;
  publicBaseUrl: string;
}

export function createContext(deps: ContextDependencies): GraphQLContext {
  return { ...deps, loaders: createLoaders(deps.prisma) };
}

export function absoluteUrl(ctx: GraphQLContext, url: string | null): string | null {
  if (!url) return null;
  return url.startsWith('/') ? `${ctx.publicBaseUrl}${url}` : url;
}
