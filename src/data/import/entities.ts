// One descriptor per import array: its table, identity and fields. The validator and the importer
// both read these, so a field is declared once; the mapped types below make the compiler reject a
// descriptor whose fields, kinds or required flags disagree with the row interfaces in format.ts.
import {
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
import type { ImportEntity, LeagueImportRows } from './document.js';
import { FEDERATION_CODE_MAX, FEDERATION_CODE_MIN } from '../../domain/event-kinds.js';
import { FORMAT_BOUNDS, STANDARD_STORED_FORMAT } from '../../domain/game-format.js';

interface EnumKind {
  kind: 'enum';
  /** PostgreSQL type name, used in casts. */
  sqlType: string;
  values: readonly string[];
}

type ScalarKind = 'int' | 'float' | 'string' | 'boolean' | 'date' | 'datetime' | 'intArray';

type KindFor<T> = [NonNullable<T>] extends [number[]]
  ? { kind: 'intArray' }
  : [NonNullable<T>] extends [number]
    ? { kind: 'int' | 'float' }
    : [NonNullable<T>] extends [boolean]
      ? { kind: 'boolean' }
      : [NonNullable<T>] extends [string]
        ? { kind: 'string' | 'date' | 'datetime' } | EnumKind
        : never;

interface FieldRules {
  /** Must be present and not null. */
  required?: boolean;
  /** Written when the field is absent (non-nullable columns with a database default). */
  default?: string | number | boolean | number[];
  /** Strings must contain a non-blank character. */
  nonEmpty?: boolean;
  min?: number;
  max?: number;
  /** The entity whose id this field holds. */
  references?: ImportEntity;
}

type RequiredFlag<T> = undefined extends T ? { required?: false } : { required: true };

export type FieldSpecFor<T> = KindFor<T> & RequiredFlag<T> & FieldRules;
export type FieldSpec = (EnumKind | { kind: ScalarKind }) & FieldRules;

type FieldSpecs<Row> = { [K in keyof Row]-?: FieldSpecFor<Row[K]> };

export interface EntitySpec {
  entity: ImportEntity;
  table: string;
  /** Singular noun used in messages ("refers to no team"). */
  noun: string;
  /** The conflict target: the federation id, or the natural key of rows without one. */
  identity: readonly string[];
  /** Further unique keys of the table, checked within the file and against the database. */
  uniques: readonly (readonly string[])[];
  fields: Readonly<Record<string, FieldSpec>>;
}

interface TypedEntitySpec<Row> extends Omit<EntitySpec, 'identity' | 'uniques' | 'fields'> {
  identity: readonly (keyof Row & string)[];
  uniques: readonly (readonly (keyof Row & string)[])[];
  fields: FieldSpecs<Row>;
}

const INT4_MAX = 2_147_483_647;
const id = { kind: 'int', required: true, min: 1, max: INT4_MAX } as const;
const ref = (target: ImportEntity) => ({ kind: 'int', required: true, min: 1, max: INT4_MAX, references: target }) as const;
const optionalRef = (target: ImportEntity) => ({ kind: 'int', min: 1, max: INT4_MAX, references: target }) as const;
const name = { kind: 'string', required: true, nonEmpty: true } as const;
const text = { kind: 'string' } as const;
const count = (fallback: number) => ({ kind: 'int', min: 0, max: INT4_MAX, default: fallback }) as const;
const flag = (fallback: boolean) => ({ kind: 'boolean', default: fallback }) as const;
const oneOf = <T extends Record<string, string>>(sqlType: string, values: T) =>
  ({ kind: 'enum', sqlType: `"${sqlType}"`, values: Object.values(values) }) as const;
const position = { ...oneOf('PlayerPosition', PlayerPosition) } as const;

const seasons: TypedEntitySpec<LeagueImportRows['seasons'][number]> = {
  entity: 'seasons',
  table: 'Season',
  noun: 'season',
  identity: ['id'],
  uniques: [],
  fields: {
    id: { ...id, min: 1900, max: 2999 },
    label: name,
    isCurrent: flag(false),
    startsOn: { kind: 'date', required: true },
    endsOn: { kind: 'date', required: true },
  },
};

const gameClasses: TypedEntitySpec<LeagueImportRows['gameClasses'][number]> = {
  entity: 'gameClasses',
  table: 'GameClass',
  noun: 'game class',
  identity: ['id'],
  uniques: [],
  fields: {
    id,
    name,
    shortName: name,
    gender: { ...oneOf('Gender', Gender), required: true },
    isYouth: flag(false),
    isSmallField: flag(false),
    sortOrder: { kind: 'int', default: 0 },
  },
};

const leagues: TypedEntitySpec<LeagueImportRows['leagues'][number]> = {
  entity: 'leagues',
  table: 'League',
  noun: 'league',
  identity: ['id'],
  uniques: [],
  fields: { id, name, level: { kind: 'int', required: true, min: 0, max: 100 }, isNational: flag(true) },
};

const nationalSelections: TypedEntitySpec<LeagueImportRows['nationalSelections'][number]> = {
  entity: 'nationalSelections',
  table: 'NationalSelection',
  noun: 'national selection',
  identity: ['id'],
  uniques: [],
  fields: { id, name, gender: { ...oneOf('Gender', Gender), required: true }, isYouth: flag(false) },
};

const leagueGroups: TypedEntitySpec<LeagueImportRows['leagueGroups'][number]> = {
  entity: 'leagueGroups',
  table: 'LeagueGroup',
  noun: 'league group',
  identity: ['id'],
  uniques: [['seasonId', 'leagueId', 'gameClassId', 'name']],
  fields: {
    id,
    seasonId: ref('seasons'),
    leagueId: ref('leagues'),
    gameClassId: ref('gameClasses'),
    name,
    phase: { ...oneOf('GroupPhase', GroupPhase), default: GroupPhase.QUALIFICATION },
    sortOrder: { kind: 'int', default: 0 },
    playoffLine: { kind: 'int', min: 1, max: 1000 },
    seriesBestOf: { kind: 'int', min: 1, max: 99 },
    periods: { kind: 'int', default: STANDARD_STORED_FORMAT.periods, ...FORMAT_BOUNDS.periods },
    periodMinutes: { kind: 'int', default: STANDARD_STORED_FORMAT.periodMinutes, ...FORMAT_BOUNDS.periodMinutes },
    overtimeMinutes: { kind: 'int', default: STANDARD_STORED_FORMAT.overtimeMinutes, ...FORMAT_BOUNDS.overtimeMinutes },
    penaltyShootout: flag(STANDARD_STORED_FORMAT.penaltyShootout),
    drawAllowed: flag(STANDARD_STORED_FORMAT.drawAllowed),
    forfeitGoals: { kind: 'int', default: STANDARD_STORED_FORMAT.forfeitGoals, ...FORMAT_BOUNDS.forfeitGoals },
  },
};

const rounds: TypedEntitySpec<LeagueImportRows['rounds'][number]> = {
  entity: 'rounds',
  table: 'Round',
  noun: 'round',
  identity: ['id'],
  uniques: [['groupId', 'number']],
  fields: { id, groupId: ref('leagueGroups'), number: { kind: 'int', required: true, min: 0, max: 10_000 }, name },
};

const cupTournaments: TypedEntitySpec<LeagueImportRows['cupTournaments'][number]> = {
  entity: 'cupTournaments',
  table: 'CupTournament',
  noun: 'cup tournament',
  identity: ['id'],
  uniques: [],
  fields: { id, seasonId: ref('seasons'), gameClassId: ref('gameClasses'), name },
};

const cupRounds: TypedEntitySpec<LeagueImportRows['cupRounds'][number]> = {
  entity: 'cupRounds',
  table: 'CupRound',
  noun: 'cup round',
  identity: ['id'],
  uniques: [['tournamentId', 'number']],
  fields: { id, tournamentId: ref('cupTournaments'), number: { kind: 'int', required: true, min: 0, max: 100 }, name },
};

const venues: TypedEntitySpec<LeagueImportRows['venues'][number]> = {
  entity: 'venues',
  table: 'Venue',
  noun: 'venue',
  identity: ['id'],
  uniques: [],
  fields: {
    id,
    name,
    street: text,
    zip: text,
    city: name,
    latitude: { kind: 'float', required: true, min: -90, max: 90 },
    longitude: { kind: 'float', required: true, min: -180, max: 180 },
  },
};

const clubs: TypedEntitySpec<LeagueImportRows['clubs'][number]> = {
  entity: 'clubs',
  table: 'Club',
  noun: 'club',
  identity: ['id'],
  uniques: [],
  fields: {
    id,
    name,
    shortName: text,
    logoUrl: text,
    website: text,
    street: text,
    zip: text,
    city: text,
    active: flag(true),
  },
};

const teams: TypedEntitySpec<LeagueImportRows['teams'][number]> = {
  entity: 'teams',
  table: 'Team',
  noun: 'team',
  identity: ['id'],
  uniques: [],
  fields: {
    id,
    clubId: ref('clubs'),
    gameClassId: ref('gameClasses'),
    name,
    shortName: text,
    logoUrl: text,
    website: text,
    portraitUrl: text,
  },
};

const teamRegistrations: TypedEntitySpec<LeagueImportRows['teamRegistrations'][number]> = {
  entity: 'teamRegistrations',
  table: 'TeamRegistration',
  noun: 'team registration',
  identity: ['teamId', 'groupId'],
  uniques: [],
  fields: { teamId: ref('teams'), groupId: ref('leagueGroups') },
};

const players: TypedEntitySpec<LeagueImportRows['players'][number]> = {
  entity: 'players',
  table: 'Player',
  noun: 'player',
  identity: ['id'],
  uniques: [],
  fields: {
    id,
    firstName: name,
    lastName: name,
    yearOfBirth: { kind: 'int', min: 1900, max: 2999 },
    heightCm: { kind: 'int', min: 50, max: 250 },
    weightKg: { kind: 'int', min: 20, max: 250 },
    position,
    portraitUrl: text,
  },
};

const licenses: TypedEntitySpec<LeagueImportRows['licenses'][number]> = {
  entity: 'licenses',
  table: 'License',
  noun: 'license',
  identity: ['id'],
  uniques: [],
  fields: {
    id,
    playerId: ref('players'),
    seasonId: ref('seasons'),
    clubId: ref('clubs'),
    teamId: optionalRef('teams'),
    gameClassId: ref('gameClasses'),
    licenseType: name,
    licensing: { ...oneOf('Licensing', Licensing), default: Licensing.REGULAR },
    locked: flag(false),
  },
};

const teamMembers: TypedEntitySpec<LeagueImportRows['teamMembers'][number]> = {
  entity: 'teamMembers',
  table: 'TeamMember',
  noun: 'team member',
  identity: ['teamId', 'seasonId', 'playerId'],
  uniques: [],
  fields: {
    teamId: ref('teams'),
    seasonId: ref('seasons'),
    playerId: ref('players'),
    number: { kind: 'int', min: 0, max: 999 },
    position,
    captain: flag(false),
  },
};

const games: TypedEntitySpec<LeagueImportRows['games'][number]> = {
  entity: 'games',
  table: 'Game',
  noun: 'game',
  identity: ['id'],
  uniques: [],
  fields: {
    id,
    groupId: optionalRef('leagueGroups'),
    roundId: optionalRef('rounds'),
    cupRoundId: optionalRef('cupRounds'),
    bracketPosition: { kind: 'int', min: 1, max: 10_000 },
    homeTeamId: optionalRef('teams'),
    awayTeamId: optionalRef('teams'),
    homePlaceholder: text,
    awayPlaceholder: text,
    startsAt: { kind: 'datetime', required: true },
    venueId: optionalRef('venues'),
    status: { ...oneOf('GameStatus', GameStatus), default: GameStatus.SCHEDULED },
    homeScore: { kind: 'int', min: 0, max: 1000 },
    awayScore: { kind: 'int', min: 0, max: 1000 },
    homePeriodScores: { kind: 'intArray', default: [], min: 0, max: 1000 },
    awayPeriodScores: { kind: 'intArray', default: [], min: 0, max: 1000 },
    decidedBy: { ...oneOf('GameDecision', GameDecision), default: GameDecision.REGULAR },
    spectators: { kind: 'int', min: 0, max: 1_000_000 },
    firstReferee: text,
    secondReferee: text,
    hasVideoStream: flag(false),
  },
};

const gameEvents: TypedEntitySpec<LeagueImportRows['gameEvents'][number]> = {
  entity: 'gameEvents',
  table: 'GameEvent',
  noun: 'game event',
  identity: ['id'],
  uniques: [],
  fields: {
    id,
    gameId: ref('games'),
    second: { kind: 'int', required: true, min: 0, max: 100_000 },
    sequence: { kind: 'int', default: 0, min: 0, max: INT4_MAX },
    type: { ...oneOf('GameEventType', GameEventType), required: true },
    side: oneOf('TeamSide', TeamSide),
    teamId: optionalRef('teams'),
    playerId: optionalRef('players'),
    assistId: optionalRef('players'),
    period: { kind: 'int', min: 1, max: 10 },
    homeScore: { kind: 'int', min: 0, max: 1000 },
    awayScore: { kind: 'int', min: 0, max: 1000 },
    penaltyKind: oneOf('PenaltyKind', PenaltyKind),
    penaltyReason: text,
    penaltyRole: oneOf('PenaltyRole', PenaltyRole),
    penaltyShot: flag(false),
    code: { kind: 'int', min: FEDERATION_CODE_MIN, max: FEDERATION_CODE_MAX },
    inspectionDone: { kind: 'boolean' },
    worldTime: { kind: 'datetime' },
  },
};

const lineups: TypedEntitySpec<LeagueImportRows['lineups'][number]> = {
  entity: 'lineups',
  table: 'LineupEntry',
  noun: 'lineup entry',
  identity: ['gameId', 'playerId'],
  uniques: [],
  fields: {
    gameId: ref('games'),
    teamId: ref('teams'),
    playerId: ref('players'),
    licenseId: optionalRef('licenses'),
    number: { kind: 'int', min: 0, max: 999 },
    position,
    captain: flag(false),
  },
};

const nationalPlayers: TypedEntitySpec<LeagueImportRows['nationalPlayers'][number]> = {
  entity: 'nationalPlayers',
  table: 'NationalPlayer',
  noun: 'national player',
  identity: ['id'],
  uniques: [['playerId']],
  fields: {
    id,
    playerId: ref('players'),
    selectionId: ref('nationalSelections'),
    active: flag(true),
    number: { kind: 'int', min: 0, max: 999 },
    position,
  },
};

const nationalPlayerRecords: TypedEntitySpec<LeagueImportRows['nationalPlayerRecords'][number]> = {
  entity: 'nationalPlayerRecords',
  table: 'NationalPlayerRecord',
  noun: 'national player record',
  identity: ['nationalPlayerId', 'selectionId'],
  uniques: [],
  fields: {
    nationalPlayerId: ref('nationalPlayers'),
    selectionId: ref('nationalSelections'),
    games: count(0),
    goals: count(0),
    assists: count(0),
    penalties2: count(0),
    penalties5: count(0),
    penalties10: count(0),
    matchPenalties: count(0),
  },
};

const specs: { [E in ImportEntity]: TypedEntitySpec<LeagueImportRows[E][number]> } = {
  seasons,
  gameClasses,
  leagues,
  leagueGroups,
  rounds,
  cupTournaments,
  cupRounds,
  venues,
  clubs,
  teams,
  teamRegistrations,
  players,
  licenses,
  teamMembers,
  games,
  gameEvents,
  lineups,
  nationalSelections,
  nationalPlayers,
  nationalPlayerRecords,
};

/** Every entity in write order: each one only references entities before it. */
export const ENTITY_ORDER: readonly ImportEntity[] = Object.keys(specs) as ImportEntity[];

export function entitySpec(entity: ImportEntity): EntitySpec {
  return specs[entity] as unknown as EntitySpec;
}

const entriesBySpec = new WeakMap<EntitySpec, readonly (readonly [string, FieldSpec])[]>();

/** The fields of an entity as [name, spec] pairs, computed once (validation walks them per row). */
export function fieldEntries(spec: EntitySpec): readonly (readonly [string, FieldSpec])[] {
  let entries = entriesBySpec.get(spec);
  if (!entries) {
    entries = Object.entries(spec.fields);
    entriesBySpec.set(spec, entries);
  }
  return entries;
}
