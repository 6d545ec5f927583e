/**
 * The change log in the database (table "ChangeLogEntry"): every change the feed carries, numbered
 * and kept for CHANGE_LOG_RETENTION_MS. A write adds its change in its own transaction, so a change
 * is in the log exactly when it committed; an instance whose feed was away reads what it missed
 * from here (src/live/catch-up.ts) instead of dropping everything.
 */
import type { PrismaClient } from '../db/database.js';
import type { Prisma } from '../generated/prisma/client.js';
import type { LeagueChange } from './changes.js';
import { tagsOfChange } from './change-scope.js';

/**
 * How long after a number is taken its transaction has surely ended (committed or rolled back): a
 * live write gives up after 10 s (WRITE_TIMEOUT_MS in src/live/game-writer.ts), an announcement is
 * one statement. A number still missing from the log after this is a hole, never a late commit.
 */
export const SETTLE_AFTER_MS = 30_000;

/** Changes replayed at most after an absence; more and the feed tells its listeners `data` instead. */
export const MAX_REPLAYED_CHANGES = 10_000;

/** Runs one SQL statement with positional parameters and returns its rows (a pg client, or Prisma's raw query). */
export type SqlRunner = (text: string, values: unknown[]) => Promise<Record<string, unknown>[]>;

type Writer = Pick<Prisma.TransactionClient, 'changeLogEntry'>;

/** The change as the log stores it: without its number, which is the row's. */
function stored(change: LeagueChange): Prisma.InputJsonValue {
  if (change.kind === 'data') return { kind: 'data' };
  const { seq: _seq, ...game } = change.game;
  return { kind: 'game', game } as unknown as Prisma.InputJsonValue;
}

/**
 * Adds the change to the log in the caller's transaction and returns its number. Its scope tags go
 * in a column of their own, so that SQL can tell which answers it touches (the shared answer store,
 * src/cache/shared-answer-store.ts); a change that may touch anything leaves them NULL.
 */
export async function journalChange(tx: Writer, change: LeagueChange): Promise<number> {
  const tags = tagsOfChange(change);
  const row = await tx.changeLogEntry.create({
    data: { change: stored(change), ...(tags === 'everything' ? {} : { tags: [...tags] }) },
    select: { seq: true },
  });
  return row.seq;
}

/** The change a log row holds, numbered. */
export function numbered(change: LeagueChange, seq: number): LeagueChange {
  return change.kind === 'game' ? { kind: 'game', game: { ...change.game, seq } } : { kind: 'data', seq };
}

/** What a catch-up asks the log for: every number above `after` except those in `except` (already delivered). */
export interface JournalRequest {
  after: number;
  except: readonly number[];
  /** How many of the missed rows to read with their change; the others only by number. */
  replayLimit: number;
}

/** What the log answered, all from one snapshot. */
export interface JournalWindow {
  /** The oldest and newest numbers it holds; null when it is empty. */
  oldest: number | null;
  newest: number | null;
  /** A number at or below which every number has committed or never will; null if the log holds none that old. */
  settled: number | null;
  /** The numbers asked for, in order, each with its change (null past `replayLimit`). */
  missed: { seq: number; change: LeagueChange | null }[];
}

const toNumber = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

/**
 * Reads the rows a catch-up asks for and the log's bounds, in one statement (one snapshot: a
 * prune in between cannot make the bounds disagree with the rows). `settled` is the number of the
 * newest row taken more than SETTLE_AFTER_MS ago: every smaller number was taken before it.
 */
export async function readJournal(sql: SqlRunner, request: JournalRequest): Promise<JournalWindow> {
  const rows = await sql(
    `WITH bounds AS (SELECT min(seq) AS oldest, max(seq) AS newest FROM "ChangeLogEntry"),
     settled AS (SELECT seq FROM "ChangeLogEntry" WHERE at < clock_timestamp() - $3::int * interval '1 millisecond' ORDER BY at DESC LIMIT 1),
     missed AS (
       SELECT seq, CASE WHEN row_number() OVER (ORDER BY seq) <= $4::int THEN change END AS change
       FROM "ChangeLogEntry" WHERE seq > $1::int AND NOT (seq = ANY($2::int[])))
     SELECT b.oldest, b.newest, (SELECT seq FROM settled) AS settled, m.seq, m.change
     FROM bounds b LEFT JOIN missed m ON true ORDER BY m.seq`,
    [request.after, `{${request.except.join(',')}}`, SETTLE_AFTER_MS, request.replayLimit],
  );
  const first = rows[0] ?? {};
  const missed: JournalWindow['missed'] = [];
  for (const row of rows) {
    const seq = toNumber(row.seq);
    if (seq === null) continue;
    const change = (typeof row.change === 'string' ? JSON.parse(row.change) : row.change) as LeagueChange | null;
    missed.push({ seq, change: change && numbered(change, seq) });
  }
  return { oldest: toNumber(first.oldest), newest: toNumber(first.newest), settled: toNumber(first.settled), missed };
}

/** The log read through the service's pool (Prisma), for a feed that has no connection of its own to the database. */
export function sqlThrough(prisma: Pick<PrismaClient, '$queryRawUnsafe'>): SqlRunner {
  return (text, values) => prisma.$queryRawUnsafe<Record<string, unknown>[]>(text, ...values);
}

/**
 * Deletes what is older than the retention, by the database's clock (the one `at` is written
 * with), but never the newest row: an empty log could not tell a reader that changes were made
 * and pruned. Nor, while there are webhooks, a row their fan-out has not passed yet
 * (src/live/webhooks/fan-out.ts): a delivery engine that was away longer than the retention still
 * delivers every change. Returns how many rows went.
 */
export async function pruneJournal(prisma: Pick<PrismaClient, '$executeRaw'>, retentionMs: number): Promise<number> {
  return prisma.$executeRaw`
    DELETE FROM "ChangeLogEntry"
    WHERE at < clock_timestamp() - ${retentionMs}::int * interval '1 millisecond'
      AND seq < (SELECT max(seq) FROM "ChangeLogEntry")
      AND seq <= coalesce(
        (SELECT c.seq FROM "WebhookCursor" c WHERE EXISTS (SELECT 1 FROM "Webhook")),
        (SELECT min(w."startSeq") FROM "Webhook" w),
        seq)`;
}
