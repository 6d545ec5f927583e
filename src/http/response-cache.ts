import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

export interface ResponseCacheOptions {
  /** How long a response is served from memory; 0 turns the cache off. */
  ttlMs: number;
  maxEntries?: number;
  /** Which requests may be shared between clients. */
  cacheable: (url: string) => boolean;
  /**
   * `onRequest` (the default) answers before anything else runs: for public data. `preHandler`
   * answers only after the interface's own hooks, e.g. an API-key check that must see every request.
   */
  stage?: 'onRequest' | 'preHandler';
  /** What tells responses apart; the URL by default. */
  key?: (request: FastifyRequest) => string;
  /** Cache-Control of these responses; by default public for the TTL. */
  cacheControl?: string;
}

interface Entry {
  /** Encoded once: every hit sends the same bytes instead of encoding the text again. */
  body: Buffer;
  contentType: string;
  etag: string;
  storedAt: number;
}

function etagOf(body: Buffer): string {
  return `W/"${createHash('sha1').update(body).digest('base64url')}"`;
}

function matches(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  return typeof header === 'string' && header.split(',').some((tag) => tag.trim() === etag);
}

/**
 * A short-lived shared cache of GET responses with ETag / 304 revalidation. Responses are kept per
 * URL (the query string is the whole input of these endpoints; `key` can say otherwise) for a few
 * seconds, so a burst of identical requests costs one database round trip. Imports run in another process (the
 * CLI), so what they change shows after at most one TTL.
 */
export function registerResponseCache(app: FastifyInstance, options: ResponseCacheOptions): void {
  const entries = new Map<string, Entry>();
  const maxEntries = options.maxEntries ?? 1000;
  const cacheControl = options.cacheControl ?? `public, max-age=${Math.floor(options.ttlMs / 1000)}`;
  const keyOf = options.key ?? ((request: FastifyRequest) => request.url);
  const applies = (request: FastifyRequest) => options.ttlMs > 0 && request.method === 'GET' && options.cacheable(request.url);

  const send = (request: FastifyRequest, reply: FastifyReply, entry: Entry) => {
    reply.header('etag', entry.etag).header('cache-control', cacheControl).header('x-cache', 'hit');
    if (matches(request, entry.etag)) return reply.status(304).send();
    return reply.type(entry.contentType).send(entry.body);
  };

  const fresh = (key: string): Entry | undefined => {
    const entry = entries.get(key);
    if (entry && Date.now() - entry.storedAt > options.ttlMs) entries.delete(key);
    return entries.get(key);
  };
  // Keys being worked on right now: when an entry expires under load, one request rebuilds it and
  // the others wait for that answer instead of all rebuilding it at once.
  const rebuilding = new Map<string, Promise<void>>();

  app.addHook(options.stage ?? 'onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!applies(request)) return;
    const key = keyOf(request);
    let entry = fresh(key);
    const inProgress = rebuilding.get(key);
    if (!entry && inProgress) {
      await inProgress;
      entry = fresh(key);
    }
    if (entry) return send(request, reply, entry);
    if (rebuilding.has(key)) return; // that rebuild failed; build this one on its own
    let done!: () => void;
    const rebuild = new Promise<void>((resolve) => (done = resolve));
    rebuilding.set(key, rebuild);
    reply.raw.once('close', () => {
      if (rebuilding.get(key) === rebuild) rebuilding.delete(key);
      done();
    });
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (!applies(request) || reply.statusCode !== 200 || typeof payload !== 'string' || reply.getHeader('x-cache') === 'hit') return payload;
    const body = Buffer.from(payload);
    const entry: Entry = { body, contentType: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'), etag: etagOf(body), storedAt: Date.now() };
    if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string);
    entries.set(keyOf(request), entry);
    reply.header('etag', entry.etag).header('cache-control', cacheControl).header('x-cache', 'miss');
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
