/**
 * GraphQL over WebSocket at /graphql (the `graphql-transport-ws` protocol of the graphql-ws
 * library, Apollo Client's and urql's default; the library refuses the legacy `graphql-ws` one of
 * subscriptions-transport-ws with 4406), beside GraphQL over HTTP and SSE on the same path.
 * Every operation runs through the same yoga/envelop pipeline as an HTTP one (yoga's documented
 * recipe: `yoga.getEnveloped` → parse, validate, context, execute or subscribe), so the same limits
 * (document size and tokens, aliases, directives, cost, deadline), error masking, context, caller
 * and subscription caps apply; what the pipeline does not see (yoga's `onParams` hooks: the document
 * limits and the NUL refusal), this module asks for itself.
 *
 * What fastify's hooks apply to an HTTP request, a socket applies itself, from the same counters, so
 * that a socket is no way around them (docs/security.md "One set of bounds for every transport"):
 * its connection_init and each operation pay the caller's budget (the address's public one, or the
 * key's); a keyed connection_init is checked under the failed-key brake (a wrong key closes the
 * socket with 4401 Unauthorized), and every keyed one is
 * refused while the brake is closed, without its key being looked at; a query or mutation holds a
 * request slot of the concurrency limit while it runs; and the socket itself holds a place under
 * the stream caps (`SocketHold`, src/live/updates.ts).
 *
 * Attached to fastify's HTTP server with a `ws` server in `noServer` mode rather than with
 * @fastify/websocket (not installed): the upgrade is one GET that only needs its origin, its client
 * address and the caps checked, and graphql-ws's `useServer` drives a `ws` server directly.
 */
import { STATUS_CODES, type IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type DocumentNode, type ExecutionArgs, type ExecutionResult, getOperationAST, GraphQLError, type GraphQLFormattedError } from 'graphql';
import type { OperationResult } from 'graphql-ws';
import { useServer } from 'graphql-ws/use/ws';
import type { YogaServerInstance } from 'graphql-yoga';
import { WebSocketServer, type WebSocket } from 'ws';
import { ENDED_SESSION, verifyApiKey } from '../auth/api-keys.js';
import { anonymousCaller, type Caller } from '../auth/caller.js';
import { presentedCredential } from '../auth/presented-credential.js';
import type { CorsOrigins } from '../http/cors.js';
import { clientKey, requestIpReader, type TrustProxy } from '../http/client-address.js';
import { HttpError } from '../http/errors.js';
import { INVALID_KEY_MESSAGE } from '../http/caller.js';
import { BRAKE_CLOSED_MESSAGE } from '../http/key-check-brake.js';
import { type Budget, keyBucketOf } from '../http/rate-limit.js';
import { TooManyRequestsError } from '../http/too-many-requests.js';
import type { SocketHold } from '../live/updates.js';
import type { ContextDependencies } from '../schema/context.js';
import { useDocumentLimits } from './document-limits.js';
import { defaultGraphQLLimits, type GraphQLLimits } from './limits.js';
import { useNulRefusal } from './nul.js';
import { overSocket } from './shared-subscriptions.js';
import { neverShare } from './shared-results.js';

/** What the HTTP app knows and the WebSocket endpoint needs: set by buildApp (src/app.ts). */
export interface WebSocketSettings {
  /** CORS_ORIGINS: a browser's upgrade from another origin is refused, as its fetch would be. */
  corsOrigins?: CorsOrigins;
  /** TRUST_PROXY: the client address the caps count, as fastify's `request.ip` reads it. */
  trustProxy?: TrustProxy;
  /** The embedded database's operator token (src/auth/api-keys.ts). */
  operatorToken?: string;
  /**
   * A request slot of the concurrency limit (src/http/concurrency-limit.ts, `acquire`) for a query or
   * mutation, under the route WEBSOCKET_ROUTE: its release, or the 503 a request would get. None
   * without a limit.
   */
  requestSlot?: (route: string, abandoned?: AbortSignal) => Promise<() => void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** What GraphQL over WebSocket needs of the app's settings (decorated by buildApp). */
    webSocketSettings?: WebSocketSettings;
  }
}

