import cors from '@fastify/cors';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';

/** CORS_ORIGINS: every origin (`*`), or the origins listed. */
export type CorsOrigins = '*' | string[];

/** What a browser may send to one interface: the preflight's Allow-Methods and Allow-Headers. */
interface CorsPolicy {
  methods: string[];
  allowedHeaders: string[];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A route's own preflight answer (@fastify/cors merges it over the app's), or false: no CORS headers at all. */
    cors?: CorsPolicy | false;
  }
}

/** The main interface, at /api and at the root, and the images: public reads. */
const READ: CorsPolicy = { methods: ['GET', 'HEAD'], allowedHeaders: ['Content-Type', 'If-None-Match'] };
/** Favorite sessions are changed with a form or JSON POST. */
const SESSIONS: CorsPolicy = { methods: ['GET', 'HEAD', 'POST'], allowedHeaders: ['Content-Type', 'If-None-Match'] };
/** The lineup interface: its key comes as `Authorization: Bearer` or `X-Api-Key`. */
const V3: CorsPolicy = { methods: ['GET', 'HEAD'], allowedHeaders: ['Authorization', 'Content-Type', 'If-None-Match', 'X-Api-Key'] };
/** The back office: desks' web apps log in and write with forms or JSON; the token may come as `Authorization: Bearer`. */
const BO: CorsPolicy = {
  methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE'],
  allowedHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key', 'X-Api-Key'],
};
/** GraphQL over HTTP: POST with JSON, or GET; `Accept` names the response type. */
const GRAPHQL: CorsPolicy = { methods: ['GET', 'POST'], allowedHeaders: ['Accept', 'Content-Type', 'If-None-Match'] };

/** The legacy XML interface's URLs: its key is a server-side secret, so no browser page is invited to call it. */
const LEGACY = /^\/rest(\/|\?|$)/;

/** Every interface but the main one, by route pattern; the legacy interface gets no CORS at all. */
const POLICIES: { path: RegExp; policy: CorsPolicy | false }[] = [
  { path: LEGACY, policy: false },
  { path: /^\/api\/v3(\/|$)/, policy: V3 },
  { path: /^\/bo(\/|$)/, policy: BO },
  { path: /^\/graphql$/, policy: GRAPHQL },
  { path: /^(\/api)?\/sessions(\/|$)/, policy: SESSIONS },
];

/**
 * Where a preflight must find a route of its own: @fastify/cors answers every other one on its
 * catch-all `OPTIONS *` with the main interface's policy. (/graphql declares its OPTIONS itself.)
 */
const PREFLIGHT_ROUTES = ['/api/v3', '/api/v3/*', '/bo', '/bo/*', '/api/sessions/*', '/sessions/*', '/rest', '/rest/*'];

function policyFor(path: string): CorsPolicy | false | undefined {
  return POLICIES.find((entry) => entry.path.test(path))?.policy;
}

/** Response headers a page's script may read besides the CORS-safelisted ones. */
const EXPOSED_HEADERS = ['ETag', 'Idempotent-Replayed', 'Retry-After', 'X-Request-Id', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset'];

/**
 * How long a browser reuses a preflight answer: two hours, the longest Chromium honours (Firefox
 * allows a day), so a changed CORS_ORIGINS reaches every browser within that time.
 */
export const CORS_MAX_AGE_SECONDS = 7200;

export interface CorsOptions {
  /** CORS_ORIGINS; `*` by default. */
  origins?: CorsOrigins;
}

/**
 * Cross-origin access for browser pages (club websites' widgets): public reads, never credentials.
 * `Access-Control-Allow-Origin: *` by default; with a list of origins a listed one is echoed
 * (`Vary: Origin`) and any other gets no allow header. Register before the startup gate, the rate
 * limits and the response cache: its onRequest hook then runs first, so 503s, 429s and cache hits
 * carry the headers too, and a preflight is answered (204) before any of them.
 */
export async function registerCors(app: FastifyInstance, options: CorsOptions = {}): Promise<void> {
  await app.register(cors, {
    origin: options.origins ?? '*',
    credentials: false,
    methods: READ.methods,
    allowedHeaders: READ.allowedHeaders,
    exposedHeaders: EXPOSED_HEADERS,
    maxAge: CORS_MAX_AGE_SECONDS,
    // A bare OPTIONS (no Origin) is answered 204 like a preflight, not 400 in plain text.
    strictPreflight: false,
  });
  // Set on the routes, since @fastify/cors reads a route's `config.cors`; HEAD routes come here too.
  app.addHook('onRoute', (route: RouteOptions) => {
    const policy = policyFor(route.url);
    if (policy !== undefined && route.config?.cors === undefined) route.config = { ...route.config, cors: policy };
  });
  for (const url of PREFLIGHT_ROUTES) {
    // @fastify/cors answers a preflight in its hook; what reaches the handler is the legacy
    // interface's, refused with the 404 any unknown legacy URL gets, in its XML format.
    app.options(url, (_request: FastifyRequest, reply: FastifyReply) => reply.callNotFound());
  }
  // An unknown path has no route to carry `cors: false`: its 404 was given the headers by the app-wide
  // policy, which the legacy interface's URLs never get.
  app.addHook('onRequest', (request, reply, done) => {
    if (request.is404 && LEGACY.test(request.url)) reply.removeHeader('access-control-allow-origin').removeHeader('access-control-expose-headers');
    done();
  });
}
