import { createHash } from 'node:crypto';
import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../clock.js';
import type { PrismaClient } from '../db/database.js';
import { credentialPresented, credentialScope } from './caller.js';
import { clientOf } from './client-address.js';
import { FixedWindowCounter, type WindowState } from './fixed-window.js';
import { brakeKey, KeyCheckBrake } from './key-check-brake.js';
import { SessionCap } from './session-cap.js';
import { refuse, secondsOf, tellBudget, TooManyRequestsError, type Limiter } from './too-many-requests.js';
import { isRefresh } from './refresh-ahead.js';
import { isOperatorRequest } from './interface-policy.js';

export interface RateLimitConfig {
  /** Requests per minute per client address to /api, its root aliases, /graphql without a key and /media. */
  publicPerMinute: number;
  /** Requests per minute per API key to /api/v3, /rest/v1.0/clubs and /graphql with a key. */
  keyPerMinute: number;
  /** Failed API key checks per client address and window; beyond them its keyed requests get 429. */
  authFailures: number;
  authFailureWindowMs: number;
  /** New favorite sessions per client address per hour. */
  sessionsPerHour: number;
}

const MINUTE_MS = 60_000;
/**
 * Clients each budget remembers (least recently seen are forgotten; about 200 bytes each). A client
 * that keeps sending stays recent, so what is forgotten is idle clients, whose count was low anyway.
 */
const CLIENTS_REMEMBERED = 20_000;

/** The limits the facades consult at their key checks and session changes, and GraphQL over WebSocket at its connections and operations. */
export interface ClientLimits {
  keyChecks?: KeyCheckBrake;
  sessions?: SessionCap;
  /** The public budget, by client address as `clientKey` names it; absent when off. */
  publicBudget?: Budget;
  /** The key budget, by `keyBucketOf`; absent when off. */
  keyBudget?: Budget;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `in-body`: a POST may open favorite sessions through operations in its body (GraphQL), which the session cap reads before they run. */
    opensSessions?: 'in-body';
  }
  interface FastifyInstance {
    /** Set by registerRateLimits; absent when rate limits are off. */
    clientLimits?: ClientLimits;
  }
}

type RequestClass = 'exempt' | 'keyed' | 'public';

/**
 * Which budget a request spends: a keyed interface's request, and a request to an interface where a
 * key is optional that presents one, spend their key's; every other request its client address's
 * public budget. Read from the interface's declaration on the matched route, so a path spelled
 * differently (percent-encoded, trailing slash) cannot move a keyed request to another class.
 */
export function requestClass(request: FastifyRequest): RequestClass {
  // An operator's endpoint (health, metrics), and a route that opts out with @fastify/rate-limit's own `config: { rateLimit: false }`.
  if (isOperatorRequest(request) || request.routeOptions.config.rateLimit === false) return 'exempt';
  // The service's own rebuild of a cached answer (refresh-ahead) is no client's request.
  if (isRefresh(request)) return 'exempt';
  const scope = credentialScope(request);
  if (scope === 'keyed' || (scope === 'optional' && credentialPresented(request) !== undefined)) return 'keyed';
  return 'public';
}

/** A keyed request whose key may be a form or JSON field, which only exists once the body is parsed. */
function keyMayBeInBody(request: FastifyRequest): boolean {
  return credentialScope(request) === 'keyed' && !['GET', 'HEAD', 'OPTIONS'].includes(request.method) && credentialPresented(request) === undefined;
}

/** Keys are counted by a hash, so no key is held in memory or can reach a log through a counter; a keyed request without a key by its address. */
function keyBucket(request: FastifyRequest): string {
  return keyBucketOf(credentialPresented(request)?.secret, clientOf(request));
}

/** The key budget's bucket of a presented secret, or of the client address (as `clientKey` names it) when no key was presented. */
export function keyBucketOf(secret: string | undefined, client: string): string {
  return secret !== undefined ? `key:${createHash('sha256').update(secret).digest('base64url').slice(0, 22)}` : `ip:${client}`;
}

/**
 * A budget per minute (a client address's, or a key's). A request is paid for when it arrives, so a
 * burst cannot slip through on the last unit.
 */
export class Budget {
  private readonly counter: FixedWindowCounter;
  /** Units given back per bucket and window: a client that sends on through an outage without pausing is slowed once they run out. */
  private readonly refunds: FixedWindowCounter;
  private readonly paid = new WeakSet<FastifyRequest>();

  constructor(
    perMinute: number,
    private readonly bucketOf: (request: FastifyRequest) => string,
    private readonly limiter: Limiter,
  ) {
    this.counter = new FixedWindowCounter(perMinute, MINUTE_MS, CLIENTS_REMEMBERED);
    this.refunds = new FixedWindowCounter(refundsPerWindow(perMinute), MINUTE_MS, CLIENTS_REMEMBERED);
  }

  /** Pays for the request once, or refuses it when its budget is spent. */
  spend(request: FastifyRequest, reply: FastifyReply): void {
    if (this.paid.has(request)) return;
    const bucket = this.bucketOf(request);
    const left = this.take(bucket);
    if (!left) {
      const state = this.counter.state(bucket);
      throw refuse(reply, state.limit, state.resetSeconds, 'Too many requests', this.limiter);
    }
    this.paid.add(request);
    tellBudget(reply, left);
  }

  /** Takes one unit of a bucket: what is left then, or undefined, taking nothing, when it is spent. */
  take(bucket: string): WindowState | undefined {
    return this.counter.take(bucket, 1) ? this.counter.state(bucket) : undefined;
  }