export interface WebSocketOptions {
  production: boolean;
  limits?: Partial<GraphQLLimits>;
  /**
   * The trusted-document rules (persisted queries, the allow-list) as HTTP applies them: the text of
   * a known hash, or a GraphQLError. yoga applies them in its onParams hooks, which a socket's
   * operation never passes through.
   */
  trustedParams?: <P extends { query?: string | null; extensions?: unknown }>(params: P) => P & { query?: string | null };
}

/** A subscribe message carries the document and its variables: the document's limit plus this much for variables and the envelope. */
const VARIABLES_BYTES = 64 * 1024;

/** The name the concurrency limit knows a socket's operations by: they have a share of the slots and the queue of their own, as a route has. */
export const WEBSOCKET_ROUTE = 'graphql-ws';

/** The close code of a connection_init refused by a budget or the failed-key brake: the 4xxx range is the application's, and 429 says why. */
export const RATE_LIMITED_CLOSE_CODE = 4429;

/** The close code of a connection_init with a wrong key: graphql-ws's Unauthorized (CloseCode.Unauthorized), fatal to its clients. */
export const UNAUTHENTICATED_CLOSE_CODE = 4401;

/**
 * What graphql-ws keeps per connection: the caller, resolved once when it is acknowledged, and the
 * key budget's bucket of the key it presented (none: an anonymous socket pays its address's public budget).
 */
type ConnectionExtra = Record<PropertyKey, unknown> & { caller?: Caller; keyBucket?: string };

/** What the upgrade decided of a socket: its client address, its place under the stream caps, and a signal that it has gone. */
interface Upgrade {
  clientId: string;
  hold?: SocketHold;
  gone: AbortSignal;
}

/** A budget or the brake refused: the error's message, and when to come back. */
interface Refusal {
  message: string;
  retryAfterSeconds: number;
}

/** What an operation paid: given back when it is answered 503, as an HTTP request's key budget is. */
interface Payment {
  refund(): void;
}

/** An operation's pipeline as graphql-ws calls it, the request slot it holds (a query's or a mutation's), and what it paid. */
interface Operation {
  execute: Run;
  subscribe: Run;
  release?: () => void;
  payment: Payment;
}

/** The yoga server of /graphql (src/graphql.ts), whose context factory reads the request's caller. */
type GraphQLYoga = YogaServerInstance<{ req: FastifyRequest; reply: FastifyReply }, object>;

/** The enveloped pipeline's execute or subscribe, as graphql-ws calls it. */
type Run = (args: ExecutionArgs) => OperationResult;

/** A refusal before the upgrade, as an HTTP answer on the raw socket: the GraphQL error format /graphql uses. */
function refuseUpgrade(socket: Duplex, status: number, message: string, code: string, headers: Record<string, string> = {}): void {
  const body = JSON.stringify({ errors: [{ message, extensions: { code } }] });
  const lines = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
    'Connection: close',
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ];
  socket.end(`${lines.join('\r\n')}\r\n\r\n${body}`);
}

/** The client address as fastify's `request.ip` reads it (the same trust in proxies), normalised as the caps count it (src/http/client-address.ts). */
function clientAddressReader(trustProxy: TrustProxy | undefined): (request: IncomingMessage) => string {
  const ipOf = requestIpReader(trustProxy ?? false);
  return (request) => clientKey(ipOf(request));
}

/** Whether a browser page of `origin` may open the socket: the rule of /graphql's CORS (src/http/cors.ts); a client that sends no Origin is no browser page. */
function originAllowed(origins: CorsOrigins | undefined, origin: string | undefined): boolean {
  if (origin === undefined || origins === undefined || origins === '*') return true;
  return origins.includes(origin);
}

/**
 * An error as a WebSocket client gets it: without the HTTP status and headers yoga keeps for its own
 * answers; a Retry-After among those headers (a full instance, the database away) becomes
 * `extensions.retryAfter`, in seconds, as the refusals of this module carry it.
 */
function formatted(error: GraphQLError): GraphQLFormattedError {
  const json = error.toJSON();
  if (!json.extensions) return json;
  const { http, unexpected: _unexpected, ...extensions } = json.extensions;
  const retryAfter = Number((http as { headers?: Record<string, string> } | undefined)?.headers?.['Retry-After']);
  if (Number.isFinite(retryAfter) && extensions.retryAfter === undefined) extensions.retryAfter = retryAfter;
  return { ...json, extensions: Object.keys(extensions).length > 0 ? extensions : undefined };
}

