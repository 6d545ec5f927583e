/**
 * What a database error means for the client: the database cannot be reached (down, restarting,
 * refusing connections), it was reached but the statement ran out of time (statement or lock
 * timeout, a frozen server), or every connection of the pool was busy with other requests for as
 * long as a request may wait for one. All are the service's trouble, never the client's, and all
 * answer 503 with Retry-After; only `unreachable` opens the circuit breaker: a busy pool is a
 * healthy database with more work than connections, and refusing everyone would not help it.
 */
export type DatabaseFailure = 'unreachable' | 'timeout' | 'busy';

const POOL_BUSY_TEXT = 'No free database connection';
/** Matched by text too: Prisma wraps what the driver throws, and keeps its message. */
const BUSY_MESSAGES = [new RegExp(POOL_BUSY_TEXT)];

/**
 * A wait for a pooled connection that timed out while every connection was checked out by other
 * work (src/db/adapter.ts decides that): the service is busy, the database is fine. pg reports
 * such a wait with the same text as a connection that could not be opened, so the pool's guard
 * replaces it with this one.
 */
export class DatabasePoolBusyError extends Error {
  constructor(connections: number, cause: unknown) {
    super(`${POOL_BUSY_TEXT}: all ${connections} were in use for as long as a request may wait`, { cause });
    this.name = 'DatabasePoolBusyError';
  }
}

/** Driver adapter error kinds (@prisma/adapter-pg) that mean no usable connection. */
const UNREACHABLE_KINDS = new Set([
  'DatabaseNotReachable',
  'ConnectionClosed',
  'SocketTimeout',
  'TooManyConnections',
  'TlsConnectionError',
  'DatabaseDoesNotExist',
  'DatabaseAccessDenied',
  'AuthenticationFailed',
]);

/** Prisma's own codes for the same: can't reach, timed out, server closed the connection, pool timeout. */
const UNREACHABLE_PRISMA_CODES = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2024']);

/** SQLSTATEs: 57014 statement timeout / cancel, 55P03 lock timeout. */
const TIMEOUT_SQLSTATES = new Set(['57014', '55P03']);

/** SQLSTATE classes 08 (connection exception), 53 (insufficient resources), 57P0x (shutdown, starting up). */
const UNREACHABLE_SQLSTATE = /^(08|53|57P0)/;

/**
 * Messages of pg's own client-side failures, which carry no code. A wait for a pooled connection
 * that timed out stays here only when the pool was still opening connections (they did not come):
 * one that waited behind connections in use arrives as DatabasePoolBusyError.
 */
const UNREACHABLE_MESSAGES = [
  /timeout exceeded when trying to connect/i,
  /Connection terminated/i,
  /Can't reach database server/i,
  /Client has encountered a connection error/i,
  /connect ECONNREFUSED/i,
  /Cannot use a pool after calling end/i,
];
const TIMEOUT_MESSAGES = [/Query read timeout/i, /canceling statement due to (statement|lock) timeout/i, /lock timeout/i];

/** The `cause` of a driver adapter error: `{ kind, code?, originalCode? }`. */
interface AdapterCause {
  kind?: unknown;
  code?: unknown;
  originalCode?: unknown;
}

interface ErrorLike extends AdapterCause {
  message?: unknown;
  cause?: unknown;
  originalError?: unknown;
  meta?: { driverAdapterError?: { cause?: AdapterCause } };
}

function classifyAdapterCause(cause: AdapterCause): DatabaseFailure | undefined {
  if (typeof cause.kind !== 'string') return undefined;
  if (UNREACHABLE_KINDS.has(cause.kind)) return 'unreachable';
  const sqlState = typeof cause.code === 'string' ? cause.code : typeof cause.originalCode === 'string' ? cause.originalCode : undefined;
  if (sqlState && TIMEOUT_SQLSTATES.has(sqlState)) return 'timeout';
  if (sqlState && UNREACHABLE_SQLSTATE.test(sqlState)) return 'unreachable';
  return undefined;
}

function classifyOne(error: ErrorLike): DatabaseFailure | undefined {
  const adapterCause = error.meta?.driverAdapterError?.cause;
  const fromAdapter = classifyAdapterCause(adapterCause ?? error);
  if (fromAdapter) return fromAdapter;
  if (typeof error.code === 'string') {
    if (UNREACHABLE_PRISMA_CODES.has(error.code)) return 'unreachable';
    if (TIMEOUT_SQLSTATES.has(error.code)) return 'timeout';
    if (/^[0-9A-Z]{5}$/.test(error.code) && UNREACHABLE_SQLSTATE.test(error.code)) return 'unreachable';
  }
  const message = typeof error.message === 'string' ? error.message : '';
  if (BUSY_MESSAGES.some((pattern) => pattern.test(message))) return 'busy';
  if (TIMEOUT_MESSAGES.some((pattern) => pattern.test(message))) return 'timeout';
  if (UNREACHABLE_MESSAGES.some((pattern) => pattern.test(message))) return 'unreachable';
  return undefined;
}

/** Classifies an error and the errors it wraps (Prisma → adapter → pg, GraphQL → original). */
export function databaseFailureOf(error: unknown): DatabaseFailure | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current !== null && typeof current === 'object'; depth += 1) {
    const found = classifyOne(current as ErrorLike);
    if (found) return found;
    const next = current as ErrorLike;
    current = next.originalError ?? next.cause;
  }
  return undefined;
}
