// Where `npm run keys` and `npm run audit` do their work. The embedded database belongs to the one
// process that holds its directory's lock: while a service holds it, the CLIs ask that service
// (with the operator token it wrote into the lock file); while nothing holds it, and on
// PostgreSQL, they work on the database directly. `--url`/`--key` (SERVICE_URL/ADMIN_KEY) ask any
// running service with an admin key. Either way the same domain decisions and the same store
// (src/domain/key-admin.ts, src/auth/key-store.ts) decide and write.
import { hostname } from 'node:os';
import { createApiKey, listApiKeys, revokeApiKey, rotateApiKey } from '../../auth/key-store.js';
import { listSigningKeys, rotateSigningKey } from '../../auth/result-signing-keys.js';
import { announceDataChange } from '../../live/announce.js';
import { loadConfig, serviceTargetFrom, type Config, type ServiceTarget } from '../../config.js';
import { DataDirLockedError, readDataDirHolder } from '../../db/data-dir-lock.js';
import type { Database } from '../../db/database.js';
import { readGameAudit } from '../../live/game-audit.js';
import { administrationOverHttp, ServiceUnreachableError } from './admin-over-http.js';
import { UsageError } from './arguments.js';
import { openConfiguredDatabase } from './database.js';
import type { KeyAdministration } from './key-administration.js';

export const SERVICE_FLAGS = ['--url', '--key'] as const;
export const SERVICE_USAGE = '[--url <service> --key <admin key>]';

/** The flags win over the environment (SERVICE_URL, ADMIN_KEY, as src/config.ts reads them). */
export function serviceTarget(flags: { url?: string; key?: string }, environment: ServiceTarget = serviceTargetFrom()): ServiceTarget {
  return { url: flags.url ?? environment.url, key: flags.key ?? environment.key };
}

/**
 * Runs `work` where it belongs and closes what it opened. A local service that has gone away
 * between reading its lock file and the request (nothing was sent) is looked for once more: its
 * lock is then released and the database can be opened directly.
 */
export async function administer<T>(target: ServiceTarget, work: (administration: KeyAdministration) => Promise<T>): Promise<T> {
  const config = loadConfig();
  for (let attempt = 1; ; attempt += 1) {
    const administration = await openAdministration(target, config, attempt);
    try {
      return await work(administration);
    } catch (error) {
      if (!(error instanceof ServiceUnreachableError) || attempt > 1 || target.url) throw error;
    } finally {
      await administration.close();
    }
  }
}

async function openAdministration(target: ServiceTarget, config: Config, attempt: number): Promise<KeyAdministration> {
  if (target.url || target.key) {
    if (!target.url) throw new UsageError('--key (ADMIN_KEY) needs --url (SERVICE_URL): the base URL of the service to administer');
    if (!target.key) throw new UsageError('--url (SERVICE_URL) needs --key (ADMIN_KEY): an API key with the admin scope');
    return administrationOverHttp(target.url, target.key);
  }
  const local = config.databaseUrl ? null : localService(config.dataDir);
  if (local) return administrationOverHttp(local.url, local.operatorToken);
  try {
    return databaseAdministration(await openConfiguredDatabase(), config.redisUrl);
  } catch (error) {
    // A service that took the directory since we looked: ask it instead (once).
    if (error instanceof DataDirLockedError && attempt === 1) return openAdministration(target, config, attempt + 1);
    throw error;
  }
}

/** The service holding the embedded database directory, if one does and serves; an error if another process holds it. */
function localService(dataDir: string): { url: string; operatorToken: string } | null {
  const holder = readDataDirHolder(dataDir);
  if (!holder) return null;
  const who = `process ${holder.pid} (${holder.command})`;
  if (holder.host !== hostname()) {
    throw new Error(
      `The embedded database in ${dataDir} is in use by ${who} on host ${holder.host}: run this there, or reach its service with --url and --key (an admin key).`,
    );
  }
  if (!holder.service) {
    throw new Error(
      `The embedded database in ${dataDir} is in use by ${who}, which serves no API yet (a data import, or a service still starting): wait until it has finished or the service is ready, or stop it, then run this again.`,
    );
  }
  return holder.service;
}

function databaseAdministration(database: Database, redisUrl: string | undefined): KeyAdministration {
  const { prisma } = database;
  return {
    listKeys: () => listApiKeys(prisma),
    createKey: (request) => createApiKey(prisma, request, new Date()),
    revokeKey: (id) => revokeApiKey(prisma, id, new Date()),
    rotateKey: (id) => rotateApiKey(prisma, id, new Date()),
    gameAudit: (gameId) => readGameAudit(prisma, gameId),
    signingKeys: () => listSigningKeys(prisma),
    rotateSigningKey: async () => {
      const key = await rotateSigningKey(prisma, new Date());
      // Answers signed by the retired key that services keep: dropped, so the new key signs from now on.
      await announceDataChange(database, redisUrl);
      return key;
    },
    close: () => database.close(),
  };
}

/** One line for the terminal: a usage or rule error as it is, a driver's multi-line message by its last line (the cause). */
export function errorLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return (
    message
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean)
      .pop() ?? 'failed'
  );
}
