import { context, createContextKey, SpanKind, SpanStatusCode, trace, type Attributes, type Span } from '@opentelemetry/api';

/**
 * The service's spans. Without a registered tracer provider (tracing off, the default) the API hands
 * out non-recording spans, so instrumented code costs a few property reads.
 */
export const tracer = trace.getTracer('floorball-league-service');

/** The route a request matched (`GET /api/games/:id`): facades name their document's span by it. */
const ROUTE = createContextKey('floorball.route');

export function routeOfActiveRequest(): string | undefined {
  const route = context.active().getValue(ROUTE);
  return typeof route === 'string' ? route : undefined;
}

export function withRoute<T>(route: string, span: Span, run: () => T): T {
  return context.with(trace.setSpan(context.active(), span).setValue(ROUTE, route), run);
}

/** Runs `work` inside a child span of the active one; a thrown error marks the span and goes on. */
export async function inSpan<T>(name: string, attributes: Attributes, work: () => Promise<T>): Promise<T> {
  return tracer.startActiveSpan(name, { kind: SpanKind.INTERNAL, attributes }, async (span) => {
    try {
      return await work();
    } catch (error) {
      failSpan(span, error);
      throw error;
    } finally {
      span.end();
    }
  });
}

/** Marks a span failed with the error's class only: messages can carry input or credentials. */
export function failSpan(span: Span, error: unknown): void {
  span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.name : 'error' });
}
