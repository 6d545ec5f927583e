import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ChangeLog, changeTouches, type ChangeScope } from '../live/change-scope.js';
import type { ChangeFeed } from '../live/changes.js';
import { isPrivateAnswer } from './private-answers.js';
import { COMPRESSION_THRESHOLD, compressBody, isCompressible, negotiateEncoding, varyOnAcceptEncoding, type ContentEncoding } from './compression.js';

/**
 * With whom a route's GET answers may be shared, as the route declares it in `config.responseCache`:
 * `public`, every client (the app-wide cache answers before any other hook); `keyed`, every client
 * whose key the interface accepted (its own cache answers after its key check). A route that
 * declares nothing, or `false`, is never cached.
 */
export type ResponseSharing = 'public' | 'keyed';

/**
 * Why a cache dropped an answer: `expired`, it outlived its TTL and a miss replaced it (or it
 * outlived its stale window too); `evicted`, the bounds pushed it out, least recently used first;
 * `changed`, a write committed (src/live/changes.ts).
 */
export type CacheInvalidation = 'expired' | 'evicted' | 'changed';

/**
 * How long a browser or CDN may keep an answer before it asks again (with its ETag): they do not
 * hear of writes as this cache does, so they keep answers briefly however long the TTL is.
 */
export const CLIENT_MAX_AGE_SECONDS = 5;

declare module 'fastify' {
  interface FastifyContextConfig {
    responseCache?: ResponseSharing | false;
    /**
     * The records the route's answer is read from (src/live/change-scope.ts): a live write to
     * none of them keeps its cached answers. Undeclared, every write drops them.
     */
    changeScope?: (request: FastifyRequest) => ChangeScope;
  }
  interface FastifyInstance {
    /** Told of every answer a response cache drops (the metrics count them); absent, nobody is. Read from the scope the cache serves. */
    responseCacheInvalidated?: (cache: ResponseSharing, reason: CacheInvalidation) => void;
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
  /** Cache-Control of these responses; by default public for the TTL (5 s at most), stale-while-revalidate as long again, and stale-if-error. */
  cacheControl?: string;
  /** Committed writes: each drops the answers of its scope, and answers of that scope built before it are not kept. */
  changes?: Pick<ChangeFeed, 'subscribe'>;
}

interface Entry {
  /** Encoded once: every hit sends the same bytes instead of encoding the text again. */
  body: Buffer;
  contentType: string;
  /** One weak tag for every encoding of the body: it names the content, not the bytes on the wire. */
  etag: string;
  storedAt: number;
  /** The body, then each compressed variant as it is made: what the entry counts against maxBytes. */
  bytes: number;
  /** Of a compressible type: answers say `Vary: Accept-Encoding`. */
  varies: boolean;
  /** Also large enough to be worth compressing. */
  encodable: boolean;
  /** What the answer was read from: which writes drop it. */
  scope: ChangeScope;
  /** Compressed once, the first time a client asks for that encoding: every later hit sends these bytes. */
  variants: Partial<Record<ContentEncoding, Buffer>>;
  /** Variants being compressed right now, so that clients asking at the same time wait for the one result. */
  pending: Partial<Record<ContentEncoding, Promise<Buffer>>>;
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
    private readonly dropped: (reason: CacheInvalidation) => void,
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
    if (entry.bytes > this.maxBytes) return;
    // Only a miss stores, so an entry still there had outlived its TTL.
    this.delete(key, 'expired');
    this.entries.set(key, entry);
    this.bytes += entry.bytes;
    this.evict();
  }

  /** Counts a variant added to an entry, if the entry is still kept. */
  grow(key: string, entry: Entry, bytes: number): void {
    entry.bytes += bytes;
    if (this.entries.get(key) !== entry) return;
    this.bytes += bytes;
    this.evict();
  }

  deleteWhere(drop: (entry: Entry) => boolean, reason: CacheInvalidation): void {
    for (const [key, entry] of [...this.entries]) if (drop(entry)) this.delete(key, reason);
  }

