// One process per embedded database directory. PGlite keeps its database in the process's memory
// and writes it back to the files, so a second process on the same directory writes over the first
// one's work and leaves the files inconsistent. A lock file inside the directory names the holder;
// a holder that is gone (kill -9, a crash, a reboot) is recognised and its lock taken over.
import { randomUUID } from 'node:crypto';
import { closeSync, fstatSync, mkdirSync, openSync, readFileSync, renameSync, rmdirSync, statSync, unlinkSync, utimesSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { isAbsolute, join, relative } from 'node:path';

export interface DataDirHolder {
  pid: number;
  host: string;
  /** ISO time the lock was taken. */
  startedAt: string;
  /** What the holder is (`npm run serve (node dist/server.js)`), for the error message. */
  command: string;
  /** Set by the service once it listens: where a CLI may reach it, and the per-start operator token it accepts. */
  service?: { url: string; operatorToken: string };
}

/** The npm script that started a process (npm_lifecycle_event, npm_lifecycle_script; read by src/config.ts, Config.npmScript). */
export interface NpmScript {
  /** The script's name: `keys` under `npm run keys`. */
  name: string;
  /** Its command as package.json has it. */
  command: string;
}

export interface DataDirLock {
  readonly path: string;
  /** Rewrites the lock file (atomically: temp file + rename, mode 0600) with `service` added. */
  advertise(service: { url: string; operatorToken: string }): void;
  /** Removes the lock file if it is still ours. Idempotent. */
  release(): void;
}

/** What the file holds besides the holder: what tells the holder apart from a later process with the same pid. */
interface LockRecord extends DataDirHolder {
  /** Field 22 of /proc/<pid>/stat, the process's start in clock ticks after boot; null off Linux. */
  processStartTicks: string | null;
  /** This acquisition's own id: release() and advertise() touch only the file it wrote. */
  lockId: string;
}

export const LOCK_FILE_NAME = 'service.lock';
const TAKEOVER_SUFFIX = '.takeover';
/** A lock file that is still empty or unreadable this long after its last write was left half-written by a process that died. */
const GARBLED_STALE_MS = 5_000;
/** A takeover takes microseconds: a takeover directory this old was left by a process that died during one. */
const TAKEOVER_STALE_MS = 10_000;
const RETRY_PAUSE_MS = 20;
/**
 * The holder touches its lock this often. Processes of another host or container cannot be seen
 * from here, so a foreign lock counts as live while it is touched: a container that was killed
 * leaves a lock that expires on its own, and the next container on the volume starts without help.
 */
export const HEARTBEAT_MS = 10_000;
/** A foreign lock untouched this long is stale: three heartbeats missed. */
const FOREIGN_STALE_MS = 3 * HEARTBEAT_MS;

export class DataDirLockedError extends Error {
  declare readonly holder: DataDirHolder;
  readonly dataDir: string;

  constructor(dataDir: string, holder: DataDirHolder) {
    super(lockedMessage(dataDir, holder));
    this.name = 'DataDirLockedError';
    this.dataDir = dataDir;
    // Not enumerable: the holder may carry the service's operator token, which a logged error must not show.
    Object.defineProperty(this, 'holder', { value: holder, enumerable: false });
  }
}

/**
 * Takes the lock or throws DataDirLockedError naming the live holder. A lock whose holder is dead is
 * taken over safely. The holder is described as `command`, else by this process's arguments and the
 * npm script that started it (`npmScript`, Config.npmScript).
 */
export function acquireDataDirLock(dataDir: string, options: { command?: string; npmScript?: NpmScript } = {}): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, LOCK_FILE_NAME);
  const record: LockRecord = {
    pid: process.pid,
    host: hostname(),
    startedAt: new Date().toISOString(),
    command: options.command ?? describeThisProcess(options.npmScript),
    processStartTicks: processStartTicks(process.pid),
    lockId: randomUUID(),
  };
  // Bounded by how long a half-written lock or an abandoned takeover can keep us waiting.
  const deadline = Date.now() + GARBLED_STALE_MS + TAKEOVER_STALE_MS + 1000;
  for (;;) {
    if (createExclusively(path, record)) return holdLock(path, record);
    const state = inspectLock(path);
    if (state.kind === 'live') throw new DataDirLockedError(dataDir, holderOf(state.record));
    if (state.kind === 'free' || (state.kind === 'stale' && removeStaleLock(path, state.file))) continue;
    if (Date.now() > deadline) throw new Error(`Could not take the lock ${path}: it stays half-written or another process keeps taking it over.`);
    pause(RETRY_PAUSE_MS);
  }
}

