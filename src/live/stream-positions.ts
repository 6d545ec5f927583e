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

/**
 * The log number a position names; null for a text that is no position (then nothing is known of
 * it). `0` is the position before the first change, a snapshot's when the log is still empty.
 */
export function parsePosition(text: string): number | null {
  if (!/^(0|[1-9]\d{0,9})$/.test(text)) return null;
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
  // The log keeps its newest row for good: an empty one has had no change, so nothing was missed since 0.
  if (newest === null) return request.after === 0 ? { expired: false, changes: [] } : { expired: true };
  if (request.after > newest || (oldest !== null && request.after < oldest - 1)) return { expired: true };
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

/** A game at a version: what a snapshot shows of it. */
export interface GameAt {
  gameId: number;
  version: number;
}

/**
 * What a stream that subscribed without a position begins with: the games it follows as they
 * stand, each at its version (one for `gameUpdated`, the live set for `liveGames`), and the
 * position from which a resumed stream gets exactly the changes this snapshot does not show.
 */
export interface StreamSnapshot {
  games: readonly GameAt[];
  position: string;
}

/** A stream's snapshot, as its subscribers receive it: the memo of what they load to answer it, as a change's. */
export interface SnapshotItem {
  readonly snapshot: StreamSnapshot;
  readonly memo: ChangeMemo;
}

/** What a stream carries: its snapshots, its changes, and the error the server ends it with. */
export type StreamItem = LiveItem | SnapshotItem;

export const isSnapshot = (item: StreamItem): item is SnapshotItem => 'snapshot' in item;

/**
 * A game's version and its newest change in the log. The game's newest change is a lookup in the
 * expression index "ChangeLogEntry_game_seq_idx" (its expression is this one, exactly), not a scan
 * of the log; `min(seq)` is the primary key's first entry.
 */
export const GAME_SNAPSHOT_SQL = `SELECT g.version,
       (SELECT seq FROM "ChangeLogEntry" WHERE (change->'game'->>'gameId')::int = $1::int ORDER BY seq DESC LIMIT 1) AS own,
       (SELECT min(seq) FROM "ChangeLogEntry") AS oldest
     FROM "Game" g WHERE g.id = $1::int`;

/**
 * Reads a game's version and its position in one statement (one database snapshot). The position
 * is the number of the game's newest change in the log: writes to one game are serialised on its
 * row, so every change of the game not in this version has a larger number, whatever other games
 * commit meanwhile. A game without a change in the log takes the number just below the log's
 * oldest (the log keeps its newest row for good, so an empty log had no change at all: `0`).
 * Null for a game that does not exist (any more).
 */
export async function readGameSnapshot(sql: SqlRunner, gameId: number): Promise<StreamSnapshot | null> {
  const rows = await sql(GAME_SNAPSHOT_SQL, [gameId]);
  const row = rows[0];
  if (!row) return null;
  const own = toNumber(row.own);
  const oldest = toNumber(row.oldest);
  const position = own ?? (oldest === null ? 0 : oldest - 1);
  return { games: [{ gameId, version: Number(row.version) }], position: String(position) };
}

/** Which live games a `liveGames` snapshot shows: every condition given applies. */
export interface LiveGamesSelection {
  groupId?: number | null;
  clubId?: number | null;
  teamId?: number | null;
}

/**
 * The games live now that `selection` names, each at its version (by start, then id), and the log's
 * newest number, in one statement (one database snapshot): every change committed after it has a
 * larger number. (A write to another game still committing when it is read may hold a smaller
 * one: the window of one transaction that `liveGames` positions have, docs/live-games.md.) The
 * log keeps its newest row for good, so an empty log had no change at all: `0`.
 */
export async function readLiveGamesSnapshot(sql: SqlRunner, selection: LiveGamesSelection): Promise<StreamSnapshot> {
  const rows = await sql(
    `SELECT (SELECT max(seq) FROM "ChangeLogEntry") AS newest,
       (SELECT coalesce(json_agg(json_build_object('gameId', g.id, 'version', g.version) ORDER BY g."startsAt", g.id), '[]'::json)
        FROM "Game" g
        LEFT JOIN "Team" home ON home.id = g."homeTeamId"
        LEFT JOIN "Team" away ON away.id = g."awayTeamId"
        WHERE g.status = 'LIVE'
          AND ($1::int IS NULL OR g."groupId" = $1::int)
          AND ($2::int IS NULL OR home."clubId" = $2::int OR away."clubId" = $2::int)
          AND ($3::int IS NULL OR g."homeTeamId" = $3::int OR g."awayTeamId" = $3::int)) AS games`,
    [selection.groupId ?? null, selection.clubId ?? null, selection.teamId ?? null],
  );
  const row = rows[0] ?? {};
  const games = (typeof row.games === 'string' ? JSON.parse(row.games) : (row.games ?? [])) as GameAt[];
  return { games: games.map(({ gameId, version }) => ({ gameId: Number(gameId), version: Number(version) })), position: String(toNumber(row.newest) ?? 0) };
}

/** A source that begins with a snapshot and takes another whenever a stream that joins asks for one. */
export interface SnapshottingSource extends AsyncIterable<StreamItem> {
  /**
   * Asks for a snapshot for a stream that joined just now, unless one is already coming whose
   * subscribers are counted after this call: one asked for and not yet taken, or one taken whose
   * result the consumer has not yet handed out (it asks for its next item only after that).
   */
  request(): void;
}

/**
 * A live source with snapshots between its changes, in its one order: a snapshot's read starts
 * after the changes before it were taken, so a change committed after the read comes after it.
 * Its first item is a snapshot. A change the snapshot already shows may still follow it (it was
 * committed before the read and announced after): its version says so, and the streams that took
 * the snapshot leave it out (src/graphql/stream-member.ts).
 */
export function snapshotting(source: AsyncIterable<LiveItem>, read: () => Promise<StreamSnapshot>): SnapshottingSource {
  const live = source[Symbol.asyncIterator]();
  let requested = true;
  /** A snapshot was returned (or is being read) and the consumer has not asked for its next item yet. */
  let taken = false;
  let pendingLive: Promise<IteratorResult<LiveItem, undefined>> | null = null;
  let wake: (() => void) | null = null;
  let finished = false;
  const iterator: AsyncIterator<StreamItem, undefined> = {
    async next() {
      taken = false;
      for (;;) {
        if (finished) return { done: true, value: undefined };
        if (requested) {
          requested = false;
          taken = true;
          try {
            return { done: false, value: { snapshot: await read(), memo: new ChangeMemo() } };
          } catch (error) {
            await iterator.return?.();
            throw error;
          }
        }
        pendingLive ??= live.next();
        const woken = new Promise<'snapshot'>((resolve) => {
          wake = () => resolve('snapshot');
        });
        const winner = await Promise.race([pendingLive, woken]);
        wake = null;
        if (winner === 'snapshot') continue;
        pendingLive = null;
        return winner;
      }
    },
    async return() {
      finished = true;
      wake?.();
      await live.return?.();
      return { done: true, value: undefined };
    },
    async throw() {
      return iterator.return?.() ?? { done: true, value: undefined };
    },
  };
  return {
    [Symbol.asyncIterator]: () => iterator,
    request() {
      if (requested || taken || finished) return;
      requested = true;
      wake?.();
    },
  };
}

/** What a stream's consumer is told of the update just executed, to pick the streams it is for. */
export interface UpdateMark {
  /** The game a change is of, at its version after it; the games a snapshot shows, each at its version. */
  games: readonly GameAt[];
  position: string;
  snapshot: boolean;
}
