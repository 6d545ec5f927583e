// A process that holds an embedded database directory the way the service does: opens it (the
// directory is the first argument), writes the season whose id is the second, prints "ready" and
// keeps the database open until SIGTERM, then closes it and exits 0. When the directory is held
// already it prints the error's message and exits 1, as the command-line tools do.
import { openDatabase } from '../../../src/db/database.js';

const [dataDir, seasonId] = process.argv.slice(2);
if (!dataDir || !seasonId) throw new Error('usage: hold-data-dir.ts <dataDir> <seasonId>');

try {
  const database = await openDatabase({ dataDir });
  const id = Number(seasonId);
  await database.prisma.season.create({ data: { id, label: `Season ${id}`, startsOn: new Date('2025-08-01'), endsOn: new Date('2026-04-30') } });
  const keepAlive = setInterval(() => undefined, 60_000);
  process.once('SIGTERM', () => {
    clearInterval(keepAlive);
    database.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
  console.log('ready');
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
