import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { CHANGES_CHANNEL, LocalListeners, notificationPayload, parseNotification, type LeagueChange, type RemoteChangeFeed } from './changes.js';

export interface RedisFeedOptions {
  redisUrl: string;
  log: { warn(details: object, message: string): void; info(details: object, message: string): void };
}

/**
 * Publishing fails at once while Redis is away (a write's announcement must not wait: the caches of
 * this instance are dropped anyway, the others drop theirs when they reconnect). The subscriber
 * waits and retries for as long as it takes, and ioredis subscribes again after a reconnect.
 */
function connection(redisUrl: string, role: 'publisher' | 'subscriber'): Redis {
  return role === 'publisher'
    ? new Redis(redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false, connectionName: 'league-changes' })
    : new Redis(redisUrl, { maxRetriesPerRequest: null, connectionName: 'league-changes' });
}

/**
 * A change feed across instances over Redis pub/sub (REDIS_URL), for deployments that run Redis
 * anyway; PostgreSQL LISTEN/NOTIFY does the same without it. A subscribed connection can do
 * nothing else, so publishing has its own. Whatever was published while this instance did not
 * listen is lost, so on every (re)subscription listeners are told that anything may have
 * changed (`data`). The service does not wait for Redis to start.
 */
export function createRedisChangeFeed(options: RedisFeedOptions): RemoteChangeFeed {
  const origin = randomUUID();
  const listeners = new LocalListeners();
  const publisher = connection(options.redisUrl, 'publisher');
  const subscriber = connection(options.redisUrl, 'subscriber');
  let markListening!: () => void;
  const listening = new Promise<void>((resolve) => (markListening = resolve));
  let subscribedBefore = false;
  subscriber.on('message', (_channel: string, payload: string) => {
    const notification = parseNotification(payload);
    if (notification && notification.origin !== origin) listeners.deliver(notification.change);
  });
  // ioredis emits 'ready' after each (re)connect, once it has subscribed again.
  subscriber.on('ready', () => {
    if (!subscribedBefore) return;
    options.log.info({}, 'change feed listening again (Redis)');
    listeners.deliver({ kind: 'data' });
  });
  for (const client of [publisher, subscriber]) {
    client.on('error', (error: Error) => options.log.warn({ err: error.message }, 'change feed: Redis connection error'));
  }
  subscriber.subscribe(CHANGES_CHANNEL).then(
    () => {
      subscribedBefore = true;
      listeners.deliver({ kind: 'data' });
      markListening();
    },
    (error: unknown) => options.log.warn({ err: error instanceof Error ? error.message : String(error) }, 'change feed cannot subscribe to Redis'),
  );
  return {
    listening,
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
  const client = new Redis(redisUrl, { maxRetriesPerRequest: 1, connectionName: 'league-changes' });
  try {
    await client.publish(CHANGES_CHANNEL, notificationPayload(change, origin));
  } finally {
    await client.quit().catch(() => undefined);
  }
}
