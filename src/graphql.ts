import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createYoga, type Plugin } from 'graphql-yoga';
import { useResponseCache } from '@graphql-yoga/plugin-response-cache';
import { getOperationAST, type GraphQLSchema } from 'graphql';
import type { ContextDependencies, GraphQLContext } from './schema/context.js';
import { createContext, readFromReplica } from './schema/context.js';
import { useExecutionDeadline } from './graphql/deadline.js';
import { useHeapAdmission } from './graphql/heap-admission.js';
import { type HeapAdmission, processHeapPressure } from './cache/heap-pressure.js';
import { useDocumentLimits } from './graphql/document-limits.js';
import { yogaErrorLogger } from './graphql/error-log.js';
import { maskError } from './graphql/errors.js';
import { defaultGraphQLLimits, type GraphQLLimits } from './graphql/limits.js';
import { noteBodyType, useMutationBodies } from './graphql/mutation-bodies.js';
import { useNulRefusal } from './graphql/nul.js';
import { createParseCaches, parsedDocument } from './graphql/parse-caches.js';
import { createBoundedResponseCache } from './graphql/response-cache-store.js';
import type { SharedAnswerSpace } from './cache/shared-answer-store.js';
import { operationOf, resultCacheKeys } from './graphql/result-cache-key.js';
import { BurstLog } from './http/burst-log.js';
import { createCompressedMemo, varyOnAcceptEncoding } from './http/compression.js';
import { notModified, representationDigest, weakTag } from './http/entity-tags.js';
import { executedQuery, isCallersResult, isPublicResult, mayShare, useOperationKinds } from './graphql/shared-results.js';
import { useSharedSubscriptions } from './graphql/shared-subscriptions.js';
import { useValidationLimits } from './graphql/validation.js';
import { useCostLimit } from './graphql/cost.js';
import { MAX_BREADTH, MAX_DEPTH } from './schema/builder.js';
import { mountGraphQLWebSocket } from './graphql/websocket.js';
import { useOperationSpans } from './graphql/tracing.js';
import { callerOf, credentialPresented } from './http/caller.js';
import { PRIVATE_CACHE_CONTROL } from './http/private-answers.js';
import { publicCacheControl } from './http/response-cache.js';
import { graphiqlPage, registerGraphiQLAssets } from './graphql/graphiql.js';
import { GRAPHQL_INTERFACE, GRAPHQL_PATH } from './graphql/interface.js';
import { declareInterface } from './http/interfaces.js';
import { currentHorizon } from './clock.js';
import {
  fillPersistedBody,
  persistedHashOf,
  TrustedDocumentStore,
  trustedParams,
  useTrustedDocuments,
  type TrustedDocuments,
} from './graphql/persisted-documents.js';

export interface GraphQLOptions {
  /** GraphiQL is served only outside production. */
  production: boolean;
  /** How long a query result is shared between clients, as RESPONSE_CACHE_TTL_MS does for /api; 0 turns it off. */
  responseCacheTtlMs: number;
  /** What one request may ask and how long it may take (GRAPHQL_* variables); unset ones keep their defaults. */
  limits?: Partial<GraphQLLimits>;
  /** The result cache's clock in ms (its TTL); mountGraphQL passes the app's `responseCacheClock`, `Date.now` if none. */
  cacheClock?: () => number;
  /** Where 503s are logged once per burst; mountGraphQL passes the app's, shared with every interface. */
  unavailableLog?: BurstLog;
  /** Automatic persisted queries, or an allow-list (GRAPHQL_TRUSTED_DOCUMENTS); absent, off. */
  trustedDocuments?: TrustedDocuments;
  /** yoga plugins put first, before every other: benchmarks time the phases with them (bench/persisted.ts). */
  instrumentation?: Plugin<Record<string, unknown>>[];
  /** A span per operation (OpenTelemetry, when the service traces). */
  tracing?: boolean;
  /** Whether the heap has room for an expensive operation (src/graphql/heap-admission.ts); the process's own by default. */
  heap?: HeapAdmission;
  /** The result cache's space in the shared answer store (SHARED_ANSWER_STORE=database); absent, each process keeps its own. */
  sharedAnswers?: SharedAnswerSpace;
}

