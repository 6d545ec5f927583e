/**
 * How far back a subscription resumed from a position replays what it missed (src/live/stream-positions.ts
 * replays, src/live/updates.ts holds the setting). A module of its own, below both, so that neither
 * imports the other for it.
 */

/** How far back a resumed stream replays (STREAM_RESUME_WINDOW_MS, STREAM_RESUME_MAX_CHANGES). */
export interface ResumeWindow {
  /** The oldest missed change replayed is at most this old (by the database's clock). */
  windowMs: number;
  /** Changes of the subscription replayed at most; more missed and the stream says to refetch. */
  maxChanges: number;
}

/** Ten minutes: a phone that lost its signal, a laptop woken up, a deploy's reconnects. */
export const DEFAULT_RESUME_WINDOW_MS = 600_000;
/**
 * A whole game's changes (some 50 to 80, see DEFAULT_SUBSCRIBER_BUFFER in src/live/updates.ts) with
 * room to spare, and below that buffer's 128: a replay is handed to a stream's queue faster than a
 * slow socket takes it.
 */
export const DEFAULT_RESUME_MAX_CHANGES = 100;
