import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export interface ResponseCacheOptions {
  /** How long a response is served from memory; 0 turns the cache off. */
  ttlMs: number;
  maxEntries?: number;
  /** Which requests may be shared between clients (public read endpoints only). */
  cacheable: (url: string) => boolean;
}

interface Entry {
  body: string;
  contentType: string;
  etag: string;
  storedAt: number;
}

function etagOf(body: string): string {
  return `W/"${createHash('sha1').update(body).digest('base64url')}"`;
}

function matches(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  return typeof header === 'string' && header.split(',').some((tag) => tag.trim() === etag);
}

/**
 * A short-lived shared cache of public GET responses with ETag / 304 revalidation. Responses are
 * kept per URL (the query string is the whole input of these endpoints) for a few seconds, so a
 * burst of identical requests costs one database round trip. Imports run in another process (the
 * CLI), so what they change shows after at most one TTL.
 */
export function registerResponseCache(app: FastifyInstance, options: ResponseCacheOptions): void {
  const entries = new Map<string, Entry>();
  const maxEntries = options.maxEntries ?? 1000;
  const maxAge = Math.floor(options.ttlMs / 1000);
  const applies = (request: FastifyRequest) => options.ttlMs > 0 && request.method === 'GET' && options.cacheable(request.url);

  const send = (request: FastifyRequest, reply: FastifyReply, entry: Entry) => {
    reply.header('etag', entry.etag).header('cache-control', `public, max-age=${maxAge}`).header('x-cache', 'hit');
    if (matches(request, entry.etag)) return reply.status(304).send();
    return reply.type(entry.contentType).send(entry.body);
  };

  const fresh = (url: string): Entry | undefined => {
    const entry = entries.get(url);
    if (entry && Date.now() - entry.storedAt > options.ttlMs) entries.delete(url);
    return entries.get(url);
  };
  // URLs being worked on right now: when an entry expires under load, one request rebuilds it and
  // the others wait for that answer instead of all rebuilding it at once.
  const rebuilding = new Map<string, Promise<void>>();

  app.addHook('onRequest', async (request, reply) => {
    if (!applies(request)) return;
    let entry = fresh(request.url);
    const inProgress = rebuilding.get(request.url);
    if (!entry && inProgress) {
      await inProgress;
      entry = fresh(request.url);
    }
    if (entry) return send(request, reply, entry);
    if (rebuilding.has(request.url)) return; // that rebuild failed; build this one on its own
    let done!: () => void;
    const rebuild = new Promise<void>((resolve) => (done = resolve));
    rebuilding.set(request.url, rebuild);
    reply.raw.once('close', () => {
      if (rebuilding.get(request.url) === rebuild) rebuilding.delete(request.url);
      done();
    });
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (!applies(request) || reply.statusCode !== 200 || typeof payload !== 'string' || reply.getHeader('x-cache') === 'hit') return payload;
    const entry: Entry = { body: payload, contentType: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'), etag: etagOf(payload), storedAt: Date.now() };
    if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
    entries.set(request.url, entry);
    reply.header('etag', entry.etag).header('cache-control', `public, max-age=${maxAge}`).header('x-cache', 'miss');
    if (matches(request, entry.etag)) {
      reply.status(304);
      return '';
    }
    return payload;
  });
}

/** Public read endpoints of the main interface: not sessions, not the keyed interfaces, not GraphQL. */
export function isPublicReadPath(url: string): boolean {
  const path = url.split('?')[0];
  if (/^\/(api\/)?(sessions|v3)(\/|$)/.test(path) || path.startsWith('/api/v3') || path.startsWith('/rest/')) return false;
  if (path === '/graphql' || path === '/health' || path.startsWith('/media/')) return false;
  return true;
}
