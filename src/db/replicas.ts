import pg from 'pg';
import type { PrismaClient } from '../generated/prisma/client.js';
import type { DatabaseAvailability } from './availability.js';

/**
 * PostgreSQL streaming replicas that serve public reads while they are caught up
 * (DATABASE_REPLICA_URLS, docs/operations.md "Read replicas").
 *
 * A monitor asks the primary for `pg_current_wal_lsn()` and every replica for
 * `pg_last_wal_replay_lsn()` a few times a second, on connections of its own (never the request
 * pools, so it makes no request wait). The primary's positions are kept with the time they were
 * read: a replica that replayed up to the position the primary had at time t has every write
 * committed before t, so it lags at most `now − t`. That bound grows while the monitor hears
 * nothing, so a replica that stops answering falls out by itself.
 *
 * Read-your-own-writes: every committed live write announces the primary's position after its
 * commit on the change feed (GameChange.lsn), which every instance hears; a replica serves reads
 * again only once its replay reached the newest such position. A change that names no position
 * (the CLI import, an older instance) sends reads to the primary until the next monitor round has
 * read the primary's position after the change was heard.
 */

/** A WAL position `X/Y` as a number: PostgreSQL's pg_lsn compares the same way. */
export function lsnValue(text: string): bigint {
  const match = /^([0-9A-F]+)\/([0-9A-F]+)$/i.exec(text.trim());
  if (!match) throw new Error('not a WAL position');
  return (BigInt(`0x${match[1]}`) << 32n) + BigInt(`0x${match[2]}`);
}

export interface ReplicaTarget {
  /** Only the monitor connects with it; it is never logged or put in an error. */
  url: string;
  prisma: PrismaClient;
  /** The replica pool's circuit breaker: open, the replica is skipped at once. */
  availability?: DatabaseAvailability;
}

export interface ReadReplicasOptions {
  primaryUrl: string;
  replicas: ReplicaTarget[];
  /** A replica further behind than this is skipped (DATABASE_REPLICA_MAX_LAG_MS). */
  maxLagMs: number;
  /** How often the monitor runs; 0 never on its own (tests run rounds with `nextRound`). */
  intervalMs?: number;
  /** How long one monitor statement may take before the server counts as not answering. */
  probeTimeoutMs?: number;
  now?: () => number;
}

/** What /health/ready and /metrics tell of a replica: by its place in DATABASE_REPLICA_URLS, never its URL. */
export interface ReplicaStatus {
  replica: number;
  /** Reads go to it now (caught up, answering, and past the newest write heard). */
  inUse: boolean;
  /** At most this far behind the primary; null before the monitor heard from it. */
  lagMs: number | null;
  /** Why it is not in use; absent when it is. */
  skipped?: 'unreachable' | 'lagging' | 'replaying-a-recent-write' | 'not-a-standby';
}

const DEFAULT_INTERVAL_MS = 150;

/** One monitor connection: opened when needed, dropped on any failure and opened again next round. */
class PositionProbe {
  private client: pg.Client | null = null;
  private connecting: Promise<pg.Client> | null = null;

  constructor(
    private readonly url: string,
    private readonly timeoutMs: number,
  ) {}

  async read(sql: string): Promise<string | null> {
    const client = await this.connect();
    try {
      const result = await client.query<{ lsn: string | null }>({ text: sql, query_timeout: this.timeoutMs } as pg.QueryConfig);
      return result.rows[0]?.lsn ?? null;
    } catch (error) {
      this.drop(client);
      throw error;
    }
  }

