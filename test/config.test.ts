import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';

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
