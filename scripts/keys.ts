// API keys for the legacy XML and lineup interfaces:
//   create <name> [--club <id>]   prints the new key once
//   list                          id, name, prefix, club, created, revoked
//   revoke <id>                   stops the key working at once
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/database.js';
import { newApiKey } from '../src/domain/api-keys.js';

async function main(): Promise<void> {
  const [command, ...args] = process.argv.slice(2);
  const config = loadConfig();
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
  try {
    if (command === 'create' && args[0]) {
      const clubFlag = args.indexOf('--club');
      const clubId = clubFlag >= 0 ? Number(args[clubFlag + 1]) : null;
      if (clubId !== null && (!Number.isInteger(clubId) || !(await db.prisma.club.findUnique({ where: { id: clubId } })))) {
        throw new Error(`no club ${args[clubFlag + 1]}`);
      }
      const { key, prefix, hash } = newApiKey();
      const created = await db.prisma.apiKey.create({ data: { name: args[0], prefix, hash, clubId, createdAt: new Date() } });
      console.log(`key ${created.id} (${created.name}): ${key}\nstore it now: it is not shown again`);
    } else if (command === 'list') {
      const keys = await db.prisma.apiKey.findMany({ orderBy: { id: 'asc' } });
      for (const k of keys) {
        console.log([k.id, k.name, `${k.prefix}…`, k.clubId ?? '-', k.createdAt.toISOString(), k.revokedAt?.toISOString() ?? 'active'].join('\t'));
      }
    } else if (command === 'revoke' && args[0]) {
      const id = Number(args[0]);
      const { count } = await db.prisma.apiKey.updateMany({ where: { id: Number.isInteger(id) ? id : -1, revokedAt: null }, data: { revokedAt: new Date() } });
      if (count === 0) throw new Error(`no active key ${args[0]}`);
      console.log(`key ${id} revoked`);
    } else {
      throw new Error('usage: npm run keys -- create <name> [--club <id>] | list | revoke <id>');
    }
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