/**
 * The request headers a credential comes in on /graphql (src/auth/presented-credential.ts; a key in
 * the query string is part of the URL already), and Accept, which picks the answer's media type: a
 * shared cache keeps a public answer apart by them.
 */
const SHARED_ANSWER_VARY = ['accept', 'authorization', 'x-api-key'];

/** Adds names to Vary, keeping what CORS and compression put there. */
function varyOn(reply: FastifyReply, names: readonly string[]): void {
  const current = reply.getHeader('vary');
  const values = (Array.isArray(current) ? current.join(',') : String(current ?? ''))
    .split(',')
    .map((value) => value.trim())
    .filter((value) => value !== '');
  const known = new Set(values.map((value) => value.toLowerCase()));
  if (known.has('*')) return;
  reply.header('vary', [...values, ...names.filter((name) => !known.has(name))].join(', '));
}

/**
 * Session data is private to whoever holds the sid: results that contain it are never shared. (The
 * session fields also mark their answer as the caller's, src/schema/authorization.ts; this stays as
 * a second lock on the same door.)
 */
const PRIVATE_TYPES = ['FavoriteSession', 'Favorite'];

/**
 * Keeps If-None-Match from the result cache's plugin. The plugin answers a request whose
 * If-None-Match names a key it holds with a 304 of its own, and its ETag is that key: the hash of
 * the operation, which stays the same when a write changes the result, so an old answer would be
 * called current. mountGraphQL judges If-None-Match itself, against a tag of the bytes it sends.
 * Listed before the plugin: yoga runs the plugins' onRequest hooks in their order.
 */
function useRevalidationByBytes(): Plugin {
  return {
    onRequest({ request }) {
      request.headers.delete('if-none-match');
    },
  };
}

