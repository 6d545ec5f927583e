/**
 * Webhooks as the app runs them: the handle the schema uses (which hosts are allowed, waking a lane
 * after a redelivery) and the delivery engine, started once the app is ready and fed by the change
 * feed: every change heard, on any instance, asks for a fan-out (deduplicated by the queue) while
 * any webhook exists (WebhookPresence).
 */
import { systemClock, type Clock } from '../../clock.js';
import type { PrismaClient } from '../../db/database.js';
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from '../../domain/webhooks.js';
import type { ChangeFeed } from '../changes.js';
import { LaneDeliverer } from './deliverer.js';
import type { Lane } from './fan-out.js';
import { graphileQueue, loopQueue, type QueueLog, type WebhookQueue, WebhookWork } from './queue.js';
import { httpSender, type Sender } from './send.js';

/** The operator's settings (docs/configuration.md). */
export interface WebhookSettings {
  /** Whether this instance delivers (WEBHOOK_DELIVERY); webhooks are managed either way. */
  delivery: boolean;
  /** Hosts that may be reached over http and at private addresses (WEBHOOK_ALLOWED_HOSTS). */
  allowedHosts: string[];
  /** The whole exchange with a receiver (WEBHOOK_TIMEOUT_MS). */
  timeoutMs: number;
  /** Deliveries this instance sends at once on PostgreSQL (WEBHOOK_CONCURRENCY). */
  concurrency: number;
}

export const DEFAULT_WEBHOOK_SETTINGS: WebhookSettings = { delivery: true, allowedHosts: [], timeoutMs: 5000, concurrency: 4 };

/** What a test may replace besides the settings: the clock, the retry policy, the jitter, the sweep. */
export interface WebhookOptions extends Partial<WebhookSettings> {
  clock?: Clock;
  retry?: RetryPolicy;
  random?: () => number;
  /** The embedded engine's sweep interval (5 s). */
  sweepMs?: number;
  send?: Sender;
}

/** What the schema's webhook fields use. */
export interface WebhookHandle {
  allowedHosts: readonly string[];
  /** Sends the lane's due deliveries soon (a no-op on an instance that does not deliver: another one's sweep finds them). */
  wake(lane: Lane): void;
  /** A webhook was made here: the changes from now on are fanned out without waiting for the presence to be read again. */
  created(): void;
}

export interface WebhookEngine extends WebhookHandle {
  /** Starts delivering in the background; retried every few seconds while the database is away. Resolves once started (tests wait for it). */
  start(): Promise<void>;
  close(): Promise<void>;
}

const DEFAULT_SWEEP_MS = 5000;
const RESTART_MS = 5000;
/** How long whether any webhook exists is taken as read. */
const PRESENCE_MAX_AGE_MS = 1000;

/**
 * Whether any webhook exists, as the change feed's pokes ask it: without one a change has nothing
 * to fan out, and a poke costs the deployment a queued job and a fan-out transaction (about fifteen
 * statements a write on PostgreSQL, in a deployment that uses no webhook). Read at most once a
 * second while changes flow, and taken as yes when it cannot be read. A webhook this process makes
 * counts at once (`created`); one another instance made counts from this process's next read, and
 * that instance pokes meanwhile, since every instance hears every change. A poke skipped all the
 * same only delays: the engine's sweep (every minute; every few seconds embedded) fans out the
 * log from its cursor, so no change is ever left out.
 */
export class WebhookPresence {
  private known: boolean | undefined;
  private readAt = Number.NEGATIVE_INFINITY;
  private reading: Promise<boolean> | undefined;

  constructor(
    private readonly prisma: PrismaClient,
    private readonly now: () => number = () => performance.now(),
  ) {}

  exists(): boolean | Promise<boolean> {
    if (this.known !== undefined && this.now() - this.readAt < PRESENCE_MAX_AGE_MS) return this.known;
    this.reading ??= this.prisma.webhook
      .findFirst({ select: { id: true } })
      .then(
        (found) => this.note(found !== null),
        () => true,
      )
      .finally(() => (this.reading = undefined));
    return this.reading;
  }

  created(): void {
    this.note(true);
  }

  private note(known: boolean): boolean {
    this.known = known;
    this.readAt = this.now();
    return known;
  }
}

export function webhookEngine(deps: {
  prisma: PrismaClient;
  databaseUrl: string | undefined;
  publicBaseUrl: string;
  changes: ChangeFeed;
  log: QueueLog;
  options: WebhookOptions;
}): WebhookEngine {
  const settings = { ...DEFAULT_WEBHOOK_SETTINGS, ...deps.options };
  const allowedHosts = settings.allowedHosts.map((host) => host.toLowerCase());
  const clock = deps.options.clock ?? systemClock;
  let queue: WebhookQueue | undefined;
  let stopListening: (() => void) | undefined;
  let closed = false;
  const presence = new WebhookPresence(deps.prisma);
  return {
    allowedHosts,
    wake: (lane) => queue?.wake(lane),
    created: () => presence.created(),
    start: async () => {
      while (!closed && settings.delivery && !queue) {
        try {
          await startQueue();
        } catch (error) {
          deps.log.warn({ err: error instanceof Error ? error.message : String(error) }, 'webhooks: delivery could not start; retrying');
          await new Promise((resolve) => setTimeout(resolve, RESTART_MS).unref());
        }
      }
    },
    close: async () => {
      closed = true;
      stopListening?.();
      await queue?.close();
    },
  };

  async function startQueue(): Promise<void> {
    const deliverer = new LaneDeliverer({
      prisma: deps.prisma,
      clock,
      send: deps.options.send ?? httpSender({ allowedHosts, timeoutMs: settings.timeoutMs }),
      retry: deps.options.retry ?? DEFAULT_RETRY_POLICY,
      // The send gives up after the timeout: twice that and a second is surely over (and a process killed mid-send holds it no longer).
      leaseMs: 2 * settings.timeoutMs + 1000,
      random: deps.options.random,
    });
    const work = new WebhookWork(deps.prisma, deliverer, clock, deps.publicBaseUrl);
    const started = deps.databaseUrl
      ? await graphileQueue(work, { connectionString: deps.databaseUrl, concurrency: settings.concurrency, log: deps.log })
      : loopQueue(work, { sweepMs: deps.options.sweepMs ?? DEFAULT_SWEEP_MS, log: deps.log });
    if (closed) return started.close();
    queue = started;
    stopListening = deps.changes.subscribe(() => {
      const any = presence.exists();
      if (any === true) started.poke();
      // A read still under way when the engine closes pokes nothing: the queue is gone.
      else if (any !== false) void any.then((found) => found && !closed && started.poke());
    });
  }
}
