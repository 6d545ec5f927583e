import { resolve } from 'node:path';

/** Every environment variable the service reads, parsed and validated once at start-up. */
export interface Config {
  port: number;
  host: string;
  /** PostgreSQL connection string; absent → embedded PGlite under dataDir. */
  databaseUrl: string | undefined;
  dataDir: string;
  dbPoolSize: number;
  dbConnectTimeoutMs: number;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  production: boolean;
  /** Load the demo league on start when the database holds no season. */
  demoOnEmpty: boolean;
  demoSeed: number;
  demoScale: number;
  /** Absolute base URL used in links and image URLs the service hands out. */
  publicBaseUrl: string;
  /** Path segment of the sponsor's top-scorer tables: /api/topscorers/<sponsorPath>(-highlight). */
  sponsorPath: string;
  /** Lifetime of the shared response cache of public GET endpoints; 0 turns it off. */
  responseCacheTtlMs: number;
  /** Requests worked on at once; more wait their turn. 0 leaves them unbounded. */
  maxInFlight: number;
}

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
  }
  return value;
}

function positiveNumber(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new ConfigError(`${name} must be a positive number, got "${raw}"`);
  return value;
}

function flag(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw.toLowerCase())) return true;
  if (['0', 'false', 'no', 'off'].includes(raw.toLowerCase())) return false;
  throw new ConfigError(`${name} must be true or false, got "${raw}"`);
}

export const DEFAULT_SPONSOR_PATH = 'sponsor';

/** SPONSOR_PATH: a path segment of lowercase letters, digits and inner dashes; `main` is the main table's. */
export function sponsorPathFrom(env: Env): string {
  const raw = env.SPONSOR_PATH || DEFAULT_SPONSOR_PATH;
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(raw) || raw === 'main') {
    throw new ConfigError(`SPONSOR_PATH must be lowercase letters, digits and dashes (not "main"), got "${raw}"`);
  }
  return raw;
}

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export function loadConfig(env: Env = process.env): Config {
  const port = integer(env, 'PORT', 3000, 0, 65535);
  const host = env.HOST || '0.0.0.0';
  const databaseUrl = env.DATABASE_URL || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must start with postgres:// or postgresql://');
  }
  const logLevel = (env.LOG_LEVEL || 'info') as Config['logLevel'];
  if (!logLevels.includes(logLevel)) throw new ConfigError(`LOG_LEVEL must be one of ${logLevels.join(', ')}`);
  const publicBaseUrl = (env.PUBLIC_BASE_URL || `http://localhost:${port}`).replace(/\/+$/, '');
  try {
    new URL(publicBaseUrl);
  } catch {
    throw new ConfigError(`PUBLIC_BASE_URL must be an absolute URL, got "${env.PUBLIC_BASE_URL}"`);
  }
  return {
    port,
    host,
    databaseUrl,
    dataDir: resolve(env.DATA_DIR || 'data'),
    dbPoolSize: integer(env, 'DB_POOL_SIZE', 10, 1, 500),
    dbConnectTimeoutMs: integer(env, 'DB_CONNECT_TIMEOUT_MS', 5000, 100, 120000),
    logLevel,
    production: env.NODE_ENV === 'production',
    demoOnEmpty: flag(env, 'DEMO_ON_EMPTY', true),
    demoSeed: integer(env, 'DEMO_SEED', 2025, 0, 2 ** 31 - 1),
    demoScale: positiveNumber(env, 'DEMO_SCALE', 1),
    publicBaseUrl,
    responseCacheTtlMs: integer(env, 'RESPONSE_CACHE_TTL_MS', 5000, 0, 600_000),
    maxInFlight: integer(env, 'MAX_IN_FLIGHT', 8, 0, 10_000),
    sponsorPath: sponsorPathFrom(env),
  };
}
