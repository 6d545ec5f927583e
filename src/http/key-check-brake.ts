import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { clientOf } from './client-address.js';
import { refuse, secondsOf } from './too-many-requests.js';

/** A limiter of @fastify/rate-limit (`createRateLimit`), built with `brakeKey` as its key generator. */
type Limiter = ReturnType<FastifyInstance['createRateLimit']>;

/**
 * What the brake's limiter is asked about: a client address as `clientKey` names it. The limiter
 * takes a request-shaped argument and reads only its key (through `brakeKey`) and the route's
 * rate-limit group, which a probe has none of; so a socket, which has no fastify request, is
 * counted in the same windows as its address's HTTP requests.
 */
interface ClientProbe {
  client: string;
  routeOptions: { config: Record<string, never> };
}

/** The brake limiter's key generator: the probe's client address. */
export const brakeKey = (probe: FastifyRequest): string => (probe as unknown as ClientProbe).client;

/** Why a client's keyed requests are refused while its brake is closed. */
export interface BrakeClosed {
  failures: number;
  retryAfterSeconds: number;
}

export const BRAKE_CLOSED_MESSAGE = 'Too many failed API key checks from this address';

/**
 * Brute-force brake on API keys: a client address that failed `max` key checks within the window
 * gets 429 for every keyed request until the window ends, without its key being looked at, so a
 * valid key from that address waits too (otherwise a guesser would learn when it hit one). Counted
 * by client address, whatever carried the key: an HTTP request or a WebSocket's connection_init.
 */
export class KeyCheckBrake {
  constructor(private readonly failures: Limiter) {}

  /** Whether the client (as `clientKey` names it) has used up its failed checks: then how long it waits. */
  async closedFor(client: string): Promise<BrakeClosed | undefined> {
    const state = await this.failures(probe(client), { increment: false });
    if (!state.isAllowed && state.remaining === 0 && state.ttl > 0) return { failures: state.max, retryAfterSeconds: secondsOf(state.ttl) };
    return undefined;
  }

  /** Counts a failed check of the client (a key that is unknown, revoked or malformed). */
  async failedFor(client: string, log: FastifyBaseLogger): Promise<void> {
    const state = await this.failures(probe(client));
    // Logged once, when the brake closes; the client address only, never the key.
    if (!state.isAllowed && state.remaining === 0 && !state.isExceeded) {
      log.warn(
        { client: state.key, failures: state.max, retryAfterSeconds: state.ttlInSeconds },
        'API key checks refused for this client: too many failed keys',
      );
    }
  }

  /** Refuses the request when its client has used up its failed checks. */
  async assertOpen(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const closed = await this.closedFor(clientOf(request));
    if (closed) throw refuse(reply, closed.failures, closed.retryAfterSeconds, BRAKE_CLOSED_MESSAGE, 'auth_failures');
  }

  /** Counts a failed check (a key that is unknown, revoked or malformed). */
  failed(request: FastifyRequest): Promise<void> {
    return this.failedFor(clientOf(request), request.log);
  }

  /** Runs a key check under the brake: refused when closed, counted when it fails. */
  async check<T>(request: FastifyRequest, reply: FastifyReply, verify: () => Promise<T | null>): Promise<T | null> {
    await this.assertOpen(request, reply);
    const credential = await verify();
    if (credential === null) await this.failed(request);
    return credential;
  }
}

function probe(client: string): FastifyRequest {
  const asked: ClientProbe = { client, routeOptions: { config: {} } };
  return asked as unknown as FastifyRequest;
}
