// The one registry of the processes the benchmarks start: the services, the baseline, the bare
// server, the load generators, the build and the loads. Each is started in a process group of its
// own (so that what it starts in turn, npm's shell and tsc, cluster workers, goes with it) and
// stopped with SIGTERM, then SIGKILL if it has not exited after a grace period. `installCleanup()`
// stops every child still running when the process ends: normally, on SIGINT or SIGTERM, on an
// uncaught exception or rejection, and on `process.exit` from anywhere (there synchronously).
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { constants } from 'node:os';

/** How long a child has to exit after SIGTERM before it gets SIGKILL. */
export const STOP_GRACE_MS = 5000;
/** Lines of a child's stderr kept, to say why it ended. */
const TAIL_LINES = 20;

interface Entry {
  name: string;
  /** A task is expected to end by itself (the build, a load); a service only when stopped. */
  kind: 'service' | 'task';
  stopping: boolean;
  exited: boolean;
  tail: string[];
  exitPromise: Promise<void>;
}

/** The children not yet ended. */
const entries = new Map<ChildProcess, Entry>();
/** Every child's entry, ended ones too: what ended it is told after. */
const described = new WeakMap<ChildProcess, Entry>();
type ExitListener = (name: string, reason: string) => void;
const exitListeners = new Set<ExitListener>();

export interface StartOptions {
  /** Added to this process's environment. */
  env?: Record<string, string | undefined>;
  /** Where the child's stdout goes: nowhere by default. Its stderr is passed on to this process's. */
  stdout?: 'ignore' | 'inherit';
  /** An IPC channel (child.send / process.on('message')), with this serialization. */
  ipc?: 'json' | 'advanced';
  kind?: Entry['kind'];
}

const alive = (child: ChildProcess) => !described.get(child)?.exited && child.exitCode === null && child.signalCode === null;

/** Sends a signal to the child's whole process group; nothing if it is gone. */
function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // the group is gone
  }
}

/** What ended the child, with the last line of its stderr that says why (a V8 `FATAL ERROR`, an `Error:`) if any. */
export function exitReason(child: ChildProcess): string {
  const entry = described.get(child);
  const how = child.signalCode ? `was killed by ${child.signalCode}` : child.exitCode !== null ? `exited with code ${child.exitCode}` : 'ended';
  const tail = entry?.tail ?? [];
  const telling = [...tail].reverse().find((line) => /FATAL ERROR|Error\b|error:|EADDRINUSE/i.test(line)) ?? tail.at(-1);
  return `${entry?.name ?? 'a child'} (pid ${child.pid}) ${how}${telling ? `: ${telling.trim().slice(0, 300)}` : ''}`;
}

/** Starts `command` as a registered child. */
export function start(name: string, command: string, args: string[], options: StartOptions = {}): ChildProcess {
  const stdio: ('ignore' | 'inherit' | 'pipe' | 'ipc')[] = ['ignore', options.stdout ?? 'ignore', 'pipe'];
  if (options.ipc) stdio.push('ipc');
  const child = spawn(command, args, {
    env: { ...process.env, ...options.env },
    stdio,
    detached: true,
    ...(options.ipc ? { serialization: options.ipc } : {}),
  });
  let resolveExit = () => {};
  const entry: Entry = {
    name,
    kind: options.kind ?? 'service',
    stopping: false,
    exited: false,
    tail: [],
    exitPromise: new Promise<void>((resolve) => (resolveExit = resolve)),
  };
  entries.set(child, entry);
  described.set(child, entry);
  child.stderr?.on('data', (chunk: Buffer) => {
    process.stderr.write(chunk);
    entry.tail.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    entry.tail.splice(0, Math.max(0, entry.tail.length - TAIL_LINES));
  });
  const ended = () => {
    if (entry.exited) return;
    entry.exited = true;
    // Whatever the child started and left behind in its group goes with it.
    signalGroup(child, 'SIGKILL');
    entries.delete(child);
    resolveExit();
    if (!entry.stopping && entry.kind === 'service') for (const listener of exitListeners) listener(name, exitReason(child));
  };
  // Its last words (a V8 `FATAL ERROR`) may still be in the pipe at 'exit': they are read first,
  // unless something it left behind holds the pipe open.
  child.on('exit', () => {
    const timer = setTimeout(ended, 500);
    child.once('close', () => {
      clearTimeout(timer);
      ended();
    });
  });
  child.on('error', (error) => {
    entry.tail.push(String(error));
    if (child.pid === undefined) ended(); // it never started: no 'exit' follows
  });
  return child;
}

/** Runs a task to its end: resolves when it exits 0, rejects with what ended it otherwise. */
export function run(name: string, command: string, args: string[], options: Omit<StartOptions, 'kind'> = {}): Promise<void> {
  const child = start(name, command, args, { ...options, kind: 'task' });
  return (described.get(child) as Entry).exitPromise.then(() => {
    if (child.exitCode !== 0) throw new Error(exitReason(child));
  });
}

