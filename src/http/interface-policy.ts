import type { FastifyRequest } from 'fastify';
import { noRouteMessage, type ErrorFormat, type NotFoundMessage } from './error-format.js';

/** What a browser may send to an interface: the preflight's Allow-Methods and Allow-Headers. */
export interface CorsPolicy {
  readonly methods: readonly string[];
  readonly allowedHeaders: readonly string[];
}

/**
 * Where a request's credential is read: `keyed`, an interface that needs one (headers, query and
 * body); `optional`, where a key may be presented (headers and query only: the body is the
 * operation); `none`, a public interface, which ignores any key.
 */
export type CredentialScope = 'keyed' | 'optional' | 'none';

/**
 * With whom an interface's GET answers may be shared by default (a route may declare otherwise):
 * `public`, every client (the app-wide response cache); `keyed`, every client whose key the
 * interface accepted (its own cache, after the key check); `private`, nobody: each answer is its
 * caller's (`privateAnswer`, src/http/private-answers.ts).
 */
export type InterfaceSharing = 'public' | 'keyed' | 'private';

/**
 * What an interface is, declared once on its scope (src/http/interfaces.ts `declareInterface`):
 * every app-wide hook reads it from the route it serves, and never from the URL.
 */
export interface InterfacePolicy {
  /** Its label in the metrics (`interface`): a handful of values. */
  readonly name: string;
  readonly credentials: CredentialScope;
  /** What a browser page on another origin may send; false: no CORS headers at all. */
  readonly cors: CorsPolicy | false;
  /** How its errors are rendered; status, message, Retry-After and logging are the same for all (error-handling.ts). */
  readonly errors: ErrorFormat;
  /** The text of a 404 for a path it does not know; "No route for GET /path" by default. */
  readonly notFoundMessage?: NotFoundMessage;
  /**
   * The URLs that are its own when no route matched them (errors before routing, 404s, refusals of
   * app-wide hooks): its scope's prefix by default; a wider family, or the path of a scope without
   * one. A claim ending in `/` claims only what is below it.
   */
  readonly claims?: string;
  /** The methods of its routes the OpenAPI document lists; none by default. */
  readonly documented?: readonly string[];
  readonly sharing?: InterfaceSharing;
  /**
   * An operator's endpoint (health, metrics): open while the service starts, never budgeted, shed,
   * queued for a slot or cut by the request deadline; it is most wanted when the service is busiest.
   */
  readonly operational?: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The interface the route belongs to, set by its scope's declaration. */
    interface?: InterfacePolicy;
  }
}

/** Whether `path` is at `prefix` or below it; a prefix ending in `/` claims only what is below it. */
function isUnder(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`);
}

/**
 * The declared interfaces by the URLs they claim: which interface a request is when no route
 * matched it. The longest claim wins; the fallback (the interface served at the root) answers the rest.
 */
export class InterfaceTable {
  private readonly claims: { prefix: string; policy: InterfacePolicy }[] = [];

  constructor(readonly fallback: InterfacePolicy) {}

  claim(prefix: string, policy: InterfacePolicy): void {
    this.claims.push({ prefix, policy });
    this.claims.sort((a, b) => b.prefix.length - a.prefix.length);
  }

  forUrl(url: string): InterfacePolicy {
    const path = url.split('?')[0];
    return this.claims.find((claim) => isUnder(path, claim.prefix))?.policy ?? this.fallback;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The declared interfaces; set on the app by registerErrorHandling, read by every scope. */
    interfaces?: InterfaceTable;
  }
}

/** The interface a request belongs to: its route's declaration, else (no route matched) the one whose URLs it is in. */
export function interfaceOf(request: FastifyRequest): InterfacePolicy {
  const declared = request.is404 ? undefined : request.routeOptions.config.interface;
  if (declared) return declared;
  const table = request.server.interfaces;
  if (!table) throw new Error('interfaceOf: registerErrorHandling must be called on the app first');
  return table.forUrl(request.url);
}

/** The text of a 404 for a path the interface does not know. */
export function notFoundMessageOf(policy: InterfacePolicy): NotFoundMessage {
  return policy.notFoundMessage ?? noRouteMessage;
}

/**
 * Whether a request is to an operator's endpoint (health, metrics): a route that exists and is
 * declared operational. An unknown URL under their paths is any client's request: budgeted, gated,
 * queued like the rest, so that no one floods the service through a 404 nobody counts.
 */
export function isOperatorRequest(request: FastifyRequest): boolean {
  return !request.is404 && request.routeOptions.config.interface?.operational === true;
}
