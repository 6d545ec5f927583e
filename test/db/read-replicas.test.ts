import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, appendFileSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { fixedClock } from '../../src/clock.js';
import { loadDemoLeague } from '../../src/data/demo/index.js';
import { openDatabase, type Database } from '../../src/db/database.js';
import type { ReplicaStatus } from '../../src/db/replicas.js';
import { TEST_NOW } from '../support/app.js';
import { createKey } from '../support/keys.js';
import { scheduledGameWithSheet } from '../support/live.js';
import { freePort } from '../support/process.js';

/**
 * A primary and a streaming replica of our own on this machine (the shared server allows no
 * replication connections), and the app on both. Which server answered a read is told by the
 * servers themselves: each logs every statement it receives (log_statement = all), the monitor's
 * under its own application_name.
 */

const serverUrl = process.env.DATABASE_URL;
const MAX_LAG_MS = 500;

interface Server {
  dir: string;
  port: number;
  log: string;
}

const bindir = () => execFileSync('pg_config', ['--bindir']).toString().trim();
const asPostgres = (command: string, args: string[]) => execFileSync('runuser', ['-u', 'postgres', '--', join(bindir(), command), ...args], { stdio: 'pipe' });

function ownedByPostgres(path: string): void {
  const { uid, gid } = { uid: Number(execFileSync('id', ['-u', 'postgres']).toString()), gid: Number(execFileSync('id', ['-g', 'postgres']).toString()) };
  chownSync(path, uid, gid);
  chmodSync(path, 0o700);
}

function start(server: Server): void {
  asPostgres('pg_ctl', ['-D', server.dir, '-l', server.log, '-o', `-p ${server.port} -k ${server.dir}`, '-w', 'start']);
}

const url = (server: Server, database: string) => `postgresql://postgres@127.0.0.1:${server.port}/${database}`;

/** The statements `server` received since `offset` (its log's length then), but the replica monitor's. */
function statementsSince(server: Server, offset: number): string[] {
  return readFileSync(server.log)
    .subarray(offset)
    .toString('utf8')
    .split('\n')
    .filter((line) => /LOG: {2}(statement|execute [^:]*):/.test(line) && !line.startsWith('replica-monitor|'));
}
const logLength = (server: Server) => statSync(server.log).size;

/** Which server answered `action`'s reads of the league's games. */
async function gameReadsDuring(primary: Server, replica: Server, action: () => Promise<unknown>): Promise<{ primary: number; replica: number }> {
  const [fromPrimary, fromReplica] = [logLength(primary), logLength(replica)];
  await action();
  const games = (server: Server, offset: number) => statementsSince(server, offset).filter((line) => line.includes('FROM "public"."Game"')).length;
  return { primary: games(primary, fromPrimary), replica: games(replica, fromReplica) };
}