  private connect(): Promise<pg.Client> {
    if (this.client) return Promise.resolve(this.client);
    if (!this.connecting) {
      const client = new pg.Client({ connectionString: this.url, connectionTimeoutMillis: this.timeoutMs, application_name: 'replica-monitor' });
      // A server that goes away errors the idle client; the next read opens another.
      client.on('error', () => this.drop(client));
      this.connecting = client.connect().then(
        () => {
          this.connecting = null;
          this.client = client;
          return client;
        },
        (error: unknown) => {
          this.connecting = null;
          client.end().catch(() => undefined);
          // Without the URL, which pg may quote: the message goes to logs.
          throw new Error(`replica monitor could not connect (${(error as { code?: string }).code ?? 'no code'})`);
        },
      );
    }
    return this.connecting;
  }

  private drop(client: pg.Client): void {
    if (this.client === client) this.client = null;
    client.end().catch(() => undefined);
  }

  async close(): Promise<void> {
    const client = this.client ?? (await this.connecting?.catch(() => null));
    this.client = null;
    await client?.end().catch(() => undefined);
  }
}

interface ReplicaState {
  target: ReplicaTarget;
  probe: PositionProbe;
  /** Its replay position at the last answer. */
  replayed: bigint | null;
  /** When the primary was at a position the replica has replayed (the newest such moment known). */
  coveredAt: number | null;
  answering: boolean;
  standby: boolean;
}

export class ReadReplicas {
  private readonly replicas: ReplicaState[];
  private readonly primaryProbe: PositionProbe;
  /** The primary's positions with the time they were read, oldest first. */
  private readonly history: { at: number; lsn: bigint }[] = [];
  private readonly now: () => number;
  private readonly historyMs: number;
  /** No replica serves reads before it replayed this far: the newest write heard of. */
  private requiredLsn = 0n;
  /** Changes heard that named no position; the next round settles them with the primary's. */
  private changesHeard = 0;
  private unsettledUpTo = 0;
  private round: Promise<void> | null = null;
  private timer: NodeJS.Timeout | undefined;
  private next = 0;
  private closed = false;

  constructor(private readonly options: ReadReplicasOptions) {
    this.now = options.now ?? Date.now;
    const probeTimeoutMs = options.probeTimeoutMs ?? Math.max(options.maxLagMs, 250);
    this.primaryProbe = new PositionProbe(options.primaryUrl, probeTimeoutMs);
    this.replicas = options.replicas.map((target) => ({
      target,
      probe: new PositionProbe(target.url, probeTimeoutMs),
      replayed: null,
      coveredAt: null,
      answering: false,
      standby: true,
    }));
    // Long enough to find the moment a lagging replica stands at, well past the bound.
    this.historyMs = Math.max(options.maxLagMs * 4, 5_000);
    const intervalMs = options.intervalMs ?? DEFAULT_INTERVAL_MS;
    if (intervalMs > 0) {
      this.timer = setInterval(() => {
        if (!this.round) this.nextRound().catch(() => undefined);
      }, intervalMs);
      this.timer.unref();
    }
  }

  /**
   * Where a read-only request reads: the next caught-up replica in turn, or the primary when none is.
   * Decided from what the monitor last saw, without a round trip.
   */
  pick(primary: PrismaClient): PrismaClient {
    const usable = this.replicas.filter((replica) => this.skipReason(replica) === undefined);
    if (usable.length === 0) return primary;
    this.next = (this.next + 1) % usable.length;
    return usable[this.next].target.prisma;
  }

  /** A committed write at the primary's position `lsn`; undefined: a write whose position is not known. */
  noteWrite(lsn: string | undefined): void {
    this.changesHeard += 1;
    if (lsn !== undefined) {
      try {
        const position = lsnValue(lsn);
        if (position > this.requiredLsn) this.requiredLsn = position;
        return;
      } catch {
        // Not a position: treated as unknown.
      }
    }
    this.unsettledUpTo = this.changesHeard;
  }

  /** The primary's position now, for a writer to announce after its commit; undefined when it cannot be read. */
  async primaryPosition(): Promise<string | undefined> {
    return (await this.primaryProbe.read('SELECT pg_current_wal_lsn()::text AS lsn').catch(() => null)) ?? undefined;
  }