/** The yoga server behind /graphql, without HTTP: mountGraphQL serves it, benchmarks call its fetch. */
export function createGraphQLServer(schema: GraphQLSchema, deps: ContextDependencies, options: GraphQLOptions, log: FastifyBaseLogger) {
  const limits: GraphQLLimits = { ...defaultGraphQLLimits(options.production), ...options.limits };
  const parseCaches = createParseCaches();
  const trusted = new TrustedDocumentStore(options.trustedDocuments ?? { mode: 'off', manifest: new Map() });
  const trustedPlugins = trusted.settings.mode === 'off' ? undefined : useTrustedDocuments(trusted);
  const responseCache = createBoundedResponseCache({ now: options.cacheClock, feed: deps.live?.changes, shared: options.sharedAnswers });
  /** The contexts each request's operations ran with (one, or one per operation of a batch). */
  const contextsOf = new WeakMap<FastifyRequest, GraphQLContext[]>();
  /** The result cache's keys each request's operations looked up, ended when the request is answered (`settle`). */
  const cacheKeysOf = new WeakMap<FastifyRequest, string[]>();
  // A write drops the results that show a record it touched, and every result of a document that is
  // not scoped by the records it shows (src/graphql/document-scope.ts).
  deps.live?.changes.subscribe((change) => responseCache.changed(change));
  const { keyOf, candidateKeys } = resultCacheKeys(schema, (source) => parsedDocument(parseCaches.documentCache, source, limits.maxTokens));
  /** A hash-only GET's operation with the known text (a POST's body has it put in before the probe). */
  const persistedOperationOf = (request: FastifyRequest) => {
    if (!trustedPlugins || request.method === 'POST') return undefined;
    const params = request.query as Record<string, unknown> | undefined;
    const hash = persistedHashOf(params?.extensions);
    const query = hash === undefined ? undefined : trusted.get(hash.toLowerCase());
    // operationOf reads the method and the query string only.
    return query === undefined ? undefined : operationOf({ method: 'GET', query: { ...params, query } } as unknown as FastifyRequest);
  };
  /** Whether the result cache holds the answer to this request's operation (keyed as the plugin keys it: no session). */
  const holdsResult = async (request: FastifyRequest): Promise<boolean> => {
    const operation = options.responseCacheTtlMs > 0 ? (operationOf(request) ?? persistedOperationOf(request)) : undefined;
    if (!operation || Buffer.byteLength(operation.query) > limits.maxDocumentBytes) return false;
    return (await candidateKeys(operation)).some((key) => responseCache.holds(key));
  };
  const yoga = createYoga<{ req: FastifyRequest; reply: FastifyReply }>({
    schema,
    graphqlEndpoint: GRAPHQL_PATH,
    graphiql: !options.production,
    // The service's own copy of GraphiQL (src/graphql/graphiql.ts): yoga's page loads it from unpkg.com.
    renderGraphiQL: graphiqlPage(GRAPHQL_PATH),
    landingPage: false,
    // /graphql's CORS is its declaration's (src/graphql/interface.ts), as for every interface; yoga's own would
    // reflect any origin with credentials.
    cors: false,
    logging: {
      debug: (...args) => log.debug(args.map(String).join(' ')),
      info: (...args) => log.info(args.map(String).join(' ')),
      warn: (...args) => log.warn(args.map(String).join(' ')),
      error: yogaErrorLogger(log, options.unavailableLog ?? new BurstLog()),
    },
    maskedErrors: { maskError },
    parserAndValidationCache: parseCaches,
    context: ({ req }) => {
      const context = { ...createContext(deps, { caller: callerOf(req) }), maxComplexity: limits.maxComplexity };
      contextsOf.set(req, [...(contextsOf.get(req) ?? []), context]);
      return context;
    },
    plugins: [
      ...(options.instrumentation ?? []),
      // First: a hash-only request gets its document's text before anything reads the text.
      ...(trustedPlugins?.check ?? []),
      useDocumentLimits({ maxBytes: limits.maxDocumentBytes, maxTokens: limits.maxTokens, isKnown: (source) => parseCaches.documentCache.has(source) }),
      useNulRefusal(),
      // A document a client registers (APQ) is kept only once the limits passed it.
      ...(trustedPlugins ? [trustedPlugins.register] : []),
      useValidationLimits(limits),
      // Before anything picks a replica or looks in the result cache: the cost is the client's document's, the same on every call.
      useCostLimit({ maxComplexity: limits.maxComplexity, maxDepth: MAX_DEPTH, maxBreadth: MAX_BREADTH }),
      // Before the result cache, which must know a query from a mutation when it looks.
      useOperationKinds(),
      useMutationBodies(),
      // A query of public data reads from a caught-up replica, if any (src/schema/context.ts).
      {
        onExecute: ({ args }) => readFromReplica(args.contextValue as unknown as GraphQLContext, deps, args.document, args.operationName),
      } satisfies Plugin,
      useRevalidationByBytes(),
      useResponseCache({
        // Only query operations are looked up and stored: a mutation's or subscription's answer is its caller's alone.
        enabled: (_request, context) => options.responseCacheTtlMs > 0 && mayShare(context),
        session: () => null, // every stored result is public data, the same for every client
        ttl: options.responseCacheTtlMs,
        // A result that a key or a session decided (src/schema/authorization.ts) is never stored; a
        // public one is kept until what it read from the clock stops holding (src/clock.ts).
        onTtl: ({ ttl, context }) => (isPublicResult(context as GraphQLContext) ? Math.min(ttl, currentHorizon()?.remainingMs ?? ttl) : 0),
        ignoredTypes: PRIVATE_TYPES,
        // Not even an unknown sid's null. What changes with time (a running clock, the messages a
        // desk may send) says so on the answer's horizon instead.
        ttlPerSchemaCoordinate: { 'Query.favoriteSession': 0 },
        cache: responseCache,
        buildResponseCacheKey: async ({ documentString, operationName, variableValues, sessionId, context }) => {
          const key = await keyOf({ query: documentString, operationName, variables: variableValues }, sessionId);
          // yoga's context holds its server context, the fastify request. Only a query's result is
          // ever stored: a mutation's key is never asked of the shared store (nor claimed there).
          const req = options.sharedAnswers ? (context as { req?: FastifyRequest } | undefined)?.req : undefined;
          const document = req && parsedDocument(parseCaches.documentCache, documentString, limits.maxTokens);
          if (req && document && getOperationAST(document, operationName)?.operation === 'query') {
            cacheKeysOf.set(req, [...(cacheKeysOf.get(req) ?? []), key]);
            responseCache.begin(key);
          }
          return key;
        },
        // Live writes reach the cache through the change feed, scoped and from every instance;
        // dropping every result that holds a type of the mutation's result would undo the scoping.
        invalidateViaMutation: false,
        includeExtensionMetadata: false,
      }),
      // Only operations that run are traced: a cached answer has no operation to show.
      ...(options.tracing ? [useOperationSpans()] : []),
      // After the response cache (a stored answer costs no heap), before the deadline (a refusal starts no timer).
      useHeapAdmission(options.heap ?? processHeapPressure, limits.maxComplexity),
      // After the response cache: a hit is answered before the deadline starts.
      useExecutionDeadline(limits.timeoutMs),
      // Last: its subscribe function is the one that runs.
      useSharedSubscriptions(deps.live),
    ],
  });
  /**
   * Whether the answer belongs to its caller: an operation of it ran and was no public query
   * result, or nothing ran and the answer is no stored result (an error before execution).
   */
  const answersPrivately = (request: FastifyRequest, response: Response): boolean => {
    const contexts = contextsOf.get(request) ?? [];
    if (contexts.some(isCallersResult)) return true;
    // Nothing of the caller's ran: a public result, or an answer from the shared store (it has a tag), or an error before execution.
    return !contexts.some(executedQuery) && !response.headers.has('etag');
  };
  /** The request was answered: its operations' keys end (a shared build that was not stored frees its claim). */
  const settle = (request: FastifyRequest): void => {
    for (const key of cacheKeysOf.get(request) ?? []) responseCache.end(key);
    cacheKeysOf.delete(request);
  };
  return {
    yoga,
    holdsResult,
    answersPrivately,
    settle,
    trusted,
    /** The trusted-document rules for operations that do not pass yoga's onParams hooks (GraphQL over WebSocket). */
    trustedParams: <P extends { query?: string | null; extensions?: unknown }>(params: P) => trustedParams(trusted, params),
  };
}

