import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Database } from '../db/database.js';
import type { ChangeFeed, ChangeFeedState } from '../live/changes.js';
import { serviceUnavailable } from './errors.js';
import { declareServiceEndpoints } from './interfaces.js';
import { isOperatorRequest } from './interface-policy.js';
import type { ConcurrencyState } from './concurrency-limit.js';

export interface HealthOptions {
  database: Database;
  /** Migrations applied and data loaded: the service can answer. */
  isStarted: () => boolean;
  concurrency: () => ConcurrencyState;
  /** How long the readiness probe's `SELECT 1` may take. */
  checkTimeoutMs: number;
  /** Shutdown has begun: the balancer should stop sending. */
  isClosing?: () => boolean;
  /**
   * The change feed across instances: until it listens (and caught up with what it missed) this
   * instance may serve data other instances have changed. A feed without a state always listens.
   */
  changes?: Pick<ChangeFeed, 'state'>;
}

const FEED_NOT_READY: Partial<Record<ChangeFeedState, string>> = {
  away: 'change feed not listening: writes of other instances may be missed',
  'catching-up': 'change feed catching up with the changes it missed',
};

/** Why the service should get no traffic now, or undefined when it can take some. */
async function notReadyReason(options: HealthOptions): Promise<string | undefined> {
  if (options.isClosing?.()) return 'shutting down';
  if (!options.isStarted()) return 'starting: waiting for the database';
  if (options.database.availability?.isDown) return 'database unreachable';
  const feed = options.changes?.state?.();
  if (feed && FEED_NOT_READY[feed]) return FEED_NOT_READY[feed];
  if (options.concurrency().saturated) return 'saturated: the request queue is full';
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve('database check timed out'), options.checkTimeoutMs);
  });
  const check = options.database.prisma.$queryRaw`SELECT 1`.then(
    () => undefined,
    () => 'database check failed',
  );
  try {
    return await Promise.race([check, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Liveness says the process answers (restart it if not); readiness says it can serve now (send it
 * traffic). `/health` is readiness, as it always checked the database.
 */
export async function registerHealth(app: FastifyInstance, options: HealthOptions): Promise<void> {
  const ready = async (_request: unknown, reply: FastifyReply) => {
    reply.header('cache-control', 'no-store');
    const reason = await notReadyReason(options);
    // Which read replicas serve reads and how far behind they are, by their place in DATABASE_REPLICA_URLS; never their URLs.
    // They do not decide readiness: the primary answers what they cannot.
    const replicas = options.database.replicas?.status();
    if (reason)
      return reply
        .status(503)
        .header('retry-after', '2')
        .send({ status: 'unavailable', reason, database: options.database.kind, ...(replicas ? { replicas } : {}) });
    return { status: 'ok', database: options.database.kind, ...(replicas ? { replicas } : {}) };
  };
  await app.register(
    async (health) => {
      declareServiceEndpoints(health, { name: 'health', openToPages: true, operational: true });
      health.get('/live', async () => ({ status: 'ok' }));
      health.get('/ready', ready);
      health.get('/', ready);
    },
    { prefix: '/health' },
  );
}

/** Until the database is migrated and loaded, every request but those to operators' endpoints (health, metrics) is a 503. */
export function registerStartupGate(app: FastifyInstance, isStarted: () => boolean): void {
  app.addHook('onRequest', (request, _reply, done) => {
    if (isStarted() || isOperatorRequest(request)) return done();
    done(serviceUnavailable('The service is starting; try again shortly', 2));
  });
}
