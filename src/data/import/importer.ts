// Writes a validated import document in dependency order, in one transaction: either the whole
// document is stored or nothing is. Records are upserted by their federation id (or natural key),
// so importing the same file again changes nothing and a changed field is updated in place.
// Rows are never deleted. Only generated-id tables are written without ids, so no sequence moves.
import type { PrismaClient } from '../../generated/prisma/client.js';
import { checkAgainstDatabase } from './database-checks.js';
import { ENTITY_ORDER, entitySpec } from './entities.js';
import type { ImportEntity, LeagueImport, SeasonRow } from './document.js';
import type { RawClient } from './raw-client.js';
import { rowsOf } from './references.js';
import { upsertStatement, type UpsertCounts } from './upsert-sql.js';

export interface EntityImportCount {
  /** Rows of this kind in the document. */
  received: number;
  inserted: number;
  updated: number;
  /** Already stored with the same values. */
  unchanged: number;
}

export type ImportSummary = Record<ImportEntity, EntityImportCount>;

export type ImportProgress = (stage: string, done: number, total: number) => void;

export interface ImportOptions {
  onProgress?: ImportProgress;
  /** Rows per statement; bounded by memory and statement size, not by bind parameters. */
  chunkSize?: number;
  /**
   * The caller gives the document up: each chunk's rows are dropped from it once written, so the
   * rows already stored stop taking heap while the rest are written (the demo league at scale 1 is
   * some 33 MB of rows, a fifth of the service's 160 MB heap). The document is left with holes.
   */
  release?: boolean;
}

/**
 * Rows per statement. Prisma keeps the arguments of the last 100 statements it sent, whether its
 * debug log is on or not (three copies of `@prisma/debug`'s history: the client's and each
 * adapter's), so what one statement carries stays in the heap for a hundred more: about 150 bytes
 * a row, 30 MB at 2,000 rows a statement and under 4 MB at 250. Smaller chunks cost no measurable
 * time (the demo load at scale 1 took 11–12 s at 250, 500, 1,000 and 2,000 rows on PostgreSQL).
 */
const DEFAULT_CHUNK_SIZE = 250;
/** A default-scale demo takes seconds; a national archive on a slow disk may take minutes. */
const TRANSACTION_TIMEOUT_MS = 60 * 60 * 1000;

/** A database error while writing, with the stage and rows it happened in. */
export class ImportWriteError extends Error {
  constructor(message: string, options: { cause: unknown }) {
    super(message, options);
    this.name = 'ImportWriteError';
  }
}

function emptySummary(data: LeagueImport): ImportSummary {
  const summary = {} as ImportSummary;
  for (const entity of ENTITY_ORDER) {
    summary[entity] = { received: rowsOf(data, entity).length, inserted: 0, updated: 0, unchanged: 0 };
  }
  return summary;
}

async function writeEntity(
  client: RawClient,
  entity: ImportEntity,
  rows: readonly Record<string, unknown>[],
  chunkSize: number,
  count: EntityImportCount,
  onProgress: ImportProgress | undefined,
  release: boolean,
): Promise<void> {
  const statement = upsertStatement(entitySpec(entity));
  for (let start = 0; start < rows.length; start += chunkSize) {
    const chunk = rows.slice(start, start + chunkSize);
    let written: UpsertCounts;
    try {
      [written] = await client.$queryRawUnsafe<UpsertCounts[]>(statement.sql, ...statement.parameters(chunk));
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new ImportWriteError(`writing ${entity}[${start}..${start + chunk.length - 1}] failed: ${reason}`, { cause: error });
    }
    if (release) (rows as unknown[]).fill(undefined, start, start + chunk.length);
    count.inserted += written.inserted;
    count.updated += written.updated;
    count.unchanged += chunk.length - written.inserted - written.updated;
    onProgress?.(entity, start + chunk.length, rows.length);
  }
}

/** A season marked current in the file takes that mark from every other stored season. */
async function keepOneCurrentSeason(client: RawClient, current: SeasonRow | undefined): Promise<void> {
  if (current) await client.$executeRawUnsafe(`UPDATE "Season" SET "isCurrent" = false WHERE "isCurrent" AND id <> $1::int4`, current.id);
}

/**
 * A game imported live has its events but no clock reading (src/domain/live-clock.ts): it gets one
 * from them, the period last started and the latest second recorded, running from now, as a live
 * write would have left it.
 */
async function startClocksOfLiveGames(client: RawClient): Promise<void> {
  await client.$executeRawUnsafe(`
    UPDATE "Game" g SET "clockPeriod" = e.period, "clockSecond" = e.second, "clockAt" = now(), "clockRunning" = true
    FROM (
      SELECT "gameId", max(period) FILTER (WHERE type = 'PERIOD_START') AS period, max(second) AS second FROM "GameEvent"
      WHERE "gameId" IN (SELECT id FROM "Game" WHERE status = 'LIVE' AND "clockAt" IS NULL) GROUP BY "gameId"
    ) e
    WHERE g.id = e."gameId"`);
}

/**
 * A result imported is the federation's, published: it stands confirmed from its game's start
 * (src/domain/result-life.ts). A result that already has a life here (written live) keeps it.
 */
async function confirmImportedResults(client: RawClient): Promise<void> {
  await client.$executeRawUnsafe(`
    UPDATE "Game" SET "resultState" = 'CONFIRMED', "resultProvisionalSince" = "startsAt", "resultConfirmedAt" = "startsAt"
    WHERE status IN ('FINISHED', 'FORFEIT') AND "resultState" IS NULL`);
}

/**
 * Imports a document that passed validateLeagueImport. References to records the file does not
 * contain are checked against the database first (ImportValidationError naming the record).
 */
export async function importLeague(prisma: PrismaClient, data: LeagueImport, options: ImportOptions = {}): Promise<ImportSummary> {
  const chunkSize = options.chunkSize ?? DEFAULT_CHUNK_SIZE;
  await checkAgainstDatabase(prisma, data);
  const summary = emptySummary(data);
  // Read before the seasons are written: a released document has no rows left by then.
  const currentSeason = data.seasons?.find((season) => season.isCurrent);
  await prisma.$transaction(
    async (transaction) => {
      for (const entity of ENTITY_ORDER) {
        const rows = rowsOf(data, entity);
        if (rows.length === 0) continue;
        await writeEntity(transaction, entity, rows, chunkSize, summary[entity], options.onProgress, options.release === true);
        if (entity === 'seasons') await keepOneCurrentSeason(transaction, currentSeason);
      }
      await startClocksOfLiveGames(transaction);
      await confirmImportedResults(transaction);
    },
    { timeout: TRANSACTION_TIMEOUT_MS, maxWait: 60_000 },
  );
  // A bulk load leaves the planner without statistics until autovacuum comes round (on some servers
  // never): without them PostgreSQL picks scans where the indexes would do.
  await prisma.$executeRawUnsafe('ANALYZE');
  return summary;
}
