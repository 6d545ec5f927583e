import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** The encodings offered, in the order preferred when a client rates them equally. */
export type ContentEncoding = 'br' | 'gzip';
const ENCODINGS: readonly ContentEncoding[] = ['br', 'gzip'];

/** Bodies smaller than this go out as they are: below ~1 KB the headers outweigh what is saved. */
export const COMPRESSION_THRESHOLD = 1024;
/**
 * Brotli quality 4 (@fastify/compress's default too): uncached answers are compressed on every
 * request. Measured on the largest answer (current games, 344 KB at scale 10): quality 4 gives
 * 30.4 KB in 2.8 ms, gzip -6 30.2 KB in 4.6 ms, quality 5 27.5 KB in 5.3 ms; zlib's default 11
 * costs hundreds of times more for a few percent fewer bytes.
 */
export const BROTLI_QUALITY = 4;
export const GZIP_LEVEL = 6;

const BROTLI_OPTIONS: zlib.BrotliOptions = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } };
const GZIP_OPTIONS: zlib.ZlibOptions = { level: GZIP_LEVEL };

// Text of every kind (JSON, JSON:API, XML, iCalendar, SVG, GraphiQL's HTML); never PNG or other
// already-compressed images, and never event streams, which must flush as they go.
const COMPRESSIBLE = /^(?:text\/(?!event-stream)|[^;]*[+/](?:json|xml)\s*(?:;|$)|application\/javascript)/i;

/** Whether answers of this type are compressed (and so vary by Accept-Encoding) when large enough. */
export function isCompressible(contentType: unknown): boolean {
  return typeof contentType === 'string' && COMPRESSIBLE.test(contentType);
}

/** Accept-Encoding headers already negotiated: hits are the hot path. */
const negotiated = new Map<string, ContentEncoding | undefined>();

/**
 * The encoding @fastify/compress would choose for this request, for the answers the response cache
 * compresses itself: the highest-rated of br and gzip, br on a tie; `*` and `x-gzip` count as gzip;
 * none for `identity` only, a zero rating, or `x-no-compression`.
 */
export function negotiateEncoding(request: { headers: IncomingHttpHeaders }): ContentEncoding | undefined {
  const header = request.headers['accept-encoding'];
  if (typeof header !== 'string' || request.headers['x-no-compression'] !== undefined) return undefined;
  if (negotiated.has(header)) return negotiated.get(header);
  // Clients send a handful of distinct headers; a client inventing new ones only empties the memo.
  if (negotiated.size >= 64) negotiated.clear();
  const encoding = negotiate(header);
  negotiated.set(header, encoding);
  return encoding;
}

function negotiate(header: string): ContentEncoding | undefined {
  let best: ContentEncoding | undefined;
  let bestQuality = 0;
  for (const part of header.toLowerCase().split(',')) {
    const [rawName, ...params] = part.split(';').map((piece) => piece.trim());
    const name = rawName === '*' || rawName === 'x-gzip' ? 'gzip' : rawName;
    const encoding = ENCODINGS.find((candidate) => candidate === name);
    if (!encoding) continue;
    const q = params.find((param) => param.startsWith('q='));
    const quality = q === undefined ? 1 : Number(q.slice(2));
    if (!(quality > 0)) continue;
    if (quality > bestQuality || (quality === bestQuality && best !== undefined && ENCODINGS.indexOf(encoding) < ENCODINGS.indexOf(best))) {
      best = encoding;
      bestQuality = quality;
    }
  }
  return best;
}

/** The body in that encoding, with the settings @fastify/compress uses; off the event loop (libuv's pool). */
export function compressBody(body: Buffer, encoding: ContentEncoding): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const done = (error: Error | null, compressed: Buffer) => (error ? reject(error) : resolve(compressed));
    // Looked up on the module at each call, not bound once, so that tests can count the calls.
    if (encoding === 'br') zlib.brotliCompress(body, BROTLI_OPTIONS, done);
    else zlib.gzip(body, GZIP_OPTIONS, done);
  });
}

/**
 * Compresses answers that another cache serves again and again (yoga's response cache, which keeps
 * results, not bytes) once per content and encoding instead of on every hit. Keyed by a hash of the
 * body, so a changed result is never answered with an old variant; least recently used out first.
 * A caller that has hashed the body already (its entity-tag's `representationDigest`,
 * src/http/entity-tags.ts) passes that digest, and the body is not hashed twice.
 * Sets Content-Encoding and Vary when it compresses, so @fastify/compress leaves the bytes alone.
 */
export function createCompressedMemo(
  maxBytes = 4 * 1024 * 1024,
): (request: FastifyRequest, reply: FastifyReply, body: Buffer, digest?: string) => Buffer | Promise<Buffer> {
  const memo = new Map<string, Buffer>();
  let bytes = 0;
  return (request, reply, body, digest) => {
    if (body.length < COMPRESSION_THRESHOLD || !isCompressible(reply.getHeader('content-type'))) return body;
    const encoding = negotiateEncoding(request);
    if (!encoding) return body;
    varyOnAcceptEncoding(reply);
    reply.header('content-encoding', encoding);
    const key = `${encoding} ${digest ?? createHash('sha1').update(body).digest('base64url')}`;
    const stored = memo.get(key);
    if (stored) {
      memo.delete(key);
      memo.set(key, stored);
      return stored;
    }
    return compressBody(body, encoding).then((compressed) => {
      if (compressed.length > maxBytes || memo.has(key)) return compressed;
      memo.set(key, compressed);
      bytes += compressed.length;
      for (const [oldest, old] of memo) {
        if (bytes <= maxBytes) break;
        memo.delete(oldest);
        bytes -= old.length;
      }
      return compressed;
    });
  };
}

/** Adds `Accept-Encoding` to Vary, keeping what other hooks (CORS's `Origin`) put there. */
export function varyOnAcceptEncoding(reply: FastifyReply): void {
  const current = reply.getHeader('vary');
  if (current === undefined) {
    reply.header('vary', 'accept-encoding');
    return;
  }
  if (typeof current === 'string' && /accept-encoding/i.test(current)) return;
  const values = (Array.isArray(current) ? current.join(',') : String(current ?? ''))
    .split(',')
    .map((value) => value.trim())
    .filter((value) => value !== '');
  if (values.some((value) => value === '*' || value.toLowerCase() === 'accept-encoding')) return;
  // Lower case, as @fastify/compress spells it, so that it does not add it a second time.
  reply.header('vary', [...values, 'accept-encoding'].join(', '));
}

/**
 * gzip and br for every route registered after this, negotiated from Accept-Encoding, for text
 * answers of at least COMPRESSION_THRESHOLD bytes. Every answer of a compressible type says
 * `Vary: Accept-Encoding`, the small ones too, so that a shared cache never hands a compressed
 * variant to a client that did not ask for it. The response cache keeps its own compressed
 * variants and marks them with Content-Encoding, which @fastify/compress leaves alone.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    encodings: [...ENCODINGS],
    threshold: COMPRESSION_THRESHOLD,
    brotliOptions: BROTLI_OPTIONS,
    zlibOptions: GZIP_OPTIONS,
    customTypes: isCompressible,
    // Request bodies (GraphQL POSTs, forms) are small: compressed uploads are not accepted.
    globalDecompression: false,
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    // Not on 404s for unknown URLs: no route, so @fastify/compress never compresses them.
    if (!request.is404 && isCompressible(reply.getHeader('content-type'))) varyOnAcceptEncoding(reply);
    done(null, payload);
  });
}
