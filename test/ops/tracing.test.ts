import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { startTracing, type Tracing } from '../../src/tracing/setup.js';
import { tracingSettings } from '../../src/tracing/settings.js';
import { openTestLeague, type TestLeague } from '../support/app.js';
import { createKey } from '../support/keys.js';

/** A span as OTLP/HTTP JSON carries it. */
interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: { key: string; value: Record<string, unknown> }[];
}

const SERVER_KIND = 2;
const received: ReceivedSpan[] = [];
const bodies: string[] = [];
let collector: Server;
let tracing: Tracing;
let league: TestLeague;
let app: FastifyInstance;
let key: string;

/** An OTLP/HTTP receiver: what the exporter sends, as an OpenTelemetry Collector would get it. */
async function startCollector(): Promise<string> {
  collector = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    request.on('end', () => {
      bodies.push(body);
      const payload = JSON.parse(body) as { resourceSpans: { scopeSpans: { spans: ReceivedSpan[] }[] }[] };
      for (const resource of payload.resourceSpans) for (const scope of resource.scopeSpans) received.push(...scope.spans);
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(collector.address() as AddressInfo).port}/v1/traces`;
}

function attribute(span: ReceivedSpan, name: string): unknown {
  const value = span.attributes.find((entry) => entry.key === name)?.value;
  return value && Object.values(value)[0];
}

/** The spans of one trace below `root`, the root included. */
function descendants(root: ReceivedSpan): ReceivedSpan[] {
  const found = [root];
  for (let i = 0; i < found.length; i++) {
    found.push(...received.filter((span) => span.traceId === root.traceId && span.parentSpanId === found[i].spanId));
  }
  return found;
}

beforeAll(async () => {
  const endpoint = await startCollector();
  const settings = tracingSettings({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: endpoint, OTEL_SERVICE_NAME: 'league-under-test' });
  process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT = endpoint;
  tracing = startTracing(settings!);
  league = await openTestLeague();
  key = (await createKey(league.db, 'traced reader', null)).key;
  app = await buildApp({ database: league.db, clock: league.clock, logLevel: 'silent', tracing: settings });
});

afterAll(async () => {
  await app?.close();
  await league?.close();
  await tracing?.shutdown();
  collector?.close();
  delete process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT;
});

describe('OpenTelemetry tracing', () => {
  it('is off unless an OTLP endpoint is configured, and refuses a malformed one without showing it', () => {
    expect(tracingSettings({})).toBeNull();
    expect(tracingSettings({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_SDK_DISABLED: 'true' })).toBeNull();
    expect(tracingSettings({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_TRACES_EXPORTER: 'none' })).toBeNull();
    expect(
      tracingSettings({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_TRACES_SAMPLER: 'traceidratio', OTEL_TRACES_SAMPLER_ARG: '0.25' }),
    ).toEqual({
      serviceName: 'floorball-league-service',
      sampleRatio: 0.25,
      followParent: false,
    });
    expect(() => tracingSettings({ OTEL_EXPORTER_OTLP_ENDPOINT: 'user:secret@nowhere' })).toThrow(/must be an absolute http\(s\) URL$/);
  });

  it('sends one trace per facade request: the route, its document named by the route, and each SQL statement', async () => {
    const game = await league.db.prisma.game.findFirstOrThrow({ where: { groupId: { not: null } }, orderBy: { id: 'asc' } });
    const response = await app.inject({ method: 'GET', url: `/api/games/${game.id}?auth_token=${key}` });
    expect(response.statusCode).toBe(200);
    await tracing.flush();

    const server = received.find((span) => span.name === 'GET /api/games/:game_id' && span.kind === SERVER_KIND);
    expect(server, received.map((span) => span.name).join(', ')).toBeDefined();
    expect(attribute(server!, 'http.response.status_code')).toBe(200);
    expect(attribute(server!, 'url.path')).toBe(`/api/games/${game.id}`);
    const trace = descendants(server!);
    const operation = trace.find((span) => span.name === 'graphql GET /api/games/:game_id');
    expect(operation?.parentSpanId).toBe(server!.spanId);
    const statements = descendants(operation!).filter((span) => span.name === 'prisma:client:db_query' || span.name === 'prisma:engine:db_query');
    expect(statements.length).toBeGreaterThan(0);
    expect(statements.every((span) => /select/i.test(String(attribute(span, 'db.query.text'))))).toBe(true);
    // The key in the query string never reaches the collector.
    expect(bodies.join('\n')).not.toContain(key);
  });

  it('continues a caller’s trace on /graphql and names the operation', async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const response = await app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { traceparent: `00-${traceId}-00f067aa0ba902b7-01`, authorization: `Bearer ${key}` },
      payload: { query: 'query SeasonList { seasons { id } }' },
    });
    expect(response.statusCode).toBe(200);
    await tracing.flush();

    const server = received.find((span) => span.traceId === traceId && span.kind === SERVER_KIND);
    expect(server).toMatchObject({ name: 'POST /graphql', parentSpanId: '00f067aa0ba902b7' });
    const operation = received.find((span) => span.traceId === traceId && span.name === 'query SeasonList');
    expect(operation?.parentSpanId).toBe(server!.spanId);
    expect(descendants(operation!).some((span) => span.name.endsWith('db_query'))).toBe(true);
    expect(bodies.join('\n')).not.toContain(key);
  });
});
