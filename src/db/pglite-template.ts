// A ready-made embedded database: a PGlite data directory after initdb and the migrations, packed
// once by `npm run db:template` and committed. A new embedded database starts from it instead of
// running initdb in WebAssembly, which measured 810–925 MB of peak RSS and 4–9 s on this machine;
// from the template the first start peaks where a restart does (about 470 MB) and a fresh test
// database opens in about 1 s. Migrations added after the template was packed are applied on top
// as on any database. A template is not used (initdb runs) when another PGlite version packed it
// or when a migration it holds was edited since: the database would then lack the edit.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { projectRoot, readMigrations } from './schema-engine.js';

export const TEMPLATE_ARCHIVE = join(projectRoot, 'prisma', 'pglite-template.tar.gz');
export const TEMPLATE_INFO = join(projectRoot, 'prisma', 'pglite-template.json');

export interface TemplateInfo {
  /** The PGlite release that packed it: its data directory format is what a release reads. */
  pgliteVersion: string;
  /** The migrations applied in it, oldest first, with the SHA-256 of their SQL. */
  migrations: { name: string; sha256: string }[];
}

/** The committed migrations as a template records them. */
export function migrationChecksums(): TemplateInfo['migrations'] {
  return readMigrations().migrationDirectories.map((directory) => ({
    name: directory.path,
    sha256: createHash('sha256')
      .update(directory.migrationFile.content.tag === 'ok' ? directory.migrationFile.content.value : '')
      .digest('hex'),
  }));
}

/** Why the packed template cannot serve this installation, or undefined when it can. */
export function templateMismatch(info: TemplateInfo | undefined): string | undefined {
  if (!info || !existsSync(TEMPLATE_ARCHIVE)) return 'no template is packed';
  const installed = installedPgliteVersion();
  if (info.pgliteVersion !== installed) return `the template was packed by PGlite ${info.pgliteVersion}, ${installed} is installed`;
  const committed = new Map(migrationChecksums().map((migration) => [migration.name, migration.sha256]));
  const edited = info.migrations.find((migration) => committed.get(migration.name) !== migration.sha256);
  return edited ? `migration ${edited.name} changed (or went) since the template was packed` : undefined;
}

/** The installed PGlite's version (its package.json is not among its exports, so it is found on disk). */
export function installedPgliteVersion(): string {
  let directory = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  while (!existsSync(join(directory, 'package.json')) && dirname(directory) !== directory) directory = dirname(directory);
  return (JSON.parse(readFileSync(join(directory, 'package.json'), 'utf8')) as { version: string }).version;
}

export function readTemplateInfo(): TemplateInfo | undefined {
  return existsSync(TEMPLATE_INFO) ? (JSON.parse(readFileSync(TEMPLATE_INFO, 'utf8')) as TemplateInfo) : undefined;
}

/** Whether PGlite would run initdb here: in memory always, on disk when the directory holds no database yet. */
export function needsInitdb(dataDir: string): boolean {
  return dataDir.startsWith('memory://') || !existsSync(join(dataDir, 'PG_VERSION'));
}

/** The template to start a new database from, if one packed by the installed PGlite is there. */
export function templateFor(dataDir: string): Blob | undefined {
  if (!needsInitdb(dataDir) || templateMismatch(readTemplateInfo()) !== undefined) return undefined;
  return new Blob([readFileSync(TEMPLATE_ARCHIVE)]);
}
