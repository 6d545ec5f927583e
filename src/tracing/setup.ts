import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { AlwaysOnSampler, BatchSpanProcessor, ParentBasedSampler, TraceIdRatioBasedSampler, TracerProvider, type Sampler } from '@opentelemetry/sdk-trace';
import { PrismaInstrumentation } from '@prisma/instrumentation';
import type { TracingSettings } from './settings.js';

export interface Tracing {
  /** Sends what is buffered (tests, and the shutdown). */
  flush(): Promise<void>;
  shutdown(): Promise<void>;
}

function samplerOf(settings: TracingSettings): Sampler {
  const root = settings.sampleRatio >= 1 ? new AlwaysOnSampler() : new TraceIdRatioBasedSampler(settings.sampleRatio);
  return settings.followParent ? new ParentBasedSampler({ root }) : root;
}

/**
 * Registers the global tracer provider: spans batched to the OTLP/HTTP exporter (configured by the
 * OTEL_EXPORTER_OTLP_* variables), context carried by AsyncLocalStorage, W3C `traceparent` taken
 * from callers, and Prisma's own spans for every SQL statement. The SDK packages are used directly,
 * not @opentelemetry/sdk-node, which would pull every exporter and auto-instrumentation in.
 */
export function startTracing(settings: TracingSettings): Tracing {
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ 'service.name': settings.serviceName }),
    sampler: samplerOf(settings),
    spanProcessors: [new BatchSpanProcessor({ exporter: new OTLPTraceExporter() })],
  });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  const prisma = new PrismaInstrumentation();
  prisma.setTracerProvider(provider);
  prisma.enable();
  return {
    flush: () => provider.forceFlush(),
    shutdown: async () => {
      prisma.disable();
      await provider.shutdown();
    },
  };
}
