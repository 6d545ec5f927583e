import cors from '@fastify/cors';
import type { FastifyInstance } from 'fastify';
import { interfaceOf, type CorsPolicy } from './interface-policy.js';

/** CORS_ORIGINS: every origin (`*`), or the origins listed. */
export type CorsOrigins = '*' | string[];

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A route's own preflight answer (@fastify/cors merges it over the app's), or false: no CORS headers at all. Set from its interface's declaration. */
    cors?: CorsPolicy | false;
  }
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
 * Cross-origin access for browser pages (club websites' widgets): never credentials. Each interface
 * declares what a page may send (src/http/interfaces.ts); the fallback's policy is the app's.
 * `Access-Control-Allow-Origin: *` by default; with a list of origins a listed one is echoed
 * (`Vary: Origin`) and any other gets no allow header. Register before the startup gate, the rate
 * limits and the response cache: its onRequest hook then runs first, so 503s, 429s and cache hits
 * carry the headers too, and a preflight is answered (204) before any of them.
 */
export async function registerCors(app: FastifyInstance, options: CorsOptions = {}): Promise<void> {
  // What a preflight to a URL no interface with a policy of its own claims is answered with.
  const fallback = app.interfaces?.fallback.cors;
  if (!fallback) throw new Error('registerCors: the interface served at the root must declare what browser pages may send, after registerErrorHandling');
  await app.register(cors, {
    origin: options.origins ?? '*',
    credentials: false,
    methods: [...fallback.methods],
    allowedHeaders: [...fallback.allowedHeaders],
    exposedHeaders: EXPOSED_HEADERS,
    maxAge: CORS_MAX_AGE_SECONDS,
    // A bare OPTIONS (no Origin) is answered 204 like a preflight, not 400 in plain text.
    strictPreflight: false,
  });
  // An unknown path has no route to carry `cors: false`: its 404 was given the headers by the app-wide
  // policy, which an interface without CORS never gets on its URLs.
  app.addHook('onRequest', (request, reply, done) => {
    if (request.is404 && interfaceOf(request).cors === false) reply.removeHeader('access-control-allow-origin').removeHeader('access-control-expose-headers');
    done();
  });
}
