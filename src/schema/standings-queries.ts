// The games a group table counts, read in a fixed number of statements for any number of groups
// and games: the registrations, then the games (with, for a table as of a past day, the audit
// entries written to them since, joined into the same statement). Which results count and how they
// read then is the domain's (src/domain/standings-as-of.ts, standings.ts).
import { type Clock, nowUntil } from '../clock.js';
import type { PrismaClient } from '../db/database.js';
import { DECIDED_STATUSES } from '../domain/game-status.js';
import type { LocalDay } from '../domain/league-time.js';
import { pairedGames } from '../domain/pairing.js';
import { DEFAULT_PROTEST_WINDOW_HOURS, DEFAULT_RESULT_COUNTING, type ResultCounting } from '../domain/result-life.js';
import { countedResults, firstResultChange, resultBefore, type TableCutoff, tableCutoff } from '../domain/standings-as-of.js';
import { computeStandings, type StandingRow } from '../domain/standings.js';
import type { Prisma } from '../generated/prisma/client.js';
import { gameAuditOrder, resultBeforeOf } from '../live/game-audit.js';

/** Which table of a group: today's, or as of a day, up to a round, with results as they stand now. */
export interface StandingsSelection {
  /** The day (Europe/Zurich) the table is as of; null: today. */
  asOf: LocalDay | null;
  /** Only games of the group's rounds up to this number; null: every game. */
  roundNumber: number | null;
  /** Results as they stand now, corrections made after `asOf` included; false: as they stood at its end. */
  asCorrected: boolean;
}

export const TODAYS_TABLE: StandingsSelection = { asOf: null, roundNumber: null, asCorrected: false };

/** One loader key per selection: a request asking the same table of several groups batches them. */
export function selectionKey(selection: StandingsSelection): string {
  return `${selection.asOf ?? ''}|${selection.roundNumber ?? ''}|${selection.asCorrected}`;
}

const RESULT_SELECT = {
  groupId: true,
  homeTeamId: true,
  awayTeamId: true,
  status: true,
  homeScore: true,
  awayScore: true,
  decidedBy: true,
  resultState: true,
  resultProvisionalSince: true,
  resultConfirmedAt: true,
  // Joined: which result states the group counts, and how long its results are open to protest.
  group: { select: { resultCounting: true, protestWindowHours: true } },
} as const satisfies Prisma.GameSelect;

/** A game as the table reads it: its group's counting rule and protest window beside its result (a cup game has no group: the defaults). */
function tableResult<G extends { group: { resultCounting: ResultCounting; protestWindowHours: number } | null }>({ group, ...game }: G) {
  return {
    ...game,
    resultCounting: group?.resultCounting ?? DEFAULT_RESULT_COUNTING,
    protestWindowHours: group?.protestWindowHours ?? DEFAULT_PROTEST_WINDOW_HOURS,
  };
}

/**
 * Games of the groups a table may count. Read as they stand: those decided now. Read as they stood
 * before `cutoff.before`: also those a later write may have changed (decided then, not now), each
 * with the writes since, which say what it was before them.
 */
function countedGamesWhere(groupIds: readonly number[], selection: StandingsSelection, cutoff: TableCutoff, asTheyStood: boolean): Prisma.GameWhereInput {
  const decided: Prisma.GameWhereInput = { status: { in: [...DECIDED_STATUSES] } };
  return {
    groupId: { in: [...groupIds] },
    // A result counts from its game's day on: a forfeit declared ahead of time changes no table before then.
    startsAt: { lt: cutoff.before },
    ...(selection.roundNumber === null ? {} : { round: { number: { lte: selection.roundNumber } } }),
    ...(asTheyStood ? { OR: [decided, { audit: { some: { at: { gte: cutoff.before } } } }] } : decided),
  };
}

/** The games a table counts, as they stood before `before` when `asTheyStood`, else as they stand. */
async function tableResults(prisma: PrismaClient, where: Prisma.GameWhereInput, before: Date, asTheyStood: boolean) {
  if (!asTheyStood) return (await prisma.game.findMany({ where, select: RESULT_SELECT })).map(tableResult);
  const games = await prisma.game.findMany({
    where,
    select: { ...RESULT_SELECT, audit: { where: { at: { gte: before } }, orderBy: gameAuditOrder(), select: { change: true } } },
  });
  return games.map(({ audit, ...game }) =>
    resultBefore(
      tableResult(game),
      audit.map((entry) => resultBeforeOf(entry.change)),
    ),
  );
}

/** The tables of `groupIds` for one selection, in the order of the ids. */
export async function standingsOfGroups(
  prisma: PrismaClient,
  clock: Clock,
  groupIds: readonly number[],
  selection: StandingsSelection,
): Promise<StandingRow[][]> {
  const cutoffAt = (at: Date) => tableCutoff(selection, at);
  const cutoff = cutoffAt(nowUntil(clock, (at) => cutoffAt(at).changesAt));
  // Only a day that is over can have been changed since; a table as of today reads the games as they stand.
  const asTheyStood = selection.asOf !== null && !selection.asCorrected && cutoff.changesAt === undefined;
  const [registrations, games] = await Promise.all([
    prisma.teamRegistration.findMany({ where: { groupId: { in: [...groupIds] } }, select: { groupId: true, teamId: true } }),
    tableResults(prisma, countedGamesWhere(groupIds, selection, cutoff, asTheyStood), cutoff.before, asTheyStood),
  ]);
  // A result's state is read at the end of a day that is over; today, now, and the answer is kept no
  // longer than the moment a counted state changes by itself (a window closing where confirmed
  // results only count).
  const statesAt = cutoff.changesAt === undefined ? cutoff.before : nowUntil(clock, (now) => firstResultChange(games, now));
  const counted = countedResults(pairedGames(games), statesAt);
  // Grouped once: a club's or a league's page asks for dozens of groups at once, and filtering every
  // game once per group showed in the game-day profile.
  const teamsOf = byGroup(registrations);
  const gamesOf = byGroup(counted);
  return groupIds.map((groupId) =>
    computeStandings(
      (teamsOf.get(groupId) ?? []).map((r) => r.teamId),
      gamesOf.get(groupId) ?? [],
    ),
  );
}

/** The rows of each group (Map.groupBy, which Node 20 lacks). */
function byGroup<Row extends { groupId: number | null }>(rows: readonly Row[]): Map<number | null, Row[]> {
  const groups = new Map<number | null, Row[]>();
  for (const row of rows) {
    const list = groups.get(row.groupId);
    if (list) list.push(row);
    else groups.set(row.groupId, [row]);
  }
  return groups;
}
