import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { createGraphQLError, type Plugin } from 'graphql-yoga';
import { usePersistedOperations } from '@graphql-yoga/plugin-persisted-operations';
import { BoundedLru } from '../cache/bounded.js';
import { refusal } from './errors.js';

/**
 * Which documents /graphql runs (GRAPHQL_TRUSTED_DOCUMENTS): `off`, the text a request sends, as
 * GraphQL servers do; `apq`, that too, and automatic persisted queries (a client sends a document's
 * sha256 instead of its text once the service has seen the text); `allow-list`, only the documents
 * of the manifest, by their hash.
 */
export type TrustedDocumentsMode = 'off' | 'apq' | 'allow-list';

export const TRUSTED_DOCUMENTS_MODES: readonly TrustedDocumentsMode[] = ['off', 'apq', 'allow-list'];

export interface TrustedDocuments {
  mode: TrustedDocumentsMode;
  /** The documents known from the start (GRAPHQL_TRUSTED_DOCUMENTS_FILE), by the sha256 of their text; never evicted. */
  manifest: ReadonlyMap<string, string>;
}

/** Documents registered by clients (apq) kept at most: as many as the parse cache keeps parsed. */
export const PERSISTED_DOCUMENT_ENTRIES = 1000;
/** Their text's heap: 2 bytes a character, the 64-character key, and lru-cache's bookkeeping. */
export const PERSISTED_DOCUMENT_BYTES = 4 * 1024 * 1024;
const ENTRY_OVERHEAD_BYTES = 200;

const SHA256_HEX = /^[0-9a-f]{64}$/;

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/**
 * The manifest as GraphQL codegen's client preset writes it (`persistedDocuments` with
 * `hashAlgorithm: 'sha256'`): one JSON object, the sha256 of each document's text → that text.
 * Every hash is checked against its text, so a manifest cannot make a hash run another document.
 * Throws an Error whose message says what is wrong (the configuration turns it into its own error).
 */
export function manifestFrom(json: string): Map<string, string> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch (error) {
    throw new Error(`is not JSON (${(error as Error).message})`);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new Error('must be a JSON object of "<sha256 of the document>": "<document>"');
  }
  const manifest = new Map<string, string>();
  for (const [hash, document] of Object.entries(parsed)) {
    if (typeof document !== 'string') throw new Error(`holds no document text under "${hash}"`);
    if (!SHA256_HEX.test(hash)) {
      throw new Error(`names a document "${hash}", which is no sha256 in lowercase hex (codegen: persistedDocuments.hashAlgorithm 'sha256')`);
    }
    if (sha256Hex(document) !== hash) throw new Error(`holds a document under "${hash}" whose sha256 is ${sha256Hex(document)}`);
    manifest.set(hash, document);
  }
  return manifest;
}

/** The hash of an APQ request (`extensions.persistedQuery = { version: 1, sha256Hash }`), from yoga's params or a raw GET/POST. */
export function persistedHashOf(extensions: unknown): string | undefined {
  let value = extensions;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return undefined;
    }
  }
  if (value === null || typeof value !== 'object') return undefined;
  const persisted = (value as { persistedQuery?: unknown }).persistedQuery;
  if (persisted === null || typeof persisted !== 'object') return undefined;
  const { version, sha256Hash } = persisted as { version?: unknown; sha256Hash?: unknown };
  return version === 1 && typeof sha256Hash === 'string' ? sha256Hash : undefined;
}

/** The documents /graphql knows by hash: the manifest's, and (apq) those clients registered, in a bounded LRU. */
export class TrustedDocumentStore {
  private readonly registered = new BoundedLru<string>({
    maxEntries: PERSISTED_DOCUMENT_ENTRIES,
    maxBytes: PERSISTED_DOCUMENT_BYTES,
    weigh: (source, hash) => 2 * (source.length + hash.length) + ENTRY_OVERHEAD_BYTES,
  });

  constructor(readonly settings: TrustedDocuments) {}

  get acceptsRegistrations(): boolean {
    return this.settings.mode === 'apq';
  }

  get(hash: string): string | undefined {
    return this.settings.manifest.get(hash) ?? (this.acceptsRegistrations ? this.registered.get(hash) : undefined);
  }

  /** Keeps a document a client sent with its hash, which the caller has checked against the text. */
  register(hash: string, source: string): void {
    if (this.acceptsRegistrations && !this.settings.manifest.has(hash)) this.registered.set(hash, source);
  }
}

