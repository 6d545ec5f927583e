/**
 * GraphQL over WebSocket at /graphql (the `graphql-transport-ws` protocol of the graphql-ws
 * library, Apollo Client's and urql's default), beside GraphQL over HTTP and SSE on the same path.
 * Every operation runs through the same yoga/envelop pipeline as an HTTP one (yoga's documented
 * recipe: `yoga.getEnveloped` → parse, validate, context, execute or subscribe), so the same limits
 * (document size and tokens, aliases, directives, cost, deadline), error masking, context, caller
 * and subscription caps apply; what the pipeline does not see (yoga's `onParams` hooks: the document
 * limits and the NUL refusal), this module asks for itself.
 *
 * Attached to fastify's HTTP server with a `ws` server in `noServer` mode rather than with
 * @fastify/websocket (not installed): the upgrade is one GET that only needs its origin, its client
 * address and the caps checked, and graphql-ws's `useServer` drives a `ws` server directly.
 */
import { STATUS_CODES, type IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type DocumentNode, type ExecutionArgs, GraphQLError, type GraphQLFormattedError } from 'graphql';
import type { OperationResult } from 'graphql-ws';
import { useServer } from 'graphql-ws/use/ws';
import type { YogaServerInstance } from 'graphql-yoga';
import { WebSocketServer, type WebSocket } from 'ws';
import { ENDED_SESSION, verifyApiKey } from '../auth/api-keys.js';
import { anonymousCaller, type Caller } from '../auth/caller.js';
import { presentedCredential } from '../auth/presented-credential.js';
import type { CorsOrigins } from '../http/cors.js';
import { clientKey, requestIpReader, type TrustProxy } from '../http/client-address.js';
import { SUBSCRIPTIONS_FULL_RETRY_AFTER_S } from '../live/updates.js';
import type { ContextDependencies } from '../schema/context.js';
import { useDocumentLimits } from './document-limits.js';
import { defaultGraphQLLimits, type GraphQLLimits } from './limits.js';
import { useNulRefusal } from './nul.js';
import { neverShare } from './shared-results.js';

