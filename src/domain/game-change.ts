/**
 * What a committed write to a game tells everyone who serves or pushes league data (the caches, the
 * subscriptions, the change log and the webhooks read from it). The domain decides which kind each
 * write announces (src/domain/write-plan.ts); src/live/changes.ts carries it.
 */
import type { GameChangeKind } from './game-write.js';

export interface GameChange {
  gameId: number;
  version: number;
  kind: GameChangeKind;
  /** The event added, corrected or deleted; null for a transition. */
  eventId: number | null;
  status: string;
  homeScore: number | null;
  awayScore: number | null;
  scoreChanged: boolean;
  /** The write changed the game's status (a start, a final whistle, a forfeit, an abort, an undo); absent in a change from before it was told. */
  statusChanged?: boolean;
  /**
   * The write may change a result that counts (src/domain/game-status.ts `changesResult`): the
   * league's standings. Absent in a change from before it was told: then it may.
   */
  resultChanged?: boolean;
  /** What `liveGames(filter)` filters on, so no instance has to load the game to decide. */
  groupId: number | null;
  homeTeamId: number;
  awayTeamId: number;
  homeClubId: number;
  awayClubId: number;
  /**
   * Whose pages the write may alter beyond the game's own: the two teams, the other teams of its
   * group when the write changes a result that counts (their ranks; a live goal moves none), every
   * team a player on the game sheet belongs to (their statistics count the game), those teams'
   * clubs, and the players of the two teams and of the sheet (their overviews list the game).
   * Absent in a notification from an instance that predates it: then the change may alter anything.
   */
  affects?: ChangeAffects;
  /**
   * The change's number in the change log (src/live/change-journal.ts), by which instances tell a
   * change they heard from one they missed. Absent from an instance that predates the log.
   */
  seq?: number;
  /**
   * The primary's WAL position right after the write committed (`pg_current_wal_lsn()`), told only
   * when read replicas are configured: no replica serves reads on any instance until it replayed
   * this far (src/db/replicas.ts). Absent: the instances find the position themselves.
   */
  lsn?: string;
}

export interface ChangeAffects {
  teamIds: number[];
  clubIds: number[];
  playerIds: number[];
  /**
   * The league of the game's group: its lists, rankings and top scorers. Absent in a notification
   * from an instance that predates it: then every league's answers may be altered.
   */
  leagueIds?: number[];
}