  delete(key: string, reason: CacheInvalidation): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
    this.dropped(reason);
  }

  private evict(): void {
    while (this.entries.size > this.maxEntries || this.bytes > this.maxBytes) {
      this.delete(this.entries.keys().next().value as string, 'evicted');
    }
  }
}

/**
 * A short-lived shared cache of GET responses with ETag / 304 revalidation. Responses are kept per
 * URL (the query string is the whole input of these endpoints; `key` can say otherwise) for a few
 * seconds, so a burst of identical requests costs one database round trip. Every committed write
 * (a live mutation, an import, on any instance) drops the answers it may alter (`changes`: those of
 * the game, teams, clubs and players it touches, and every answer whose route declares no
 * `changeScope`), so the TTL is only a safety net for changes nobody announced. Bounded in bytes: varying an
 * ignored parameter makes every URL new, and a thousand 344 KB answers would not fit the heap cap.
 *
 * When the database fails (a 503), an answer up to `staleIfErrorMs` past its TTL is served instead,
 * marked `X-Cache: stale`: readers of public data prefer slightly old data to an error.
 *
 * Compressed answers are kept too (gzip and br, made the first time a client asks for each), so a
 * hit sends stored bytes and is never compressed again; they are marked with Content-Encoding,
 * which tells @fastify/compress to leave them alone. Every variant answers If-None-Match.
 */
