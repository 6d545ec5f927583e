// npm run audit -- <gameId> [--url <service> --key <admin key>]
// Prints who wrote what to a game live (src/live/game-writer.ts keeps one audit record per write,
// committed with the write): time, version, mutation, key, event before and after, score. Reaches a
// running service as `npm run keys` does (src/data/cli/admin-client.ts; GraphQL `gameAudit`).
import { administer, errorLine, SERVICE_FLAGS, SERVICE_USAGE, serviceTarget } from '../src/data/cli/admin-client.js';
import { parseArguments, parseId, singleFlag, UsageError } from '../src/data/cli/arguments.js';
import { formatAuditRow } from '../src/live/audit.js';

const USAGE = `usage: npm run audit -- <gameId> ${SERVICE_USAGE}`;

async function main(): Promise<void> {
  const parsed = parseArguments(process.argv.slice(2), SERVICE_FLAGS, USAGE);
  if (parsed.positionals.length !== 1) throw new UsageError(USAGE);
  const gameId = parseId(parsed.positionals[0], 'The game id');
  const target = serviceTarget({ url: singleFlag(parsed, '--url', USAGE), key: singleFlag(parsed, '--key', USAGE) });
  const rows = await administer(target, (admin) => admin.gameAudit(gameId));
  if (rows.length === 0) console.log(`no live writes of game ${gameId}`);
  for (const row of rows) console.log(formatAuditRow(row));
}

main().catch((error: unknown) => {
  console.error(errorLine(error));
  process.exit(1);
});
