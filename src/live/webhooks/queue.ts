/**
 * Who runs the webhook work: the fan-out from the change log (fan-out.ts) and the lanes'
 * deliveries (deliverer.ts). On PostgreSQL, graphile-worker does (its jobs in the same database: a
 * job per lane, deduplicated by its key, run by one worker of one instance; its cron sweeps every
 * minute for what no job names, such as a change whose process died before it asked for its
 * fan-out). The embedded database (PGlite) cannot host graphile-worker: it serves one connection in
 * one process and has no LISTEN across connections. There a loop in the process runs the same two
 * steps on the same tables, with the same guarantees: everything it needs to know is in the tables
 * (the cursor, the deliveries, their leases and retry times), so a process killed at any moment
 * resumes where the tables say at its next start (docs/decisions.md "Webhooks").
 */
import { Logger, parseCronItems, run, type Runner, type Task } from 'graphile-worker';
import pg from 'pg';
import type { PrismaClient } from '../../db/database.js';
import type { Clock } from '../../clock.js';
import { fanOut, type Lane, laneKey } from './fan-out.js';
import type { LaneDeliverer, LaneState } from './deliverer.js';

export interface WebhookQueue {
  /** A change may have committed: fan it out soon. */
  poke(): void;
  /** The lane has deliveries due (a redelivery, a test event, a resumed webhook): send them soon. */
  wake(lane: Lane): void;
  close(): Promise<void>;
}

export interface QueueLog {
  warn(details: object, message: string): void;
}

/** The two steps, as both engines run them. */
export class WebhookWork {
  constructor(
    private readonly prisma: PrismaClient,
    private readonly deliverer: LaneDeliverer,
    private readonly clock: Clock,
    private readonly publicBaseUrl: string,
  ) {}

  /** Fans out the whole backlog; returns the lanes given deliveries. */
  async fanOut(): Promise<Lane[]> {
    const lanes: Lane[] = [];
    for (;;) {
      const batch = await fanOut(this.prisma, { now: this.clock.now(), publicBaseUrl: this.publicBaseUrl });
      lanes.push(...batch.lanes);
      if (!batch.more) return lanes;
    }
  }

  /** Lanes of active webhooks with a delivery due now: what a sweep wakes. */
  async dueLanes(): Promise<Lane[]> {
    const rows = await this.prisma.webhookDelivery.findMany({
      where: { status: 'PENDING', nextAttemptAt: { lte: this.clock.now() }, webhook: { status: 'ACTIVE' } },
      distinct: ['webhookId', 'gameId'],
      select: { webhookId: true, gameId: true },
      take: 1000,
    });
    return rows;
  }

  runLane(lane: Lane): Promise<LaneState> {
    return this.deliverer.run(lane);
  }

  /** How long from now until `at`, at least 0. */
  delayUntil(at: Date): number {
    return Math.max(0, at.getTime() - this.clock.now().getTime());
  }
}

