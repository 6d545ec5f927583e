import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { CatchUpDelivery } from './catch-up.js';
import { readJournal, type SqlRunner } from './change-journal.js';
import { CHANGES_CHANNEL, notificationPayload, parseNotification, type LeagueChange, type RemoteChangeFeed } from './changes.js';

export interface RedisFeedOptions {
  redisUrl: string;
  log: { warn(details: object, message: string): void; info(details: object, message: string): void };
  /**
   * The database's change log (src/live/change-journal.ts), read through the service's pool: after
   * a reconnect the feed replays what it missed from there. Absent, listeners are told `data`.
   */
  journal?: SqlRunner;
  /** How long to wait before reading the change log again when the database did not answer. */
  retryDelayMs?: number;
}

const MAX_RETRY_DELAY_MS = 2000;
const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Publishing fails at once while Redis is away (a write's announcement must not wait: the caches of
 * this instance are dropped anyway, the others read it from the change log when they reconnect).
 * The subscriber waits and retries for as long as it takes, and ioredis subscribes again after a
 * reconnect.
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
 * listen is lost on Redis, but not in the database's change log: on every resubscription the feed
 * reads the numbers it missed from the log (through the pool) and delivers them in order, as the
 * PostgreSQL feed does (src/live/catch-up.ts). The service does not wait for Redis to start.
 */
export function createRedisChangeFeed(options: RedisFeedOptions): RemoteChangeFeed {
  const origin = randomUUID();
  const delivery = new CatchUpDelivery((error) => options.log.warn({ err: message(error) }, 'a change listener failed'));
  const publisher = connection(options.redisUrl, 'publisher');
  const subscriber = connection(options.redisUrl, 'subscriber');
  const journal = options.journal;
  const read = journal && ((request: Parameters<typeof readJournal>[1]) => readJournal(journal, request));
  const firstRetryMs = options.retryDelayMs ?? 500;
  let markListening!: () => void;
  const listening = new Promise<void>((resolve) => (markListening = resolve));
  let subscribedBefore = false;
  let closed = false;
  /** Counts (re)subscriptions: a catch-up of an earlier one stops retrying. */
  let epoch = 0;
  let retry: NodeJS.Timeout | undefined;

  const catchUp = (mine: number, waitMs: number) => {
    if (closed || mine !== epoch) return;
    delivery.listening(read).then(
      () => {
        if (mine === epoch) markListening();
      },
      (error: unknown) => {
        if (closed || mine !== epoch) return;
        options.log.warn({ err: message(error), retryInMs: waitMs }, 'change feed cannot read the change log yet: trying again');
        retry = setTimeout(() => catchUp(mine, Math.min(waitMs * 2, MAX_RETRY_DELAY_MS)), waitMs);
        retry.unref();
      },
    );
  };
  const resubscribed = () => {
    clearTimeout(retry);
    epoch += 1;
    catchUp(epoch, firstRetryMs);
  };

  subscriber.on('message', (_channel: string, payload: string) => {
    const notification = parseNotification(payload);
    if (notification && notification.origin !== origin) delivery.heard(notification.change);
  });
  subscriber.on('close', () => {
    if (closed) return;
    epoch += 1;
    delivery.away();
  });
  // ioredis emits 'ready' after each (re)connect, once it has subscribed again.
  subscriber.on('ready', () => {
    if (!subscribedBefore) return;
    options.log.info({}, 'change feed listening again (Redis)');
    resubscribed();
  });
  for (const client of [publisher, subscriber]) {
    client.on('error', (error: Error) => options.log.warn({ err: error.message }, 'change feed: Redis connection error'));
  }
  subscriber.subscribe(CHANGES_CHANNEL).then(
    () => {
      subscribedBefore = true;
      resubscribed();
    },
    (error: unknown) => options.log.warn({ err: message(error) }, 'change feed cannot subscribe to Redis'),
  );
  return {
    listening,
    state: () => delivery.state(),
    position: () => delivery.position(),
    onStateChange: (listener) => delivery.onStateChange(listener),
    publish(change: LeagueChange) {
      delivery.own(change);
      publisher.publish(CHANGES_CHANNEL, notificationPayload(change, origin)).catch((error: unknown) => {
        options.log.warn({ err: message(error) }, 'change not sent to the other instances');
      });
    },
    subscribe: (listener) => delivery.subscribe(listener),
    async close() {
      closed = true;
      clearTimeout(retry);
      delivery.away();
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
