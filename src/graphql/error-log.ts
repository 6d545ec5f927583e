import type { FastifyBaseLogger } from 'fastify';
import { databaseFailureOf } from '../db/failures.js';
import type { BurstLog } from '../http/burst-log.js';

/**
 * yoga's error lines. A database failure is weather, not a bug: it goes to the service's one burst
 * log of 503s, as every other interface's does (src/http/error-handling.ts), so an outage under
 * load writes a line per burst rather than one per GraphQL request. Everything else is logged as is.
 */
export function yogaErrorLogger(log: FastifyBaseLogger, unavailable: BurstLog): (...args: unknown[]) => void {
  return (...args) => {
    const failing = args.find((arg) => databaseFailureOf(arg) !== undefined);
    const cause = failing === undefined ? undefined : databaseFailureOf(failing);
    if (cause === undefined) return log.error(args.map(String).join(' '));
    const reason = (failing instanceof Error ? failing.message : String(failing)).split('\n')[0].slice(0, 200);
    unavailable.note(cause, (suppressedBefore) => log.warn({ cause, reason, suppressedBefore }, 'answering 503'));
  };
}
