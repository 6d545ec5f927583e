import { finished } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { wallClock, type CacheClock, type DropReason } from '../cache/bounded.js';
import { isRefresh, refreshHeaders, SUPERSEDED_CACHE_CONTROL } from './refresh-ahead.js';
import { ScopedCache } from '../cache/scoped-cache.js';
import type { ChangeScope } from '../live/change-scope.js';
import type { ChangeFeed } from '../live/changes.js';
import { isPrivateAnswer } from './private-answers.js';
import { interfaceOf } from './interface-policy.js';
import { replayOf, replayVariantOf, type HitFastPath, type ReplayableHit } from './hit-fast-path.js';
import { COMPRESSION_THRESHOLD, compressBody, isCompressible, negotiateEncoding, varyOnAcceptEncoding, type ContentEncoding } from './compression.js';
import { entityTagOf, notModified } from './entity-tags.js';
import { horizonOf } from '../cache/answer-horizon.js';
import { answerScopeOf } from '../cache/answer-scope.js';
import type { SharedAnswerSpace, SharedAnswerStore } from '../cache/shared-answer-store.js';
import type { ChangePosition } from '../live/changes.js';

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
    /** The response caches' clock (TTLs, stale-if-error) where a cache is given none; `Date.now()` if absent. Tests set it (AppOptions.cacheClock). */
    responseCacheClock?: CacheClock;
    /** The public caches' store shared by every process (SHARED_ANSWER_STORE=database); absent when off. Tests read its stats. */
    sharedAnswers?: SharedAnswerStore;
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
  /**
   * Committed writes: each drops the answers of its scope, and answers of that scope built before it are not kept.
   * While the feed is not listening (it may miss writes), no answer is a fresh hit.
   */
  changes?: Pick<ChangeFeed, 'subscribe' | 'state'>;
  /** "Now" in ms for the TTL and the stale window; the instance's `responseCacheClock`, else `Date.now()` (read on every use, so a faked `Date` counts). */
  now?: CacheClock;
  /**
   * Refresh-ahead (answers keyed by URL only): a write that touches an answer being read starts its
   * rebuild at once, and readers get the superseded answer (`X-Cache: refreshing`, `Cache-Control:
   * public, no-cache`) until the rebuild is stored, for at most this long; past it they wait for the
   * rebuild as on a miss. Absent or 0: a touched answer is dropped and its next reader builds it.
   */
  refreshAheadMs?: number;
  /**
   * Hits of this cache may be answered before fastify (src/http/hit-fast-path.ts): for the app-wide
   * public cache only, whose answers are keyed by URL and looked up before any other hook that could refuse.
   */
  fastPath?: HitFastPath;
  /**
   * This cache's space in the second-level store shared by every worker and instance
   * (src/cache/shared-answer-store.ts): a miss here is looked up there before it is built, and what
   * is built is stored there too, under this cache's key (which must say everything the answer
   * depends on: a cache's key does anyway). Absent: this process's cache only.
   */
  shared?: SharedAnswerSpace;
}

/** A stored answer: what src/cache/scoped-cache.ts holds for this cache (it keeps the scope, the age and the bounds). */
interface Entry {
  /** Encoded once: every hit sends the same bytes instead of encoding the text again. */
  body: Buffer;
  contentType: string;
  /** Of the body and its media type: one weak tag for every encoding of the body (src/http/entity-tags.ts). */
  etag: string;
  /** Of a compressible type: answers say `Vary: Accept-Encoding`. */
  varies: boolean;
  /** Also large enough to be worth compressing. */
  encodable: boolean;
  /** Compressed once, the first time a client asks for that encoding: every later hit sends these bytes. */
  variants: Partial<Record<ContentEncoding, Buffer>>;
  /** Variants being compressed right now, so that clients asking at the same time wait for the one result. */
  pending: Partial<Record<ContentEncoding, Promise<Buffer>>>;
  /** Hits as the full path sent them, by replay variant (encoding and Origin): what the fast path sends again. */
  replays: Map<string, ReplayableHit>;
  /**
   * How long after it was stored the answer is fresh: the cache's TTL (a safety bound), or less if
   * what it read from the clock stops holding sooner (its horizon, src/cache/answer-horizon.ts).
   */
  freshMs: number;
  /** Stored in the shared answer store (or fetched from it): its compressed variants go there too once made. */
  shared?: boolean;
}

