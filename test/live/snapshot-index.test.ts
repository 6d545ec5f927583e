import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/database.js';
import { sqlThrough } from '../../src/live/change-journal.js';
import { GAME_SNAPSHOT_SQL } from '../../src/live/stream-positions.js';
import { openTestDatabase } from '../support/database.js';

/**
 * The snapshot a gameUpdated stream begins with finds the game's newest change in the log by the
 * expression index, not by scanning the log: its plan, on a log of many games' changes, names it.
 */

let db: Database;

beforeAll(async () => {
  db = await openTestDatabase();
  // 200 games with 20 changes each, interleaved as a game day writes them, and a `data` change (no game).
  await db.prisma.$executeRawUnsafe(
    `INSERT INTO "ChangeLogEntry" (change)
     SELECT jsonb_build_object('kind', 'game', 'game', jsonb_build_object('gameId', 1000 + n % 200, 'kind', 'EVENT_ADDED', 'version', n / 200))
     FROM generate_series(1, 4000) n`,
  );
  await db.prisma.$executeRawUnsafe(`INSERT INTO "ChangeLogEntry" (change) VALUES ('{"kind":"data"}')`);
  await db.prisma.$executeRawUnsafe('ANALYZE "ChangeLogEntry"');
});

afterAll(async () => {
  await db?.close();
});

describe("a game's snapshot position", () => {
  it('is looked up in the index on the game and the number, not scanned for', async () => {
    const plan = await sqlThrough(db.prisma)(`EXPLAIN ${GAME_SNAPSHOT_SQL.replaceAll('$1::int', '1042')}`, []);
    const text = plan.map((row) => String(row['QUERY PLAN'])).join('\n');
    expect(text).toContain('ChangeLogEntry_game_seq_idx');
    expect(text).not.toMatch(/Seq Scan on "ChangeLogEntry"/);
  });
});
