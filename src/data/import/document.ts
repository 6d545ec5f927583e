// The JSON document that loads a federation's league data (documented in docs/import-format.md).
// Rows mirror the Prisma models field by field; ids are the federation's own ids wherever the
// model's id is not generated. Optional fields may be absent; nullable ones may also be null.
import type {
  GameDecision,
  GameEventType,
  GameStatus,
  Gender,
  GroupPhase,
  Licensing,
  PenaltyKind,
  PenaltyRole,
  PlayerPosition,
  TeamSide,
} from '../../generated/prisma/enums.js';

import type { IMPORT_FORMAT_VERSION } from './version.js';

/** A date as `YYYY-MM-DD`. */
export type IsoDate = string;
/** An instant as ISO-8601 with a zone designator, e.g. `2026-03-07T16:00:00Z`. */
export type IsoDateTime = string;

export interface SeasonRow {
  /** First year of the season: 2026 = 2026/27. */
  id: number;
  label: string;
  isCurrent?: boolean;
  startsOn: IsoDate;
  endsOn: IsoDate;
}

export interface GameClassRow {
  id: number;
  name: string;
  shortName: string;
  gender: Gender;
  isYouth?: boolean;
  isSmallField?: boolean;
  sortOrder?: number;
}

export interface LeagueRow {
  id: number;
  name: string;
  level: number;
  isNational?: boolean;
}

export interface LeagueGroupRow {
  id: number;
  seasonId: number;
  leagueId: number;
  gameClassId: number;
  name: string;
  phase?: GroupPhase;
  sortOrder?: number;
  playoffLine?: number | null;
  seriesBestOf?: number | null;
  /** The game format (src/domain/game-format.ts); each defaults to the standard format's. */
  periods?: number;
  periodMinutes?: number;
  overtimeMinutes?: number;
  penaltyShootout?: boolean;
  drawAllowed?: boolean;
  forfeitGoals?: number;
}

export interface RoundRow {
  id: number;
  groupId: number;
  number: number;
  name: string;
}

export interface CupTournamentRow {
  id: number;
  seasonId: number;
  gameClassId: number;
  name: string;
}

export interface CupRoundRow {
  id: number;
  tournamentId: number;
  number: number;
  name: string;
}

export interface VenueRow {
  id: number;
  name: string;
  street?: string | null;
  zip?: string | null;
  city: string;
  latitude: number;
  longitude: number;
}

export interface ClubRow {
  id: number;
  name: string;
  shortName?: string | null;
  logoUrl?: string | null;
  website?: string | null;
  street?: string | null;
  zip?: string | null;
  city?: string | null;
  active?: boolean;
}

export interface TeamRow {
  id: number;
  clubId: number;
  gameClassId: number;
  name: string;
  shortName?: string | null;
  logoUrl?: string | null;
  website?: string | null;
  portraitUrl?: string | null;
}

/** Keyed by (teamId, groupId); the database id is generated. */
export interface TeamRegistrationRow {
  teamId: number;
  groupId: number;
}

export interface PlayerRow {
  id: number;
  firstName: string;
  lastName: string;
  yearOfBirth?: number | null;
  heightCm?: number | null;
  weightKg?: number | null;
  position?: PlayerPosition | null;
  portraitUrl?: string | null;
}

export interface LicenseRow {
  id: number;
  playerId: number;
  seasonId: number;
  clubId: number;
  teamId?: number | null;
  gameClassId: number;
  licenseType: string;
  licensing?: Licensing;
  locked?: boolean;
}

/** Keyed by (teamId, seasonId, playerId); the database id is generated. */
export interface TeamMemberRow {
  teamId: number;
  seasonId: number;
  playerId: number;
  number?: number | null;
  position?: PlayerPosition | null;
  captain?: boolean;
}

export interface GameRow {
  id: number;
  groupId?: number | null;
  roundId?: number | null;
  cupRoundId?: number | null;
  bracketPosition?: number | null;
  /** Empty while the pairing is undecided (a later cup round): then `homePlaceholder` says whose place it is. */
  homeTeamId?: number | null;
  awayTeamId?: number | null;
  /** The federation's text in place of a team not known yet, e.g. `Sieger Halbfinal 1`; only without the team. */
  homePlaceholder?: string | null;
  awayPlaceholder?: string | null;
  /** UTC, e.g. `2026-03-07T16:00:00Z`. */
  startsAt: IsoDateTime;
  venueId?: number | null;
  status?: GameStatus;
  homeScore?: number | null;
  awayScore?: number | null;
  homePeriodScores?: number[];
  awayPeriodScores?: number[];
  decidedBy?: GameDecision;
  spectators?: number | null;
  firstReferee?: string | null;
  secondReferee?: string | null;
  hasVideoStream?: boolean;
}

export interface GameEventRow {
  id: number;
  gameId: number;
  /** Game clock in seconds. */
  second: number;
  sequence?: number;
  type: GameEventType;
  side?: TeamSide | null;
  teamId?: number | null;
  playerId?: number | null;
  assistId?: number | null;
  period?: number | null;
  homeScore?: number | null;
  awayScore?: number | null;
  penaltyKind?: PenaltyKind | null;
  penaltyReason?: string | null;
  penaltyRole?: PenaltyRole | null;
  /** A goal scored from a penalty shot during play. */
  penaltyShot?: boolean;
  /** A penalty's or a misc event's federation code, 0–999. */
  code?: number | null;
  /** A player inspection: done (true) or skipped (false). */
  inspectionDone?: boolean | null;
  /** When the desk recorded it (ISO 8601 with an offset). */
  worldTime?: string | null;
}

/** Keyed by (gameId, playerId); the database id is generated. */
export interface LineupRow {
  gameId: number;
  teamId: number;
  playerId: number;
  licenseId?: number | null;
  number?: number | null;
  position?: PlayerPosition | null;
  captain?: boolean;
}

export interface NationalSelectionRow {
  id: number;
  name: string;
  gender: Gender;
  isYouth?: boolean;
}

export interface NationalPlayerRow {
  id: number;
  playerId: number;
  selectionId: number;
  active?: boolean;
  number?: number | null;
  position?: PlayerPosition | null;
}

/** Keyed by (nationalPlayerId, selectionId); the database id is generated. */
export interface NationalPlayerRecordRow {
  nationalPlayerId: number;
  selectionId: number;
  games?: number;
  goals?: number;
  assists?: number;
  penalties2?: number;
  penalties5?: number;
  penalties10?: number;
  matchPenalties?: number;
}

/** Every array a document may carry, in the order the importer writes them. */
export interface LeagueImportRows {
  seasons: SeasonRow[];
  gameClasses: GameClassRow[];
  leagues: LeagueRow[];
  leagueGroups: LeagueGroupRow[];
  rounds: RoundRow[];
  cupTournaments: CupTournamentRow[];
  cupRounds: CupRoundRow[];
  venues: VenueRow[];
  clubs: ClubRow[];
  teams: TeamRow[];
  teamRegistrations: TeamRegistrationRow[];
  players: PlayerRow[];
  licenses: LicenseRow[];
  teamMembers: TeamMemberRow[];
  games: GameRow[];
  gameEvents: GameEventRow[];
  lineups: LineupRow[];
  nationalSelections: NationalSelectionRow[];
  nationalPlayers: NationalPlayerRow[];
  nationalPlayerRecords: NationalPlayerRecordRow[];
}

export type ImportEntity = keyof LeagueImportRows;

/** A whole or partial import document; every array is optional so partial files work. */
export type LeagueImport = { formatVersion: typeof IMPORT_FORMAT_VERSION } & Partial<LeagueImportRows>;