/** The embedded database's engine: single-flight fan-out, one run per lane at a time, a timer per lane that waits, and a sweep. */
export function loopQueue(work: WebhookWork, options: { sweepMs: number; log: QueueLog }): WebhookQueue {
  let closed = false;
  let fanning: Promise<void> | null = null;
  let fanAgain = false;
  const lanes = new Map<string, { running: boolean; again: boolean; timer?: NodeJS.Timeout }>();
  const pending = new Set<Promise<unknown>>();
  const track = (promise: Promise<unknown>) => {
    pending.add(promise);
    void promise.finally(() => pending.delete(promise));
  };
  const failed = (what: string) => (error: unknown) =>
    options.log.warn({ err: error instanceof Error ? error.message : String(error) }, `webhooks: ${what} failed; the sweep tries again`);

  const wake = (lane: Lane) => {
    if (closed) return;
    const key = laneKey(lane);
    const state = lanes.get(key) ?? { running: false, again: false };
    lanes.set(key, state);
    clearTimeout(state.timer);
    state.timer = undefined;
    if (state.running) {
      state.again = true;
      return;
    }
    state.running = true;
    const runOnce = async (): Promise<void> => {
      state.again = false;
      const left = await work.runLane(lane);
      if (state.again && !closed) return runOnce();
      if (!left.idle && !closed) {
        state.timer = setTimeout(() => wake(lane), Math.min(work.delayUntil(left.at), options.sweepMs * 12));
        state.timer.unref();
      }
    };
    track(
      runOnce()
        .catch(failed('a delivery'))
        .finally(() => {
          state.running = false;
          if (!state.timer) lanes.delete(key);
        }),
    );
  };

  const poke = () => {
    if (closed) return;
    if (fanning) {
      fanAgain = true;
      return;
    }
    const round = async (): Promise<void> => {
      fanAgain = false;
      for (const lane of await work.fanOut()) wake(lane);
      if (fanAgain && !closed) return round();
    };
    fanning = round()
      .catch(failed('the fan-out'))
      .finally(() => {
        fanning = null;
      });
    track(fanning);
  };

  const sweep = () => {
    poke();
    track(work.dueLanes().then((due) => due.forEach(wake), failed('the sweep')));
  };
  const sweeper = setInterval(sweep, options.sweepMs);
  sweeper.unref();
  sweep();
  return {
    poke,
    wake,
    close: async () => {
      closed = true;
      clearInterval(sweeper);
      for (const state of lanes.values()) clearTimeout(state.timer);
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}

/** How the engine's connections show in pg_stat_activity. */
export const WEBHOOK_ENGINE_APPLICATION = 'webhook-deliveries';

const FAN_OUT = 'webhooks_fan_out';
const LANE = 'webhooks_lane';
const SWEEP = 'webhooks_sweep';

/** PostgreSQL's engine: graphile-worker in this process, one of any number of instances sharing its jobs. */
export async function graphileQueue(work: WebhookWork, options: { connectionString: string; concurrency: number; log: QueueLog }): Promise<WebhookQueue> {
  let runner: Runner | undefined;
  const laneJob = (lane: Lane, runAt?: Date) =>
    runner?.addJob(LANE, { webhookId: lane.webhookId, gameId: lane.gameId }, { jobKey: `${LANE}:${laneKey(lane)}`, runAt, maxAttempts: 25 });
  const fanOutAndQueue = async () => {
    await Promise.all((await work.fanOut()).map((lane) => laneJob(lane)));
  };
  const tasks: Record<string, Task> = {
    [FAN_OUT]: fanOutAndQueue,
    [LANE]: async (payload) => {
      const lane = payload as Lane;
      const left = await work.runLane(lane);
      // graphile-worker schedules by the database's time: the wait as the engine's clock measures it, from the real now.
      if (!left.idle) await laneJob(lane, new Date(Date.now() + work.delayUntil(left.at)));
    },
    [SWEEP]: async () => {
      await fanOutAndQueue();
      await Promise.all((await work.dueLanes()).map((lane) => laneJob(lane)));
    },
  };
  // The engine's pool is ours, not graphile-worker's own: its own is ended without waiting and loses
  // its error handler on stop, so a connection the server drops while it closes (a restart, a
  // dropped database) would be an uncaught exception. Ours keeps its handler and is ended, awaited,
  // after the runner. A connection per job at once, one for LISTEN and one for its bookkeeping.
  const pool = new pg.Pool({ connectionString: options.connectionString, max: options.concurrency + 2, application_name: WEBHOOK_ENGINE_APPLICATION });
  // An idle connection's failure reaches the pool's handler; a checked-out one's is thrown by its next
  // query (graphile-worker retries the job). The client's own listener only keeps it from being uncaught.
  pool.on('error', (error) => options.log.warn({ err: error.message }, 'webhooks: a database connection of the delivery engine failed'));
  pool.on('connect', (client) => client.on('error', () => undefined));
  try {
    runner = await run({
      pgPool: pool,
      concurrency: options.concurrency,
      noHandleSignals: true,
      pollInterval: 1000,
      taskList: tasks,
      parsedCronItems: parseCronItems([{ task: SWEEP, match: '* * * * *', identifier: SWEEP }]),
      logger: new Logger(() => (level, message) => {
        if (level === 'error' || level === 'warning') options.log.warn({ level }, `graphile-worker: ${message}`);
      }),
    });
  } catch (error) {
    await pool.end();
    throw error;
  }
  const started = runner;
  const fanOutJob = () =>
    started
      .addJob(FAN_OUT, {}, { jobKey: FAN_OUT, maxAttempts: 25 })
      .catch((error: unknown) => options.log.warn({ err: String(error) }, 'webhooks: could not queue the fan-out'));
  // What a process that stopped left behind is found at once, not at the next minute. If the
  // database refuses it, this start failed: the runner and its pool go, and the next start tries again.
  await started.addJob(SWEEP, {}, { jobKey: SWEEP }).catch(async (error: unknown) => {
    await started.stop();
    await pool.end();
    throw error;
  });
  return {
    poke: () => void fanOutJob(),
    wake: (lane) => void laneJob(lane)?.catch((error: unknown) => options.log.warn({ err: String(error) }, 'webhooks: could not queue a lane')),
    close: async () => {
      await started.stop();
      await pool.end();
    },
  };
}
