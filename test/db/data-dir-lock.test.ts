// One process per embedded database directory (src/db/data-dir-lock.ts): the lock file's rules in
// process, then real processes on real directories: a second opener refused, a holder killed with
// SIGKILL taken over, the data intact either way.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { inspect } from 'node:util';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError, HEARTBEAT_MS, LOCK_FILE_NAME, readDataDirHolder, type DataDirLock } from '../../src/db/data-dir-lock.js';
import { openDatabase } from '../../src/db/database.js';
import { startScript, type Child } from './support/child.js';

const parent = mkdtempSync(join(tmpdir(), 'floorball-lock-'));
let directories = 0;
const freshDir = () => join(parent, `data-${(directories += 1)}`);
const lockPathOf = (dataDir: string) => join(dataDir, LOCK_FILE_NAME);
const readLock = (dataDir: string) => JSON.parse(readFileSync(lockPathOf(dataDir), 'utf8')) as Record<string, unknown>;
const modeOf = (path: string) => statSync(path).mode & 0o777;
const longAgo = new Date(Date.now() - 60_000);

const held: DataDirLock[] = [];
const children: Child[] = [];
afterEach(() => {
  for (const lock of held.splice(0)) lock.release();
  for (const child of children.splice(0)) child.kill();
});
afterAll(() => rmSync(parent, { recursive: true, force: true }));

function acquire(dataDir: string): DataDirLock {
  const lock = acquireDataDirLock(dataDir);
  held.push(lock);
  return lock;
}

function start(script: 'hold-data-dir' | 'take-lock', args: string[]): Child {
  const child = startScript(`test/db/support/${script}.ts`, args);
  children.push(child);
  return child;
}

/** The pid of a process that has exited (it ran `node -e ''`). */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid as number;
}

/** A lock file as a holder wrote it, with `changes` applied. */
async function writeLockOf(dataDir: string, changes: Record<string, unknown>): Promise<void> {
  const lock = acquireDataDirLock(dataDir);
  const record = readLock(dataDir);
  lock.release();
  writeFileSync(lockPathOf(dataDir), JSON.stringify({ ...record, ...changes }), { mode: 0o600 });
}

function lockedErrorOf(action: () => unknown): DataDirLockedError {
  try {
    action();
  } catch (error) {
    if (error instanceof DataDirLockedError) return error;
    throw error;
  }
  throw new Error('expected DataDirLockedError');
}

