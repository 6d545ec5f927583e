/**
 * What a committed write changed, told to everything that serves or pushes league data: the
 * response caches drop their answers and the subscriptions push. In one process the feed is a
 * plain fan-out; several instances on one PostgreSQL also hear each other (src/live/pg-feed.ts).
 */

import type { GameChange } from '../domain/game-change.js';

/** How a game changed: the domain decides which kind each write announces (src/domain/write-plan.ts). */
export { GAME_CHANGE_KINDS, type GameChangeKind } from '../domain/game-write.js';
export type { ChangeAffects, GameChange } from '../domain/game-change.js';

/**
 * A game written live, or data changed wholesale (an import, or a feed that was away longer than
 * the change log keeps changes). `seq` is the change's number in the change log, when it has one.
 */
export type LeagueChange = { kind: 'game'; game: GameChange } | { kind: 'data'; seq?: number };

/** The change-log number of a change, if it has one. */
export function seqOf(change: LeagueChange): number | undefined {
  return change.kind === 'game' ? change.game.seq : change.seq;
}

export type ChangeListener = (change: LeagueChange) => void;

/**
 * Whether this instance has heard of every committed change: `listening` (yes), `catching-up`
 * (it listens again and reads what it missed) or `away` (it does not listen; changes may be missed).
 */
export type ChangeFeedState = 'listening' | 'catching-up' | 'away';

export interface ChangeFeed {
  /** Tells this instance's listeners at once, and the other instances where there are any. */
  publish(change: LeagueChange): void;
  subscribe(listener: ChangeListener): () => void;
  close(): Promise<void>;
  /** Absent: always `listening` (one process hears every change it makes). */
  state?(): ChangeFeedState;
  /** Where in the change log this instance has heard up to (a feed across instances); absent for a feed of one process. */
  position?(): ChangePosition | undefined;
}

/**
 * How far in the change log an instance has heard: every change numbered at or below `after`, and
 * each numbered in `heard`, has been delivered to its listeners (or is a hole no commit fills).
 */
export interface ChangePosition {
  after: number;
  heard: readonly number[];
}

/** A feed that other instances hear too (PostgreSQL, Redis). */
export interface RemoteChangeFeed extends ChangeFeed {
  /** Where in the change log this instance has heard up to, while listening; undefined otherwise. */
  position(): ChangePosition | undefined;
  /** Resolves once it listens the first time; the service does not wait for it (the database may be away at start). */
  listening: Promise<void>;
  state(): ChangeFeedState;
  /** Told of every change of `state()`. */
  onStateChange(listener: (state: ChangeFeedState) => void): () => void;
}

/** Whether `feed` has heard of every committed change (a feed without a state always has). */
export function isCurrent(feed: Pick<ChangeFeed, 'state'> | undefined): boolean {
  return (feed?.state?.() ?? 'listening') === 'listening';
}

/** The listeners of one process; a listener that throws does not keep the others from hearing. */
export class LocalListeners {
  private readonly listeners = new Set<ChangeListener>();

  subscribe(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  deliver(change: LeagueChange, onError: (error: unknown) => void = () => undefined): void {
    for (const listener of this.listeners) {
      try {
        listener(change);
      } catch (error) {
        onError(error);
      }
    }
  }
}

/** The embedded database has one process: its feed reaches this process only. */
export function createLocalChangeFeed(): ChangeFeed {
  const listeners = new LocalListeners();
  return {
    publish: (change) => listeners.deliver(change),
    subscribe: (listener) => listeners.subscribe(listener),
    close: async () => undefined,
  };
}

/** The channel every instance listens on (PostgreSQL NOTIFY or Redis pub/sub), and the CLI import announces on. */
export const CHANGES_CHANNEL = 'league_changes';

/** What goes over the channel: the change and the instance it came from, which told its own listeners already. */
export interface Notification {
  origin: string;
  change: LeagueChange;
}

export function notificationPayload(change: LeagueChange, origin: string): string {
  return JSON.stringify({ origin, change } satisfies Notification);
}

export function parseNotification(payload: string | undefined): Notification | null {
  try {
    const parsed = JSON.parse(payload ?? '') as Partial<Notification>;
    return typeof parsed.origin === 'string' && parsed.change && (parsed.change.kind === 'game' || parsed.change.kind === 'data')
      ? (parsed as Notification)
      : null;
  } catch {
    return null;
  }
}