/** Stops one child: SIGTERM to its group, SIGKILL after `graceMs`; resolves once it has exited. */
export function stop(child: ChildProcess, graceMs = STOP_GRACE_MS): Promise<void> {
  const entry = described.get(child);
  if (!entry || !alive(child)) return entry?.exitPromise ?? Promise.resolve();
  entry.stopping = true;
  signalGroup(child, 'SIGTERM');
  const timer = setTimeout(() => {
    console.error(`${entry.name} (pid ${child.pid}) did not stop within ${graceMs} ms of SIGTERM: SIGKILL`);
    signalGroup(child, 'SIGKILL');
  }, graceMs);
  return entry.exitPromise.finally(() => clearTimeout(timer));
}

/** Stops every registered child, all at once; resolves once all have exited. */
export function stopAll(graceMs = STOP_GRACE_MS): Promise<void> {
  return Promise.all([...entries.keys()].map((child) => stop(child, graceMs))).then(() => undefined);
}

/** The children still running, by name and pid. */
export function running(): { name: string; pid: number | undefined }[] {
  return [...entries].filter(([child]) => alive(child)).map(([child, entry]) => ({ name: entry.name, pid: child.pid }));
}

/** Tells `listener` when a service ends without having been stopped (a crash, `Reached heap limit`); returns the unsubscribe. */
export function onUnexpectedExit(listener: ExitListener): () => void {
  exitListeners.add(listener);
  return () => exitListeners.delete(listener);
}

/** Whether the process has exited, read from /proc: a child not yet reaped is a zombie (state Z). */
function gone(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.startsWith('Z') ?? true;
  } catch {
    return true;
  }
}

/**
 * For `process.on('exit')`, where nothing asynchronous runs: SIGTERM to every child still
 * running, up to `graceMs` for them to exit, then SIGKILL to those left.
 */
export function stopAllSync(graceMs = STOP_GRACE_MS): void {
  const left = [...entries.keys()].filter(alive);
  for (const child of left) {
    const entry = entries.get(child);
    if (entry) entry.stopping = true;
    signalGroup(child, 'SIGTERM');
  }
  const pause = new Int32Array(new SharedArrayBuffer(4));
  const until = Date.now() + graceMs;
  while (Date.now() < until && left.some((child) => child.pid !== undefined && !gone(child.pid))) Atomics.wait(pause, 0, 0, 50);
  // Every group not yet cleared, those of children that have exited but whose end was not handled yet included.
  for (const child of entries.keys()) signalGroup(child, 'SIGKILL');
}

let installed = false;

/**
 * Stops the children however this process ends. On SIGINT, SIGTERM or SIGHUP they are stopped (a
 * second signal, a second or more later, kills them at once) and the process exits 128 + the signal's number; on an uncaught
 * exception or rejection it is printed, they are stopped and the process exits 1; on any other
 * exit (`process.exit` included) those left get SIGTERM, then SIGKILL, synchronously.
 */
export function installCleanup(): void {
  if (installed) return;
  installed = true;
  process.on('exit', () => stopAllSync());
  let endingSince = 0;
  const end = (code: number, why: string) => {
    if (endingSince) {
      // One Ctrl-C arrives twice: from the terminal and relayed by tsx (and npm); only a later one is a second.
      if (Date.now() - endingSince < 1000) return;
      console.error(`${why} again: killing ${running().length} children at once`);
      stopAllSync(0);
      process.exit(code);
    }
    endingSince = Date.now();
    const left = running();
    console.error(`${why}: stopping ${left.length ? left.map((c) => `${c.name} (pid ${c.pid})`).join(', ') : 'nothing'} …`);
    stopAll().finally(() => process.exit(code));
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => end(128 + constants.signals[signal], signal));
  process.on('uncaughtException', (error, origin) => {
    console.error(`${origin === 'unhandledRejection' ? 'unhandled rejection' : 'uncaught exception'}:`, error);
    end(1, origin);
  });
}

/** Who listens on `port`, as `ss` says (its process when this user may see it); '' when unknown. */
function holder(port: number): string {
  try {
    const out = execFileSync('ss', ['-ltnpH', `sport = :${port}`], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    const users = /users:\(\((.*)\)\)/.exec(out)?.[1];
    return users ? ` by ${users.replace(/"/g, '')}` : '';
  } catch {
    return '';
  }
}

/** Whether something accepts connections on 127.0.0.1:port, or holds the port so that it cannot be bound on every address. */
async function taken(port: number): Promise<boolean> {
  const connects = await new Promise<boolean>((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
  if (connects) return true;
  return new Promise<boolean>((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(true));
    server.listen({ port, host: '0.0.0.0', exclusive: true }, () => server.close(() => resolve(false)));
  });
}

/** Throws, naming each one, when any of the ports (with what the bench would run there) is already taken. */
export async function assertPortsFree(ports: { port: number; what: string }[]): Promise<void> {
  const busy: string[] = [];
  for (const { port, what } of ports) if (await taken(port)) busy.push(`port ${port} (for ${what}) is already in use${holder(port)}`);
  if (busy.length > 0)
    throw new Error(
      `${busy.join('; ')}. Stop what listens there (\`ss -ltnp | grep -E ':${ports.length === 1 ? ports[0].port : '33[0-9]{2}'}'\`) and run the bench again.`,
    );
}