/**
 * The bytes in a Buffer of their own. Node cuts small Buffers (under 4 KB) out of a shared 8 KB
 * slab, and one kept Buffer keeps its whole slab alive: a stored 200-byte answer could hold 8 KB.
 */
function unpooled(buffer: Buffer): Buffer {
  if (buffer.byteOffset === 0 && buffer.buffer.byteLength === buffer.length) return buffer;
  const own = Buffer.allocUnsafeSlow(buffer.length);
  buffer.copy(own);
  return own;
}

/**
 * What an entry holds: its body and each compressed variant made so far (Buffers of their own,
 * outside the JS heap but in the process's memory). The rest (headers, tag, the key) is a few
 * hundred bytes and not counted, so that RESPONSE_CACHE_MAX_BYTES stays what it says: bytes of bodies.
 */
function entryBytes(entry: Entry): number {
  let bytes = entry.body.length;
  for (const variant of Object.values(entry.variants)) bytes += variant?.length ?? 0;
  return bytes;
}

/**
 * How the toolkit's reasons count in the metrics: only a miss stores, so an entry a new one
 * replaces had outlived its TTL (`expired`).
 */
const INVALIDATIONS: Partial<Record<DropReason, CacheInvalidation>> = { expired: 'expired', replaced: 'expired', evicted: 'evicted', changed: 'changed' };

export const DEFAULT_RESPONSE_CACHE_MAX_BYTES = 32 * 1024 * 1024;

/** Replay variants kept per answer: a few encodings times the Origins a CORS list echoes; past it, hits take the full path. */
const MAX_REPLAYS = 16;

/**
 * Cache-Control of a public answer a response cache keeps for `ttlMs` (the /api caches' and
 * /graphql's GET answers): the TTL, 5 s at most, since browsers and CDNs do not hear of writes;
 * stale-while-revalidate as long again: a browser or CDN may show an answer up to twice that old
 * while it fetches the next one, which is as fresh as the shared cache's own answers get.
 */
export function publicCacheControl(ttlMs: number, staleIfErrorMs = 0): string {
  const ttlSeconds = Math.min(CLIENT_MAX_AGE_SECONDS, Math.floor(ttlMs / 1000));
  return `public, max-age=${ttlSeconds}${ttlSeconds > 0 ? `, stale-while-revalidate=${ttlSeconds}` : ''}${staleIfErrorMs > 0 ? `, stale-if-error=${Math.floor(staleIfErrorMs / 1000)}` : ''}`;
}

/** Rebuilds of superseded answers at once, at most: half the default request slots, so readers keep the rest. */
const MAX_REFRESHES = 4;

/** A request's build of an answer the shared store may keep: where it began in the change log, and whether it holds the claim to build it. */
interface SharedBuild {
  position: ChangePosition;
  claimHeld: boolean;
}

/** How a stored answer is sent: `X-Cache` says it. */
type Served = 'hit' | 'stale' | 'refreshing' | 'miss';

/**
 * A short-lived shared cache of GET responses with ETag / 304 revalidation: the fastify adapter of
 * the service's one cache (ScopedCache, src/cache/scoped-cache.ts), which keeps the answers, their
 * scopes, their age and the builds under way. Responses are kept per
 * URL (the query string is the whole input of these endpoints; `key` can say otherwise) for a few
 * seconds, so a burst of identical requests costs one database round trip. Every committed write
 * (a live mutation, an import, on any instance) drops the answers it may alter (`changes`: those of
 * the game, teams, clubs and players it touches, and every answer whose route declares no
 * `changeScope`), so the TTL is only a safety net for changes nobody announced. Bounded in bytes: varying an
 * ignored parameter makes every URL new, and a thousand 344 KB answers would not fit the heap cap.
 * A request whose answer is its caller's (`privateAnswer`, src/http/private-answers.ts) never
 * reaches the cache: it is neither looked up nor stored.
 *
 * When the database fails (a 503), an answer up to `staleIfErrorMs` past its TTL is served instead,
 * marked `X-Cache: stale`: readers of public data prefer slightly old data to an error.
 *
 * Compressed answers are kept too (gzip and br, made the first time a client asks for each), so a
 * hit sends stored bytes and is never compressed again; they are marked with Content-Encoding,
 * which tells @fastify/compress to leave them alone. Every variant answers If-None-Match.
 *
 * Its hooks (`onRequest`, `onSend`, `keepReplay`) are wired by `registerResponseCache`.
 */