export function registerResponseCache(app: FastifyInstance, options: ResponseCacheOptions): void {
  const entries = new BoundedEntries(options.maxEntries ?? 1000, options.maxBytes ?? DEFAULT_RESPONSE_CACHE_MAX_BYTES, (reason) =>
    app.responseCacheInvalidated?.(options.sharing, reason),
  );
  const staleMs = options.staleIfErrorMs ?? 0;
  const ttlSeconds = Math.min(CLIENT_MAX_AGE_SECONDS, Math.floor(options.ttlMs / 1000));
  // stale-while-revalidate as long as the TTL: a browser or CDN may show an answer up to twice the
  // TTL old while it fetches the next one, which is as fresh as the shared cache's own answers get.
  const cacheControl =
    options.cacheControl ??
    `public, max-age=${ttlSeconds}${ttlSeconds > 0 ? `, stale-while-revalidate=${ttlSeconds}` : ''}${staleMs > 0 ? `, stale-if-error=${Math.floor(staleMs / 1000)}` : ''}`;
  const keyOf = options.key ?? ((request: FastifyRequest) => request.url);
  // The route is known by onRequest already (fastify routes first), so its declaration can be read here.
  // HEAD shares GET's entries, so it answers with the headers GET would send, Content-Encoding and
  // its Content-Length included (@fastify/compress never sees a HEAD answer's body).
  const applies = (request: FastifyRequest) =>
    options.ttlMs > 0 &&
    (request.method === 'GET' || request.method === 'HEAD') &&
    request.routeOptions.config.responseCache === options.sharing &&
    !isPrivateAnswer(request);
  /** The stale answer a request may fall back on if rebuilding it fails. */
  const fallbacks = new WeakMap<FastifyRequest, Entry>();

  /** The entry's body in that encoding: stored, or compressed now (once, however many ask at the same time). */
  const variant = (key: string, entry: Entry, encoding: ContentEncoding): Buffer | Promise<Buffer> =>
    entry.variants[encoding] ??
    (entry.pending[encoding] ??= compressBody(entry.body, encoding).then((compressed) => {
      entry.variants[encoding] = compressed;
      delete entry.pending[encoding];
      entries.grow(key, entry, compressed.length);
      return compressed;
    }));

  /**
   * Sets the headers of a stored answer and says what to send: nothing for a 304, else its bytes in
   * the encoding the request negotiates. Synchronous unless a variant has to be made first: hits are
   * the hot path.
   */
  const answer = (request: FastifyRequest, reply: FastifyReply, key: string, entry: Entry, how: 'hit' | 'stale' | 'miss'): Buffer | Promise<Buffer> | undefined => {
    reply.header('etag', entry.etag).header('cache-control', cacheControl).header('x-cache', how);
    if (entry.varies) varyOnAcceptEncoding(reply);
    if (matches(request, entry.etag)) {
      reply.status(304);
      return undefined;
    }
    reply.status(200).type(entry.contentType);
    const encoding = entry.encodable ? negotiateEncoding(request) : undefined;
    if (!encoding) return entry.body;
    reply.header('content-encoding', encoding);
    return variant(key, entry, encoding);
  };

  const send = (request: FastifyRequest, reply: FastifyReply, key: string, entry: Entry, how: 'hit' | 'stale') => {
    const body = answer(request, reply, key, entry, how);
    return body instanceof Promise ? body.then((compressed) => reply.send(compressed)) : reply.send(body);
  };

  const lookup = (key: string): { fresh?: Entry; stale?: Entry } => {
    const entry = entries.get(key);
    if (!entry) return {};
    const age = Date.now() - entry.storedAt;
    if (age <= options.ttlMs) return { fresh: entry };
    if (age <= options.ttlMs + staleMs) return { stale: entry };
    entries.delete(key, 'expired');
    return {};
  };
  // Each request notes the latest change it has heard of when it starts (its generation). An answer
  // whose build began before a write that touched its scope may hold data from before the write:
  // it is not kept.
  const log = new ChangeLog();
  /** Per request: the generation it began in and the scope of its answer. */
  const begun = new WeakMap<FastifyRequest, { generation: number; scope: ChangeScope }>();
  options.changes?.subscribe((change) => {
    const changed = log.record(change);
    entries.deleteWhere((entry) => changeTouches(changed, entry.scope), 'changed');
  });
  // Keys being built right now: when an entry is missing under load, one request builds it and the
  // others wait for its answer instead of all building it at once. A request may take that answer
  // even if a write committed meanwhile, unless the write came before the request did and touched
  // the answer's scope: then it is as fresh as when the request was made, which a client cannot
  // tell from an answer sent just before the write.
  const building = new Map<string, { generation: number; answer: Promise<Entry | undefined> }>();
  const built = new WeakMap<FastifyRequest, Entry>();

  app.addHook(options.stage ?? 'onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!applies(request)) return;
    const generation = log.generation;
    const scope = request.routeOptions.config.changeScope?.(request);
    begun.set(request, { generation, scope });
    const key = keyOf(request);
    const found = lookup(key);
    if (found.fresh) return send(request, reply, key, found.fresh, 'hit');
    if (found.stale) {
      if (options.isDatabaseDown?.()) return send(request, reply, key, found.stale, 'stale');
      fallbacks.set(request, found.stale);
    }
    const build = building.get(key);
    if (build && !log.touchedSince(build.generation, scope, generation)) {
      const answer = await build.answer;
      if (answer) return send(request, reply, key, answer, 'hit');
      if (building.has(key)) return; // that build failed and another began: build this one on its own
    }
    let done!: (answer: Entry | undefined) => void;
    const started = { generation, answer: new Promise<Entry | undefined>((resolve) => (done = resolve)) };
    building.set(key, started);
    reply.raw.once('close', () => {
      if (building.get(key) === started) building.delete(key);
      done(built.get(request));
    });
  });

  app.addHook('onSend', async (request, reply, payload) => {
    if (!applies(request) || reply.getHeader('x-cache') !== undefined) return payload;
    const key = keyOf(request);
    if (reply.statusCode === 503) {
      const stale = fallbacks.get(request);
      if (!stale) return payload;
      reply.removeHeader('retry-after');
      return (await answer(request, reply, key, stale, 'stale')) ?? '';
    }
    if (reply.statusCode !== 200 || typeof payload !== 'string') return payload;
    const body = Buffer.from(payload);
    const contentType = String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8');
    const varies = isCompressible(contentType);
    const entry: Entry = {
      body,
      contentType,
      etag: etagOf(body),
      storedAt: Date.now(),
      bytes: body.length,
      varies,
      encodable: varies && body.length >= COMPRESSION_THRESHOLD,
      scope: begun.get(request)?.scope,
      variants: {},
      pending: {},
    };
    built.set(request, entry);
    if (!log.touchedSince(begun.get(request)?.generation ?? 0, entry.scope)) entries.set(key, entry);
    return (await answer(request, reply, key, entry, 'miss')) ?? '';
  });
}
