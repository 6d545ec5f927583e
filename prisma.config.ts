import { existsSync } from 'node:fs';
import { defineConfig } from 'prisma/config';

// `prisma generate` needs no engine but refuses to start without one on disk; machines that cannot
// download the native schema engine point it at a harmless existing file (see ARCHITECTURE.md).
const engineDir = 'node_modules/@prisma/engines';
const hasNativeEngine = existsSync(engineDir) && (await import('node:fs')).readdirSync(engineDir).some((name) => name.startsWith('schema-engine'));
if (!hasNativeEngine && !process.env.PRISMA_SCHEMA_ENGINE_BINARY) {
  process.env.PRISMA_SCHEMA_ENGINE_BINARY = process.execPath;
}

export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
});
