import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_RESPONSE_CACHE_TTL_MS, loadConfig } from '../src/config.js';

describe('configuration', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dbPoolSize).toBe(10);
    expect(config.publicBaseUrl).toBe('http://localhost:3000');
    expect(config.maxInFlight).toBe(8);
    expect(loadConfig({ MAX_IN_FLIGHT: '0' }).maxInFlight).toBe(0);
  });

  it.each([
    [{ PORT: 'abc' }, /PORT/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL/],
    [{ DB_POOL_SIZE: '0' }, /DB_POOL_SIZE/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL/],
    [{ DEMO_ON_EMPTY: 'maybe' }, /DEMO_ON_EMPTY/],
    [{ PUBLIC_BASE_URL: 'not a url' }, /PUBLIC_BASE_URL/],
    [{ MAX_IN_FLIGHT: '-1' }, /MAX_IN_FLIGHT/],
  ])('rejects %j with a message naming the variable', (env, pattern) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(pattern);
  });
});

describe('rate limit configuration', () => {
  it('defaults: limits on, no proxy trusted', () => {
    const config = loadConfig({});
    expect(config.rateLimits).toEqual({ publicPerMinute: 1200, keyPerMinute: 1200, authFailures: 10, authFailureWindowMs: 600_000, sessionsPerHour: 60 });
    expect(config.trustProxy).toBe(false);
  });

  it('reads every limit; 0 turns one off', () => {
    const config = loadConfig({
      RATE_LIMIT_PUBLIC_PER_MINUTE: '0',
      RATE_LIMIT_KEY_PER_MINUTE: '300',
      RATE_LIMIT_AUTH_FAILURES: '5',
      RATE_LIMIT_AUTH_FAILURE_WINDOW_MS: '60000',
      SESSIONS_PER_CLIENT_PER_HOUR: '0',
    });
    expect(config.rateLimits).toEqual({ publicPerMinute: 0, keyPerMinute: 300, authFailures: 5, authFailureWindowMs: 60_000, sessionsPerHour: 0 });
  });

  it.each([
    ['', false],
    ['false', false],
    ['TRUE', true],
    ['0', false],
    ['2', 2],
    ['10.0.0.1', ['10.0.0.1']],
    ['10.0.0.0/8, 192.168.1.1 ,loopback', ['10.0.0.0/8', '192.168.1.1', 'loopback']],
    ['fd00::/8,::1', ['fd00::/8', '::1']],
  ])('TRUST_PROXY=%j → %j', (raw, expected) => {
    expect(loadConfig({ TRUST_PROXY: raw }).trustProxy).toEqual(expected);
  });

  it.each([
    [{ RATE_LIMIT_PUBLIC_PER_MINUTE: '-1' }, /RATE_LIMIT_PUBLIC_PER_MINUTE/],
    [{ RATE_LIMIT_KEY_PER_MINUTE: 'lots' }, /RATE_LIMIT_KEY_PER_MINUTE/],
    [{ RATE_LIMIT_AUTH_FAILURES: '1.5' }, /RATE_LIMIT_AUTH_FAILURES/],
    [{ RATE_LIMIT_AUTH_FAILURE_WINDOW_MS: '10' }, /RATE_LIMIT_AUTH_FAILURE_WINDOW_MS/],
    [{ SESSIONS_PER_CLIENT_PER_HOUR: '-5' }, /SESSIONS_PER_CLIENT_PER_HOUR/],
    [{ TRUST_PROXY: 'yes' }, /TRUST_PROXY/],
    [{ TRUST_PROXY: '33' }, /TRUST_PROXY/],
    [{ TRUST_PROXY: '10.0.0.0/33' }, /TRUST_PROXY/],
    [{ TRUST_PROXY: '10.0.0.1,,10.0.0.2' }, /TRUST_PROXY/],
    [{ TRUST_PROXY: 'proxy.example.org' }, /TRUST_PROXY/],
  ])('rejects %j with a message naming the variable', (env, pattern) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(pattern);
  });
});

