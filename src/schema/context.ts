import { getOperationAST, Kind, type DocumentNode } from 'graphql';
import type { Caller } from '../auth/caller.js';
import { ANY_TIME, type StartWindow } from '../domain/live-game.js';
import { ANONYMOUS_IN_PROCESS } from '../auth/caller.js';
import type { Clock } from '../clock.js';
import type { PrismaClient } from '../db/database.js';
import type { ReadReplicas } from '../db/replicas.js';
import type { LiveUpdates } from '../live/updates.js';
import type { WebhookHandle } from '../live/webhooks/service.js';
import { CallerAccess } from './authorization.js';
import type { GameGoals, KeptRows } from './game-goals.js';
import { createLoaders, type Loaders } from './loaders.js';

/**
 * What every resolver sees; built fresh per request (and per in-process facade execution).
 *
 * Read replicas (DATABASE_REPLICA_URLS): `prisma` is where the operation reads. It is the primary
 * until `readFromReplica` decides otherwise, when a query operation (a /graphql query, a facade's
 * GET document) starts that reads only public league data; then it is a caught-up replica, if one
 * is (src/db/replicas.ts). Mutations, subscriptions, and queries of data that must be seen at once
 * after a write from any instance (sessions, keys, audits: PRIMARY_ROOT_FIELDS) keep the primary.
 * `primary` is always the primary: the resolvers of that data read through it, so that they stay
 * right wherever they are reached from.
 */
export interface GraphQLContext {
  prisma: PrismaClient;
  primary: PrismaClient;
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
  /** The failed-check brake for secrets a resolver checks itself (a person's password); null without rate limits. */
  secretChecks: SecretChecks | null;
  /** Webhooks' allowed hosts and delivery (src/live/webhooks/service.ts); none allowed and none delivered when the app has none. */
  webhooks: WebhookHandle;
  /** Games' goals and the top-scorer tables' totals, kept across requests by game version (src/schema/game-goals.ts); null: every table reads its goals whole. */
  keptGoals: KeptRows<GameGoals> | null;
}

/**
 * The failed-key brake (src/http/key-check-brake.ts) as a resolver uses it, by the caller's client
 * address: whether it is closed for the client, and a failed check counted.
 */
export interface SecretChecks {
  /** Closed: how long, and the refusal's text as every interface words it. */
  closedFor(clientId: string): Promise<{ retryAfterSeconds: number; message: string } | undefined>;
  failed(clientId: string): Promise<void>;
}

export interface ContextDependencies {
  /** The primary database. */
  prisma: PrismaClient;
  /** Where public reads may go instead; absent without replicas. */
  replicas?: Pick<ReadReplicas, 'pick'>;
  clock: Clock;
  publicBaseUrl: string;
  live?: LiveUpdates;
  startWindow?: StartWindow;
  /** Absent without rate limits: then no check is braked. */
  secretChecks?: SecretChecks;
  /** Absent: no host is allowed beyond https ones, and nothing is delivered from this process. */
  webhooks?: WebhookHandle;
  /** Absent: every top-scorer table reads every goal it counts. */
  keptGoals?: KeptRows<GameGoals>;
}

export interface ContextOptions {
  /** A facade's own document, run in process: no page-size limit, no live updates. */
  internal?: boolean;
  /** Who asks; anonymous and in process when not given. */
  caller?: Caller;
  /** A facade's write: its changes reach caches and subscribers as a /graphql mutation's do. */
  publishes?: boolean;
}

const NO_WEBHOOK_DELIVERY: WebhookHandle = { allowedHosts: [], wake: () => undefined, created: () => undefined };

export function createContext(deps: ContextDependencies, options: ContextOptions = {}): GraphQLContext {
  const internal = options.internal ?? false;
  const caller = options.caller ?? ANONYMOUS_IN_PROCESS;
  return {
    prisma: deps.prisma,
    primary: deps.prisma,
    clock: deps.clock,
    publicBaseUrl: deps.publicBaseUrl,
    loaders: createLoaders(deps.prisma, deps.clock),
    internal,
    live: internal && !options.publishes ? null : (deps.live ?? null),
    caller,
    access: new CallerAccess(caller),
    startWindow: deps.startWindow ?? ANY_TIME,
    secretChecks: deps.secretChecks ?? null,
    webhooks: deps.webhooks ?? NO_WEBHOOK_DELIVERY,
    keptGoals: deps.keptGoals ?? null,
  };
}

/**
 * The query fields whose data a write must show at once, on any instance: sessions, keys, audits, webhooks and
 * reporting, and `node`/`nodes`, which may fetch a key or an audit entry by its id. Their writes are
 * not on the change feed (only live game writes are), so the read-your-own-writes fence of the
 * replicas cannot cover them.
 */
const PRIMARY_ROOT_FIELDS = new Set([
  'favoriteSession',
  'apiKeys',
  'apiKeysConnection',
  'gameAudit',
  'gameAuditConnection',
  'reportSession',
  'reportableGame',
  'reportableGames',
  'node',
  'nodes',
  'webhooks',
  'webhook',
]);

/** Whether the operation is a query that asks only for public league data (any replica that is caught up may answer it). */
export function readsPublicDataOnly(document: DocumentNode, operationName?: string | null): boolean {
  const operation = getOperationAST(document, operationName);
  if (operation?.operation !== 'query') return false;
  return operation.selectionSet.selections.every(
    // A fragment at the root could hide such a field: the primary answers it.
    (selection) => selection.kind === Kind.FIELD && !PRIMARY_ROOT_FIELDS.has(selection.name.value),
  );
}

/**
 * Points the operation's reads at a caught-up replica when it reads only public data (decided once,
 * as it starts: every statement of one answer comes from one server).
 */
export function readFromReplica(ctx: GraphQLContext, deps: Pick<ContextDependencies, 'replicas'>, document: DocumentNode, operationName?: string | null): void {
  if (!deps.replicas || !readsPublicDataOnly(document, operationName)) return;
  const replica = deps.replicas.pick(ctx.primary);
  if (replica === ctx.prisma) return;
  ctx.prisma = replica;
  ctx.loaders = createLoaders(replica, ctx.clock);
}

export function absoluteUrl(ctx: GraphQLContext, url: string | null): string | null {
  if (!url) return null;
  return url.startsWith('/') ? `${ctx.publicBaseUrl}${url}` : url;
}
