// The document being generated: the import rows plus id sequences. Ids start at federation-like
// bases per entity, so an id used for the wrong kind of record stands out in tests and logs.
import { IMPORT_FORMAT_VERSION, type LeagueImport, type LeagueImportRows } from '../import/format.js';

const ID_BASES = {
  club: 401_000,
  venue: 4_000,
  team: 430_000,
  player: 600_000,
  license: 800_000,
  group: 10_000,
  round: 20_000,
  cupTournament: 900,
  cupRound: 9_000,
  game: 1_000_000,
  /** Games of undecided pairings, apart so that adding them moves no other game's id. */
  pendingGame: 1_900_000,
  event: 5_000_000,
  nationalPlayer: 70_000,
} as const;

export type IdKind = keyof typeof ID_BASES;

export class DemoDocument {
  readonly rows: LeagueImportRows = {
    seasons: [],
    gameClasses: [],
    leagues: [],
    leagueGroups: [],
    rounds: [],
    cupTournaments: [],
    cupRounds: [],
    venues: [],
    clubs: [],
    teams: [],
    teamRegistrations: [],
    players: [],
    licenses: [],
    teamMembers: [],
    games: [],
    gameEvents: [],
    lineups: [],
    nationalSelections: [],
    nationalPlayers: [],
    nationalPlayerRecords: [],
  };

  private readonly lastIds = new Map<IdKind, number>();

  nextId(kind: IdKind): number {
    const id = (this.lastIds.get(kind) ?? ID_BASES[kind]) + 1;
    this.lastIds.set(kind, id);
    return id;
  }

  toImport(): LeagueImport {
    return { formatVersion: IMPORT_FORMAT_VERSION, ...this.rows };
  }
}
