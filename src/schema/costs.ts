// What a selection costs, for the public endpoint's static cost limit (GRAPHQL_MAX_COMPLEXITY,
// src/schema/builder.ts). Every figure is measured on the demo league at scale 10 on PostgreSQL with
// `npm run bench:cost` (bench/cost-calibration.ts; table and method in docs/performance.md, "GraphQL
// cost limit"): work is the CPU time of the service and of PostgreSQL for one uncached request. The
// complexity plugin adds up `field + multiplier × (what each item selects)`, so a list's `field`
// carries its items' own cost and a computed field its cost per parent.
import { LINEUP_LIMITS } from '../domain/lineup.js';
import { getNamedType, type GraphQLField, isLeafType, isListType, isNonNullType, type GraphQLOutputType } from 'graphql';

/** µs of work one unit stands for: the default limit of 20,000 units is about a second. */
export const COST_UNIT_MICROSECONDS = 50;

/** A scalar or enum value in the answer: resolved and serialised, ~1.5 µs. */
export const LEAF_COST = 0.03;
/** An object in the answer (a row, an edge, a computed record): ~15 µs, its values apart. */
export const OBJECT_COST = 0.3;
/** A root field: its statement and its share of the request (parsing, validating), ~2 ms. */
export const ROOT_FIELD_COST = 40;
/** A field that sends a statement of its own for every parent (not joined, not batched): ~0.4 ms. */
export const STATEMENT_COST = 8;

/** Typical list lengths at scale 10 (mean; the maximum in the comment): a list's multiplier. */
export const LENGTH = {
  events: 20, // per finished game 17.7 (40)
  lineup: 35, // per finished game 33.3 (40)
  sheetLines: LINEUP_LIMITS.maxPlayers, // a team's sheet: at most its players
  members: 20, // per team and season 19.1 (22)
  standings: 10, // teams per group 9.8 (12)
  standingTieBreaks: 1, // ties a table row is part of: mostly none or one (estimated, not measured)
  tiedTeams: 2, // teams of a tie: mostly two (estimated, not measured)
  groupTeams: 10, // teams per group 9.8 (12)
  seasonGroups: 212, // per season 212 (216)
  leagueGroups: 30, // per season and league 30 (104)
  rounds: 18, // per group 17.7 (22)
  groupGames: 86, // per group 86 (132)
  teamHomeGames: 27, // per team, home or away, every season 26.8 (45)
  cupRoundGames: 32, // per cup round 31.9 (128)
  clubTeams: 4, // per club 3.4 (6)
  teamGroups: 3, // per team, every season 3 (5)
  seasonRecords: 3, // one per season played
  clubSeasonRecords: 4, // a club's teams of a season
  playerStatistics: 3, // season × competition × team lines of a player
  playerGames: 20, // a player's games of a season
  visitorsPerLeague: 120, // teams of a game class in one league's groups
  nationalRecords: 50, // players who played for a selection
  liveGames: 30, // games live at once in a liveGames snapshot: a Sunday afternoon's (an estimate, not measured)
} as const;

/**
 * Computed fields, per parent: their loaders' and domain rules' work beyond the objects they
 * return. Measured as the document's work less its objects and values (OBJECT_COST, LEAF_COST).
 */
export const COMPUTED = {
  standings: 22, // 0.9–1.3 ms a group: its finished games, the table
  groupTeams: STATEMENT_COST, // one statement per group
  roundStart: 0.2, // 10 µs a round: the first game's start, batched
  teamSeasonRecords: 40, // 2 ms a team
  clubSeasonRecords: 225, // 11 ms a club: its teams, then their records
  playerStatistics: 30, // 1.5 ms a player
  playerGames: 35, // 1.8 ms a player and season
  memberTotals: 8, // 0.4 ms a member
  topScorers: 240, // 12 ms: every goal of the league's season, ranked
  averageVisitors: 3, // 0.15 ms a team
  teamVisitorsPerLeague: 380, // 19 ms a league
  nationalRecords: 40, // 2 ms
  search: 300, // 15 ms: the trigram look-ups of every kind
  statusMessages: 7, // 0.35 ms a game: the desk's rules tried for each message
  relatedConnection: STATEMENT_COST, // a page per parent
  // Not measured apart: the signing key's statement, and an Ed25519 signature (about 0.1 ms) over the game's canonical JSON.
  resultSignature: STATEMENT_COST + 2,
} as const;

/** A list of objects of typical `length`: the items' own cost, plus `perParent` for what loads it. */
export function listCost(length: number, perParent = 0): { field: number; multiplier: number } {
  return { field: perParent + OBJECT_COST * length, multiplier: length };
}

/** A computed field returning one object or value: its work per parent (the object's own cost is in the measure). */
export function computedCost(perParent: number): { field: number; multiplier: number } {
  return { field: perParent, multiplier: 1 };
}

function listed(type: GraphQLOutputType): boolean {
  return isListType(isNonNullType(type) ? type.ofType : type);
}

/**
 * The cost of every field that names none: a value costs LEAF_COST, an object OBJECT_COST, a list
 * of objects ten of them (a short list: a season's cups, a player's licenses); a root field adds
 * its statement. Pothos's own default (1 a field, 10 a list) counted a value like an object, which
 * overcharged wide selections 10–20 times against deep ones.
 */
export function defaultFieldCost<Context, Args>(
  _args: Args,
  _ctx: Context,
  field: GraphQLField<unknown, Context, Args>,
): { field: number; multiplier: number } {
  const root = (field.extensions as { pothosConfig?: { kind?: string } }).pothosConfig?.kind === 'Query' ? ROOT_FIELD_COST : 0;
  if (isLeafType(getNamedType(field.type))) return { field: root + LEAF_COST, multiplier: 1 };
  return listed(field.type) ? listCost(10, root) : { field: root + OBJECT_COST, multiplier: 1 };
}

/** Query.teamVisitors for `leagues` leagues: each league's ranking, then its teams' rows. */
export function teamVisitorsCost(leagues: number): { field: number; multiplier: number } {
  return listCost(LENGTH.visitorsPerLeague * leagues, COMPUTED.teamVisitorsPerLeague * leagues);
}
