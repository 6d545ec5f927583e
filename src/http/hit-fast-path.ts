import { createServer, type IncomingMessage, type Server, type ServerOptions, type ServerResponse } from 'node:http';
import type { FastifyServerOptions } from 'fastify';
import { negotiateEncoding } from './compression.js';
import type { RequestPipeline } from './request-pipeline.js';
import { BUDGET_HEADERS, budgetHeaderValues } from './too-many-requests.js';

/**
 * A cache hit as the full path (fastify and every hook) sent it: what the fast path sends again,
 * with a request id of its own, to a request that would have been answered alike.
 */
export interface ReplayableHit {
  /** Name, value, name, value… in the order the full path wrote them, without X-Request-Id, the budget's and those node adds. */
  headers: string[];
  /** Where in `headers` the full path told the client its public budget (it paid for the request): the fast path pays and tells anew there. */
  budgetAt?: number;
  body: Buffer;
  /** The matched route's pattern and its interface's name, for the metrics. */
  route: string;
  interface: string;
}

/** Headers each answer has its own of, or node writes itself: never part of a replay. */
const OWN_HEADERS = new Set<string>(['x-request-id', 'date', 'connection', 'keep-alive', 'transfer-encoding', ...BUDGET_HEADERS]);

/** A hit as the full path sent it: its headers (`reply.getHeaders()`, in the order written) and bytes. */
export function replayOf(
  sent: Record<string, number | string | string[] | undefined>,
  body: Buffer,
  served: Pick<ReplayableHit, 'route' | 'interface'>,
): ReplayableHit {
  const headers: string[] = [];
  let budgetAt: number | undefined;
  for (const [name, value] of Object.entries(sent)) {
    if (name === BUDGET_HEADERS[0]) budgetAt = headers.length;
    if (value === undefined || OWN_HEADERS.has(name)) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.push(name, String(one));
  }
  return { headers, budgetAt, body, ...served };
}

/**
 * Request headers that no hook on the way to a hit reads, or whose effect the fast path applies
 * itself (X-Request-Id) or keys its answers by (Accept-Encoding, Origin). A request with any other
 * header (If-None-Match, Authorization, a cookie, the refresh marker, one a later hook will read) is
 * left to the full path: a list of the known-harmless, not of the known-harmful, so that a header a
 * future hook reads cannot be overlooked here.
 */
const HARMLESS_HEADERS = new Set([
  'host',
  'connection',
  'user-agent',
  'accept',
  'accept-encoding',
  'accept-language',
  'origin',
  'referer',
  'x-request-id',
  'x-forwarded-for',
  'x-forwarded-proto',
  'x-real-ip',
  'dnt',
  // A browser's reload and its fetch priority: the cache answers a hit whatever they say.
  'cache-control',
  'pragma',
  'priority',
  'sec-fetch-site',
  'sec-fetch-mode',
  'sec-fetch-dest',
  'sec-ch-ua',
  'sec-ch-ua-mobile',
  'sec-ch-ua-platform',
]);

/**
 * Which of an entry's recorded answers fits this request: its negotiated encoding and its Origin (a
 * list of CORS origins echoes it). Undefined for a request the fast path must not answer: a
 * method other than GET, or a header outside HARMLESS_HEADERS. The full path records under the
 * same key, so both agree on what counts as the same request.
 */
export function replayVariantOf(request: IncomingMessage): string | undefined {
  if (request.method !== 'GET') return undefined;
  const raw = request.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) if (!HARMLESS_HEADERS.has(raw[i].toLowerCase())) return undefined;
  return `${negotiateEncoding(request) ?? 'identity'} ${request.headers.origin ?? ''}`;
}

/** Where the fast path finds a fresh hit: the response cache's lookup by URL, fresh answers only. */
export type HitFinder = (url: string, variant: string) => ReplayableHit | undefined;

export interface FastPathSettings {
  /** Whether a hit may skip the hooks now: not while a request must be traced or say `Connection: close`. */
  open: () => boolean;
  /** What every request passes, whichever path answers it: its id, its charge to the public budget, the steps once answered (log line, metrics). */
  pipeline: RequestPipeline;
}

/**
 * Cache hits answered in the node server's request listener, before fastify builds its request and
 * reply and runs the hooks: about half of a hit's CPU time (docs/performance.md). It replays what
 * the full path sent for the same URL and variant, so it has no rule of its own: every header
 * (CORS, Cache-Control, ETag, Vary, X-Cache) is the full path's. What every request passes besides
 * headers is the request pipeline's, which the fastify hooks call too (request-pipeline.ts): a
 * request id, the public budget, the steps once answered (log line, metrics). Everything
 * else (a miss, a conditional or credentialed request, HEAD, a client whose budget is spent, while
 * tracing is on, while closing) goes to fastify as before.
 */
export class HitFastPath {
  private find?: HitFinder;
  private settings?: FastPathSettings;

  /** For fastify's `serverFactory`: the server fastify would make, with this path in front of fastify's handler. */
  readonly serverFactory = (
    handler: (request: IncomingMessage, response: ServerResponse) => void,
    options: FastifyServerOptions & { http?: ServerOptions | null },
  ): Server => {
    const server = createServer(options.http ?? {}, (request, response) => {
      if (!this.answer(request, response)) handler(request, response);
    });
    // What fastify sets on the server it makes itself (fastify/lib/server.js), its defaults filled in.
    if (options.keepAliveTimeout !== undefined) server.keepAliveTimeout = options.keepAliveTimeout;
    if (options.requestTimeout !== undefined) server.requestTimeout = options.requestTimeout;
    if (options.connectionTimeout !== undefined) server.setTimeout(options.connectionTimeout);
    if (options.maxRequestsPerSocket) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
    return server;
  };

  configure(settings: FastPathSettings): void {
    this.settings = settings;
  }

  /** Called by the response cache that answers public GETs by URL: from then on its fresh hits may be replayed. */
  serveFrom(find: HitFinder): void {
    this.find = find;
  }

  private answer(request: IncomingMessage, response: ServerResponse): boolean {
    const { find, settings } = this;
    if (!find || !settings || request.url === undefined || !settings.open()) return false;
    const began = process.hrtime.bigint();
    const variant = replayVariantOf(request);
    if (variant === undefined) return false;
    const hit = find(request.url, variant);
    if (!hit) return false;
    const { pipeline } = settings;
    let headers = hit.headers;
    if (hit.budgetAt !== undefined) {
      // The full path charged this request to the client's public budget: so does this one, or it lets the full path refuse it.
      const left = pipeline.chargePublic(request);
      if (!left) return false;
      const values = budgetHeaderValues(left);
      const told = BUDGET_HEADERS.flatMap((name, i) => [name, values[i]]);
      headers = [...headers.slice(0, hit.budgetAt), ...told, ...headers.slice(hit.budgetAt)];
    }
    const id = pipeline.idOf(request);
    response.writeHead(200, ['x-request-id', id, ...headers]);
    response.end(hit.body);
    pipeline.answered({
      id,
      method: 'GET',
      url: request.url,
      status: 200,
      ms: Number(process.hrtime.bigint() - began) / 1e6,
      ip: pipeline.clientAddress(request),
      route: hit.route,
      interface: hit.interface,
      cache: 'hit',
    });
    return true;
  }
}