describe('limits and timeouts configuration', () => {
  it('defaults: a bounded queue, a deadline, database timeouts, a bounded cache with stale answers', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      maxInFlightPerRoute: 6,
      maxQueue: 100,
      queueTimeoutMs: 5000,
      requestTimeoutMs: 15_000,
      dbStatementTimeoutMs: 5000,
      dbLockTimeoutMs: 2000,
      responseCacheMaxBytes: 32 * 1024 * 1024,
      staleIfErrorMs: 3_600_000,
      healthCheckTimeoutMs: 1000,
    });
    expect(loadConfig({ MAX_IN_FLIGHT: '3' }).maxInFlightPerRoute).toBe(3);
    expect(loadConfig({ MAX_IN_FLIGHT: '20', MAX_IN_FLIGHT_PER_ROUTE: '5' }).maxInFlightPerRoute).toBe(5);
    expect(loadConfig({ DB_STATEMENT_TIMEOUT_MS: '0', REQUEST_TIMEOUT_MS: '0' })).toMatchObject({ dbStatementTimeoutMs: 0, requestTimeoutMs: 0 });
  });

  it.each([
    [{ MAX_QUEUE: '-1' }, /MAX_QUEUE/],
    [{ QUEUE_TIMEOUT_MS: 'soon' }, /QUEUE_TIMEOUT_MS/],
    [{ REQUEST_TIMEOUT_MS: '1.5' }, /REQUEST_TIMEOUT_MS/],
    [{ DB_STATEMENT_TIMEOUT_MS: '-5' }, /DB_STATEMENT_TIMEOUT_MS/],
    [{ DB_LOCK_TIMEOUT_MS: 'x' }, /DB_LOCK_TIMEOUT_MS/],
    [{ RESPONSE_CACHE_MAX_MB: '0' }, /RESPONSE_CACHE_MAX_MB/],
    [{ RESPONSE_CACHE_STALE_IF_ERROR_MS: 'forever' }, /RESPONSE_CACHE_STALE_IF_ERROR_MS/],
    [{ HEALTH_CHECK_TIMEOUT_MS: '0' }, /HEALTH_CHECK_TIMEOUT_MS/],
    [{ MAX_IN_FLIGHT_PER_ROUTE: '0' }, /MAX_IN_FLIGHT_PER_ROUTE/],
  ])('rejects %j with a message naming the variable', (env, pattern) => {
    expect(() => loadConfig(env)).toThrow(pattern);
  });
});

describe('GraphQL limits configuration', () => {
  it('defaults: limits on, introspection on, suggestions outside production only', () => {
    expect(loadConfig({}).graphql).toEqual({
      maxDocumentBytes: 32_768,
      maxTokens: 1000,
      maxAliases: 30,
      maxDirectives: 30,
      maxComplexity: 20_000,
      timeoutMs: 5000,
      introspection: true,
      suggestions: true,
    });
    expect(loadConfig({ NODE_ENV: 'production' }).graphql.suggestions).toBe(false);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      GRAPHQL_MAX_DOCUMENT_BYTES: '8192',
      GRAPHQL_MAX_TOKENS: '500',
      GRAPHQL_MAX_ALIASES: '0',
      GRAPHQL_MAX_DIRECTIVES: '5',
      GRAPHQL_MAX_COMPLEXITY: '50000',
      GRAPHQL_TIMEOUT_MS: '0',
      GRAPHQL_INTROSPECTION: 'false',
      GRAPHQL_SUGGESTIONS: 'true',
    });
    expect(config.graphql).toEqual({
      maxDocumentBytes: 8192,
      maxTokens: 500,
      maxAliases: 0,
      maxDirectives: 5,
      maxComplexity: 50_000,
      timeoutMs: 0,
      introspection: false,
      suggestions: true,
    });
  });

  it.each([
    [{ GRAPHQL_MAX_DOCUMENT_BYTES: '100' }, /GRAPHQL_MAX_DOCUMENT_BYTES/],
    [{ GRAPHQL_MAX_TOKENS: 'many' }, /GRAPHQL_MAX_TOKENS/],
    [{ GRAPHQL_MAX_ALIASES: '-1' }, /GRAPHQL_MAX_ALIASES/],
    [{ GRAPHQL_MAX_DIRECTIVES: '1.5' }, /GRAPHQL_MAX_DIRECTIVES/],
    [{ GRAPHQL_MAX_COMPLEXITY: '0' }, /GRAPHQL_MAX_COMPLEXITY/],
    [{ GRAPHQL_TIMEOUT_MS: '-5' }, /GRAPHQL_TIMEOUT_MS/],
    [{ GRAPHQL_INTROSPECTION: 'sometimes' }, /GRAPHQL_INTROSPECTION/],
    [{ GRAPHQL_SUGGESTIONS: 'maybe' }, /GRAPHQL_SUGGESTIONS/],
  ])('rejects %j with a message naming the variable', (env, pattern) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(pattern);
  });
});