class ResponseCache {
  private readonly cache: ScopedCache<Entry>;
  /** Only an answer keyed by its URL can be rebuilt from the URL alone. */
  private readonly refreshAheadMs: number;
  /** How long past its freshness an answer is kept for stale-if-error. */
  private readonly staleMs: number;
  private readonly cacheControl: string;
  private readonly keyOf: (request: FastifyRequest) => string;
  /** Only the app-wide cache keyed by URL, answering first, can be looked up before fastify. */
  readonly fastPath: HitFastPath | undefined;
  /** Keys whose superseded answer is being rebuilt right now. */
  private readonly refreshing = new Set<string>();
  /** The stale answer a request may fall back on if rebuilding it fails. */
  private readonly fallbacks = new WeakMap<FastifyRequest, Entry>();
  /** A hit the full path is sending, to be kept as a replay once it is sent with every hook's headers. */
  private readonly replaying = new WeakMap<FastifyRequest, { entry: Entry; variant: string; body: Buffer }>();
  // Each request notes the latest change it has heard of when it starts (its generation). An answer
  // whose build began before a write that touched its scope may hold data from before the write:
  // the cache does not keep it.
  /** Per request: the generation it began in, when (the cache's clock), and the scope of its answer. */
  private readonly begun = new WeakMap<FastifyRequest, { generation: number; startedAt: number; scope: ChangeScope }>();
  // When an entry is missing under load, one request builds it and the others wait for its answer
  // (the cache's single-flight builds) instead of all building it at once.
  /** Per request that leads a build: the entry it built, handed to the requests that joined it. */
  private readonly built = new WeakMap<FastifyRequest, Entry>();
  /** This cache's space in the shared answer store. */
  private readonly shared: SharedAnswerSpace | undefined;
  /** Per request that builds an answer the shared store may keep: where its build began in the change log, and whether it holds the claim. */
  private readonly sharedBuilds = new WeakMap<FastifyRequest, SharedBuild>();

  constructor(
    private readonly app: FastifyInstance,
    private readonly options: ResponseCacheOptions,
  ) {
    const staleMs = options.staleIfErrorMs ?? 0;
    this.staleMs = staleMs;
    this.refreshAheadMs = options.key ? 0 : (options.refreshAheadMs ?? 0);
    this.cache = new ScopedCache<Entry>({
      maxEntries: options.maxEntries ?? 1000,
      maxBytes: options.maxBytes ?? DEFAULT_RESPONSE_CACHE_MAX_BYTES,
      weigh: entryBytes,
      // Kept through the stale window too; whether an answer is fresh is its age against the TTL.
      ttlMs: options.ttlMs + staleMs,
      now: () => this.now(),
      feed: options.changes,
      refreshAheadMs: this.refreshAheadMs,
      dropped: (reason) => {
        const invalidation = INVALIDATIONS[reason];
        if (invalidation) app.responseCacheInvalidated?.(options.sharing, invalidation);
      },
    });
    this.cacheControl = options.cacheControl ?? publicCacheControl(options.ttlMs, staleMs);
    this.keyOf = options.key ?? ((request: FastifyRequest) => request.url);
    this.fastPath = options.key || (options.stage ?? 'onRequest') !== 'onRequest' ? undefined : options.fastPath;
    this.shared = options.shared;
    options.changes?.subscribe((change) => this.cache.changed(change));
  }

  /** "Now" on the cache's clock, read on every use (so a faked `Date` counts). */
  private now(): number {
    return (this.options.now ?? this.app.responseCacheClock ?? wallClock)();
  }

  // The route is known by onRequest already (fastify routes first), so its declaration can be read here.
  // HEAD shares GET's entries, so it answers with the headers GET would send, Content-Encoding and
  // its Content-Length included (@fastify/compress never sees a HEAD answer's body).
  /** Whether this cache answers the request: a shared GET or HEAD of a route that declares this cache's sharing. */
  private applies(request: FastifyRequest): boolean {
    return (
      this.options.ttlMs > 0 &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      request.routeOptions.config.responseCache === this.options.sharing &&
      !isPrivateAnswer(request)
    );
  }

