// API keys for the legacy XML, lineup and GraphQL write interfaces:
//   create <name> [--club <id>] [--scope games:write]   prints the new key once
//   list                                                id, name, prefix, club, scopes, created, revoked
//   revoke <id>                                         stops the key working at once
// Every key reads; `--scope games:write` also records live games (a club key: its home games).
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/database.js';
import { isKeyScope, KEY_SCOPES, newApiKey } from '../src/domain/api-keys.js';

const USAGE = `usage: npm run keys -- create <name> [--club <id>] [--scope ${KEY_SCOPES.join('|')}] | list | revoke <id>`;

function flagValues(args: string[], flag: string): string[] {
  return args.flatMap((arg, index) => (arg === flag ? [args[index + 1] ?? ''] : []));
}

async function main(): Promise<void> {
  const [command, ...args] = process.argv.slice(2);
  if (!['create', 'list', 'revoke'].includes(command ?? '')) throw new Error(USAGE);
  const config = loadConfig();
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
  try {
    if (command === 'create' && args[0] && !args[0].startsWith('--')) {
      const [club] = flagValues(args, '--club');
      const clubId = club === undefined ? null : Number(club);
      if (clubId !== null && (!Number.isInteger(clubId) || !(await db.prisma.club.findUnique({ where: { id: clubId } })))) {
        throw new Error(`no club ${club}`);
      }
      const scopes = flagValues(args, '--scope');
      const unknown = scopes.filter((scope) => !isKeyScope(scope));
      if (unknown.length > 0) throw new Error(`unknown scope ${unknown.join(', ')}: the scopes are ${KEY_SCOPES.join(', ')}`);
      const { key, prefix, hash } = newApiKey();
      const created = await db.prisma.apiKey.create({ data: { name: args[0], prefix, hash, clubId, scopes: [...new Set(scopes)], createdAt: new Date() } });
      console.log(`key ${created.id} (${created.name}): ${key}\nstore it now: it is not shown again`);
    } else if (command === 'list') {
      const keys = await db.prisma.apiKey.findMany({ orderBy: { id: 'asc' } });
      for (const k of keys) {
        console.log([k.id, k.name, `${k.prefix}…`, k.clubId ?? '-', k.scopes.join(',') || 'read', k.createdAt.toISOString(), k.revokedAt?.toISOString() ?? 'active'].join('\t'));
      }
    } else if (command === 'revoke' && args[0]) {
      const id = Number(args[0]);
      const { count } = await db.prisma.apiKey.updateMany({ where: { id: Number.isInteger(id) ? id : -1, revokedAt: null }, data: { revokedAt: new Date() } });
      if (count === 0) throw new Error(`no active key ${args[0]}`);
      console.log(`key ${id} revoked`);
    } else {
      throw new Error(USAGE);
    }
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
