// A league group's series length (`seriesBestOf`) survives the JSON import: stored, updated, validated.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database.js';
import { ImportValidationError, validateLeagueImport, type LeagueImport } from '../../src/data/import/format.js';
import { importLeague } from '../../src/data/import/importer.js';
import { openTestDatabase } from '../support/database.js';

function document(playoffBestOf: number): LeagueImport {
  return {
    formatVersion: 1,
    seasons: [{ id: 2025, label: '2025/26', isCurrent: true, startsOn: '2025-08-01', endsOn: '2026-07-31' }],
    gameClasses: [{ id: 11, name: 'Herren GF', shortName: 'HGF', gender: 'MALE' }],
    leagues: [{ id: 1, name: 'L-UPL', level: 1 }],
    leagueGroups: [
      { id: 100, seasonId: 2025, leagueId: 1, gameClassId: 11, name: 'Gruppe 1', playoffLine: 9 },
      { id: 101, seasonId: 2025, leagueId: 1, gameClassId: 11, name: 'Playoff', phase: 'PLAYOFF', sortOrder: 10, seriesBestOf: playoffBestOf },
      { id: 102, seasonId: 2025, leagueId: 1, gameClassId: 11, name: 'Platzierung', phase: 'PLAYOUT', sortOrder: 11, seriesBestOf: null },
    ],
  };
}

describe('importLeague: leagueGroups.seriesBestOf', () => {
  let db: Database;
  const stored = async () =>
    Object.fromEntries((await db.prisma.leagueGroup.findMany({ orderBy: { id: 'asc' } })).map((group) => [group.id, group.seriesBestOf]));

  beforeAll(async () => {
    db = await openTestDatabase();
  });
  afterAll(async () => {
    await db?.close();
  });

  it('stores the series length; absent or null is a group of single games', async () => {
    const summary = await importLeague(db.prisma, document(5));
    expect(summary.leagueGroups).toMatchObject({ received: 3, inserted: 3 });
    expect(await stored()).toEqual({ 100: null, 101: 5, 102: null });
  });

  it('leaves an unchanged series length alone and updates a changed one in place', async () => {
    expect((await importLeague(db.prisma, document(5))).leagueGroups).toMatchObject({ updated: 0, unchanged: 3 });
    expect((await importLeague(db.prisma, document(7))).leagueGroups).toMatchObject({ updated: 1, unchanged: 2 });
    expect(await stored()).toEqual({ 100: null, 101: 7, 102: null });
  });

  it('validation refuses a series length that is not a positive integer, naming the record', () => {
    expect(validateLeagueImport(JSON.parse(JSON.stringify(document(5))))).toMatchObject({
      leagueGroups: [{ id: 100 }, { seriesBestOf: 5 }, { seriesBestOf: null }],
    });
    for (const bad of [0, 2.5, 100]) {
      expect(() => validateLeagueImport(document(bad))).toThrow(ImportValidationError);
      expect(() => validateLeagueImport(document(bad))).toThrow(`leagueGroups[1] (id 101): seriesBestOf must be an integer from 1 to 99, got ${bad}`);
    }
  });
});
