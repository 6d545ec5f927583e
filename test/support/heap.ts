import v8 from 'node:v8';
import vm from 'node:vm';

/** global.gc, exposed on demand: vitest's workers start without --expose-gc (vitest.config.ts sets no execArgv). */
export function garbageCollector(): () => void {
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (exposed) return exposed;
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as () => void;
}

/** The heap in use once garbage is collected (twice: weak references and finalizers free more on the second pass). */
export function heapUsedAfterGc(gc: () => void): number {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}