/** What the HTTP app knows and the WebSocket endpoint needs: set by buildApp (src/app.ts). */
export interface WebSocketSettings {
  /** CORS_ORIGINS: a browser's upgrade from another origin is refused, as its fetch would be. */
  corsOrigins?: CorsOrigins;
  /** TRUST_PROXY: the client address the caps count, as fastify's `request.ip` reads it. */
  trustProxy?: TrustProxy;
  /** The embedded database's operator token (src/auth/api-keys.ts). */
  operatorToken?: string;
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

/** The subprotocol of graphql-ws; the legacy `graphql-ws` one of subscriptions-transport-ws is refused by the library (4406). */
export const GRAPHQL_TRANSPORT_WS = 'graphql-transport-ws';

/** A subscribe message carries the document and its variables: the document's limit plus this much for variables and the envelope. */
const VARIABLES_BYTES = 64 * 1024;

/** What graphql-ws keeps per connection: the caller, resolved once when it is acknowledged. */
type ConnectionExtra = Record<PropertyKey, unknown> & { caller?: Caller };

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

/** An error as a WebSocket client gets it: without the HTTP status and headers yoga keeps for its own answers. */
function formatted(error: GraphQLError): GraphQLFormattedError {
  const json = error.toJSON();
  if (!json.extensions) return json;
  const { http: _http, unexpected: _unexpected, ...extensions } = json.extensions;
  return { ...json, extensions: Object.keys(extensions).length > 0 ? extensions : undefined };
}

/**
 * Serves GraphQL over WebSocket on `yoga`'s endpoint: refuses an upgrade from an origin CORS does not
 * allow (403), past the client's or the instance's open connections (SUBSCRIPTIONS_PER_CLIENT and
 * SUBSCRIPTIONS_MAX, 429 and 503), or while the app closes (503); closes every socket with 1001
 * (Going Away) when the app closes, so its clients reconnect elsewhere.
 */
export function mountGraphQLWebSocket(app: FastifyInstance, yoga: GraphQLYoga, deps: ContextDependencies, options: WebSocketOptions): void {
  const settings = app.webSocketSettings ?? {};
  const live = deps.live;
  const limits: GraphQLLimits = { ...defaultGraphQLLimits(options.production), ...options.limits };
  const clientOf = clientAddressReader(settings.trustProxy);
  const maxPerClient = live?.maxPerClient ?? Number.POSITIVE_INFINITY;
  const maxTotal = live?.maxTotal ?? Number.POSITIVE_INFINITY;
  const openPerClient = new Map<string, number>();
  let open = 0;
  let closing = false;
  const clientIds = new WeakMap<IncomingMessage, string>();
  const runs = new WeakMap<object, { execute: Run; subscribe: Run }>();
  // yoga runs these on the request's parameters, which a WebSocket operation never passes through.
  const parameterChecks = [useDocumentLimits({ maxBytes: limits.maxDocumentBytes, maxTokens: limits.maxTokens, isKnown: () => false }), useNulRefusal()];

  const wss = new WebSocketServer({ noServer: true, maxPayload: limits.maxDocumentBytes + VARIABLES_BYTES });
  const server = useServer<Record<string, unknown> | undefined, ConnectionExtra>(
    {
      isProd: options.production,
      // The connection's caller: a key in `connection_init` ({ authorization: 'Bearer …' } or
      // { 'x-api-key': … }; browsers cannot set headers on a WebSocket), else in the upgrade's
      // headers or query string, by the one precedence. Resolved once, as a request's is.
      onConnect: async (ctx) => {
        const request = ctx.extra.request;
        const clientId = clientIds.get(request) ?? clientOf(request);
        const params = ctx.connectionParams ?? {};
        const fromInit = presentedCredential({
          headers: { authorization: stringOf(params.authorization ?? params.Authorization), 'x-api-key': stringOf(params['x-api-key'] ?? params['X-Api-Key']) },
        });
        const query = Object.fromEntries(new URL(request.url ?? '/', 'http://localhost').searchParams);
        const presented = fromInit ?? presentedCredential({ headers: request.headers, query });
        if (!presented) {
          ctx.extra.caller = anonymousCaller(clientId);
          return true;
        }
        const verdict = await verifyApiKey(deps.prisma, presented.secret, deps.clock.now(), settings.operatorToken);
        const credential = verdict === ENDED_SESSION ? null : verdict;
        ctx.extra.caller = { authentication: credential ? 'valid' : 'invalid', credential, clientId };
        return true;
      },
      onSubscribe: async (ctx, _id, sent) => {
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
        const req = { caller: ctx.extra.caller ?? anonymousCaller(clientIds.get(ctx.extra.request) ?? 'unknown') } as unknown as FastifyRequest;
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
        const contextValue = await contextFactory();
        // Not even a query's answer is looked up in or stored into the shared result cache: a socket's answers are its own.
        neverShare(contextValue);
        runs.set(contextValue, { execute: execute as Run, subscribe: subscribe as Run });
        return { schema, document, operationName: payload.operationName, variableValues: payload.variables, contextValue };
      },
      execute: (args) => runOf(args).execute(args),
      subscribe: (args) => runOf(args).subscribe(args),
      onNext: (_ctx, _id, _payload, _args, result) => (result.errors ? { ...result, errors: result.errors.map(formatted) } : undefined),
      onError: (_ctx, _id, _payload, errors) => errors.map(formatted),
    },
    wss,
  );

  function runOf(args: ExecutionArgs): { execute: Run; subscribe: Run } {
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
    const ofClient = openPerClient.get(clientId) ?? 0;
    if (ofClient >= maxPerClient) {
      return refuseUpgrade(socket, 429, `Too many open connections from this client (at most ${maxPerClient}): close one first`, 'TOO_MANY_SUBSCRIPTIONS');
    }
    if (open >= maxTotal) {
      return refuseUpgrade(socket, 503, `This server holds as many connections as it can (${maxTotal}): try again in a while`, 'SUBSCRIPTIONS_FULL', {
        'Retry-After': String(SUBSCRIPTIONS_FULL_RETRY_AFTER_S),
      });
    }
    // Counted from now until the socket closes, whether the handshake succeeds or not.
    open += 1;
    openPerClient.set(clientId, ofClient + 1);
    socket.once('close', () => {
      open -= 1;
      const left = (openPerClient.get(clientId) ?? 1) - 1;
      if (left > 0) openPerClient.set(clientId, left);
      else openPerClient.delete(clientId);
    });
    clientIds.set(request, clientId);
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