  /** One monitor round that starts after this call (after the one running, if any). */
  nextRound(): Promise<void> {
    const start = () => {
      this.round = this.runRound().finally(() => {
        this.round = null;
      });
      return this.round;
    };
    return this.round ? this.round.then(start, start) : start();
  }

  status(): ReplicaStatus[] {
    const now = this.now();
    return this.replicas.map((replica, index) => {
      const skipped = this.skipReason(replica);
      return {
        replica: index,
        inUse: skipped === undefined,
        lagMs: replica.coveredAt === null ? null : Math.max(0, now - replica.coveredAt),
        ...(skipped ? { skipped } : {}),
      };
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    await this.round?.catch(() => undefined);
    await Promise.all([this.primaryProbe.close(), ...this.replicas.map((replica) => replica.probe.close())]);
  }

  private skipReason(replica: ReplicaState): ReplicaStatus['skipped'] {
    if (!replica.standby) return 'not-a-standby';
    if (!replica.answering || replica.target.availability?.isDown || replica.coveredAt === null || replica.replayed === null) return 'unreachable';
    // Before the lag: a replica behind a write it was told of is behind for that reason, however long ago it answered.
    if (this.unsettledUpTo > 0 || replica.replayed < this.requiredLsn) return 'replaying-a-recent-write';
    if (this.now() - replica.coveredAt > this.options.maxLagMs) return 'lagging';
    return undefined;
  }

  private async runRound(): Promise<void> {
    if (this.closed) return;
    const heard = this.changesHeard;
    const startedAt = this.now();
    const primary = await this.primaryProbe.read('SELECT pg_current_wal_lsn()::text AS lsn').catch(() => null);
    if (primary !== null) {
      const lsn = lsnValue(primary);
      this.history.push({ at: startedAt, lsn });
      while (this.history.length > 1 && this.history[0].at < startedAt - this.historyMs) this.history.shift();
      // Read after every change heard before the round began: past each of their commits.
      if (this.unsettledUpTo > 0 && heard >= this.unsettledUpTo) {
        if (lsn > this.requiredLsn) this.requiredLsn = lsn;
        this.unsettledUpTo = 0;
      }
    }
    await Promise.all(this.replicas.map((replica) => this.observe(replica)));
  }

  private async observe(replica: ReplicaState): Promise<void> {
    try {
      const replayed = await replica.probe.read('SELECT pg_last_wal_replay_lsn()::text AS lsn');
      replica.answering = true;
      // NULL: the server is no standby (a misconfigured URL); it never serves reads.
      replica.standby = replayed !== null;
      if (replayed === null) return;
      const position = lsnValue(replayed);
      replica.replayed = position;
      const covered = this.newestSampleAtOrBefore(position);
      if (covered !== null && (replica.coveredAt === null || covered > replica.coveredAt)) replica.coveredAt = covered;
    } catch {
      replica.answering = false;
    }
  }

  /** When the primary last stood at a position the replica has replayed; null when it is older than the history. */
  private newestSampleAtOrBefore(position: bigint): number | null {
    for (let index = this.history.length - 1; index >= 0; index -= 1) {
      if (this.history[index].lsn <= position) return this.history[index].at;
    }
    return null;
  }
}

/** The replicas of each primary client, for the writers, who hold only the client (src/live/game-writer.ts). */
const replicasOfPrimary = new WeakMap<PrismaClient, ReadReplicas>();

export function registerReplicas(primary: PrismaClient, replicas: ReadReplicas): void {
  replicasOfPrimary.set(primary, replicas);
}

/**
 * The primary's WAL position right after a write committed, which the write's change announces
 * (GameChange.lsn); undefined without replicas, where nobody needs it, and when it cannot be read.
 */
export async function commitPosition(primary: PrismaClient): Promise<string | undefined> {
  return replicasOfPrimary.get(primary)?.primaryPosition();
}