describe('the data directory lock', () => {
  it('is a 0600 file naming this process; a second acquire is refused, naming it, until release', () => {
    const dataDir = freshDir();
    const lock = acquire(dataDir);
    expect(lock.path).toBe(lockPathOf(dataDir));
    expect(modeOf(lock.path)).toBe(0o600);
    expect(readLock(dataDir)).toMatchObject({ pid: process.pid });

    const refused = lockedErrorOf(() => acquireDataDirLock(dataDir));
    expect(refused.dataDir).toBe(dataDir);
    expect(refused.holder).toMatchObject({ pid: process.pid });
    expect(refused.message).toContain(dataDir);
    expect(refused.message).toContain(String(process.pid));
    expect(refused.message).toMatch(/this same process/);

    lock.release();
    lock.release();
    expect(existsSync(lock.path)).toBe(false);
    const again = acquire(dataDir);
    expect(readLock(dataDir)).toMatchObject({ pid: process.pid });
    again.release();
  });

  it('names the live holder, and none when the directory is free or its lock stale', async () => {
    const dataDir = freshDir();
    mkdirSync(dataDir);
    expect(readDataDirHolder(dataDir)).toBeNull();
    expect(readDataDirHolder(join(parent, 'no-such-directory'))).toBeNull();

    const lock = acquire(dataDir);
    expect(readDataDirHolder(dataDir)).toMatchObject({ pid: process.pid, command: expect.any(String), startedAt: expect.any(String) });
    lock.release();
    expect(readDataDirHolder(dataDir)).toBeNull();

    await writeLockOf(dataDir, { pid: await deadPid() });
    expect(readDataDirHolder(dataDir)).toBeNull();
  });

  it('takes over the lock of a process that is gone', async () => {
    const dataDir = freshDir();
    await writeLockOf(dataDir, { pid: await deadPid() });
    acquire(dataDir);
    expect(readLock(dataDir)).toMatchObject({ pid: process.pid });
  });

  it.runIf(process.platform === 'linux')('takes over a lock whose pid now belongs to a later process (kill -9, then a restart)', async () => {
    const dataDir = freshDir();
    await writeLockOf(dataDir, { processStartTicks: '1' }); // this pid, but started at another time
    expect(readDataDirHolder(dataDir)).toBeNull();
    acquire(dataDir);
    expect(readLock(dataDir)).toMatchObject({ pid: process.pid });
  });

  it('takes over a half-written lock once it is a few seconds old, not before', () => {
    const dataDir = freshDir();
    mkdirSync(dataDir);
    for (const garbled of ['', '{"pid": 12', 'not json']) {
      writeFileSync(lockPathOf(dataDir), garbled);
      expect(readDataDirHolder(dataDir)).toBeNull();
      utimesSync(lockPathOf(dataDir), longAgo, longAgo);
      const lock = acquire(dataDir);
      expect(readLock(dataDir)).toMatchObject({ pid: process.pid });
      lock.release();
    }
  });

  it('takes over past a takeover that a dead process left half done', async () => {
    const dataDir = freshDir();
    await writeLockOf(dataDir, { pid: await deadPid() });
    const mutex = `${lockPathOf(dataDir)}.takeover`;
    mkdirSync(mutex);
    utimesSync(mutex, longAgo, longAgo);
    acquire(dataDir);
    expect(readLock(dataDir)).toMatchObject({ pid: process.pid });
    expect(existsSync(mutex)).toBe(false);
  });

  it('refuses a lock of another host while its holder keeps touching it, and says when it expires', async () => {
    const dataDir = freshDir();
    await writeLockOf(dataDir, { host: 'another-machine', pid: await deadPid() });
    expect(readDataDirHolder(dataDir)).toMatchObject({ host: 'another-machine' });
    const refused = lockedErrorOf(() => acquireDataDirLock(dataDir));
    expect(refused.message).toMatch(/another host/);
    expect(refused.message).toMatch(/taken over 30 s later/);
  });

  it('takes over a lock of another host that missed three heartbeats (a killed container)', async () => {
    const dataDir = freshDir();
    await writeLockOf(dataDir, { host: 'another-machine', pid: await deadPid() });
    const missed = new Date(Date.now() - 3 * HEARTBEAT_MS - 1000);
    utimesSync(lockPathOf(dataDir), missed, missed);
    expect(readDataDirHolder(dataDir)).toBeNull();
    acquire(dataDir);
    expect(readLock(dataDir)).toMatchObject({ pid: process.pid, host: hostname() });
  });

  it('advertises the running service in the lock, still 0600, without showing the token when the error is logged', () => {
    const dataDir = freshDir();
    const lock = acquire(dataDir);
    const service = { url: 'http://127.0.0.1:3000', operatorToken: 'operator-token-secret' };
    lock.advertise(service);
    expect(modeOf(lock.path)).toBe(0o600);
    expect(readLock(dataDir)).toMatchObject({ pid: process.pid, service });
    expect(readDataDirHolder(dataDir)).toMatchObject({ pid: process.pid, service });

    const refused = lockedErrorOf(() => acquireDataDirLock(dataDir));
    expect(refused.holder.service).toEqual(service);
    expect(inspect(refused)).not.toContain(service.operatorToken);
    expect(refused.message).not.toContain(service.operatorToken);

    lock.release();
    expect(existsSync(lock.path)).toBe(false);
    expect(() => lock.advertise(service)).toThrow(/no longer held/);
  });

  it('leaves a lock alone that is no longer its own', async () => {
    const dataDir = freshDir();
    const lock = acquire(dataDir);
    const others = readLock(dataDir);
    writeFileSync(lock.path, JSON.stringify({ ...others, pid: await deadPid(), lockId: 'someone-else' }));
    lock.release();
    expect(readLock(dataDir)).toMatchObject({ lockId: 'someone-else' });
  });

  it('lets exactly one of several processes starting at once take over a stale lock', async () => {
    const dataDir = freshDir();
    await writeLockOf(dataDir, { pid: await deadPid() });
    const racers = Array.from({ length: 4 }, () => start('take-lock', [dataDir]));
    const acquired = await Promise.all(racers.map((racer) => racer.printed(/^acquired \d+$/)));
    expect(acquired.filter(Boolean)).toHaveLength(1);
    const winner = racers[acquired.indexOf(true)];
    expect(readLock(dataDir)).toMatchObject({ pid: winner.pid });
    for (const loser of racers.filter((racer) => racer !== winner)) {
      expect(await loser.exited).toEqual({ code: 1, signal: null });
      expect(loser.stderr()).toContain(`process ${winner.pid} (take-lock)`);
    }
    winner.process.kill('SIGTERM');
    expect(await winner.exited).toEqual({ code: 0, signal: null });
    expect(existsSync(lockPathOf(dataDir))).toBe(false);
  }, 60_000);
});

