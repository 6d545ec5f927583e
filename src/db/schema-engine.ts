import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { bindMigrationAwareSqlAdapterFactory } from '@prisma/driver-adapter-utils';
import type { SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import type { MigrationList, SchemaEngine, SchemaFilter } from '@prisma/schema-engine-wasm';
import * as engineBindings from '@prisma/schema-engine-wasm/schema_engine_bg';

// Prisma's CLI downloads a native schema engine, which machines without internet cannot do. The
// WebAssembly build of the same engine runs migrations through our driver adapter instead and writes
// the standard _prisma_migrations table, so the real CLI stays usable wherever it can download.

export const projectRoot = resolve(fileURLToPath(new URL('../..', import.meta.url)));
export const schemaPath = join(projectRoot, 'prisma', 'schema.prisma');
export const migrationsDir = join(projectRoot, 'prisma', 'migrations');

const noFilter: SchemaFilter = { externalTables: [], externalEnums: [] };

export function readSchema(): { path: string; content: string } {
  return { path: schemaPath, content: readFileSync(schemaPath, 'utf8') };
}

export function readMigrations(dir = migrationsDir): MigrationList {
  const lockPath = join(dir, 'migration_lock.toml');
  const directories = existsSync(dir)
    ? readdirSync(dir, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
        .sort()
    : [];
  return {
    baseDir: dir,
    lockfile: { path: 'migration_lock.toml', content: existsSync(lockPath) ? readFileSync(lockPath, 'utf8') : null },
    shadowDbInitScript: '',
    migrationDirectories: directories.map((name) => {
      const file = join(dir, name, 'migration.sql');
      return {
        path: name,
        migrationFile: {
          path: 'migration.sql',
          content: existsSync(file) ? { tag: 'ok' as const, value: readFileSync(file, 'utf8') } : { tag: 'error' as const, value: `missing ${file}` },
        },
      };
    }),
  };
}

// The package is built for bundlers (it imports the .wasm file as a module, which Node refuses),
// so the module is instantiated here against its own JS bindings, once per process.
type WasmExports = Record<string, unknown>;
interface WasmApi {
  instantiate(bytes: Uint8Array, imports: Record<string, object>): Promise<{ instance: { exports: WasmExports } }>;
}

let engineReady: Promise<typeof SchemaEngine> | undefined;

function loadEngine(): Promise<typeof SchemaEngine> {
  engineReady ??= (async () => {
    const require = createRequire(import.meta.url);
    const wasmPath = join(dirname(require.resolve('@prisma/schema-engine-wasm/schema_engine_bg')), 'schema_engine_bg.wasm');
    const { instance } = await (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly.instantiate(readFileSync(wasmPath), {
      './schema_engine_bg.js': engineBindings,
    });
    const exports = instance.exports as WasmExports & { __wbindgen_start(): void };
    (engineBindings as unknown as { __wbg_set_wasm(wasm: WasmExports): void }).__wbg_set_wasm(exports);
    exports.__wbindgen_start();
    return engineBindings.SchemaEngine;
  })();
  return engineReady;
}

async function withEngine<T>(factory: SqlMigrationAwareDriverAdapterFactory, run: (engine: SchemaEngine) => Promise<T>): Promise<T> {
  const schema = readSchema();
  const Engine = await loadEngine();
  const engine = await Engine.new({ datamodels: [[schema.path, schema.content]] }, () => {}, bindMigrationAwareSqlAdapterFactory(factory));
  try {
    return await run(engine);
  } finally {
    engine.free();
  }
}

/** Applies every migration under prisma/migrations not yet recorded in _prisma_migrations. */
export function applyMigrations(factory: SqlMigrationAwareDriverAdapterFactory): Promise<string[]> {
  return withEngine(factory, async (engine) => {
    const result = await engine.applyMigrations({ migrationsList: readMigrations(), filters: noFilter });
    return result.appliedMigrationNames;
  });
}

/** Makes the database match schema.prisma without migrations (prototyping only). */
export function pushSchema(factory: SqlMigrationAwareDriverAdapterFactory, force: boolean): Promise<number> {
  return withEngine(factory, async (engine) => {
    const result = await engine.schemaPush({ force, schema: { files: [readSchema()] }, filters: noFilter });
    if (result.unexecutable.length > 0) throw new Error(result.unexecutable.join('\n'));
    if (result.warnings.length > 0 && !force) throw new Error(`${result.warnings.join('\n')}\n(re-run with --force)`);
    return result.executedSteps;
  });
}

/** The SQL that takes a database from the committed migrations to schema.prisma ('' when in sync). */
export function diffMigrationsToSchema(factory: SqlMigrationAwareDriverAdapterFactory): Promise<string> {
  return withEngine(factory, async (engine) => {
    const list = readMigrations();
    const from = list.migrationDirectories.length > 0 ? { tag: 'migrations' as const, ...list } : { tag: 'empty' as const };
    const result = await engine.diff({
      from,
      to: { tag: 'schemaDatamodel', files: [readSchema()] },
      script: true,
      exitCode: null,
      filters: noFilter,
    });
    return result.stdout ?? '';
  });
}
