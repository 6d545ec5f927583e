import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { refuse, secondsOf } from './too-many-requests.js';

/** A limiter of @fastify/rate-limit (`createRateLimit`), keyed by client address. */
type Limiter = ReturnType<FastifyInstance['createRateLimit']>;

/**
 * Brute-force brake on API keys: a client address that failed `max` key checks within the window
 * gets 429 for every keyed request until the window ends, without its key being looked at, so a
 * valid key from that address waits too (otherwise a guesser would learn when it hit one).
 */
export class KeyCheckBrake {
  constructor(private readonly failures: Limiter) {}

  /** Refuses the request when its client has used up its failed checks. */
  async assertOpen(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const state = await this.failures(request, { increment: false });
    if (!state.isAllowed && state.remaining === 0 && state.ttl > 0) {
      throw refuse(reply, state.max, secondsOf(state.ttl), 'Too many failed API key checks from this address', 'auth_failures');
    }
  }

  /** Counts a failed check (a key that is unknown, revoked or malformed). */
  async failed(request: FastifyRequest): Promise<void> {
    const state = await this.failures(request);
    // Logged once, when the brake closes; the client address only, never the key.
    if (!state.isAllowed && state.remaining === 0 && !state.isExceeded) {
      request.log.warn(
        { client: state.key, failures: state.max, retryAfterSeconds: state.ttlInSeconds },
        'API key checks refused for this client: too many failed keys',
      );
    }
  }

  /** Runs a key check under the brake: refused when closed, counted when it fails. */
  async check<T>(request: FastifyRequest, reply: FastifyReply, verify: () => Promise<T | null>): Promise<T | null> {
    await this.assertOpen(request, reply);
    const credential = await verify();
    if (credential === null) await this.failed(request);
    return credential;
  }
}
