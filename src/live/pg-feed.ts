import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Database } from '../db/database.js';
import { CHANGES_CHANNEL, LocalListeners, notificationPayload, parseNotification, type RemoteChangeFeed } from './changes.js';

export interface PostgresFeedOptions {
  databaseUrl: string;
  log: { warn(details: object, message: string): void; info(details: object, message: string): void };
  /** Sends a NOTIFY through the service's pool, so that changes go out while the listening connection is away. */
  notify(channel: string, payload: string): Promise<unknown>;
  /** How long to wait before listening again after the connection broke (doubling up to 30 s). */
  reconnectDelayMs?: number;
}

const MAX_RECONNECT_DELAY_MS = 30_000;

/**
 * A change feed across instances over PostgreSQL LISTEN/NOTIFY: it listens on a connection of its
 * own (a pooled one would stop listening when returned) and notifies through the pool. A change
 * is told to this instance's listeners at once and sent with NOTIFY; other instances hear it once it is delivered, and ignore their own.
 * After a lost connection, listeners are told that anything may have changed (`data`): notifications
 * sent in between are lost, and a cache that kept its answers would serve them stale.
 */
export function createPostgresChangeFeed(options: PostgresFeedOptions): RemoteChangeFeed {
  const origin = randomUUID();
  const listeners = new LocalListeners();
  const firstDelayMs = options.reconnectDelayMs ?? 1000;
  let delayMs = firstDelayMs;
  let client: pg.Client | null = null;
  let closed = false;
  let listenedBefore = false;
  let reconnect: NodeJS.Timeout | undefined;
  let markListening!: () => void;
  const listening = new Promise<void>((resolve) => (markListening = resolve));

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: options.databaseUrl, application_name: 'league-changes' });
    next.on('notification', (message) => {
      const notification = parseNotification(message.payload);
      if (notification && notification.origin !== origin) listeners.deliver(notification.change);
    });
    next.on('error', (error) => {
      if (closed || client !== next) return;
      options.log.warn({ err: error.message }, 'change feed connection lost: listening again shortly');
      client = null;
      next.end().catch(() => undefined);
      scheduleReconnect();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANGES_CHANNEL}`);
    } catch (error) {
      await next.end().catch(() => undefined);
      throw error;
    }
    if (closed) {
      await next.end();
      return;
    }
    client = next;
  };

  // Never awaited by the service: it starts (and reports not ready) while PostgreSQL is away, and
  // the feed listens once the server is there. Whatever was cached meanwhile is dropped then.
  const attempt = () => {
    connect().then(
      () => {
        if (listenedBefore) options.log.info({}, 'change feed listening again');
        listenedBefore = true;
        delayMs = firstDelayMs;
        listeners.deliver({ kind: 'data' });
        markListening();
      },
      (error: unknown) => {
        if (closed) return;
        options.log.warn({ err: error instanceof Error ? error.message : String(error), retryInMs: delayMs }, 'change feed cannot listen yet: trying again');
        scheduleReconnect();
      },
    );
  };

  const scheduleReconnect = () => {
    if (closed || reconnect) return;
    reconnect = setTimeout(() => {
      reconnect = undefined;
      attempt();
    }, delayMs);
    reconnect.unref();
    delayMs = Math.min(delayMs * 2, MAX_RECONNECT_DELAY_MS);
  };

  attempt();
  return {
    listening,
    publish(change) {
      listeners.deliver(change);
      options.notify(CHANGES_CHANNEL, notificationPayload(change, origin)).catch((error: unknown) => {
        options.log.warn({ err: error instanceof Error ? error.message : String(error) }, 'change not sent to the other instances');
      });
    },
    subscribe: (listener) => listeners.subscribe(listener),
    async close() {
      closed = true;
      clearTimeout(reconnect);
      await client?.end().catch(() => undefined);
      client = null;
    },
  };
}

/** NOTIFY through the database's pool (`$executeRaw`: pg_notify returns void, which a query could not read back). */
export function notifyThrough(database: Pick<Database, 'prisma'>): PostgresFeedOptions['notify'] {
  return (channel, payload) => database.prisma.$executeRaw`SELECT pg_notify(${channel}, ${payload})`;
}