/**
 * Whether yoga's answer is a result of the result cache, stored or storable: yoga marks it with an
 * ETag (the result cache's key), only on a query result without errors. Whose it is decides
 * `answersPrivately`.
 */
function isStoredResult(response: Response): boolean {
  return response.status === 200 && response.headers.has('etag');
}

/**
 * Whether a public answer may be kept by browsers and shared caches: a GET (or HEAD) whose answer is
 * a stored result of the result cache (a query without errors that nobody's key decided). POST
 * answers are not kept by HTTP caches anyway and say nothing.
 */
function isSharedAnswer(req: FastifyRequest, response: Response): boolean {
  return (req.method === 'GET' || req.method === 'HEAD') && isStoredResult(response);
}

function asGet(req: FastifyRequest): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  return new Request(new URL(req.url, 'http://localhost'), { method: 'GET', headers });
}

/** Mounts graphql-yoga at /graphql on `app`, a scope of its own. */
export function mountGraphQL(app: FastifyInstance, schema: GraphQLSchema, deps: ContextDependencies, options: GraphQLOptions): void {
  declareInterface(app, GRAPHQL_INTERFACE);
  const {
    yoga,
    holdsResult,
    answersPrivately,
    settle,
    trusted,
    trustedParams: trustedOperation,
  } = createGraphQLServer(schema, deps, { cacheClock: app.responseCacheClock, unavailableLog: app.errorHandling?.unavailable, ...options }, app.log);
  // GraphQL over WebSocket on the same path, through the same yoga pipeline (src/graphql/websocket.ts).
  mountGraphQLWebSocket(app, yoga, deps, { ...options, trustedParams: trustedOperation });
  const compressOnce = createCompressedMemo();
  const sharedCacheControl = publicCacheControl(options.responseCacheTtlMs);
  if (!options.production) registerGraphiQLAssets(app, yoga.graphqlEndpoint);
  app.route({
    url: yoga.graphqlEndpoint,
    // (A preflight is answered on the route its declaration adds.)
    method: ['GET', 'POST'],
    // A cached result is sent without waiting for a request slot (src/http/concurrency-limit.ts).
    // Whose answer it is, is decided per operation in the handler below, not by the route.
    // A mutation in the body may open a favorite session: the session cap reads it first (src/http/rate-limit.ts).
    config: { answeredFromCache: holdsResult, privateAnswer: false, opensSessions: 'in-body' },
    // Before the session cap and the result cache probe (preHandler), which read the document from the body.
    preValidation: async (req) => {
      noteBodyType(req);
      fillPersistedBody(req, trusted);
    },
    handler: async (req, reply) => {
      // Judged below, against the tag of the bytes sent; yoga never sees it (useRevalidationByBytes).
      const ifNoneMatch = req.headers['if-none-match'];
      // yoga knows GET and POST only: a HEAD is run as the GET it stands for, and fastify drops the body.
      let response: Response;
      try {
        response = await (req.method === 'HEAD' ? yoga.fetch(asGet(req), { req, reply }) : yoga.handleNodeRequestAndResponse(req, reply, { req, reply }));
      } finally {
        settle(req);
      }
      const yours = answersPrivately(req, response);
      response.headers.forEach((value, key) => {
        // yoga's ETag is the result cache's key, the same before and after a write: no validator. A
        // stored result gets its tag from its bytes below. (yoga's Headers keep the case they were set in: `ETag`.)
        if (/^etag$/i.test(key)) return;
        // An answer that is the caller's alone carries no validator to revalidate against.
        if (!(yours && /^last-modified$/i.test(key))) reply.header(key, value);
      });
      if (yours) reply.header('cache-control', PRIVATE_CACHE_CONTROL);
      else if (isSharedAnswer(req, response)) {
        // A stored public result asked for by GET: browsers and CDNs may keep it too, as /api's answers.
        // A request that presents a key is answered privately whatever it asked: a CDN does not
        // check keys, and a keyed client's requests are its own to count.
        if (credentialPresented(req)) reply.header('cache-control', PRIVATE_CACHE_CONTROL);
        else reply.header('cache-control', sharedCacheControl);
        varyOn(reply, SHARED_ANSWER_VARY);
      }
      reply.status(response.status);
      // One result goes out whole, so compression sees its size and leaves small ones alone;
      // event streams and multipart (@defer) answers stay streams.
      const streamed = /^(?:text\/event-stream|multipart\/)/i.test(response.headers.get('content-type') ?? '');
      if (streamed || response.body === null) return reply.send(response.body);
      const body = Buffer.from(await response.arrayBuffer());
      if (yours || !isStoredResult(response)) return reply.send(body);
      // A shared result: its tag is made from the bytes and their media type (src/http/entity-tags.ts),
      // so a write that changes the result changes the tag. A hit's bytes are at hand, so a 304 executes nothing.
      const digest = representationDigest(response.headers.get('content-type') ?? '', body);
      const tag = weakTag(digest);
      reply.header('etag', tag);
      // Only a GET or HEAD is revalidated: a POST is answered in full, whatever it holds.
      if ((req.method === 'GET' || req.method === 'HEAD') && notModified(ifNoneMatch, tag)) {
        // The headers the 200 would send that guide a cache (RFC 9110 §15.4.5), not those of its body.
        reply.removeHeader('content-type');
        reply.removeHeader('content-length');
        varyOnAcceptEncoding(reply);
        return reply.status(304).send();
      }
      // Compressed once per result and encoding, not on every hit; keyed by the tag's digest.
      return reply.send(await compressOnce(req, reply, body, digest));
    },
  });
}
