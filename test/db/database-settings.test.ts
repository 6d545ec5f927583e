import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { poolConfig } from '../../src/db/adapter.js';
import { openDatabase } from '../../src/db/database.js';
import { openServiceDatabase } from '../../src/startup.js';

describe('PostgreSQL pool settings', () => {
  it('hands size, connection and idle timeouts and the statement timeouts to pg.Pool', () => {
    expect(
      poolConfig({ databaseUrl: 'postgresql://db/x', poolSize: 7, connectTimeoutMs: 1500, idleTimeoutMs: 0, statementTimeoutMs: 5000, lockTimeoutMs: 2000 }),
    ).toEqual({
      connectionString: 'postgresql://db/x',
      max: 7,
      connectionTimeoutMillis: 1500,
      idleTimeoutMillis: 0, // pg: never close an idle connection
      statement_timeout: 5000,
      query_timeout: 7000,
      lock_timeout: 2000,
    });
    expect(poolConfig({ databaseUrl: 'postgresql://db/x' })).toEqual({
      connectionString: 'postgresql://db/x',
      max: 10,
      connectionTimeoutMillis: 5000,
      idleTimeoutMillis: 30_000,
    });
  });

  it('takes DB_POOL_SIZE from the environment to the pool the service serves from (no connection is opened)', async () => {
    const config = loadConfig({ DATABASE_URL: 'postgresql://nobody@127.0.0.1:1/none', DB_POOL_SIZE: '7' });
    const database = await openServiceDatabase(config);
    try {
      expect(database.serving.poolStats?.()).toEqual({ total: 0, idle: 0, waiting: 0, max: 7 });
    } finally {
      database.stop();
      await database.serving.close();
    }
  });
});

describe('embedded database settings', () => {
  it('starts PGlite with the shared_buffers it is given, and PGlite’s own 128 MB otherwise', async () => {
    for (const [sharedBuffersMb, expected] of [
      [8, '8MB'],
      [undefined, '128MB'],
    ] as const) {
      const database = await openDatabase({ dataDir: 'memory://', sharedBuffersMb, migrate: false });
      try {
        const [row] = await database.prisma.$queryRawUnsafe<{ shared_buffers: string }[]>('SHOW shared_buffers');
        expect(row.shared_buffers).toBe(expected);
      } finally {
        await database.close();
      }
    }
  });

  it('gives the service’s embedded database 16 MB by default (EMBEDDED_DB_SHARED_BUFFERS_MB)', () => {
    expect(loadConfig({}).embeddedSharedBuffersMb).toBe(16);
    expect(loadConfig({ EMBEDDED_DB_SHARED_BUFFERS_MB: '64' }).embeddedSharedBuffersMb).toBe(64);
    expect(() => loadConfig({ EMBEDDED_DB_SHARED_BUFFERS_MB: '0' })).toThrow(/EMBEDDED_DB_SHARED_BUFFERS_MB/);
  });
});