  /**
   * The stored answer: fresh within the TTL, stale within the stale window after it (past that, the
   * cache has let it go), and stale too while the change feed may be missing writes.
   */
  private lookup(key: string): { fresh?: Entry; stale?: Entry; refreshing?: Entry } {
    const found = this.cache.lookup(key);
    if (!found) return {};
    if (found.ageMs >= found.value.freshMs || found.uncertain) return { stale: found.value };
    if (found.supersededMs === undefined) return { fresh: found.value };
    return found.supersededMs <= this.refreshAheadMs ? { refreshing: found.value } : { stale: found.value };
  }

  /**
   * Starts the rebuild of a superseded answer, once per key, at most MAX_REFRESHES at a time: a
   * request of the app to itself, through every hook (a slot, the deadline) but the rate limits,
   * stored as a miss's answer is. Started by the first reader after the write, so only answers
   * read again are rebuilt; one that cannot start now is served until its bound, then built by
   * its readers as on a miss.
   */
  private refresh(key: string): void {
    const { refreshing, app } = this;
    if (refreshing.has(key) || refreshing.size >= MAX_REFRESHES || this.cache.building(key)) return;
    refreshing.add(key);
    app
      .inject({ method: 'GET', url: key, headers: refreshHeaders })
      .catch((error: unknown) => app.log.warn({ err: error }, 'refresh-ahead failed'))
      .finally(() => refreshing.delete(key));
  }

  /** The entry's body in that encoding: stored, or compressed now (once, however many ask at the same time). */
  private variant(key: string, entry: Entry, encoding: ContentEncoding): Buffer | Promise<Buffer> {
    return (
      entry.variants[encoding] ??
      (entry.pending[encoding] ??= compressBody(entry.body, encoding).then((made) => {
        const compressed = unpooled(made);
        entry.variants[encoding] = compressed;
        delete entry.pending[encoding];
        if (entry.shared) void this.shared?.addVariant(key, entry.etag, encoding, compressed);
        // The entry now holds its variant too (if it is still kept): it counts against maxBytes.
        this.cache.reweigh(key, entry);
        return compressed;
      }))
    );
  }

  /**
   * Sets the headers of a stored answer and says what to send: nothing for a 304, else its bytes in
   * the encoding the request negotiates. Synchronous unless a variant has to be made first: hits are
   * the hot path.
   */
  private answer(request: FastifyRequest, reply: FastifyReply, key: string, entry: Entry, how: Served): Buffer | Promise<Buffer> | undefined {
    reply
      .header('etag', entry.etag)
      .header('cache-control', how === 'refreshing' ? SUPERSEDED_CACHE_CONTROL : this.cacheControl)
      .header('x-cache', how);
    if (entry.varies) varyOnAcceptEncoding(reply);
    if (notModified(request.headers['if-none-match'], entry.etag)) {
      reply.status(304);
      return undefined;
    }
    reply.status(200).type(entry.contentType);
    const encoding = entry.encodable ? negotiateEncoding(request) : undefined;
    if (!encoding) return entry.body;
    reply.header('content-encoding', encoding);
    return this.variant(key, entry, encoding);
  }

  /** Notes a hit the full path is sending, to be kept as a replay for the fast path (`keepReplay`) once it is sent. */
  private noteReplay(request: FastifyRequest, entry: Entry, body: Buffer | undefined): void {
    if (!this.fastPath || !body || entry.replays.size >= MAX_REPLAYS) return;
    const variant = replayVariantOf(request.raw);
    if (variant !== undefined && !entry.replays.has(variant)) this.replaying.set(request, { entry, variant, body });
  }

