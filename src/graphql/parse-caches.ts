import { parse, type DocumentNode, type Token } from 'graphql';
import { BoundedLru } from '../cache/bounded.js';

/**
 * Measured (graphql 16.15, documents parsed with locations as yoga does, plus yoga's cached
 * validation result): 277–483 heap bytes per token whatever the shape — 9,000 aliases, 1,000
 * `__typename`s, 1,000 unknown one-letter fields, nested selections, the introspection query. Per
 * byte of source it ranges from 29 (introspection) over 46 (the alias attack) to 241 (`{ a a a … }`),
 * so the source length alone would misjudge dense documents fivefold; the token count does not.
 */
const HEAP_BYTES_PER_TOKEN = 500;
/** Source bytes' worth of heap where a document has no token list to count (parsed without locations). */
const HEAP_BYTES_PER_SOURCE_BYTE = 250;

/** Distinct documents kept parsed (yoga's default is 1,024 by count only). */
export const DOCUMENT_CACHE_ENTRIES = 1000;
/** Their estimated heap: room for ~300 typical 50-token documents, or 16 at the default token limit. */
export const DOCUMENT_CACHE_BYTES = 8 * 1024 * 1024;
export const ERROR_CACHE_ENTRIES = 200;
export const ERROR_CACHE_BYTES = 1024 * 1024;
/** A syntax error object with its location, besides the source text it is keyed by. */
const ERROR_OVERHEAD_BYTES = 2048;

function tokenCount(document: DocumentNode): number | undefined {
  let token: Token | null | undefined = document.loc?.startToken;
  if (!token) return undefined;
  let count = 0;
  for (; token; token = token.next) count += 1;
  return count;
}

/** The key is the source text itself: two bytes a character at most, as V8 stores strings. */
export function documentWeight(source: string, document: DocumentNode): number {
  const tokens = tokenCount(document);
  return 2 * source.length + (tokens === undefined ? HEAP_BYTES_PER_SOURCE_BYTE * source.length : HEAP_BYTES_PER_TOKEN * tokens);
}

/**
 * yoga's parse caches (`parserAndValidationCache`), bounded by count and by estimated heap: the
 * service's BoundedLru (src/cache/bounded.ts, on lru-cache) as it is, no TTL. yoga calls `get` and
 * `set` only; `set` returns whether the document was kept, which yoga ignores.
 */
export function createParseCaches(): { documentCache: BoundedLru<DocumentNode>; errorCache: BoundedLru<object> } {
  return {
    documentCache: new BoundedLru<DocumentNode>({
      maxEntries: DOCUMENT_CACHE_ENTRIES,
      maxBytes: DOCUMENT_CACHE_BYTES,
      weigh: (document, source) => documentWeight(source, document),
    }),
    errorCache: new BoundedLru<object>({
      maxEntries: ERROR_CACHE_ENTRIES,
      maxBytes: ERROR_CACHE_BYTES,
      weigh: (_error, source) => 2 * source.length + ERROR_OVERHEAD_BYTES,
    }),
  };
}

/**
 * A document as the server parses it (same token bound), from the parse cache or parsed now and
 * kept there, so that the server does not parse it a second time; undefined if it does not parse
 * (the server reports that itself).
 */
export function parsedDocument(documentCache: BoundedLru<DocumentNode>, source: string, maxTokens: number): DocumentNode | undefined {
  const cached = documentCache.get(source);
  if (cached) return cached;
  try {
    const document = parse(source, { maxTokens });
    documentCache.set(source, document);
    return document;
  } catch {
    return undefined;
  }
}
