/**
 * Tracing is off unless an OTLP endpoint is configured, by the standard OpenTelemetry variables
 * (https://opentelemetry.io/docs/specs/otel/configuration/sdk-environment-variables/). The exporter
 * itself reads the endpoint, its headers and timeout from the same variables.
 */
export interface TracingSettings {
  serviceName: string;
  /** Fraction of new traces kept (OTEL_TRACES_SAMPLER_ARG of a traceidratio sampler); 1 keeps all. */
  sampleRatio: number;
  /** Whether a caller's sampled `traceparent` decides for its request (the parentbased_* samplers, the default). */
  followParent: boolean;
}

type Env = Record<string, string | undefined>;

const SAMPLERS = ['always_on', 'always_off', 'traceidratio', 'parentbased_always_on', 'parentbased_always_off', 'parentbased_traceidratio'];

export class TracingConfigError extends Error {}

export function tracingSettings(env: Env): TracingSettings | null {
  const endpoint = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || env.OTEL_EXPORTER_OTLP_ENDPOINT;
  if (!endpoint || env.OTEL_SDK_DISABLED === 'true' || env.OTEL_TRACES_EXPORTER === 'none') return null;
  if (env.OTEL_TRACES_EXPORTER && env.OTEL_TRACES_EXPORTER !== 'otlp') {
    throw new TracingConfigError(`OTEL_TRACES_EXPORTER must be otlp or none, got "${env.OTEL_TRACES_EXPORTER}"`);
  }
  // The endpoint is named, not shown: it may carry credentials.
  if (!URL.canParse(endpoint) || !/^https?:$/.test(new URL(endpoint).protocol)) {
    throw new TracingConfigError('OTEL_EXPORTER_OTLP_(TRACES_)ENDPOINT must be an absolute http(s) URL');
  }
  const sampler = env.OTEL_TRACES_SAMPLER || 'parentbased_always_on';
  if (!SAMPLERS.includes(sampler)) throw new TracingConfigError(`OTEL_TRACES_SAMPLER must be one of ${SAMPLERS.join(', ')}`);
  let sampleRatio = sampler.endsWith('always_off') ? 0 : 1;
  if (sampler.endsWith('traceidratio') && env.OTEL_TRACES_SAMPLER_ARG !== undefined) {
    sampleRatio = Number(env.OTEL_TRACES_SAMPLER_ARG);
    if (!(sampleRatio >= 0 && sampleRatio <= 1)) throw new TracingConfigError('OTEL_TRACES_SAMPLER_ARG must be a number from 0 to 1');
  }
  return { serviceName: env.OTEL_SERVICE_NAME || 'floorball-league-service', sampleRatio, followParent: sampler.startsWith('parentbased_') };
}
