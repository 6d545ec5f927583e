import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database.js';
import { migrationChecksums, needsInitdb, readTemplateInfo, templateFor, templateMismatch } from '../../src/db/pglite-template.js';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('the packed embedded database', () => {
  it('was packed by the installed PGlite from the committed migrations (else: npm run db:template)', () => {
    expect(templateMismatch(readTemplateInfo()), 'repack it with `npm run db:template`').toBeUndefined();
    expect(readTemplateInfo()?.migrations).toEqual(migrationChecksums().slice(0, readTemplateInfo()?.migrations.length));
  });

  it('is not used when a migration it holds was edited, or when another PGlite packed it', () => {
    const info = readTemplateInfo();
    if (!info) throw new Error('no template');
    const [first, ...rest] = info.migrations;
    expect(templateMismatch({ ...info, migrations: [{ ...first, sha256: '0'.repeat(64) }, ...rest] })).toMatch(new RegExp(`migration ${first.name} changed`));
    expect(templateMismatch({ ...info, pgliteVersion: '0.0.1' })).toMatch(/packed by PGlite 0\.0\.1/);
  });

  it('starts a new data directory, which then holds every migration; an existing one is opened as it is', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'league-template-'));
    dirs.push(dataDir);
    expect(needsInitdb(dataDir)).toBe(true);
    expect(templateFor(dataDir)).toBeInstanceOf(Blob);
    const database = await openDatabase({ dataDir });
    try {
      const applied = await database.prisma.$queryRawUnsafe<{ migration_name: string }[]>(
        'SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL ORDER BY migration_name',
      );
      expect(applied.map((row) => row.migration_name)).toEqual(migrationChecksums().map((migration) => migration.name));
      expect(await database.prisma.season.count()).toBe(0);
    } finally {
      await database.close();
    }
    expect(existsSync(join(dataDir, 'PG_VERSION'))).toBe(true);
    expect(needsInitdb(dataDir)).toBe(false);
    expect(templateFor(dataDir)).toBeUndefined();
  });
});
