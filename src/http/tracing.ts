import { context, propagation, SpanKind, SpanStatusCode, type Span } from '@opentelemetry/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { tracer, withRoute } from '../tracing/spans.js';

const spans = new WeakMap<FastifyRequest, Span>();

function headerGetter(carrier: FastifyRequest['headers'], key: string): string | undefined {
  const value = carrier[key];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * One server span per request, named by its route pattern (`GET /api/games/:id`), parent of what the
 * request runs: the GraphQL operation and every SQL statement. Only the path is recorded, never the
 * query string or headers, which may carry a key (`auth_token`, `Authorization`).
 */
export function traceRequests(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const route = `${request.method} ${request.routeOptions.url ?? '(no route)'}`;
    const parent = propagation.extract(context.active(), request.headers, { get: headerGetter, keys: (carrier) => Object.keys(carrier) });
    const span = tracer.startSpan(
      route,
      {
        kind: SpanKind.SERVER,
        attributes: {
          'http.request.method': request.method,
          'http.route': request.routeOptions.url ?? '',
          'url.path': request.url.split('?', 1)[0],
          'request.id': request.id,
        },
      },
      parent,
    );
    spans.set(request, span);
    // The rest of the request runs inside this callback's async context, so its spans are children.
    context.with(parent, () => withRoute(route, span, done));
  });
  app.addHook('onResponse', (request, reply, done) => {
    const span = spans.get(request);
    if (span) {
      span.setAttribute('http.response.status_code', reply.statusCode);
      if (reply.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    }
    done();
  });
  // A client that goes away before the answer still ends its span.
  app.addHook('onRequestAbort', (request, done) => {
    spans.get(request)?.setAttribute('http.request.aborted', true).end();
    done();
  });
}
