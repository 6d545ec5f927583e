// Holds an embedded database directory's lock as a data import does: the directory is taken, but
// no service is advertised in the lock file. Prints "held", releases the lock on SIGTERM.
import { acquireDataDirLock } from '../../../src/db/data-dir-lock.js';

const [dataDir] = process.argv.slice(2);
if (!dataDir) throw new Error('usage: hold-lock.ts <dataDir>');
const lock = acquireDataDirLock(dataDir, { command: 'npm run data:import (a test holder)' });
const keepAlive = setInterval(() => undefined, 60_000);
process.once('SIGTERM', () => {
  clearInterval(keepAlive);
  lock.release();
  process.exit(0);
});
console.log('held');
