import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { Database } from '../db/database.js';
import { CHANGES_CHANNEL, LocalListeners, notificationPayload, parseNotification, type ChangeFeed } from './changes.js';

export interface PostgresFeedOptions {
  databaseUrl: string;
  log: { warn(details: object, message: string): void; info(details: object, message: string): void };
  /** Sends a NOTIFY through the service's pool, so that changes go out while the listening connection is away. */
  notify(channel: string, payload: string): Promise<unknown>;
  /** How long to wait before listening again after the connection broke. */
  reconnectDelayMs?: number;
}

/**
 * A change feed across instances over PostgreSQL LISTEN/NOTIFY: it listens on a connection of its
 * own (a pooled one would stop listening when returned) and notifies through the pool. A change is told to this instance's listeners at
 * once and sent with NOTIFY; other instances hear it once it is delivered, and ignore their own.
 * After a lost connection, listeners are told that anything may have changed (`data`): notifications
 * sent in between are lost, and a cache that kept its answers would serve them stale.
 */
export async function createPostgresChangeFeed(options: PostgresFeedOptions): Promise<ChangeFeed> {
  const origin = randomUUID();
  const listeners = new LocalListeners();
  const reconnectDelayMs = options.reconnectDelayMs ?? 1000;
  let client: pg.Client | null = null;
  let closed = false;
  let reconnect: NodeJS.Timeout | undefined;

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
    await next.connect();
    await next.query(`LISTEN ${CHANGES_CHANNEL}`);
    if (closed) {
      await next.end();
      return;
    }
    client = next;
  };

  const scheduleReconnect = () => {
    if (closed || reconnect) return;
    reconnect = setTimeout(() => {
      reconnect = undefined;
      connect().then(
        () => {
          options.log.info({}, 'change feed listening again');
          listeners.deliver({ kind: 'data' });
        },
        () => scheduleReconnect(),
      );
    }, reconnectDelayMs);
    reconnect.unref();
  };

  await connect();
  return {
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
