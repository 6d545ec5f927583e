// Offline database tooling: `create <name>`, `deploy`, `push [--force]`, `status`, `template`.
// Targets DATABASE_URL when set, else the embedded database under DATA_DIR.
import { mkdirSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from '../src/config.js';
import { openAdapter } from '../src/db/adapter.js';
import { installedPgliteVersion, migrationChecksums, TEMPLATE_ARCHIVE, TEMPLATE_INFO, type TemplateInfo } from '../src/db/pglite-template.js';
import { applyMigrations, diffMigrationsToSchema, migrationsDir, pushSchema } from '../src/db/schema-engine.js';

function timestamp(date: Date): string {
  return date.toISOString().replace(/[-:T]/g, '').slice(0, 14);
}

async function main(): Promise<void> {
  const [command, ...args] = process.argv.slice(2);
  const config = loadConfig();
  if (command === 'create') {
    const name = (args[0] ?? '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_|_$/g, '');
    if (!name) throw new Error('usage: npm run db:migration:create -- <name>');
    // The diff replays the committed migrations on a throw-away in-memory database.
    const scratch = await openAdapter({ dataDir: 'memory://', fromTemplate: false });
    try {
      const sql = await diffMigrationsToSchema(scratch.factory);
      if (!sql.trim() || /^-- This is an empty migration\.\s*$/.test(sql.trim())) {
        console.log('schema.prisma matches the migrations; nothing to create');
        return;
      }
      const dir = join(migrationsDir, `${timestamp(new Date())}_${name}`);
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'migration.sql'), sql);
      const lock = join(migrationsDir, 'migration_lock.toml');
      if (!existsSync(lock)) writeFileSync(lock, 'provider = "postgresql"\n');
      console.log(`created ${dir}`);
    } finally {
      await scratch.close();
    }
    return;
  }
  if (command === 'template') {
    // initdb and every migration, packed: new embedded databases start from it (src/db/pglite-template.ts).
    const fresh = await openAdapter({ dataDir: 'memory://', fromTemplate: false });
    try {
      await applyMigrations(fresh.factory);
      const archive = await fresh.dumpDataDir?.();
      if (!archive) throw new Error('the embedded database cannot be packed');
      writeFileSync(TEMPLATE_ARCHIVE, Buffer.from(await archive.arrayBuffer()));
      const info: TemplateInfo = { pgliteVersion: installedPgliteVersion(), migrations: migrationChecksums() };
      writeFileSync(TEMPLATE_INFO, `${JSON.stringify(info, null, 2)}\n`);
      console.log(`packed ${TEMPLATE_ARCHIVE} (${Math.round(archive.size / 1024)} KB, PGlite ${info.pgliteVersion}, ${info.migrations.length} migrations)`);
    } finally {
      await fresh.close();
    }
    return;
  }
  const target = await openAdapter({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, npmScript: config.npmScript, charAsText: true });
  try {
    if (command === 'deploy') {
      const applied = await applyMigrations(target.factory);
      console.log(applied.length ? `applied ${applied.join(', ')}` : 'no pending migrations');
    } else if (command === 'push') {
      const steps = await pushSchema(target.factory, args.includes('--force'));
      console.log(`schema pushed (${steps} steps)`);
    } else if (command === 'status') {
      const scratch = await openAdapter({ dataDir: 'memory://', fromTemplate: false });
      try {
        const pending = await diffMigrationsToSchema(scratch.factory);
        console.log(
          pending.trim() && !pending.includes('empty migration') ? 'schema.prisma has changes without a migration' : 'migrations match schema.prisma',
        );
      } finally {
        await scratch.close();
      }
    } else {
      throw new Error('usage: tsx scripts/db.ts create <name> | deploy | push [--force] | status | template');
    }
  } finally {
    await target.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