  /**
   * Looks a missed answer up in the shared store, which this request leads the build of. Found, it
   * is kept here too (for what is left of its freshness) and becomes the request's answer; not
   * found, the request builds it, and stores it there if the store let it claim the build or no
   * other process built it meanwhile. Undefined: build.
   */
  private async fromShared(request: FastifyRequest, reply: FastifyReply, key: string, generation: number, scope: ChangeScope): Promise<Entry | undefined> {
    const shared = this.shared;
    const position = shared?.position();
    if (!shared || !position) return undefined;
    const obtained = await shared.obtain(key, () => this.now());
    if (!obtained.answer) {
      const build: SharedBuild = { position, claimHeld: obtained.claimed };
      this.sharedBuilds.set(request, build);
      // Freed with the stored row, or here when the request ends without storing one.
      if (obtained.claimed) finished(reply.raw, () => build.claimHeld && void shared.release(key));
      return undefined;
    }
    const { answer } = obtained;
    const freshMs = Math.min(this.options.ttlMs, answer.freshUntil - this.now());
    if (freshMs <= 0) return undefined;
    const varies = isCompressible(answer.contentType);
    const entry: Entry = {
      body: unpooled(answer.body),
      contentType: answer.contentType,
      etag: answer.etag,
      varies,
      encodable: varies && answer.body.length >= COMPRESSION_THRESHOLD,
      variants: Object.fromEntries(Object.entries(answer.variants).map(([encoding, bytes]) => [encoding, unpooled(bytes)])),
      pending: {},
      replays: new Map(),
      freshMs,
      shared: true,
    };
    // Kept under the scope the row was built for: the route's, since the key names the route.
    this.cache.store(key, entry, { scope: answer.scope ?? scope, since: generation, ttlMs: freshMs + this.staleMs });
    return entry;
  }

  /** Sends a stored answer from the request hook; a hit's bytes are noted for replay (not one from the shared store, which says so in a header of its own). */
  private send(request: FastifyRequest, reply: FastifyReply, key: string, entry: Entry, how: Exclude<Served, 'miss'>, fromShared = false) {
    if (fromShared) {
      reply.header('x-cache-shared', 'hit');
      const body = this.answer(request, reply, key, entry, how);
      return body instanceof Promise ? body.then((compressed) => reply.send(compressed)) : reply.send(body);
    }
    const body = this.answer(request, reply, key, entry, how);
    if (body instanceof Promise)
      return body.then((compressed) => {
        if (how === 'hit') this.noteReplay(request, entry, compressed);
        return reply.send(compressed);
      });
    if (how === 'hit') this.noteReplay(request, entry, body);
    return reply.send(body);
  }

  /**
   * The request hook (`onRequest` or `preHandler`): answers from the cache when it can (a fresh hit,
   * a superseded answer being refreshed, a stale one while the database is down, another request's
   * build it joined); otherwise this request builds the answer and `onSend` stores it.
   */
  async onRequest(request: FastifyRequest, reply: FastifyReply) {
    if (!this.applies(request)) return;
    const { cache } = this;
    const generation = cache.generation;
    const scope = request.routeOptions.config.changeScope?.(request);
    this.begun.set(request, { generation, startedAt: this.now(), scope });
    const key = this.keyOf(request);
    // The service's own rebuild of a superseded answer builds, whatever is held.
    const rebuild = this.refreshAheadMs > 0 && isRefresh(request);
    const found = rebuild ? {} : this.lookup(key);
    if (found.fresh) return this.send(request, reply, key, found.fresh, 'hit');
    if (found.refreshing) {
      this.refresh(key);
      return this.send(request, reply, key, found.refreshing, 'refreshing');
    }
    if (found.stale) {
      if (this.options.isDatabaseDown?.()) return this.send(request, reply, key, found.stale, 'stale');
      this.fallbacks.set(request, found.stale);
    }
    const joined = rebuild ? undefined : cache.join(key, scope, generation);
    if (joined) {
      const answer = await joined;
      if (answer) return this.send(request, reply, key, answer, 'hit');
      if (cache.building(key)) return; // that build failed and another began: build this one on its own
    }
    const finish = cache.lead(key, generation);
    // `finished` calls back even if the client is already gone (it may leave while this request
    // waited for another's build): a listener on 'close' added after it fired would never run, and
    // the build would stay registered forever, every later miss of the key joining it and hanging.
    finished(reply.raw, () => finish(this.built.get(request)));
    // A rebuild after a write wants the newest data: it builds, and stores what it built.
    const sharedEntry = rebuild ? undefined : await this.fromShared(request, reply, key, generation, scope);
    if (rebuild) {
      const position = this.shared?.position();
      if (position) this.sharedBuilds.set(request, { position, claimHeld: false });
    }
    if (sharedEntry) {
      this.built.set(request, sharedEntry);
      return this.send(request, reply, key, sharedEntry, 'hit', true);
    }
  }

