import Fastify, { type FastifyInstance } from 'fastify';
import formbody from '@fastify/formbody';
import { systemClock, type Clock } from './clock.js';
import { DEFAULT_SPONSOR_PATH } from './config.js';
import type { Database } from './db/database.js';
import { errorEnvelope, httpStatusOf, publicMessage } from './facades/shared/errors.js';
import { registerRestFacade } from './facades/rest/index.js';
import { registerV3Facade } from './facades/v3/index.js';
import { registerLegacyFacade } from './facades/legacy/index.js';
import { mountGraphQL } from './graphql.js';
import { registerConcurrencyLimit } from './http/concurrency-limit.js';
import { isPublicReadPath, registerResponseCache } from './http/response-cache.js';
import { mediaRoutes } from './media/routes.js';
import { getSchema } from './schema/index.js';
import { schedulePurge } from './sessions/purge-timer.js';

export interface AppOptions {
  database: Database;
  clock?: Clock;
  publicBaseUrl?: string;
  logLevel?: string;
  production?: boolean;
  /** Shared response cache lifetime for public GET endpoints; 0 (the default) turns it off. */
  responseCacheTtlMs?: number;
  /** Requests worked on at once (MAX_IN_FLIGHT); 0 (the default) leaves them unbounded. */
  maxInFlight?: number;
  /** Path segment of the sponsor's top-scorer tables (SPONSOR_PATH); default `sponsor`. */
  sponsorPath?: string;
}

/** Builds the HTTP application without listening; tests drive it with inject(). */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: options.logLevel ?? 'info' },
    bodyLimit: 256 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
  });
  const schema = getSchema();
  const deps = {
    prisma: options.database.prisma,
    clock: options.clock ?? systemClock,
    publicBaseUrl: options.publicBaseUrl ?? 'http://localhost:3000',
  };

  app.setErrorHandler((error: Error, request, reply) => {
    const status = httpStatusOf(error);
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    return reply.status(status).send(errorEnvelope(status, publicMessage(error, status)));
  });
  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send(errorEnvelope(404, `No route for ${request.method} ${request.url.split('?')[0]}`)),
  );

  registerResponseCache(app, { ttlMs: options.responseCacheTtlMs ?? 0, cacheable: isPublicReadPath });
  registerConcurrencyLimit(app, { maxInFlight: options.maxInFlight ?? 0, exempt: (url) => url === '/health' });
  await app.register(formbody);
  await app.register(mediaRoutes);
  app.get('/health', async () => {
    await options.database.prisma.$queryRaw`SELECT 1`;
    return { status: 'ok', database: options.database.kind };
  });
  mountGraphQL(app, schema, deps, { production: options.production ?? false, responseCacheTtlMs: options.responseCacheTtlMs ?? 0 });
  await registerV3Facade(app, { ...deps, schema });
  await registerLegacyFacade(app, { ...deps, schema }, { responseCacheTtlMs: options.responseCacheTtlMs ?? 0 });
  await registerRestFacade(app, { ...deps, schema }, { sponsorPath: options.sponsorPath ?? DEFAULT_SPONSOR_PATH });
  schedulePurge(app, deps.prisma, deps.clock);
  return app;
}