describe.skipIf(!serverUrl)('read replicas: a PostgreSQL streaming replica of our own', () => {
  const root = mkdtempSync(join(tmpdir(), 'replicas-'));
  const primary: Server = { dir: join(root, 'primary'), port: 0, log: join(root, 'primary.log') };
  const replica: Server = { dir: join(root, 'replica'), port: 0, log: join(root, 'replica.log') };
  let database: Database | undefined;
  let loader: Database | undefined;
  let app: FastifyInstance | undefined;
  let admin: pg.Client | undefined;
  let replicaAdmin: pg.Client | undefined;
  let gameId = 0;
  /** The monitor's clock, stopped while a test looks at what one state does (a slow machine must not age it meanwhile). */
  let stoppedAt: number | null = null;
  const replicaClock = () => stoppedAt ?? Date.now();
  async function whileStill<T>(action: () => Promise<T>): Promise<T> {
    stoppedAt = Date.now();
    try {
      return await action();
    } finally {
      stoppedAt = null;
    }
  }
  let key = '';

  const replicaStatus = (): ReplicaStatus => (database?.replicas?.status() ?? [])[0];
  /** Monitor rounds until the replica's state is `wanted` (bounded: the rounds are the waiting). */
  async function roundsUntil(wanted: (status: ReplicaStatus) => boolean, withinMs = 10_000): Promise<ReplicaStatus> {
    const started = Date.now();
    for (;;) {
      await database?.replicas?.nextRound();
      const status = replicaStatus();
      if (wanted(status)) return status;
      if (Date.now() - started > withinMs) throw new Error(`replica state not reached within ${withinMs} ms: ${JSON.stringify(status)}`);
    }
  }
  const gameQuery = () => `/graphql?query=${encodeURIComponent(`{ game(id: ${gameId}) { id status version } }`)}`;
  const readGame = async () => {
    const response = await app!.inject({ method: 'GET', url: gameQuery() });
    expect(response.statusCode).toBe(200);
    return (response.json() as { data: { game: { status: string; version: number } } }).data.game;
  };

  beforeAll(async () => {
    ownedByPostgres(root);
    chmodSync(root, 0o755);
    for (const server of [primary, replica]) {
      appendFileSync(server.log, '');
      ownedByPostgres(server.log);
    }
    [primary.port, replica.port] = [await freePort(), await freePort()];
    asPostgres('initdb', ['-D', primary.dir, '-U', 'postgres', '-A', 'trust', '--no-sync']);
    appendFileSync(
      join(primary.dir, 'postgresql.conf'),
      [
        "listen_addresses = '127.0.0.1'",
        'wal_level = replica',
        'max_wal_senders = 4',
        'hot_standby = on',
        'fsync = off',
        "log_statement = 'all'",
        "log_line_prefix = '%a|'",
        '',
      ].join('\n'),
    );
    appendFileSync(join(primary.dir, 'pg_hba.conf'), 'host replication all 127.0.0.1/32 trust\nhost all all 127.0.0.1/32 trust\n');
    start(primary);
    asPostgres('pg_basebackup', ['-R', '-X', 'stream', '-h', '127.0.0.1', '-p', String(primary.port), '-U', 'postgres', '-D', replica.dir]);
    start(replica);

    admin = new pg.Client({ connectionString: url(primary, 'postgres') });
    await admin.connect();
    await admin.query('CREATE DATABASE league');
    loader = await openDatabase({ databaseUrl: url(primary, 'league'), poolSize: 2 });
    await loadDemoLeague(loader.prisma, { seed: 7, scale: 0.1, now: TEST_NOW });
    ({
      game: { id: gameId },
    } = await scheduledGameWithSheet(loader));
    key = (await createKey(loader, 'federation desk', null, ['games:write'])).key;
    replicaAdmin = new pg.Client({ connectionString: url(replica, 'postgres') });
    await replicaAdmin.connect();

    // The monitor runs when a test asks (replicaMonitorIntervalMs 0): every state below is one the test waited for.
    database = await openDatabase({
      databaseUrl: url(primary, 'league'),
      replicaUrls: [url(replica, 'league')],
      replicaMaxLagMs: MAX_LAG_MS,
      replicaMonitorIntervalMs: 0,
      replicaClock,
      poolSize: 4,
      migrate: false,
    });
    app = await buildApp({ database, clock: fixedClock(TEST_NOW), logLevel: 'silent', publicBaseUrl: 'http://test.local', metrics: { path: '/metrics' } });
  }, 120_000);

  afterAll(async () => {
    await app?.close().catch(() => undefined);
    await database?.close().catch(() => undefined);
    await loader?.close().catch(() => undefined);
    await admin?.end().catch(() => undefined);
    await replicaAdmin?.end().catch(() => undefined);
    for (const server of [replica, primary]) {
      try {
        asPostgres('pg_ctl', ['-D', server.dir, '-m', 'immediate', 'stop']);
      } catch {
        // not running
      }
    }
    rmSync(root, { recursive: true, force: true });
  });

  it('answers GET reads (GraphQL queries, the facades) from the caught-up replica, and says so without its URL', async () => {
    await roundsUntil((status) => status.inUse);
    const reads = await whileStill(() =>
      gameReadsDuring(primary, replica, async () => {
        await readGame();
        const detail = await app!.inject({ method: 'GET', url: `/api/games/${gameId}` });
        expect(detail.statusCode).toBe(200);
      }),
    );
    expect(reads.primary).toBe(0);
    expect(reads.replica).toBeGreaterThanOrEqual(2);

    const ready = await app!.inject({ method: 'GET', url: '/health/ready' });
    expect(ready.json()).toMatchObject({ status: 'ok', replicas: [{ replica: 0 }] });
    const metrics = (await app!.inject({ method: 'GET', url: '/metrics' })).body;
    expect(metrics).toMatch(/^db_replica_lag_seconds\{replica="0"\} \d/m);
    expect(metrics).toMatch(/^db_replica_in_use\{replica="0"\} [01]$/m);
    expect(`${ready.body}${metrics}`).not.toContain(String(replica.port));
  });

  it('writes on the primary and reads the write back on the next request while the replica has not replayed it', async () => {
    await replicaAdmin!.query('SELECT pg_wal_replay_pause()');
    try {
      await roundsUntil((status) => status.inUse);
      const reads = await whileStill(() =>
        gameReadsDuring(primary, replica, async () => {
          const started = await app!.inject({
            method: 'POST',
            url: '/graphql',
            headers: { authorization: `Bearer ${key}` },
            payload: {
              query: 'mutation ($input: StartGameInput!) { startGame(input: $input) { version } }',
              variables: { input: { gameId, idempotencyKey: 'replica-start' } },
            },
          });
          expect(started.json()).toMatchObject({ data: { startGame: { version: 1 } } });
          // Not lagging (the monitor's clock stands still): only the write's position keeps the replica out.
          expect(replicaStatus()).toMatchObject({ inUse: false, skipped: 'replaying-a-recent-write' });
          expect(await readGame()).toMatchObject({ status: 'LIVE', version: 1 });
        }),
      );
      expect(reads.replica).toBe(0);
      expect(reads.primary).toBeGreaterThanOrEqual(1);
      // Rounds alone do not bring it back while it does not replay the write.
      expect(await roundsUntil(() => true)).toMatchObject({ inUse: false, skipped: 'replaying-a-recent-write' });
    } finally {
      await replicaAdmin!.query('SELECT pg_wal_replay_resume()');
    }
    await roundsUntil((status) => status.inUse);
    expect(
      await whileStill(() => gameReadsDuring(primary, replica, async () => expect(await readGame()).toMatchObject({ status: 'LIVE', version: 1 }))),
    ).toEqual({
      primary: 0,
      replica: 1,
    });
  });

  it('skips a replica that lags beyond the bound, and uses it again once it caught up', async () => {
    await roundsUntil((status) => status.inUse);
    await replicaAdmin!.query('SELECT pg_wal_replay_pause()');
    try {
      // A write the app does not hear of (another tool's): only the lag can keep the replica out.
      await admin!.query('CREATE TABLE IF NOT EXISTS lag_marker (at timestamptz)');
      await admin!.query('INSERT INTO lag_marker VALUES (now())');
      const lagging = await roundsUntil((status) => status.skipped === 'lagging');
      expect(lagging.lagMs).toBeGreaterThan(MAX_LAG_MS);
      expect(await whileStill(() => gameReadsDuring(primary, replica, readGame))).toEqual({ primary: 1, replica: 0 });
      expect((await app!.inject({ method: 'GET', url: '/health/ready' })).json()).toMatchObject({
        status: 'ok',
        replicas: [{ inUse: false, skipped: 'lagging' }],
      });
    } finally {
      await replicaAdmin!.query('SELECT pg_wal_replay_resume()');
    }
    const caughtUp = await roundsUntil((status) => status.inUse);
    expect(caughtUp.lagMs).toBeLessThanOrEqual(MAX_LAG_MS);
    expect(await whileStill(() => gameReadsDuring(primary, replica, readGame))).toEqual({ primary: 0, replica: 1 });
  });

  it('answers every read from the primary once the replica is stopped, before the monitor noticed too', async () => {
    await roundsUntil((status) => status.inUse);
    const reads = await whileStill(async () => {
      await replicaAdmin!.end();
      replicaAdmin = undefined;
      asPostgres('pg_ctl', ['-D', replica.dir, '-m', 'immediate', 'stop']);
      // No round since: the replica still counts as in use, and its pool finds it gone.
      expect(replicaStatus().inUse).toBe(true);
      return gameReadsDuring(primary, replica, async () => {
        for (let attempt = 0; attempt < 5; attempt += 1) expect(await readGame()).toMatchObject({ status: 'LIVE' });
        const detail = await app!.inject({ method: 'GET', url: `/api/games/${gameId}` });
        expect(detail.statusCode).toBe(200);
      });
    });
    expect(reads.primary).toBeGreaterThanOrEqual(6);
    expect(await roundsUntil((status) => status.skipped === 'unreachable')).toMatchObject({ inUse: false });
    expect(await whileStill(() => gameReadsDuring(primary, replica, readGame))).toEqual({ primary: 1, replica: 0 });
    expect((await app!.inject({ method: 'GET', url: '/health/ready' })).json()).toMatchObject({
      status: 'ok',
      replicas: [{ inUse: false, skipped: 'unreachable' }],
    });
  });
});