/** The live holder of the directory, or null when it is free or its lock is stale. Never throws for a missing/garbled file. */
export function readDataDirHolder(dataDir: string): DataDirHolder | null {
  try {
    const state = inspectLock(join(dataDir, LOCK_FILE_NAME));
    return state.kind === 'live' ? holderOf(state.record) : null;
  } catch {
    return null; // an unreadable file: opening the database will report it
  }
}

// --- the file ------------------------------------------------------------------------------------

interface LockFile {
  raw: string;
  ino: number;
  mtimeMs: number;
}

type LockState = { kind: 'free' } | { kind: 'live'; record: LockRecord } | { kind: 'stale'; file: LockFile } | { kind: 'being-written' };

function readLockFile(path: string): LockFile | null {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return null;
    throw error;
  }
  try {
    // Through one descriptor, so that the inode and the content belong to the same file.
    const { ino, mtimeMs } = fstatSync(fd);
    return { raw: readFileSync(fd, 'utf8'), ino, mtimeMs };
  } finally {
    closeSync(fd);
  }
}

function inspectLock(path: string): LockState {
  const file = readLockFile(path);
  if (!file) return { kind: 'free' };
  const record = parseRecord(file.raw);
  if (!record) return Date.now() - file.mtimeMs > GARBLED_STALE_MS ? { kind: 'stale', file } : { kind: 'being-written' };
  return isLive(record, file.mtimeMs) ? { kind: 'live', record } : { kind: 'stale', file };
}

function parseRecord(raw: string): LockRecord | null {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Partial<Record<keyof LockRecord, unknown>>;
  const texts = [record.host, record.startedAt, record.command, record.lockId];
  if (!Number.isInteger(record.pid) || (record.pid as number) <= 0 || texts.some((text) => typeof text !== 'string')) return null;
  if (record.processStartTicks !== null && typeof record.processStartTicks !== 'string') return null;
  const service = record.service as Partial<Record<'url' | 'operatorToken', unknown>> | undefined;
  if (service !== undefined && (typeof service?.url !== 'string' || typeof service.operatorToken !== 'string')) return null;
  return value as LockRecord;
}

function createExclusively(path: string, record: LockRecord): boolean {
  let fd: number;
  try {
    fd = openSync(path, 'wx', 0o600);
  } catch (error) {
    if (errorCode(error) === 'EEXIST') return false;
    throw error;
  }
  try {
    writeSync(fd, serialize(record));
    closeSync(fd);
  } catch (error) {
    closeSync(fd);
    unlinkSync(path); // an empty lock would keep everyone out until it counts as stale
    throw error;
  }
  return true;
}

function replaceAtomically(path: string, record: LockRecord): void {
  const temporary = `${path}.${process.pid}.${randomUUID()}.tmp`;
  const fd = openSync(temporary, 'wx', 0o600);
  try {
    writeSync(fd, serialize(record));
    closeSync(fd);
    renameSync(temporary, path);
  } catch (error) {
    try {
      unlinkSync(temporary);
    } catch {
      // renamed already, or never written
    }
    throw error;
  }
}

const serialize = (record: LockRecord) => `${JSON.stringify(record, null, 2)}\n`;

// --- liveness --------------------------------------------------------------------------------------

function isLive(record: LockRecord, touchedAtMs: number): boolean {
  // Another machine's (or container's) processes cannot be seen from here: its heartbeat tells.
  if (record.host !== hostname()) return Date.now() - touchedAtMs <= FOREIGN_STALE_MS;
  if (!processExists(record.pid)) return false;
  // A running process with the holder's pid may be a later one (pid reuse after a reboot or a container restart).
  const ticks = processStartTicks(record.pid);
  return ticks === null || record.processStartTicks === null || ticks === record.processStartTicks;
}

function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return errorCode(error) === 'EPERM'; // it runs, as another user
  }
}

function processStartTicks(pid: number): string | null {
  if (process.platform !== 'linux') return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count from its closing one, at field 3.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[22 - 3] ?? null;
  } catch {
    return null;
  }
}

// --- takeover --------------------------------------------------------------------------------------

/**
 * Removes a stale lock unless another process is taking it over at this moment. Under a mkdir
 * mutex, so that two processes starting at once cannot both see the stale lock, one replace it with
 * its own, and the other then delete that new one. Returns whether it looked (so the caller retries at once).
 */
