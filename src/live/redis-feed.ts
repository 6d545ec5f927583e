import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { CHANGES_CHANNEL, LocalListeners, notificationPayload, parseNotification, type ChangeFeed, type LeagueChange } from './changes.js';

export interface RedisFeedOptions {
  redisUrl: string;
  log: { warn(details: object, message: string): void; info(details: object, message: string): void };
}

/** One connection, failing fast: a write's announcement must not wait for a Redis that is away. */
function connection(redisUrl: string): Redis {
  return new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1, connectionName: 'league-changes' });
}

/**
 * A change feed across instances over Redis pub/sub (REDIS_URL), for deployments that run Redis
 * anyway; PostgreSQL LISTEN/NOTIFY does the same without it. A subscribed connection can do
 * nothing else, so publishing has its own. ioredis subscribes again after a reconnect; what was
 * published in between is lost, so listeners are told that anything may have changed (`data`).
 */
export async function createRedisChangeFeed(options: RedisFeedOptions): Promise<ChangeFeed> {
  const origin = randomUUID();
  const listeners = new LocalListeners();
  const publisher = connection(options.redisUrl);
  const subscriber = connection(options.redisUrl);
  let ready = false;
  subscriber.on('message', (_channel: string, payload: string) => {
    const notification = parseNotification(payload);
    if (notification && notification.origin !== origin) listeners.deliver(notification.change);
  });
  subscriber.on('ready', () => {
    if (ready) {
      options.log.info({}, 'change feed listening again (Redis)');
      listeners.deliver({ kind: 'data' });
    }
    ready = true;
  });
  for (const client of [publisher, subscriber]) {
    client.on('error', (error: Error) => options.log.warn({ err: error.message }, 'change feed: Redis connection error'));
  }
  await Promise.all([publisher.connect(), subscriber.connect()]);
  await subscriber.subscribe(CHANGES_CHANNEL);
  return {
    publish(change: LeagueChange) {
      listeners.deliver(change);
      publisher.publish(CHANGES_CHANNEL, notificationPayload(change, origin)).catch((error: unknown) => {
        options.log.warn({ err: error instanceof Error ? error.message : String(error) }, 'change not sent to the other instances');
      });
    },
    subscribe: (listener) => listeners.subscribe(listener),
    async close() {
      await Promise.all([publisher.quit().catch(() => undefined), subscriber.quit().catch(() => undefined)]);
    },
  };
}

/** Publishes a change once, from a process that does not listen (the import CLI). */
export async function publishOnce(redisUrl: string, change: LeagueChange, origin: string): Promise<void> {
  const client = connection(redisUrl);
  try {
    await client.connect();
    await client.publish(CHANGES_CHANNEL, notificationPayload(change, origin));
  } finally {
    await client.quit().catch(() => undefined);
  }
}