/** A refusal of a budget or the brake, as an operation's error: the code /graphql's 429 carries, and when to come back. */
function rateLimited(refusal: Refusal): GraphQLError {
  return new GraphQLError(refusal.message, { extensions: { code: 'RATE_LIMITED', retryAfter: refusal.retryAfterSeconds } });
}

/** Takes a unit of `bucket`, or says why not (the budget's text of an HTTP 429); nothing to pay without the budget. */
function pay(budget: Budget | undefined, bucket: string, limiter: 'public' | 'key'): Refusal | undefined {
  if (!budget || budget.take(bucket)) return undefined;
  const retryAfterSeconds = budget.state(bucket).resetSeconds;
  return { message: new TooManyRequestsError(retryAfterSeconds, limiter).message, retryAfterSeconds };
}

/** Whether an operation was answered as a 503 would be over HTTP (the database away, a full instance). */
function answeredUnavailable(result: unknown): boolean {
  const errors = (result as ExecutionResult | undefined)?.errors;
  return Array.isArray(errors) && errors.some((error) => (error.extensions?.http as { status?: number } | undefined)?.status === 503);
}

/**
 * Serves GraphQL over WebSocket on `yoga`'s endpoint: refuses an upgrade from an origin CORS does not
 * allow (403), past the client's or the instance's places under the stream caps, which its sockets
 * and streams share (SUBSCRIPTIONS_PER_CLIENT and SUBSCRIPTIONS_MAX, 429 and 503), or while the app
 * closes (503); holds connection_inits and operations to the budgets, the failed-key brake and the
 * request slots (RATE_LIMITED, SERVICE_UNAVAILABLE); closes every socket with 1001 (Going Away) when
 * the app closes, so its clients reconnect elsewhere.
 */
