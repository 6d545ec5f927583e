// `npm run keys` and `npm run audit` next to a running embedded service: they reach the service
// through the operator token its lock file advertises (opening the database themselves would damage
// it), a created key works on the service at once and a revoked one stops at once; once the
// service is stopped they work on the database directly and find everything the service wrote.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCK_FILE_NAME, readDataDirHolder } from '../../src/db/data-dir-lock.js';
import { openDatabase } from '../../src/db/database.js';
import { loadDemoLeague } from '../../src/data/demo/index.js';
import { demoFixture } from '../../scripts/examples/demo-fixture.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The environment of a process on the embedded database in `dataDir`, also when the suite runs against PostgreSQL. */
function embeddedEnv(dataDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, ...extra };
  for (const name of ['DATABASE_URL', 'SERVICE_URL', 'ADMIN_KEY', 'REDIS_URL']) delete env[name];
  return env;
}

/** Collects a child's output; `output()` is everything so far, `finished` resolves on exit. */
function watch(child: ChildProcess) {
  let stdout = '';
  let stderr = '';
  const listeners = new Set<() => void>();
  child.stdout?.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
    for (const listener of listeners) listener();
  });
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const finished = new Promise<Finished>((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
  /** Resolves once standard output holds a line that `matches`; rejects when the process exits first or after `withinMs`. */
  const lineMatching = (matches: (line: string) => boolean, what: string, withinMs: number) =>
    new Promise<string>((resolve, reject) => {
      const look = () => stdout.split('\n').find(matches);
      const done = (error?: Error) => {
        listeners.delete(check);
        clearTimeout(timer);
        if (error) reject(error);
      };
      const check = () => {
        const line = look();
        if (line !== undefined) {
          done();
          resolve(line);
        }
      };
      const timer = setTimeout(() => done(new Error(`${what}: not within ${withinMs} ms; output: ${stdout.slice(-2000)} ${stderr.slice(-2000)}`)), withinMs);
      listeners.add(check);
      void finished.then((result) =>
        done(new Error(`${what}: the process exited with ${result.code} first; output: ${result.stdout.slice(-2000)} ${result.stderr.slice(-2000)}`)),
      );
      check();
    });
  return { finished, lineMatching, output: () => stdout + stderr };
}

/** `npm run -s <script> -- <args>` as an operator types it; bounded, so a hanging CLI fails the test instead of stalling it. */
async function npmRun(script: 'keys' | 'audit', args: string[], env: NodeJS.ProcessEnv): Promise<Finished> {
  const child = spawn('npm', ['run', '-s', script, '--', ...args], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const timer = setTimeout(() => child.kill('SIGKILL'), 90_000);
  const result = await watch(child).finished;
  clearTimeout(timer);
  return result;
}

const CREATED = /^key (\d+) \((.+)\): (fbk_\S+)$/m;

describe('key administration next to a running embedded service', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'floorball-key-admin-'));
  let service: ChildProcess | undefined;
  let clubId: number;
  let gameId: number;

  beforeAll(async () => {
    // A small league prepared in the directory: the service then starts without loading the (larger) demo league.
    const database = await openDatabase({ dataDir });
    try {
      await loadDemoLeague(database.prisma, demoFixture());
      const game = await database.prisma.game.findFirstOrThrow({
        where: { status: 'SCHEDULED', groupId: { not: null } },
        orderBy: { startsAt: 'asc' },
        include: { homeTeam: true },
      });
      gameId = game.id;
      clubId = game.homeTeam!.clubId;
      // The home desk starts it below, through a service with the production start window: due now.
      await database.prisma.game.update({ where: { id: gameId }, data: { startsAt: new Date() } });
    } finally {
      await database.close();
    }
  }, 180_000);

  afterAll(() => {
    if (service?.exitCode === null && service.signalCode === null) service.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('while another process holds the directory without serving, the CLI says to wait or stop it, and touches nothing', async () => {
    const holder = spawn(process.execPath, ['--import', 'tsx', 'test/ops/support/hold-lock.ts', dataDir], {
      cwd: root,
      env: embeddedEnv(dataDir),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const held = watch(holder);
    try {
      await held.lineMatching((line) => line === 'held', 'the holder taking the lock', 30_000);
      const refused = await npmRun('keys', ['list'], embeddedEnv(dataDir));
      expect(refused.code).toBe(1);
      expect(refused.stdout).toBe('');
      expect(refused.stderr.trim().split('\n')).toHaveLength(1);
      expect(refused.stderr).toContain(`is in use by process ${holder.pid}`);
      expect(refused.stderr).toContain('serves no API yet');
      expect(refused.stderr).toContain('wait until it has finished or the service is ready, or stop it');
      expect(readDataDirHolder(dataDir)?.pid).toBe(holder.pid);
    } finally {
      holder.kill('SIGTERM');
      await held.finished;
    }
  }, 60_000);

  it('creates, lists and revokes keys and reads audits through the running service, then directly once it is stopped', async () => {
    const env = embeddedEnv(dataDir);
    // PORT=0: the service advertises the port it was actually given.
    service = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: root,
      env: embeddedEnv(dataDir, { PORT: '0', HOST: '127.0.0.1', DEMO_ON_EMPTY: 'false', NODE_ENV: 'production', LOG_LEVEL: 'info' }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const running = watch(service);
    await running.lineMatching((line) => line.includes('"msg":"ready"'), 'the service being ready', 120_000);

    const advertised = readDataDirHolder(dataDir)?.service;
    expect(advertised?.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(advertised?.url).not.toMatch(/:0$/);
    const url = advertised!.url;
    const legacyClubs = (key: string) => fetch(`${url}/rest/v1.0/clubs?apikey=${encodeURIComponent(key)}`);

    const desk = await npmRun('keys', ['create', 'home desk', '--club', String(clubId), '--scope', 'games:write'], env);
    expect(desk.stderr).toBe('');
    expect(desk.code).toBe(0);
    const [, deskId, deskName, deskSecret] = CREATED.exec(desk.stdout) ?? [];
    expect(deskName).toBe('home desk');
    expect(desk.stdout).toContain('store it now: it is not shown again');
    expect((await legacyClubs(deskSecret)).status).toBe(200);
    const started = await fetch(`${url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${deskSecret}` },
      body: JSON.stringify({
        query: 'mutation ($input: StartGameInput!) { startGame(input: $input) { version } }',
        variables: { input: { gameId, idempotencyKey: 'ops-start' } },
      }),
    });
    expect(await started.json()).toMatchObject({ data: { startGame: { version: 1 } } });

    const ops = await npmRun('keys', ['create', 'ops', '--scope', 'admin'], env);
    expect(ops.code).toBe(0);
    const [, opsId, , opsSecret] = CREATED.exec(ops.stdout) ?? [];

    const revoked = await npmRun('keys', ['revoke', deskId], env);
    expect(revoked).toMatchObject({ code: 0, stdout: `key ${deskId} revoked\n` });
    expect((await legacyClubs(deskSecret)).status).toBe(401);
    const again = await npmRun('keys', ['revoke', deskId], env);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(new RegExp(`^API key ${deskId} \\("home desk"\\) is already revoked, since \\S+\\n$`));

    const listed = await npmRun('keys', ['list'], env);
    expect(listed.code).toBe(0);
    const lines = listed.stdout
      .trim()
      .split('\n')
      .map((line) => line.split('\t'));
    expect(lines.map(([id, name, , club, scopes, , revokedAt]) => [id, name, club, scopes, revokedAt === 'active' ? 'active' : 'revoked'])).toEqual([
      [deskId, 'home desk', String(clubId), 'games:write', 'revoked'],
      [opsId, 'ops', '-', 'admin', 'active'],
    ]);

    // Any running service, with an admin key: the same answer.
    const byAdminKey = await npmRun('keys', ['list', '--url', url, '--key', opsSecret], env);
    expect(byAdminKey).toMatchObject({ code: 0, stdout: listed.stdout });
    const audit = await npmRun('audit', [String(gameId)], env);
    expect(audit.code).toBe(0);
    expect(audit.stdout).toMatch(
      new RegExp(`^\\S+  v1  startGame  key ${deskId} "home desk" \\(fbk_\\S+…, club ${clubId}\\)  status SCHEDULED → LIVE  score 0:0 → 0:0\\n$`),
    );

    // The operator token travels through the lock file only: the service never prints it.
    expect(running.output()).not.toContain(advertised!.operatorToken);
    for (const run of [desk, ops, listed, byAdminKey, audit]) expect(run.stdout + run.stderr).not.toContain(advertised!.operatorToken);

    // The keys results are signed with: rotated through the service, the JWKS keeping the retired one.
    const rotatedFirst = await npmRun('keys', ['rotate-signing-key'], env);
    const rotatedSecond = await npmRun('keys', ['rotate-signing-key'], env);
    const kidOf = (run: Finished) => /^signing key (\S+) signs results from now on/.exec(run.stdout)?.[1];
    expect([rotatedFirst.code, rotatedSecond.code]).toEqual([0, 0]);
    const [firstKid, secondKid] = [kidOf(rotatedFirst), kidOf(rotatedSecond)];
    expect(firstKid).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(secondKid).not.toBe(firstKid);
    const signingKeys = await npmRun('keys', ['signing-keys'], env);
    expect(
      signingKeys.stdout
        .trim()
        .split('\n')
        .map((line) => [line.split('\t')[0], line.split('\t')[2].split(' ')[0]]),
    ).toEqual([
      [firstKid, 'retired'],
      [secondKid, 'signing'],
    ]);
    const jwks = (await (await fetch(`${url}/.well-known/jwks.json`)).json()) as { keys: { kid: string }[] };
    expect(jwks.keys.map((key) => key.kid)).toEqual([secondKid, firstKid]);

    service.kill('SIGTERM');
    expect((await running.finished).code).toBe(0);
    const database = await openDatabase({ dataDir });
    try {
      const privateParts = (await database.prisma.resultSigningKey.findMany({ select: { privateJwk: true } })).map(
        (row) => (row.privateJwk as { d: string }).d,
      );
      expect(privateParts).toHaveLength(2);
      for (const d of privateParts)
        for (const text of [running.output(), rotatedFirst.stdout, rotatedSecond.stdout, signingKeys.stdout]) expect(text).not.toContain(d);
    } finally {
      await database.close();
    }
    const directKeys = await npmRun('keys', ['signing-keys'], env);
    expect(directKeys).toMatchObject({ code: 0, stdout: signingKeys.stdout });
    expect(existsSync(join(dataDir, LOCK_FILE_NAME))).toBe(false);

    const direct = await npmRun('keys', ['list'], env);
    expect(direct).toMatchObject({ code: 0, stdout: listed.stdout, stderr: '' });
    const directAudit = await npmRun('audit', [String(gameId)], env);
    expect(directAudit).toMatchObject({ code: 0, stdout: audit.stdout });
    expect(existsSync(join(dataDir, LOCK_FILE_NAME))).toBe(false);
    expect(readFileSync(join(dataDir, 'PG_VERSION'), 'utf8').trim()).not.toBe('');
  }, 300_000);
});
