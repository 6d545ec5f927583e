/**
 * Positions in the stream of changes, so that a subscriber that lost its connection can resume.
 * A change's position is its number in the change log (src/live/change-journal.ts): taken in the
 * write's transaction, the same on every instance. A subscriber that comes back with the position
 * of the last change it received gets what it missed from the log, in order, before the live ones;
 * within a bounded window only, past which it is told to fetch the current state again.
 */
import { GraphQLError } from 'graphql';
import { numbered, type SqlRunner } from './change-journal.js';
import type { GameChange, LeagueChange } from './changes.js';
import { ChangeMemo } from './change-memo.js';
import type { ResumeWindow } from './resume-window.js';
import { isStreamEnd, type Delivery, type LiveItem } from './updates.js';

/** Rows of the log read at most to find a `liveGames` subscriber's missed changes (the filter is applied after reading). */
const MAX_SCANNED = 5_000;

/** What a change's subscribers are told its position is; empty for a change from an instance that predates the log. */
export function positionOf(change: GameChange): string {
  return change.seq === undefined ? '' : String(change.seq);
}

/** The log number a position names; null for a text that is no position (then nothing is known of it). */
export function parsePosition(text: string): number | null {
  if (!/^[1-9]\d{0,9}$/.test(text)) return null;
  const seq = Number(text);
  return seq <= 2 ** 31 - 1 ? seq : null;
}

/** What a resumed stream is told first, and last, when what it missed cannot be replayed. */
export const positionExpired = () =>
  new GraphQLError('The changes since this position can no longer be replayed: fetch the current state and subscribe again without a position', {
    extensions: { code: 'STREAM_POSITION_EXPIRED' },
  });

/** The changes a subscriber missed since its position, oldest first; or `expired`, when they cannot all be replayed. */
export type Replay = { expired: true } | { expired: false; changes: GameChange[] };

export interface ReplayRequest {
  /** The log number of the last change the subscriber received. */
  after: number;
  /** The game it follows (read by the database), or null: every game, filtered by `wanted`. */
  gameId: number | null;
  wanted: (change: GameChange) => boolean;
}

const toNumber = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

/**
 * Reads what a subscriber missed since `after`, in one statement (one snapshot). Expired when the
 * position is unknown to the log (newer than its newest number, or older than its oldest: pruned),
 * when the first missed change is older than the window, when more than `maxChanges` were missed,
 * or when data changed wholesale in between (an import: anything may have changed).
 */
export async function readReplay(sql: SqlRunner, window: ResumeWindow, request: ReplayRequest): Promise<Replay> {
  const limit = request.gameId === null ? MAX_SCANNED : window.maxChanges;
  const rows = await sql(
    `WITH bounds AS (SELECT min(seq) AS oldest, max(seq) AS newest FROM "ChangeLogEntry"),
     later AS (
       SELECT seq, change, at < clock_timestamp() - $2::int * interval '1 millisecond' AS stale
       FROM "ChangeLogEntry"
       WHERE seq > $1::int AND ($4::int IS NULL OR change->>'kind' = 'data' OR (change->'game'->>'gameId')::int = $4::int)
       ORDER BY seq LIMIT $3::int + 1)
     SELECT b.oldest, b.newest, l.seq, l.change, l.stale FROM bounds b LEFT JOIN later l ON true ORDER BY l.seq`,
    [request.after, window.windowMs, limit, request.gameId],
  );
  const first = rows[0] ?? {};
  const oldest = toNumber(first.oldest);
  const newest = toNumber(first.newest);
  if (newest === null || request.after > newest || (oldest !== null && request.after < oldest - 1)) return { expired: true };
  const missed = rows.filter((row) => row.seq !== null && row.seq !== undefined);
  if (missed.length > limit || missed[0]?.stale === true) return { expired: true };
  const changes: GameChange[] = [];
  for (const row of missed) {
    const stored = (typeof row.change === 'string' ? JSON.parse(row.change) : row.change) as LeagueChange;
    const change = numbered(stored, Number(row.seq));
    if (change.kind === 'data') return { expired: true };
    if (request.wanted(change.game)) changes.push(change.game);
  }
  return changes.length > window.maxChanges ? { expired: true } : { expired: false, changes };
}

/**
 * A live source resumed: the replayed changes first, then the live ones but those already
 * replayed. The source must have been registered before the log was read, so that a change
 * committed meanwhile is either in the replay or among the live ones (the seam: it is delivered
 * once, by its number). An expired replay ends the stream with STREAM_POSITION_EXPIRED.
 */
export function resumed(source: AsyncIterable<LiveItem>, replay: Replay): AsyncIterable<LiveItem> {
  const live = source[Symbol.asyncIterator]();
  if (replay.expired) {
    void live.return?.();
    const ending: LiveItem[] = [{ end: positionExpired() }];
    const iterator: AsyncIterator<LiveItem> = {
      next: async () => {
        const item = ending.shift();
        return item ? { done: false, value: item } : { done: true, value: undefined };
      },
      return: async () => {
        ending.length = 0;
        return { done: true, value: undefined };
      },
    };
    return { [Symbol.asyncIterator]: () => iterator };
  }
  const pending: Delivery[] = replay.changes.map((change) => ({ change, memo: new ChangeMemo() }));
  const replayed = new Set(replay.changes.map((change) => change.seq));
  const iterator: AsyncIterator<LiveItem> = {
    async next() {
      const next = pending.shift();
      if (next) return { done: false, value: next };
      for (;;) {
        const item = await live.next();
        if (item.done || isStreamEnd(item.value) || item.value.change.seq === undefined || !replayed.has(item.value.change.seq)) return item;
      }
    },
    return: async () => (await live.return?.()) ?? { done: true, value: undefined },
    throw: async () => (await live.return?.()) ?? { done: true, value: undefined },
  };
  return { [Symbol.asyncIterator]: () => iterator };
}
