import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * With whom a route's GET answers may be shared, as the route declares it in `config.responseCache`:
 * `public`, every client (the app-wide cache answers before any other hook); `keyed`, every client
 * whose key the interface accepted (its own cache answers after its key check). A route that
 * declares nothing, or `false`, is never cached.
 */
export type ResponseSharing = 'public' | 'keyed';

declare module 'fastify' {
  interface FastifyContextConfig {
    responseCache?: ResponseSharing | false;
  }
}

export interface ResponseCacheOptions {
  /** How long a response is served from memory; 0 turns the cache off. */
  ttlMs: number;
  maxEntries?: number;
  /** Bytes of bodies kept at most; the least recently used go first. */
  maxBytes?: number;
  /**
   * How long past its TTL an answer is still kept to be served when the database fails
   * (stale-if-error); 0 keeps nothing past the TTL.
   */
  staleIfErrorMs?: number;
  /** Whether the database is known to be away right now: a stale answer is then served without trying. */
  isDatabaseDown?: () => boolean;
  /** The routes this cache answers: those whose `config.responseCache` says this. */
  sharing: ResponseSharing;
  /**
   * `onRequest` (the default) answers before anything else runs: for public data. `preHandler`
   * answers only after the interface's own hooks, e.g. an API-key check that must see every request.
   */
  stage?: 'onRequest' | 'preHandler';
  /** What tells responses apart; the URL by default. */
  key?: (request: FastifyRequest) => string;
  /** Cache-Control of these responses; by default public for the TTL, and stale-if-error. */
  cacheControl?: string;
}

interface Entry {
  /** Encoded once: every hit sends the same bytes instead of encoding the text again. */
  body: Buffer;
  contentType: string;
  etag: string;
  storedAt: number;
}

export const DEFAULT_RESPONSE_CACHE_MAX_BYTES = 32 * 1024 * 1024;

function etagOf(body: Buffer): string {
  return `W/"${createHash('sha1').update(body).digest('base64url')}"`;
}

function matches(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  return typeof header === 'string' && header.split(',').some((tag) => tag.trim() === etag);
}

/** Entries in least-recently-used order, bounded by count and by bytes. */
class BoundedEntries {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;

  constructor(
    private readonly maxEntries: number,
    private readonly maxBytes: number,
  ) {}

  get(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry) {
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry;
  }

  set(key: string, entry: Entry): void {
    if (entry.body.length > this.maxBytes) return;
    this.delete(key);
    this.entries.set(key, entry);
    this.bytes += entry.body.length;
    while (this.entries.size > this.maxEntries || this.bytes > this.maxBytes) {
      this.delete(this.entries.keys().next().value as string);
    }
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.body.length;
  }
}

/**
 * A short-lived shared cache of GET responses with ETag / 304 revalidation. Responses are kept per
 * URL (the query string is the whole input of these endpoints; `key` can say otherwise) for a few
 * seconds, so a burst of identical requests costs one database round trip. Imports run in another
 * process (the CLI), so what they change shows after at most one TTL. Bounded in bytes: varying an
 * ignored parameter makes every URL new, and a thousand 344 KB answers would not fit the heap cap.
 *
 * When the database fails (a 503), an answer up to `staleIfErrorMs` past its TTL is served instead,
 * marked `X-Cache: stale`: readers of public data prefer slightly old data to an error.
 */
export function registerResponseCache(app: FastifyInstance, options: ResponseCacheOptions): void {
  const entries = new BoundedEntries(options.maxEntries ?? 1000, options.maxBytes ?? DEFAULT_RESPONSE_CACHE_MAX_BYTES);
  const staleMs = options.staleIfErrorMs ?? 0;
  const cacheControl =
    options.cacheControl ?? `public, max-age=${Math.floor(options.ttlMs / 1000)}${staleMs > 0 ? `, stale-if-error=${Math.floor(staleMs / 1000)}` : ''}`;
  const keyOf = options.key ?? ((request: FastifyRequest) => request.url);
  // The route is known by onRequest already (fastify routes first), so its declaration can be read here.
  const applies = (request: FastifyRequest) => options.ttlMs > 0 && request.method === 'GET' && request.routeOptions.config.responseCache === options.sharing;
  /** The stale answer a request may fall back on if rebuilding it fails. */
  const fallbacks = new WeakMap<FastifyRequest, Entry>();

  const send = (request: FastifyRequest, reply: FastifyReply, entry: Entry, how: 'hit' | 'stale') => {
    reply.header('etag', entry.etag).header('cache-control', cacheControl).header('x-cache', how);
    if (matches(request, entry.etag)) return reply.status(304).send();
    return reply.type(entry.contentType).send(entry.body);
  };

  const lookup = (key: string): { fresh?: Entry; stale?: Entry } => {
    const entry = entries.get(key);
    if (!entry) return {};
    const age = Date.now() - entry.storedAt;
    if (age <= options.ttlMs) return { fresh: entry };
    if (age <= options.ttlMs + staleMs) return { stale: entry };
    entries.delete(key);
    return {};
  };
  // Keys being worked on right now: when an entry expires under load, one request rebuilds it and
  // the others wait for that answer instead of all rebuilding it at once.
  const rebuilding = new Map<string, Promise<void>>();

  app.addHook(options.stage ?? 'onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!applies(request)) return;
    const key = keyOf(request);
    let found = lookup(key);
    const inProgress = rebuilding.get(key);
    if (!found.fresh && inProgress) {
      await inProgress;
      found = lookup(key);
    }
    if (found.fresh) return send(request, reply, found.fresh, 'hit');
    if (found.stale) {
      if (options.isDatabaseDown?.()) return send(request, reply, found.stale, 'stale');
      fallbacks.set(request, found.stale);
    }
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
    if (!applies(request) || reply.getHeader('x-cache') !== undefined) return payload;
    if (reply.statusCode === 503) {
      const stale = fallbacks.get(request);
      if (!stale) return payload;
      reply.removeHeader('retry-after');
      reply.status(200).type(stale.contentType).header('etag', stale.etag).header('cache-control', cacheControl).header('x-cache', 'stale');
      return stale.body;
    }
    if (reply.statusCode !== 200 || typeof payload !== 'string') return payload;
    const body = Buffer.from(payload);
    const entry: Entry = { body, contentType: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'), etag: etagOf(body), storedAt: Date.now() };
    entries.set(keyOf(request), entry);
    reply.header('etag', entry.etag).header('cache-control', cacheControl).header('x-cache', 'miss');
    if (matches(request, entry.etag)) {
      reply.status(304);
      return '';
    }
    return payload;
  });
}
