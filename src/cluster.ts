// WORKERS=n: n processes serve the one port (node:cluster hands connections out round-robin).
// Each worker is a whole instance, as on several machines: its own pool, caches and rate limits,
// consistent with the others through the change feed (PostgreSQL LISTEN/NOTIFY or Redis).
import cluster, { type Worker } from 'node:cluster';
import { constants } from 'node:os';
import type { Config } from './config.js';

/** A worker that dies this soon after its start is not restarted again and again: the primary gives up. */
const CRASH_LOOP_MS = 5000;
const MAX_QUICK_CRASHES = 5;

function log(level: 'info' | 'warn' | 'error', message: string, details: object = {}): void {
  // Same JSON shape as the workers' pino lines (level numbers as pino's), so one log pipeline reads both.
  const levels = { info: 30, warn: 40, error: 50 } as const;
  process.stdout.write(`${JSON.stringify({ level: levels[level], time: Date.now(), pid: process.pid, role: 'primary', ...details, msg: message })}\n`);
}

/**
 * The primary: starts the workers, starts a crashed one again (unless they crash in a loop), and
 * on SIGTERM/SIGINT passes the signal on, waits for every worker's drain (each bounded by
 * SHUTDOWN_TIMEOUT_MS) and exits 0 when they all did.
 */
export function runPrimary(config: Config): void {
  let closing = false;
  let failed = false;
  let quickCrashes = 0;
  const startedAt = new Map<Worker, number>();
  const fork = () => startedAt.set(cluster.fork(), Date.now());

  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker) ?? 0);
    startedAt.delete(worker);
    if (closing) {
      if (code !== 0) failed = true;
      if (startedAt.size === 0) finish();
      return;
    }
    quickCrashes = lived < CRASH_LOOP_MS ? quickCrashes + 1 : 0;
    if (quickCrashes >= MAX_QUICK_CRASHES) {
      log('error', 'workers keep crashing at start: stopping', { code, signal });
      process.exit(1);
    }
    log('warn', 'worker exited: starting another', { workerPid: worker.process.pid, code, signal, livedMs: lived });
    fork();
  });

  const finish = () => {
    log('info', 'shut down', { workers: config.workers });
    process.exit(failed ? 1 : 0);
  };

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (closing) {
        log('warn', 'second signal: exiting without waiting', { signal });
        for (const worker of startedAt.keys()) worker.process.kill('SIGKILL');
        process.exit(128 + constants.signals[signal]);
      }
      closing = true;
      log('info', 'shutting down', { signal, workers: startedAt.size });
      for (const worker of startedAt.keys()) worker.process.kill(signal);
      // Each worker bounds its own drain; this only catches one that hangs past it.
      setTimeout(() => {
        log('error', 'workers did not stop in time: killing them', { workers: startedAt.size });
        for (const worker of startedAt.keys()) worker.process.kill('SIGKILL');
        process.exit(1);
      }, config.shutdownTimeoutMs + 2000).unref();
    });
  }

  log('info', 'starting workers', { workers: config.workers });
  for (let index = 0; index < config.workers; index += 1) fork();
}

export const isClusterPrimary = (config: Config): boolean => config.workers > 1 && cluster.isPrimary;
