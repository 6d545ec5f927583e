import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { AvailabilityEvent } from '../db/availability.js';
import type { Database } from '../db/database.js';
import { CatchUpDelivery, type JournalRead } from './catch-up.js';
import { readJournal } from './change-journal.js';
import { CHANGES_CHANNEL, notificationPayload, parseNotification, type RemoteChangeFeed } from './changes.js';

export interface PostgresFeedOptions {
  databaseUrl: string;
  log: { warn(details: object, message: string): void; info(details: object, message: string): void };
  /** Sends a NOTIFY through the service's pool, so that changes go out while the listening connection is away. */
  notify(channel: string, payload: string): Promise<unknown>;
  /** How long to wait before listening again after the connection broke (doubling up to MAX_RECONNECT_DELAY_MS). */
  reconnectDelayMs?: number;
  /**
   * The service's circuit breaker: when the pool reaches the database again the feed tries at once
   * instead of waiting out its delay, and when the pool loses it the feed checks its own connection.
   */
  availability?: { readonly isDown: boolean; onChange(listener: (event: AvailabilityEvent) => void): void };
  /** How often a listening feed reads the log for changes whose announcement never came; 0 never. */
  sweepIntervalMs?: number;
}

/** The longest wait between attempts: a feed back within a second or two of its database. */
export const MAX_RECONNECT_DELAY_MS = 2000;
const DEFAULT_SWEEP_INTERVAL_MS = 10_000;
/** How long the check of the listening connection may take when the pool lost the database. */
const CONNECTION_CHECK_TIMEOUT_MS = 2000;
const CONNECT_TIMEOUT_MS = 5000;
const QUERY_TIMEOUT_MS = 15_000;
/** How long a catch-up waits for the pool's circuit breaker to close before it delivers anyway. */
const POOL_WAIT_MS = 5000;

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * A change feed across instances over PostgreSQL LISTEN/NOTIFY: it listens on a connection of its
 * own (a pooled one would stop listening when returned) and notifies through the pool. A change
 * is told to this instance's listeners at once and sent with NOTIFY, carrying its number in the
 * change log (src/live/change-journal.ts); other instances hear it once it is delivered, and ignore
 * their own.
 *
 * A notification sent while the connection is away is lost, so after each (re)connect the feed
 * reads the change log for the numbers it has not delivered and delivers them in order before it
 * counts as listening (src/live/catch-up.ts); only when the log no longer holds them are listeners
 * told that anything may have changed (`data`). Until then `state()` is not `listening`: the caches
 * serve no fresh hits and readiness says no.
 */
