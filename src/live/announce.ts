import type { Database } from '../db/database.js';
import { CHANGES_CHANNEL, notificationPayload, type LeagueChange } from './changes.js';
import { notifyThrough } from './pg-feed.js';
import { publishOnce } from './redis-feed.js';

const DATA_CHANGED: LeagueChange = { kind: 'data' };

/**
 * Tells running instances that data changed wholesale (an import from the CLI, another process),
 * on the channel they listen to: Redis when REDIS_URL is set, else PostgreSQL NOTIFY. The
 * embedded database cannot be open in a running service and a CLI at once: nobody to tell.
 */
export async function announceDataChange(database: Pick<Database, 'kind' | 'prisma'>, redisUrl: string | undefined): Promise<void> {
  if (redisUrl) return publishOnce(redisUrl, DATA_CHANGED, 'cli');
  if (database.kind !== 'postgresql') return;
  await notifyThrough(database)(CHANGES_CHANNEL, notificationPayload(DATA_CHANGED, 'cli'));
}