function removeStaleLock(path: string, stale: LockFile): boolean {
  const mutex = `${path}${TAKEOVER_SUFFIX}`;
  try {
    mkdirSync(mutex);
  } catch (error) {
    if (errorCode(error) !== 'EEXIST') throw error;
    removeAbandonedMutex(mutex);
    return false;
  }
  try {
    const current = readLockFile(path);
    if (current && current.ino === stale.ino && current.raw === stale.raw) unlinkSync(path);
  } finally {
    rmdirSync(mutex);
  }
  return true;
}

function removeAbandonedMutex(mutex: string): void {
  try {
    if (Date.now() - statSync(mutex).mtimeMs > TAKEOVER_STALE_MS) rmdirSync(mutex);
  } catch (error) {
    if (errorCode(error) !== 'ENOENT') throw error;
  }
}

// --- holding -------------------------------------------------------------------------------------

/** Releases of the locks this process holds, run when it exits, so that a normal exit never leaves a lock. */
const heldLocks = new Set<() => void>();
let exitHookInstalled = false;

function holdLock(path: string, taken: LockRecord): DataDirLock {
  let record = taken;
  let released = false;
  const isStillOurs = () => parseRecord(readLockFile(path)?.raw ?? '')?.lockId === record.lockId;
  const release = () => {
    if (released) return;
    released = true;
    clearInterval(heartbeat);
    heldLocks.delete(release);
    try {
      if (isStillOurs()) unlinkSync(path);
    } catch (error) {
      if (errorCode(error) !== 'ENOENT') throw error;
    }
  };
  const heartbeat = setInterval(() => {
    try {
      const now = new Date();
      if (isStillOurs()) utimesSync(path, now, now);
    } catch {
      // the next beat tries again; a lock missing three beats is taken over by design
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();
  heldLocks.add(release);
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.on('exit', () => {
      for (const releaseLock of [...heldLocks]) {
        try {
          releaseLock();
        } catch {
          // exiting anyway; the lock is stale once this process is gone
        }
      }
    });
  }
  return {
    path,
    advertise(service) {
      if (released || !isStillOurs()) throw new Error(`The lock ${path} is no longer held by this process.`);
      record = { ...record, service: { url: service.url, operatorToken: service.operatorToken } };
      replaceAtomically(path, record);
    },
    release,
  };
}

// --- words ---------------------------------------------------------------------------------------

function holderOf(record: LockRecord): DataDirHolder {
  const { pid, host, startedAt, command, service } = record;
  return service ? { pid, host, startedAt, command, service } : { pid, host, startedAt, command };
}

/** `npm run keys: node scripts/keys.ts list`: the npm script, if one started this process, and the arguments. */
function describeThisProcess(npmScript: NpmScript | undefined): string {
  const args = process.argv.slice(1).map((arg) => {
    const inside = isAbsolute(arg) ? relative(process.cwd(), arg) : arg;
    return inside && !inside.startsWith('..') ? inside : arg;
  });
  const node = ['node', ...args].join(' ').slice(0, 200);
  // npm's variables are inherited by every process below the script (npx sets them too): only the one it runs is that script.
  const script = npmScript && args[0] && npmScript.command.includes(args[0]) ? npmScript.name : undefined;
  return script ? `npm run ${script}: ${node}` : node;
}

function lockedMessage(dataDir: string, holder: DataDirHolder): string {
  const who = `process ${holder.pid} (${holder.command}) on host ${holder.host}, since ${holder.startedAt}`;
  const why = 'Two processes on one embedded database directory damage it, so this one does not open it.';
  const severalProcesses = 'To run several processes at once, use PostgreSQL (DATABASE_URL).';
  if (holder.host !== hostname()) {
    return (
      `The embedded database in ${dataDir} is in use by ${who}: another host or container shares this directory, and its lock was touched within the last ${FOREIGN_STALE_MS / 1000} s. ${why} ` +
      `Stop that process first; a lock its holder stops touching (a machine or container that was killed) is taken over ${FOREIGN_STALE_MS / 1000} s later. ${severalProcesses}`
    );
  }
  if (holder.pid === process.pid) {
    return `The embedded database in ${dataDir} is already open in this same ${who}. ${why} Close it before opening it again. ${severalProcesses}`;
  }
  return (
    `The embedded database in ${dataDir} is in use by ${who}. ${why} ` +
    `Stop that process first; \`npm run keys\` and \`npm run audit\` reach the running service on their own. ${severalProcesses}`
  );
}

// --- small things --------------------------------------------------------------------------------

function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code;
}

/** A short synchronous wait: acquiring is synchronous, and the other process needs only moments. */
function pause(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}
