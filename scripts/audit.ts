// npm run audit -- <gameId>
// Prints who wrote what to a game live (src/live/game-writer.ts keeps one audit record per write,
// committed with the write): time, version, mutation, key, event before and after, score.
import { openConfiguredDatabase } from '../src/data/cli/database.js';
import { formatAuditRow } from '../src/live/audit.js';

async function main(): Promise<void> {
  const [argument, ...rest] = process.argv.slice(2);
  const gameId = Number(argument);
  if (!Number.isInteger(gameId) || rest.length > 0) throw new Error('usage: npm run audit -- <gameId>');
  const database = await openConfiguredDatabase();
  try {
    const rows = await database.prisma.gameAuditEntry.findMany({
      where: { gameId },
      orderBy: [{ at: 'asc' }, { id: 'asc' }],
      include: { apiKey: { select: { id: true, name: true, prefix: true, clubId: true } } },
    });
    if (rows.length === 0) console.log(`no live writes of game ${gameId}`);
    for (const row of rows) console.log(formatAuditRow(row));
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
