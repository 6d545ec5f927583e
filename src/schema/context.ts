import type { Caller } from '../auth/caller.js';
import { ANY_TIME, type StartWindow } from '../domain/live-game.js';
import { ANONYMOUS_IN_PROCESS } from '../auth/caller.js';
import type { Clock } from '../clock.js';
import type { PrismaClient } from '../db/database.js';
import type { LiveUpdates } from '../live/updates.js';
import { CallerAccess } from './authorization.js';
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
  /** Who sent the operation, resolved once for the request (src/http/caller.ts). */
  caller: Caller;
  /** The gate of every field that depends on who asks. */
  access: CallerAccess;
  /** When a game may be started (GAME_START_EARLY_MINUTES, GAME_START_LATE_MINUTES); any time when the app is built without one. */
  startWindow: StartWindow;
}

export interface ContextDependencies {
  prisma: PrismaClient;
  clock: Clock;
  publicBaseUrl: string;
  live?: LiveUpdates;
  startWindow?: StartWindow;
}

export interface ContextOptions {
  /** A facade's own document, run in process: no page-size limit, no live updates. */
  internal?: boolean;
  /** Who asks; anonymous and in process when not given. */
  caller?: Caller;
  /** A facade's write: its changes reach caches and subscribers as a /graphql mutation's do. */
  publishes?: boolean;
}

export function createContext(deps: ContextDependencies, options: ContextOptions = {}): GraphQLContext {
  const internal = options.internal ?? false;
  const caller = options.caller ?? ANONYMOUS_IN_PROCESS;
  return {
    prisma: deps.prisma,
    clock: deps.clock,
    publicBaseUrl: deps.publicBaseUrl,
    loaders: createLoaders(deps.prisma),
    internal,
    live: internal && !options.publishes ? null : (deps.live ?? null),
    caller,
    access: new CallerAccess(caller),
    startWindow: deps.startWindow ?? ANY_TIME,
  };
}

export function absoluteUrl(ctx: GraphQLContext, url: string | null): string | null {
  if (!url) return null;
  return url.startsWith('/') ? `${ctx.publicBaseUrl}${url}` : url;
}
