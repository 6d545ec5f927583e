import type { FastifyInstance } from 'fastify';
import type { Clock } from '../clock.js';
import type { PrismaClient } from '../db/database.js';
import { purgeExpiredTokens } from '../auth/session-tokens.js';
import { purgeExpiredSessions } from './store.js';

const PURGE_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Deletes expired favorite sessions and report-session tokens hourly, off the request path. Both
 * are already invalid for every request (each lookup checks expiresAt), so the purge only reclaims space.
 */
export function schedulePurge(app: FastifyInstance, prisma: PrismaClient, clock: Clock): void {
  const purge = () => {
    const now = clock.now();
    Promise.all([purgeExpiredSessions(prisma, now), purgeExpiredTokens(prisma, now)]).then(
      ([sessions, tokens]) => sessions + tokens > 0 && app.log.info({ sessions, tokens }, 'purged expired sessions'),
      (error: unknown) => app.log.warn({ err: error }, 'session purge failed'),
    );
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(purge, PURGE_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
