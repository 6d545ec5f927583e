import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { setInterfaceErrorHandlers } from './error-handling.js';
import type { InterfacePolicy, InterfaceSharing } from './interface-policy.js';

/** Whether a route answers GET (HEAD twins are declared apart and answer from the same cache entries). */
function readsByGet(route: RouteOptions): boolean {
  return [route.method].flat().some((method) => method === 'GET' || method === 'HEAD');
}

/** What `sharing` sets on a route that declares nothing of its own. */
function sharingConfig(sharing: InterfaceSharing | undefined, route: RouteOptions): Pick<RouteOptions['config'] & object, 'responseCache' | 'privateAnswer'> {
  if (sharing === 'private') return { privateAnswer: true };
  if ((sharing === 'public' || sharing === 'keyed') && readsByGet(route)) return { responseCache: sharing };
  return {};
}

/**
 * The route's declaration of its interface, and what the interface says of every route in it
 * unless the route says otherwise (CORS, sharing). A nested declaration replaces what an enclosing
 * one set, not what the route declared itself.
 */
function applyPolicy(route: RouteOptions, policy: InterfacePolicy): void {
  const config = route.config ?? {};
  const inherited = config.interface;
  const inheritedSharing = inherited ? sharingConfig(inherited.sharing, route) : {};
  const own = <K extends 'cors' | 'responseCache' | 'privateAnswer'>(key: K, inheritedValue: unknown) =>
    config[key] !== undefined && config[key] !== inheritedValue;
  const sharing = sharingConfig(policy.sharing, route);
  route.config = {
    ...config,
    interface: policy,
    cors: own('cors', inherited?.cors) ? config.cors : policy.cors,
    responseCache: own('responseCache', inheritedSharing.responseCache) ? config.responseCache : sharing.responseCache,
    privateAnswer: own('privateAnswer', inheritedSharing.privateAnswer) ? config.privateAnswer : sharing.privateAnswer,
  };
}

/**
 * A preflight to the interface's URLs finds a route carrying its CORS policy (@fastify/cors
 * answers every other one on its catch-all `OPTIONS *` with the fallback interface's). @fastify/cors
 * answers it in its hook; what reaches the handler is an interface without CORS, whose unknown URL
 * this is: refused with its 404.
 */
function registerPreflights(scope: FastifyInstance, policy: InterfacePolicy, at: string): void {
  const notFound = (_request: FastifyRequest, reply: FastifyReply) => reply.callNotFound();
  for (const url of [at === '' ? '/' : at, `${at}/*`]) scope.options(url, { config: { interface: policy, cors: policy.cors } }, notFound);
}

/**
 * Declares what the interface served on `scope` is (src/http/interface-policy.ts): every route
 * registered on the scope from now on carries the declaration, which the app-wide hooks (caller,
 * CORS, budgets, cache, slots, metrics, the OpenAPI document) read; its error and 404 handlers
 * render in its format; the URLs it claims are its own when no route matched them. Call first in
 * the interface's plugin, before its routes.
 */
export function declareInterface(scope: FastifyInstance, policy: InterfacePolicy): void {
  const table = scope.interfaces;
  if (!table) throw new Error('declareInterface: registerErrorHandling must be called on the app first');
  const claim = policy.claims ?? scope.prefix;
  if (claim) table.claim(claim, policy);
  setInterfaceErrorHandlers(scope, policy);
  scope.addHook('onRoute', (route) => applyPolicy(route, policy));
  if (policy.cors === table.fallback.cors) return;
  // The claimed family, relative to the scope (a claim wider than the scope's prefix is declared from a scope at it).
  const family = claim.replace(/\/$/, '');
  if (scope.prefix !== '' && !family.startsWith(scope.prefix))
    throw new Error(`declareInterface: ${policy.name} claims ${claim}, outside its scope ${scope.prefix}; declare it on a scope at ${family}`);
  registerPreflights(scope, policy, family.slice(scope.prefix.length));
}

/** What endpoints of the service that are no interface of their own say of themselves. */
export interface ServiceEndpoints {
  /** Their label in the metrics. */
  name: string;
  /** Their URLs, when their scope has no prefix. */
  claims?: string;
  /** Whether a browser page on another origin may call them, as it calls the fallback interface. */
  openToPages: boolean;
  operational?: boolean;
}

/**
 * Declares endpoints that are no interface of their own (health, metrics, images): no credentials,
 * errors in the fallback interface's format, never documented or shared by a response cache.
 */
export function declareServiceEndpoints(scope: FastifyInstance, endpoints: ServiceEndpoints): void {
  const fallback = scope.interfaces?.fallback;
  if (!fallback) throw new Error('declareServiceEndpoints: registerErrorHandling must be called on the app first');
  declareInterface(scope, {
    name: endpoints.name,
    credentials: 'none',
    cors: endpoints.openToPages ? fallback.cors : false,
    errors: fallback.errors,
    claims: endpoints.claims,
    operational: endpoints.operational,
  });
}

/**
 * Refuses to start an app with a route no interface declares: every app-wide hook reads the
 * declaration, and a route without one would pass as the fallback's unnoticed. The routes are read
 * once every scope's `onRoute` hooks have run. A catch-all of every URL (`*`, @fastify/cors's
 * preflight route) is the fallback's by definition.
 */
export function requireDeclarations(app: FastifyInstance): void {
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    routes.push(route);
  });
  app.addHook('onReady', async () => {
    const undeclared = routes
      .filter((route) => route.url !== '*' && !route.config?.interface)
      .map((route) => `${[route.method].flat().join(',')} ${route.url}`);
    if (undeclared.length > 0)
      throw new Error(`Routes of no declared interface (declare one on their scope, src/http/interfaces.ts): ${undeclared.join('; ')}`);
  });
}
