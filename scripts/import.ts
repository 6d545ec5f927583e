// npm run data:import -- <file.json>
// Validates an import document and loads it into the configured database (docs/import-format.md).
import { readFile } from 'node:fs/promises';
import { openConfiguredDatabase } from '../src/data/cli/database.js';
import { progressReporter } from '../src/data/cli/progress.js';
import { formatSummary } from '../src/data/cli/summary.js';
import { ImportValidationError, validateLeagueImport } from '../src/data/import/format.js';
import { importLeague } from '../src/data/import/importer.js';
import { DataDirLockedError } from '../src/db/data-dir-lock.js';
import { loadConfig } from '../src/config.js';
import { announceDataChange } from '../src/live/announce.js';

class UsageError extends Error {}

async function readDocument(file: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${file} is not valid JSON: ${(error as Error).message}`);
  }
}

async function main(): Promise<void> {
  const [file, ...rest] = process.argv.slice(2);
  if (!file || rest.length > 0 || file.startsWith('-')) throw new UsageError('usage: npm run data:import -- <file.json>');
  const league = validateLeagueImport(await readDocument(file));
  const database = await openConfiguredDatabase();
  const progress = progressReporter();
  try {
    const started = Date.now();
    const summary = await importLeague(database.prisma, league, { onProgress: progress.onProgress });
    progress.finish();
    // Running instances drop their cached answers now instead of when they expire.
    await announceDataChange(database, loadConfig().redisUrl);
    console.log(formatSummary(summary));
    console.log(`imported ${file} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    progress.finish();
    await database.close();
  }
}

main().catch((error: unknown) => {
  // Bad input, or a database another process holds, is the user's to fix: the message is enough, a stack trace would only hide it.
  const expected = error instanceof ImportValidationError || error instanceof UsageError || error instanceof DataDirLockedError;
  console.error(expected ? (error as Error).message : error);
  process.exit(1);
});
