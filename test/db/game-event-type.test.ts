import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EVENT_KIND_NAMES } from '../../src/domain/event-kinds.js';
import { GameEventType } from '../../src/generated/prisma/enums.js';

/**
 * The event-kind catalogue (src/domain/event-kinds.ts) is where a kind is declared; the database
 * stores the kind in its enum. Nothing else would notice a kind missing from either: the write
 * would fail at run time.
 */
const MIGRATIONS = 'prisma/migrations';

/** The values the migrations give the GameEventType enum: its CREATE TYPE and every ADD VALUE. */
function migratedValues(): string[] {
  const values: string[] = [];
  for (const migration of readdirSync(MIGRATIONS, { withFileTypes: true }).filter((entry) => entry.isDirectory())) {
    const sql = readFileSync(join(MIGRATIONS, migration.name, 'migration.sql'), 'utf8');
    for (const [, list] of sql.matchAll(/CREATE TYPE "GameEventType" AS ENUM \(([^)]*)\)/g))
      values.push(...[...list.matchAll(/'([A-Z_]+)'/g)].map(([, value]) => value));
    for (const [, value] of sql.matchAll(/ALTER TYPE "GameEventType" ADD VALUE '([A-Z_]+)'/g)) values.push(value);
  }
  return values;
}

describe('the GameEventType enum of the database', () => {
  it('has the kinds of the catalogue, in its order: add a new kind to `enum GameEventType` in prisma/schema.prisma, then npx prisma generate', () => {
    expect(Object.values(GameEventType)).toEqual(EVENT_KIND_NAMES);
  });

  it('is created by the migrations with every kind of the catalogue: npm run db:migration:create -- <name> writes the migration', () => {
    expect([...migratedValues()].sort()).toEqual([...EVENT_KIND_NAMES].sort());
  });
});