  /** What a bucket has left, and when it is full again (the retry hint of a refusal). */
  state(bucket: string): WindowState {
    return this.counter.state(bucket);
  }

  /** Gives back a unit taken with `take` in the bucket's current window: work outside fastify (a WebSocket operation) answered 503. */
  giveBack(bucket: string): void {
    if (this.refunds.take(bucket, 1)) this.counter.giveBack(bucket, 1);
  }

  /**
   * Gives back what a request paid (a key's request answered 503: a desk that retries its write
   * through an outage keeps its budget), up to the bucket's refunds of the window.
   */
  refund(request: FastifyRequest): void {
    if (this.paid.has(request)) this.giveBack(this.bucketOf(request));
  }
}

/**
 * Refunds a bucket gets per window: one a second (a desk retrying its write through an outage once a
 * second keeps its whole budget, however small the budget is), or a quarter of the budget where that
 * is more. A client that resends without pausing (hundreds a second, each answered 503) spends them
 * within a second, then pays for every 503, so its budget ends its loop with 429s instead of letting
 * it run forever.
 */
export function refundsPerWindow(perMinute: number): number {
  return Math.max(REFUNDS_PER_MINUTE, Math.floor(perMinute / 4));
}

const REFUNDS_PER_MINUTE = 60;

/** What the budgets give the rest of the app: the public budget by client, for the cache hits answered before fastify (src/http/hit-fast-path.ts). */
export interface Budgets {
  /** Takes one unit of a client address's public budget (as `clientKey` names it); undefined when spent or when there is no public limit. */
  takePublic?: (client: string) => WindowState | undefined;
}

export interface RateLimitDependencies {
  prisma: PrismaClient;
  clock: Clock;
  /** GRAPHQL_MAX_TOKENS: the session cap reads GraphQL mutations before yoga does, within the same bound. */
  graphqlMaxTokens: number;
}

/**
 * Per-client budgets (docs/operations.md "Rate limits", docs/security.md "Budgets"). Nothing is registered without
 * `limits`, and a limit of 0 is off. Counters live in this process: each instance behind a load
 * balancer counts its own clients. Call before the response cache and the concurrency limit, so
 * cache hits are counted and refused requests never wait for a slot.
 */
export async function registerRateLimits(app: FastifyInstance, limits: RateLimitConfig | undefined, deps: RateLimitDependencies): Promise<Budgets> {
  if (!limits) return {};
  await app.register(rateLimit, {
    global: false,
    enableDraftSpec: true,
    // An error, not a body: the interface's own error handler renders it in its format.
    errorResponseBuilder: (request, context) => new TooManyRequestsError(secondsOf(context.ttl), requestClass(request) === 'keyed' ? 'key' : 'public'),
  });
  const options = (max: number, timeWindow: number, keyGenerator: (request: FastifyRequest) => string): RateLimitOptions => ({
    max,
    timeWindow,
    keyGenerator,
    cache: CLIENTS_REMEMBERED,
  });
  const publicBudget = limits.publicPerMinute > 0 ? new Budget(limits.publicPerMinute, clientOf, 'public') : undefined;
  const keyBudget = limits.keyPerMinute > 0 ? new Budget(limits.keyPerMinute, keyBucket, 'key') : undefined;
  const brake =
    limits.authFailures > 0 ? new KeyCheckBrake(app.createRateLimit(options(limits.authFailures, limits.authFailureWindowMs, brakeKey))) : undefined;
  const sessions =
    limits.sessionsPerHour > 0
      ? new SessionCap(limits.sessionsPerHour, { prisma: deps.prisma, clock: deps.clock, maxTokens: deps.graphqlMaxTokens }, clientOf)
      : undefined;
  app.decorate('clientLimits', { keyChecks: brake, sessions, publicBudget, keyBudget } satisfies ClientLimits);

  app.addHook('onRequest', async (request, reply) => {
    const kind = requestClass(request);
    if (kind === 'public') {
      publicBudget?.spend(request, reply);
      return;
    }
    if (kind !== 'keyed') return;
    // Checked here too (the facades check again right before verifying): a closed brake answers
    // before the request waits for a slot of the concurrency limit or has its body read.
    await brake?.assertOpen(request, reply);
    if (!keyMayBeInBody(request)) keyBudget?.spend(request, reply);
  });
  if (keyBudget) {
    app.addHook('preValidation', async (request, reply) => {
      // The requests whose key could only be read from the body: paid for now that it is parsed.
      if (requestClass(request) === 'keyed') keyBudget.spend(request, reply);
    });
    app.addHook('onResponse', async (request, reply) => {
      if (reply.statusCode === 503) keyBudget.refund(request);
    });
  }
  if (sessions) {
    app.addHook('preHandler', async (request, reply) => {
      if (request.method === 'POST' && request.routeOptions.config.opensSessions === 'in-body') await sessions.graphqlRequest(request, reply);
    });
  }
  return { takePublic: publicBudget ? (client) => publicBudget.take(client) : undefined };
}

/**
 * Runs a REST favorite change (`run` answers the sid in use afterwards) under the cap on new
 * sessions per client. Without rate limits it just runs.
 */
export function changeSession(request: FastifyRequest, reply: FastifyReply, sid: string | null, run: () => Promise<string>): Promise<string> {
  const sessions = request.server.clientLimits?.sessions;
  return sessions ? sessions.change(request, reply, sid, run) : run();
}
