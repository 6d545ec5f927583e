import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { clientKey } from './client-address.js';
import type { WindowState } from './fixed-window.js';
import { interfaceOf } from './interface-policy.js';

/** The route label of every request no route matched: raw URLs would make one series, or one line kind, per URL. */
export const UNMATCHED_ROUTE = 'unmatched';

/** A request as it was answered: what the steps that see every request read. */
export interface AnsweredRequest {
  id: string;
  method: string;
  /** As sent, query included (the log line redacts its secrets). */
  url: string;
  status: number;
  /** From its arrival to its answer being sent. */
  ms: number;
  /** The client's address, as TRUST_PROXY reads it. */
  ip: string | undefined;
  /** The matched route's pattern, or UNMATCHED_ROUTE. */
  route: string;
  /** Its interface's name (src/http/interface-policy.ts). */
  interface: string;
  /** How a response cache answered it (`X-Cache`: hit, miss, stale, refreshing), if one did. */
  cache: string | undefined;
}

/** A caller's X-Request-Id when it is a plain token (a load balancer's), else a new one. */
const CALLER_ID = /^[A-Za-z0-9._:-]{1,64}$/;

export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && CALLER_ID.test(given) ? given : randomUUID();
}

/** A step every answered request passes: the log line, the metrics. */
export type AnsweredStep = (answer: AnsweredRequest) => void;

/** Takes one unit of a client's public budget (as `clientKey` names the client): what is left, or undefined when it is spent. */
export type PublicBudget = (client: string) => WindowState | undefined;

/**
 * What happens to every request whichever path answers it: fastify and its hooks, or the hit fast
 * path in front of them (hit-fast-path.ts), which replays a stored answer without fastify. Both
 * call this one module: a request's id on arrival, its charge to the public budget, and once it is
 * answered, every `AnsweredStep` (the log line, the metrics). A concern that must see every request
 * is added here, never as a hook of its own, so that neither path can miss it; a hook that may
 * refuse or change an answer the fast path replays closes the fast path instead (`open`).
 */
export class RequestPipeline {
  private readonly steps: AnsweredStep[] = [];
  private publicBudget?: PublicBudget;

  /** `clientAddress`: the client's address as fastify's `request.ip` reads it (TRUST_PROXY), for the fast path. */
  constructor(readonly clientAddress: (request: IncomingMessage) => string | undefined) {}

  /** On arrival: the id a request is known by in its answer and its log line (a caller's plain X-Request-Id, else a new one). */
  readonly idOf = requestIdOf;

  /** Adds a step every answered request passes, in the order added. */
  onAnswered(step: AnsweredStep): void {
    this.steps.push(step);
  }

  /** Runs the steps for a request answered (either path). */
  answered(answer: AnsweredRequest): void {
    for (const step of this.steps) step(answer);
  }

  /** Set by the rate limits: the public budget a public request is charged to, on either path. */
  chargePublicTo(budget: PublicBudget): void {
    this.publicBudget = budget;
  }

  /** Charges a request of the fast path to its client's public budget: what is left, undefined when spent, null when there is no public budget. */
  chargePublic(request: IncomingMessage): WindowState | undefined | null {
    return this.publicBudget ? this.publicBudget(clientKey(this.clientAddress(request))) : null;
  }

  /**
   * fastify's side: the id in `X-Request-Id` of every answer (register before any hook that may
   * answer early), and the steps once the response is sent.
   */
  registerHooks(app: FastifyInstance): void {
    app.addHook('onRequest', (request, reply, done) => {
      reply.header('x-request-id', request.id);
      done();
    });
    app.addHook('onResponse', (request, reply, done) => {
      const cache = reply.getHeader('x-cache');
      this.answered({
        id: request.id,
        method: request.method,
        url: request.url,
        status: reply.statusCode,
        ms: reply.elapsedTime,
        ip: request.ip,
        route: request.is404 ? UNMATCHED_ROUTE : (request.routeOptions.url ?? UNMATCHED_ROUTE),
        interface: interfaceOf(request).name,
        cache: typeof cache === 'string' ? cache : undefined,
      });
      done();
    });
  }
}