export function mountGraphQLWebSocket(app: FastifyInstance, yoga: GraphQLYoga, deps: ContextDependencies, options: WebSocketOptions): void {
  const settings = app.webSocketSettings ?? {};
  const live = deps.live;
  const limits: GraphQLLimits = { ...defaultGraphQLLimits(options.production), ...options.limits };
  const clientOf = clientAddressReader(settings.trustProxy);
  // Set by registerRateLimits before /graphql is mounted; absent when rate limits are off.
  const { publicBudget, keyBudget, keyChecks: brake } = app.clientLimits ?? {};
  let closing = false;
  const upgrades = new WeakMap<IncomingMessage, Upgrade>();
  const upgradeOf = (request: IncomingMessage): Upgrade => upgrades.get(request) ?? { clientId: clientOf(request), gone: new AbortController().signal };
  const runs = new WeakMap<object, Operation>();

  /** A connection_init refused by a budget or the brake: the socket is closed, its key never looked at. */
  const refuseConnection = (socket: WebSocket, refusal: Refusal): false => {
    socket.close(RATE_LIMITED_CLOSE_CODE, refusal.message);
    return false;
  };
  /** How long the client's brake stays closed, or undefined while it is open. */
  const brakeClosed = async (clientId: string): Promise<Refusal | undefined> => {
    const closed = await brake?.closedFor(clientId);
    if (!closed) return undefined;
    return {
      message: new TooManyRequestsError(closed.retryAfterSeconds, 'auth_failures', BRAKE_CLOSED_MESSAGE).message,
      retryAfterSeconds: closed.retryAfterSeconds,
    };
  };
  /**
   * An operation pays on arrival, as an HTTP request does: a keyed socket's from its key's budget,
   * refused while its address's brake is closed (every keyed request is); an anonymous one's from
   * its address's public budget.
   */
  const payFor = async (extra: ConnectionExtra, clientId: string): Promise<Payment | GraphQLError> => {
    const bucket = extra.keyBucket;
    if (bucket === undefined) {
      const refused = pay(publicBudget, clientId, 'public');
      return refused ? rateLimited(refused) : { refund: () => undefined };
    }
    const closed = await brakeClosed(clientId);
    if (closed) return rateLimited(closed);
    const refused = pay(keyBudget, bucket, 'key');
    return refused ? rateLimited(refused) : { refund: () => keyBudget?.giveBack(bucket) };
  };
  // yoga runs these on the request's parameters, which a WebSocket operation never passes through.
  const parameterChecks = [useDocumentLimits({ maxBytes: limits.maxDocumentBytes, maxTokens: limits.maxTokens, isKnown: () => false }), useNulRefusal()];

  const wss = new WebSocketServer({ noServer: true, maxPayload: limits.maxDocumentBytes + VARIABLES_BYTES });
  const server = useServer<Record<string, unknown> | undefined, ConnectionExtra>(
    {
      isProd: options.production,
      // The connection's caller: a key in `connection_init` ({ authorization: 'Bearer …' } or
      // { 'x-api-key': … }; browsers cannot set headers on a WebSocket), else in the upgrade's
      // headers or query string, by the one precedence. Resolved once, as a request's is.
      //
      // The connection_init is the socket's request, and pays as one; a keyed one is checked under
      // the failed-key brake as an HTTP request's key is, and refused unlooked-at while it is closed.
      onConnect: async (ctx) => {
        const request = ctx.extra.request;
        const { clientId } = upgradeOf(request);
        const params = ctx.connectionParams ?? {};
        const fromInit = presentedCredential({
          headers: { authorization: stringOf(params.authorization ?? params.Authorization), 'x-api-key': stringOf(params['x-api-key'] ?? params['X-Api-Key']) },
        });
        const query = Object.fromEntries(new URL(request.url ?? '/', 'http://localhost').searchParams);
        const presented = fromInit ?? presentedCredential({ headers: request.headers, query });
        if (!presented) {
          const refused = pay(publicBudget, clientId, 'public');
          if (refused) return refuseConnection(ctx.extra.socket, refused);
          ctx.extra.caller = anonymousCaller(clientId);
          return true;
        }
        const closed = await brakeClosed(clientId);
        if (closed) return refuseConnection(ctx.extra.socket, closed);
        const bucket = keyBucketOf(presented.secret, clientId);
        const refused = pay(keyBudget, bucket, 'key');
        if (refused) return refuseConnection(ctx.extra.socket, refused);
        const verdict = await verifyApiKey(deps.prisma, presented.secret, deps.clock.now(), settings.operatorToken);
        if (verdict === null) await brake?.failedFor(clientId, app.log);
        const credential = verdict === ENDED_SESSION ? null : verdict;
        // A wrong key is refused as an HTTP request's is (src/http/caller.ts): the socket closes
        // before its acknowledgement, with graphql-ws's Unauthorized, which its clients do not retry.
        if (!credential) {
          ctx.extra.socket.close(UNAUTHENTICATED_CLOSE_CODE, INVALID_KEY_MESSAGE);
          return false;
        }
        ctx.extra.caller = { authentication: 'valid', credential, clientId };
        ctx.extra.keyBucket = bucket;
        return true;
      },
      onSubscribe: async (ctx, _id, sent) => {
        const upgrade = upgradeOf(ctx.extra.request);
        const payment = await payFor(ctx.extra, upgrade.clientId);
        if (payment instanceof GraphQLError) return [payment];
        let payload = sent;
        try {
          payload = options.trustedParams ? { ...sent, ...options.trustedParams(sent) } : sent;
        } catch (error) {
          if (error instanceof GraphQLError) return [error];
          throw error;
        }
        for (const plugin of parameterChecks) {
          try {
            // The hooks read `params` only.
            await plugin.onParams?.({ params: payload } as never);
          } catch (error) {
            if (error instanceof GraphQLError) return [error];
            throw error;
          }
        }
        // A request of its own per operation, as yoga's context factory expects one (src/graphql.ts).
        // The context factory reads the caller off it (callerOf, src/http/caller.ts); there is no reply.
        const req = { caller: ctx.extra.caller ?? anonymousCaller(upgrade.clientId) } as unknown as FastifyRequest;
        const { schema, execute, subscribe, contextFactory, parse, validate } = yoga.getEnveloped({ req, params: payload });
        let document: DocumentNode;
        try {
          document = parse(payload.query);
        } catch (error) {
          if (error instanceof GraphQLError) return [error];
          throw error;
        }
        const errors = validate(schema, document);
        if (errors.length > 0) return errors;
        // graphql-ws's own answer when the operation cannot be picked, given here, where it would
        // otherwise skip execute and so the release of the slot taken below.
        const operation = getOperationAST(document, payload.operationName);
        if (!operation) return [new GraphQLError('Unable to identify operation')];
        const contextValue = await contextFactory();
        // Not even a query's answer is looked up in or stored into the shared result cache: a socket's answers are its own.
        neverShare(contextValue);
        // A subscription's stream takes its place from the socket's (the socket's own for its first stream).
        if (upgrade.hold) overSocket(contextValue, upgrade.hold);
        let release: (() => void) | undefined;
        // A query or mutation holds a request slot while it runs, as over HTTP; a subscription's
        // stream holds its place under the stream caps instead. Waiting ends when the socket goes.
        if (operation.operation !== 'subscription' && settings.requestSlot) {
          try {
            release = await settings.requestSlot(WEBSOCKET_ROUTE, upgrade.gone);
          } catch (error) {
            if (!(error instanceof HttpError)) throw error;
            payment.refund();
            return [new GraphQLError(error.message, { extensions: { code: 'SERVICE_UNAVAILABLE', retryAfter: error.retryAfterSeconds } })];
          }
        }
        runs.set(contextValue, { execute: execute as Run, subscribe: subscribe as Run, release, payment });
        return { schema, document, operationName: payload.operationName, variableValues: payload.variables, contextValue };
      },
      execute: async (args) => {
        const operation = runOf(args);
        try {
          const result = await operation.execute(args);
          if (answeredUnavailable(result)) operation.payment.refund();
          return result;
        } finally {
          operation.release?.();
        }
      },
      subscribe: async (args) => {
        const operation = runOf(args);
        const result = await operation.subscribe(args);
        if (answeredUnavailable(result)) operation.payment.refund();
        return result;
      },
      onNext: (_ctx, _id, _payload, _args, result) => (result.errors ? { ...result, errors: result.errors.map(formatted) } : undefined),
      onError: (_ctx, _id, _payload, errors) => errors.map(formatted),
    },
    wss,
  );

  function runOf(args: ExecutionArgs): Operation {
    const run = runs.get(args.contextValue as object);
    if (!run) throw new Error('a WebSocket operation without its enveloped pipeline');
    return run;
  }

  const path = yoga.graphqlEndpoint;
  app.server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    if ((request.url ?? '').split('?')[0] !== path) return refuseUpgrade(socket, 404, `No WebSocket endpoint at ${request.url}`, 'NOT_FOUND');
    if (closing) return refuseUpgrade(socket, 503, 'The server is shutting down', 'SUBSCRIPTIONS_FULL', { 'Retry-After': '1' });
    const origin = request.headers.origin;
    if (!originAllowed(settings.corsOrigins, origin)) return refuseUpgrade(socket, 403, `Origin ${origin} may not open this socket`, 'FORBIDDEN');
    const clientId = clientOf(request);
    let hold: SocketHold | undefined;
    try {
      // A place under the stream caps, refused as a stream past them is (429 for the client, 503 for the instance).
      hold = live?.openSocket(clientId);
    } catch (error) {
      if (!(error instanceof GraphQLError)) throw error;
      const http = (error.extensions.http ?? {}) as { status?: number; headers?: Record<string, string> };
      return refuseUpgrade(socket, http.status ?? 503, error.message, String(error.extensions.code ?? 'SUBSCRIPTIONS_FULL'), http.headers);
    }
    // Held from now until the socket closes, whether the handshake succeeds or not.
    const gone = new AbortController();
    socket.once('close', () => {
      hold?.close();
      gone.abort();
    });
    upgrades.set(request, { clientId, hold, gone: gone.signal });
    wss.handleUpgrade(request, socket, head, (ws: WebSocket) => wss.emit('connection', ws, request));
  });

  // Before fastify waits for its connections: graphql-ws's dispose closes every socket with 1001.
  app.addHook('preClose', async () => {
    closing = true;
    await server.dispose();
  });
}

function stringOf(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}