export function createPostgresChangeFeed(options: PostgresFeedOptions): RemoteChangeFeed {
  const origin = randomUUID();
  const delivery = new CatchUpDelivery((error) => options.log.warn({ err: message(error) }, 'a change listener failed'));
  const firstDelayMs = Math.min(options.reconnectDelayMs ?? 500, MAX_RECONNECT_DELAY_MS);
  let delayMs = firstDelayMs;
  let client: pg.Client | null = null;
  let connecting = false;
  let closed = false;
  let listenedBefore = false;
  let reconnect: NodeJS.Timeout | undefined;
  let markListening!: () => void;
  const listening = new Promise<void>((resolve) => (markListening = resolve));

  /** Who waits for the pool to reach the database again. */
  const poolWaiters = new Set<() => void>();
  /**
   * Resolves once the pool reaches the database (or after a while: the breaker's probe may lag).
   * The replayed changes are resolved by the subscriptions through the pool: delivered while its
   * breaker is still open, they would reach subscribers as errors.
   */
  const poolReachable = () =>
    options.availability?.isDown
      ? new Promise<void>((resolve) => {
          const done = () => {
            clearTimeout(timer);
            poolWaiters.delete(done);
            resolve();
          };
          const timer = setTimeout(done, POOL_WAIT_MS);
          poolWaiters.add(done);
        })
      : Promise.resolve();

  const readThrough =
    (through: pg.Client): JournalRead =>
    async (request) => {
      await poolReachable();
      return readJournal((text, values) => through.query(text, values).then((result) => result.rows as Record<string, unknown>[]), request);
    };

  /** Gives up the connection (if it is still the current one) and listens again after the delay. */
  const lost = (which: pg.Client, reason: string) => {
    if (closed || client !== which) return;
    options.log.warn({ err: reason }, 'change feed connection lost: listening again shortly');
    client = null;
    delivery.away();
    which.end().catch(() => undefined);
    scheduleReconnect();
  };

  const connect = async (): Promise<pg.Client | null> => {
    // Bounded waits: an attempt that hangs on an unreachable host would hold the next one back.
    const next = new pg.Client({
      connectionString: options.databaseUrl,
      application_name: 'league-changes',
      keepAlive: true,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      query_timeout: QUERY_TIMEOUT_MS,
    });
    next.on('notification', (notice) => {
      const notification = parseNotification(notice.payload);
      if (notification && notification.origin !== origin && client === next) delivery.heard(notification.change);
    });
    next.on('error', (error) => lost(next, error.message));
    next.on('end', () => lost(next, 'connection ended'));
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANGES_CHANNEL}`);
    } catch (error) {
      await next.end().catch(() => undefined);
      throw error;
    }
    if (closed) {
      await next.end();
      return null;
    }
    // Listening from here on: what is heard now waits for the catch-up; what was sent before is in the log.
    client = next;
    await delivery.listening(readThrough(next));
    return next;
  };

  // Never awaited by the service: it starts (and reports not ready) while PostgreSQL is away, and
  // the feed listens once the server is there.
  const attempt = () => {
    if (closed || connecting || client) return;
    connecting = true;
    connect().then(
      (connected) => {
        connecting = false;
        if (!connected) return;
        if (listenedBefore) options.log.info({}, 'change feed listening again');
        listenedBefore = true;
        delayMs = firstDelayMs;
        markListening();
      },
      (error: unknown) => {
        connecting = false;
        if (closed) return;
        if (client) {
          // Connected, but the log could not be read: start over on a new connection.
          const failed = client;
          client = null;
          delivery.away();
          failed.end().catch(() => undefined);
        } else delivery.away();
        options.log.warn({ err: message(error), retryInMs: delayMs }, 'change feed cannot listen yet: trying again');
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

  options.availability?.onChange((event) => {
    if (closed) return;
    if (event.state === 'up') {
      for (const done of [...poolWaiters]) done();
      // The pool reaches the database again: so can the feed, without waiting out its delay.
      if (client || connecting) return;
      clearTimeout(reconnect);
      reconnect = undefined;
      delayMs = firstDelayMs;
      attempt();
      return;
    }
    // The pool lost the database; the listening connection may be dead without knowing it yet.
    const current = client;
    if (!current) return;
    const check = current.query({ text: 'SELECT 1', query_timeout: CONNECTION_CHECK_TIMEOUT_MS } as pg.QueryConfig);
    check.catch((error: unknown) => lost(current, `connection check failed: ${message(error)}`));
  });

  const sweepIntervalMs = options.sweepIntervalMs ?? DEFAULT_SWEEP_INTERVAL_MS;
  const sweeper =
    sweepIntervalMs > 0
      ? setInterval(() => {
          const current = client;
          if (!current) return;
          delivery.sweep(readThrough(current)).catch((error: unknown) => options.log.warn({ err: message(error) }, 'change log sweep failed'));
        }, sweepIntervalMs)
      : undefined;
  sweeper?.unref();

  attempt();
  return {
    listening,
    state: () => delivery.state(),
    position: () => delivery.position(),
    onStateChange: (listener) => delivery.onStateChange(listener),
    publish(change) {
      delivery.own(change);
      options.notify(CHANGES_CHANNEL, notificationPayload(change, origin)).catch((error: unknown) => {
        options.log.warn({ err: message(error) }, 'change not sent to the other instances (they read it from the change log)');
      });
    },
    subscribe: (listener) => delivery.subscribe(listener),
    async close() {
      closed = true;
      clearTimeout(reconnect);
      clearInterval(sweeper);
      for (const done of [...poolWaiters]) done();
      const current = client;
      client = null;
      delivery.away();
      await current?.end().catch(() => undefined);
    },
  };
}

/** NOTIFY through the database's pool (`$executeRaw`: pg_notify returns void, which a query could not read back). */
export function notifyThrough(database: Pick<Database, 'prisma'>): PostgresFeedOptions['notify'] {
  return (channel, payload) => database.prisma.$executeRaw`SELECT pg_notify(${channel}, ${payload})`;
}