/** What an APQ client waits for before it sends the text (Apollo Client and urql compare the message or the code). */
function notFound(): Error {
  return refusal('PersistedQueryNotFound', 'PERSISTED_QUERY_NOT_FOUND', { status: 200 });
}

function hashMismatch(): Error {
  return refusal('provided sha does not match query', 'PERSISTED_QUERY_HASH_MISMATCH');
}

function notAllowed(): Error {
  return refusal(
    'This service runs only the documents of its allow-list: send extensions.persistedQuery.sha256Hash of a listed document, without the query text',
    'PERSISTED_QUERY_NOT_ALLOWED',
  );
}

/**
 * The POST body of a hash-only request with the document's text put in, before anything reads the
 * body (the session cap counts the sessions a mutation starts from its document; the result cache
 * probe keys by the text); unchanged if the hash is unknown. yoga then sees text and hash, and the
 * hash is checked against the text as for any other request.
 */
export function fillPersistedBody(request: FastifyRequest, store: TrustedDocumentStore): void {
  const body = request.body as Record<string, unknown> | undefined;
  if (request.method !== 'POST' || !body || typeof body !== 'object' || Array.isArray(body) || body.query != null) return;
  const hash = persistedHashOf(body.extensions);
  const source = hash === undefined ? undefined : store.get(hash.toLowerCase());
  if (source !== undefined) body.query = source;
}

/**
 * The same rules for a transport whose operations do not pass yoga's `onParams` hooks (GraphQL over
 * WebSocket): the params to run, the text put in for a known hash, or a GraphQLError (hash
 * mismatch, unknown hash, or a text the allow-list refuses). Nothing is registered here: a document
 * is learnt over HTTP only, after the document limits.
 */
export function trustedParams<P extends { query?: string | null; extensions?: unknown }>(
  store: TrustedDocumentStore,
  params: P,
): P & { query?: string | null } {
  if (store.settings.mode === 'off') return params;
  const hash = persistedHashOf(params.extensions)?.toLowerCase();
  if (typeof params.query === 'string' && params.query !== '') {
    if (hash !== undefined && sha256Hex(params.query) !== hash) throw hashMismatch();
    if (store.settings.mode === 'allow-list' && !(hash !== undefined && store.settings.manifest.has(hash))) throw notAllowed();
    return params;
  }
  if (hash === undefined) return params;
  const source = store.get(hash);
  if (source === undefined) throw notFound();
  return { ...params, query: source };
}

/**
 * The yoga plugins of trusted documents, first in the list: the hash check and
 * @graphql-yoga/plugin-persisted-operations, which answers a hash-only request with the known text
 * (the text, not a parsed document: every check after it, the result cache's key and yoga's parse
 * cache see the same text as when the client sent it, and a known document is parsed and validated
 * once, as the parse cache keeps it). `register` goes after the document limits: a document is kept
 * only once they passed it.
 */
export function useTrustedDocuments(store: TrustedDocumentStore): { check: Plugin[]; register: Plugin } {
  /** Requests whose text is a manifest document (allow-list) or was checked against its hash. */
  const verified = new WeakMap<Request, { hash: string; source: string }>();
  const check: Plugin = {
    onParams({ params, request }) {
      const hash = persistedHashOf(params.extensions);
      if (typeof params.query !== 'string' || params.query === '' || hash === undefined) return;
      // Never trust a client's hash for a text it sends: stored under a wrong hash, the text would
      // answer another document's hash for everyone.
      if (sha256Hex(params.query) !== hash.toLowerCase()) throw hashMismatch();
      verified.set(request, { hash: hash.toLowerCase(), source: params.query });
    },
  };
  const allowList = store.settings.mode === 'allow-list';
  const persisted = usePersistedOperations({
    getPersistedOperation: (hash) => store.get(hash.toLowerCase()) ?? null,
    allowArbitraryOperations: allowList ? (request) => store.settings.manifest.has(verified.get(request)?.hash ?? '') : true,
    customErrors: {
      notFound,
      persistedQueryOnly: notAllowed,
      // Neither text nor hash: what yoga answers without the plugin.
      keyNotFound: () =>
        createGraphQLError('Must provide query string.', {
          extensions: { http: { spec: true, status: 400, headers: { Allow: 'GET, POST' } }, code: 'BAD_REQUEST' },
        }),
    },
  });
  const register: Plugin = {
    onParams({ request }) {
      const document = verified.get(request);
      if (document) store.register(document.hash, document.source);
    },
  };
  return { check: [check, persisted as Plugin], register };
}