describe('CORS configuration', () => {
  it.each([
    [undefined, '*'],
    ['', '*'],
    ['*', '*'],
    ['https://club.example', ['https://club.example']],
    [' https://club.example/ , http://localhost:8080,https://club.example', ['https://club.example', 'http://localhost:8080']],
  ])('CORS_ORIGINS=%j → %j', (raw, expected) => {
    expect(loadConfig({ CORS_ORIGINS: raw }).corsOrigins).toEqual(expected);
  });

  it.each([
    ['club.example', /CORS_ORIGINS.*"club\.example"/],
    ['https://club.example/widgets', /did you mean "https:\/\/club\.example"/],
    ['https://Club.Example', /did you mean "https:\/\/club\.example"/],
    ['https://club.example:443', /did you mean "https:\/\/club\.example"/],
    ['ftp://club.example', /CORS_ORIGINS/],
    ['*,https://club.example', /CORS_ORIGINS.*"\*"/],
    [',', /CORS_ORIGINS/],
  ])('rejects CORS_ORIGINS=%j', (raw, pattern) => {
    expect(() => loadConfig({ CORS_ORIGINS: raw })).toThrow(ConfigError);
    expect(() => loadConfig({ CORS_ORIGINS: raw })).toThrow(pattern);
  });
});

describe('metrics configuration', () => {
  it('serves /metrics without a token by default', () => {
    expect(loadConfig({}).metrics).toEqual({ path: '/metrics', token: undefined });
  });

  it.each([
    ['', undefined],
    [' ', undefined],
    ['off', undefined],
    ['OFF', undefined],
    ['/internal/metrics', '/internal/metrics'],
    ['/prometheus', '/prometheus'],
  ])('METRICS_PATH=%j → %j', (raw, expected) => {
    expect(loadConfig({ METRICS_PATH: raw }).metrics?.path).toBe(expected);
  });

  it('reads METRICS_TOKEN', () => {
    const token = '3f1c0a9e7d5b4c2a1f0e9d8c7b6a5f4e';
    expect(loadConfig({ METRICS_TOKEN: token }).metrics).toEqual({ path: '/metrics', token });
    expect(loadConfig({ METRICS_PATH: 'off', METRICS_TOKEN: token }).metrics).toBeUndefined();
  });

  it.each([
    ['metrics', /METRICS_PATH must be a path/],
    ['/metrics/', /METRICS_PATH must be a path/],
    ['/metrics?x=1', /METRICS_PATH must be a path/],
    ['/a/../metrics', /METRICS_PATH must be a path/],
    ['/', /METRICS_PATH must be a path/],
    ['/api/metrics', /METRICS_PATH must not be under \/api/],
    ['/health', /METRICS_PATH must not be under \/health/],
    ['/Graphql/metrics', /METRICS_PATH must not be under \/graphql/],
    ['/rest', /METRICS_PATH must not be under \/rest/],
  ])('rejects METRICS_PATH=%j', (raw, pattern) => {
    expect(() => loadConfig({ METRICS_PATH: raw })).toThrow(ConfigError);
    expect(() => loadConfig({ METRICS_PATH: raw })).toThrow(pattern);
  });

  it.each(['short-token', 'has spaces in it, sixteen+', 'ünïcödé-token-0123456789'])('rejects METRICS_TOKEN=%j without repeating it', (token) => {
    expect(() => loadConfig({ METRICS_TOKEN: token })).toThrow(/METRICS_TOKEN must be at least 16 characters/);
    expect(() => loadConfig({ METRICS_TOKEN: token })).not.toThrow(token);
  });
});