describe('processes on one embedded database', () => {
  it('refuses a second process while the first holds the directory, with a message and no stack; the data stays intact', async () => {
    const dataDir = freshDir();
    const first = start('hold-data-dir', [dataDir, '2031']);
    expect(await first.printed(/^ready$/), first.stderr()).toBe(true);

    const second = start('hold-data-dir', [dataDir, '2032']);
    expect(await second.exited).toEqual({ code: 1, signal: null });
    expect(second.stderr()).toContain(`in use by process ${first.pid} (node test/db/support/hold-data-dir.ts`);
    expect(second.stderr()).toContain(dataDir);
    expect(second.stderr()).toMatch(/DATABASE_URL/);
    expect(second.stderr()).not.toMatch(/^\s+at /m);
    expect(second.stdout()).not.toMatch(/ready/);

    first.process.kill('SIGTERM');
    expect(await first.exited).toEqual({ code: 0, signal: null });
    expect(existsSync(lockPathOf(dataDir))).toBe(false);

    const third = await openDatabase({ dataDir });
    try {
      expect(third.dataDirLock?.path).toBe(lockPathOf(dataDir));
      expect((await third.prisma.season.findMany()).map((season) => season.id)).toEqual([2031]);
    } finally {
      await third.close();
    }
    expect(existsSync(lockPathOf(dataDir))).toBe(false);
  }, 120_000);

  it('takes over from a holder killed with SIGKILL, and finds its data', async () => {
    const dataDir = freshDir();
    const holder = start('hold-data-dir', [dataDir, '2041']);
    expect(await holder.printed(/^ready$/), holder.stderr()).toBe(true);
    holder.process.kill('SIGKILL');
    expect(await holder.exited).toEqual({ code: null, signal: 'SIGKILL' });
    expect(readLock(dataDir)).toMatchObject({ pid: holder.pid }); // left behind
    expect(readDataDirHolder(dataDir)).toBeNull();

    const reopened = await openDatabase({ dataDir });
    try {
      expect(readLock(dataDir)).toMatchObject({ pid: process.pid });
      expect((await reopened.prisma.season.findMany()).map((season) => season.id)).toEqual([2041]);
    } finally {
      await reopened.close();
    }
  }, 120_000);

  it('does not open one directory twice in one process, and opens it again after close', async () => {
    const dataDir = freshDir();
    const first = await openDatabase({ dataDir });
    try {
      await expect(openDatabase({ dataDir })).rejects.toBeInstanceOf(DataDirLockedError);
    } finally {
      await first.close();
    }
    const again = await openDatabase({ dataDir, migrate: false });
    await again.close();
  }, 120_000);
});
