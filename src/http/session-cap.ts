import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../clock.js';
import type { PrismaClient } from '../db/database.js';
import { isUsableSessionId } from '../domain/session.js';
import { FixedWindowCounter } from './fixed-window.js';
import { sessionSidsOf } from './graphql-session-sids.js';
import { refuse } from './too-many-requests.js';

const HOUR_MS = 60 * 60 * 1000;

/**
 * New favorite sessions per client address per hour. Sessions are kept 30 days in the database, so
 * what is counted is sessions created, not calls: a call with a live sid creates nothing and costs
 * nothing, and is let through even when the client's budget is spent.
 */
export class SessionCap {
  private readonly counter: FixedWindowCounter;

  constructor(
    perHour: number,
    private readonly deps: { prisma: PrismaClient; clock: Clock; maxTokens: number },
    private readonly clientOf: (request: FastifyRequest) => string,
  ) {
    this.counter = new FixedWindowCounter(perHour, HOUR_MS);
  }

  /** How many of these sids start a new session: null, malformed, unknown and expired ones. */
  private async creations(sids: (string | null)[]): Promise<number> {
    const usable = [...new Set(sids.filter(isUsableSessionId))];
    if (usable.length === 0) return sids.length;
    const live = await this.deps.prisma.favoriteSession.findMany({
      where: { id: { in: usable }, expiresAt: { gt: this.deps.clock.now() } },
      select: { id: true },
    });
    const liveIds = new Set(live.map((row) => row.id));
    return sids.filter((sid) => sid === null || !liveIds.has(sid)).length;
  }

  private refusal(reply: FastifyReply, client: string) {
    const state = this.counter.state(client);
    return refuse(reply, state.limit, state.resetSeconds, 'Too many new sessions from this address', 'sessions');
  }

  /**
   * Runs a REST session change (which answers the sid in use afterwards). The session it may create
   * is paid for before it runs, so a burst of parallel calls cannot all pass on the last unit, and
   * refunded when the change failed or kept the session it was given. With the budget spent, the
   * database tells whether the sid is live; only then is that lookup made.
   */
  async change(request: FastifyRequest, reply: FastifyReply, sid: string | null, run: () => Promise<string>): Promise<string> {
    const client = this.clientOf(request);
    const paid = this.counter.take(client, 1);
    if (!paid && (await this.creations([sid])) > 0) throw this.refusal(reply, client);
    try {
      const id = await run();
      if (paid && id === sid) this.counter.giveBack(client, 1);
      return id;
    } catch (error) {
      if (paid) this.counter.giveBack(client, 1);
      throw error;
    }
  }

  /**
   * GraphQL: yoga's answer cannot be read back here, so the sessions a mutation will start are
   * counted before it runs, from its document and a look-up of the sids it names. A mutation that
   * then fails (an unknown favorite, say) has still been counted.
   */
  async graphqlRequest(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const sids = sessionSidsOf(request.body, this.deps.maxTokens);
    if (sids.length === 0) return;
    const creations = await this.creations(sids);
    const client = this.clientOf(request);
    if (creations > 0 && !this.counter.take(client, creations)) throw this.refusal(reply, client);
  }
}