describe('shutdown, pool and load shedding configuration', () => {
  it('defaults: 10 s to drain, the pool a connection per request in flight plus two (at least 10), idle connections closed after 30 s, shedding past 1 s of lag', () => {
    const config = loadConfig({});
    expect(config.shutdownTimeoutMs).toBe(10_000);
    expect(config.dbPoolSize).toBe(10);
    expect(config.dbIdleTimeoutMs).toBe(30_000);
    expect(config.eventLoopMaxDelayMs).toBe(1000);
    expect(loadConfig({ MAX_IN_FLIGHT: '32' }).dbPoolSize).toBe(34);
    expect(loadConfig({ MAX_IN_FLIGHT: '0' }).dbPoolSize).toBe(10);
    expect(loadConfig({ MAX_IN_FLIGHT: '32', DB_POOL_SIZE: '12' }).dbPoolSize).toBe(12);
  });

  it('reads each; 0 turns shedding off and keeps idle connections', () => {
    const config = loadConfig({ SHUTDOWN_TIMEOUT_MS: '25000', DB_IDLE_TIMEOUT_MS: '0', EVENT_LOOP_MAX_DELAY_MS: '0' });
    expect([config.shutdownTimeoutMs, config.dbIdleTimeoutMs, config.eventLoopMaxDelayMs]).toEqual([25_000, 0, 0]);
  });

  it.each([
    [{ SHUTDOWN_TIMEOUT_MS: '0' }, /SHUTDOWN_TIMEOUT_MS/],
    [{ DB_IDLE_TIMEOUT_MS: 'soon' }, /DB_IDLE_TIMEOUT_MS/],
    [{ EVENT_LOOP_MAX_DELAY_MS: '-1' }, /EVENT_LOOP_MAX_DELAY_MS/],
  ])('rejects %j with a message naming the variable', (env, pattern) => {
    expect(() => loadConfig(env)).toThrow(pattern);
  });
});

describe('live games and workers configuration', () => {
  it('defaults: a 60 s cache safety net, 20 subscriptions per client, no Redis, one worker', () => {
    const config = loadConfig({});
    expect([config.responseCacheTtlMs, config.subscriptionsPerClient, config.redisUrl, config.workers]).toEqual([
      DEFAULT_RESPONSE_CACHE_TTL_MS,
      20,
      undefined,
      1,
    ]);
  });

  it('reads them', () => {
    const config = loadConfig({ SUBSCRIPTIONS_PER_CLIENT: '5', REDIS_URL: 'redis://cache:6379', WORKERS: '4', DATABASE_URL: 'postgresql://db/x' });
    expect([config.subscriptionsPerClient, config.redisUrl, config.workers]).toEqual([5, 'redis://cache:6379', 4]);
  });

  it.each([
    [{ SUBSCRIPTIONS_PER_CLIENT: '0' }, /SUBSCRIPTIONS_PER_CLIENT/],
    [{ REDIS_URL: 'http://cache:6379' }, /REDIS_URL must start with redis:\/\//],
    [{ WORKERS: '0', DATABASE_URL: 'postgresql://db/x' }, /WORKERS/],
    [{ WORKERS: '2' }, /WORKERS above 1 needs DATABASE_URL/],
  ])('rejects %j with a message naming the variable', (env, pattern) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(pattern);
  });
});

describe('webhook settings', () => {
  it('delivers by default, over https only, with a 5 s timeout', () => {
    expect(loadConfig({}).webhooks).toEqual({ delivery: true, allowedHosts: [], timeoutMs: 5000, concurrency: 4 });
  });

  it('reads the allowed hosts without case or brackets, and refuses a scheme or a port', () => {
    expect(loadConfig({ WEBHOOK_ALLOWED_HOSTS: ' 127.0.0.1, Receiver.Local ,[::1]', WEBHOOK_DELIVERY: 'off' }).webhooks).toMatchObject({
      delivery: false,
      allowedHosts: ['127.0.0.1', 'receiver.local', '::1'],
    });
    expect(() => loadConfig({ WEBHOOK_ALLOWED_HOSTS: 'http://receiver.local' })).toThrow(/WEBHOOK_ALLOWED_HOSTS.*"http:\/\/receiver\.local"/);
    expect(() => loadConfig({ WEBHOOK_ALLOWED_HOSTS: 'receiver.local:8080' })).toThrow(ConfigError);
    expect(() => loadConfig({ WEBHOOK_TIMEOUT_MS: '50' })).toThrow(/WEBHOOK_TIMEOUT_MS/);
  });
});