  /**
   * Stores a built answer in the shared store too, unless a change this instance heard since the
   * build began touched its scope (the store refuses one it had not heard of). A change heard while
   * the row was being written deletes it again: its own deletion may have run before the row was there.
   */
  private async storeShared(request: FastifyRequest, key: string, entry: Entry, generation: number, scope: ChangeScope): Promise<void> {
    const build = this.sharedBuilds.get(request);
    const shared = this.shared;
    if (!shared || !build || entry.freshMs <= 0 || this.cache.touchedSince(generation, scope)) return;
    const answer = { ...entry, scope, freshUntil: this.now() + entry.freshMs };
    const releaseClaim = build.claimHeld;
    build.claimHeld = false;
    entry.shared = await shared.store(key, answer, build.position, releaseClaim);
    if (entry.shared && this.cache.touchedSince(generation, scope)) await shared.forget(key, entry.etag);
  }

  /**
   * The onSend hook: stores a built 200 answer (unless a write it may predate touched its scope) and
   * sends it as a miss, or answers a 503 with the stale answer the request noted; the cache's own
   * answers (they have `X-Cache` already) and every other reply pass through.
   */
  async onSend(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
    if (!this.applies(request) || reply.getHeader('x-cache') !== undefined) return payload;
    const key = this.keyOf(request);
    if (reply.statusCode === 503) {
      const stale = this.fallbacks.get(request);
      if (!stale) return payload;
      reply.removeHeader('retry-after');
      return (await this.answer(request, reply, key, stale, 'stale')) ?? '';
    }
    if (reply.statusCode !== 200 || typeof payload !== 'string') return payload;
    const body = unpooled(Buffer.from(payload));
    const contentType = String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8');
    const varies = isCompressible(contentType);
    const freshMs = Math.min(this.options.ttlMs, horizonOf(request)?.remainingMs ?? Number.POSITIVE_INFINITY);
    const entry: Entry = {
      body,
      contentType,
      etag: entityTagOf(contentType, body),
      varies,
      encodable: varies && body.length >= COMPRESSION_THRESHOLD,
      variants: {},
      pending: {},
      replays: new Map(),
      freshMs,
    };
    this.built.set(request, entry);
    const started = this.begun.get(request);
    // Kept under what the answer turned out to be read from, if its handler said (src/cache/answer-scope.ts).
    const scope = answerScopeOf(request, started?.scope);
    // An answer whose clock reading no longer holds is sent, never kept; one that is kept stays through its stale window too.
    if (freshMs > 0) this.cache.store(key, entry, { scope, since: started?.generation ?? 0, startedAt: started?.startedAt, ttlMs: freshMs + this.staleMs });
    if (started) await this.storeShared(request, key, entry, started.generation, scope);
    return (await this.answer(request, reply, key, entry, 'miss')) ?? '';
  }

  /** The onResponse hook (with a fast path only): keeps a hit the full path sent, with every hook's headers, as the replay of its variant. */
  keepReplay(request: FastifyRequest, reply: FastifyReply): void {
    const replay = this.replaying.get(request);
    if (replay && reply.statusCode === 200 && reply.getHeader('x-cache') === 'hit')
      replay.entry.replays.set(
        replay.variant,
        replayOf(reply.getHeaders(), replay.body, { route: request.routeOptions.url ?? request.url, interface: interfaceOf(request).name }),
      );
  }

  /** What the fast path sends for a URL and variant: the replay of the fresh answer, if one was kept. */
  replay(url: string, variant: string): ReplayableHit | undefined {
    // With a TTL of 0 nothing is stored, so nothing is found.
    return this.lookup(url).fresh?.replays.get(variant);
  }
}

/**
 * Puts a response cache (ResponseCache above) in front of the routes that declare `options.sharing`:
 * its request hook at `options.stage`, its onSend hook, and with a fast path, the onResponse hook
 * that keeps replays and the fast path's finder.
 */
export function registerResponseCache(app: FastifyInstance, options: ResponseCacheOptions): void {
  const cache = new ResponseCache(app, options);
  app.addHook(options.stage ?? 'onRequest', (request: FastifyRequest, reply: FastifyReply) => cache.onRequest(request, reply));
  app.addHook('onSend', (request, reply, payload) => cache.onSend(request, reply, payload));
  const { fastPath } = cache;
  if (fastPath) {
    app.addHook('onResponse', (request, reply, done) => {
      cache.keepReplay(request, reply);
      done();
    });
    fastPath.serveFrom((url, variant) => cache.replay(url, variant));
  }
}
