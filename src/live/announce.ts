import type { Database } from '../db/database.js';
import { journalChange } from './change-journal.js';
import { CHANGES_CHANNEL, notificationPayload } from './changes.js';
import { notifyThrough } from './pg-feed.js';
import { publishOnce } from './redis-feed.js';

/**
 * Tells running instances that data changed wholesale (an import from the CLI, another process),
 * on the channel they listen to: Redis when REDIS_URL is set, else PostgreSQL NOTIFY. The change
 * goes into the change log first, numbered, so an instance that does not listen right now reads
 * it when it listens again. The embedded database cannot be open in a running service and a CLI at
 * once: nobody to tell.
 */
export async function announceDataChange(database: Pick<Database, 'kind' | 'prisma'>, redisUrl: string | undefined): Promise<void> {
  if (database.kind !== 'postgresql' && !redisUrl) return;
  const change = { kind: 'data', seq: await journalChange(database.prisma, { kind: 'data' }) } as const;
  if (redisUrl) return publishOnce(redisUrl, change, 'cli');
  await notifyThrough(database)(CHANGES_CHANNEL, notificationPayload(change, 'cli'));
}
