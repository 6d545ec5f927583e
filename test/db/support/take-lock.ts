// A process that takes the lock of the directory given as argument and holds it: prints
// "acquired <pid>" and waits for SIGTERM, or prints why it could not and exits 1.
import { acquireDataDirLock } from '../../../src/db/data-dir-lock.js';

const [dataDir] = process.argv.slice(2);
if (!dataDir) throw new Error('usage: take-lock.ts <dataDir>');

try {
  const lock = acquireDataDirLock(dataDir, { command: 'take-lock' });
  const keepAlive = setInterval(() => undefined, 60_000);
  process.once('SIGTERM', () => {
    clearInterval(keepAlive);
    lock.release();
    process.exit(0);
  });
  console.log(`acquired ${process.pid}`);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
