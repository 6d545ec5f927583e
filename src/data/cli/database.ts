import { loadConfig } from '../../config.js';
import { openDatabase, type Database } from '../../db/database.js';

/** The database the service itself would use (DATABASE_URL, or embedded PGlite under DATA_DIR). */
export function openConfiguredDatabase(): Promise<Database> {
  const config = loadConfig();
  return openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    npmScript: config.npmScript,
    poolSize: config.dbPoolSize,
    connectTimeoutMs: config.dbConnectTimeoutMs,
  });
}
