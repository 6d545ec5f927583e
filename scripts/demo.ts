// npm run data:demo -- [--seed N] [--scale X] [--now ISO] [--out file.json] | [--seed N] --passwords
// Generates the demo league; writes it as an import document with --out, otherwise imports it
// into the configured database (with its people's passwords). Defaults: DEMO_SEED, DEMO_SCALE, the
// current time. --passwords prints the demo people's ids and passwords for the seed, and does nothing else.
import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config.js';
import { openConfiguredDatabase } from '../src/data/cli/database.js';
import { DataDirLockedError } from '../src/db/data-dir-lock.js';
import { progressReporter } from '../src/data/cli/progress.js';
import { formatSummary } from '../src/data/cli/summary.js';
import { demoPassword, demoPasswordPeople, generateDemoLeague, setDemoPasswords } from '../src/data/demo/index.js';
import { importLeague } from '../src/data/import/importer.js';
import { announceDataChange } from '../src/live/announce.js';

class UsageError extends Error {}

const USAGE = 'usage: npm run data:demo -- [--seed N] [--scale X] [--now ISO-8601] [--out file.json] | [--seed N] --passwords';

function options() {
  const config = loadConfig();
  let values: { seed?: string; scale?: string; now?: string; out?: string; passwords?: boolean };
  try {
    ({ values } = parseArgs({
      options: { seed: { type: 'string' }, scale: { type: 'string' }, now: { type: 'string' }, out: { type: 'string' }, passwords: { type: 'boolean' } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n${USAGE}`);
  }
  const seed = values.seed === undefined ? config.demoSeed : Number(values.seed);
  const scale = values.scale === undefined ? config.demoScale : Number(values.scale);
  const now = values.now === undefined ? new Date() : new Date(values.now);
  if (!Number.isInteger(seed)) throw new UsageError(`--seed must be an integer\n${USAGE}`);
  if (!Number.isFinite(scale) || scale <= 0) throw new UsageError(`--scale must be a positive number\n${USAGE}`);
  if (Number.isNaN(now.getTime())) throw new UsageError(`--now must be an ISO-8601 date-time\n${USAGE}`);
  return { seed, scale, now, out: values.out, passwords: values.passwords === true };
}

async function main(): Promise<void> {
  const { out, passwords, ...demo } = options();
  if (passwords) {
    // For a tester of /bo/people/:id/validate_password: the people whose passwords a demo of this seed stores.
    for (const personId of demoPasswordPeople()) console.log(`${personId}\t${demoPassword(demo.seed, personId)}`);
    return;
  }
  let started = Date.now();
  const league = generateDemoLeague(demo);
  console.error(`generated seed ${demo.seed}, scale ${demo.scale}, now ${demo.now.toISOString()} in ${Date.now() - started} ms`);
  if (out) {
    await writeFile(out, JSON.stringify(league));
    console.error(`wrote ${out}`);
    return;
  }
  const database = await openConfiguredDatabase();
  const progress = progressReporter();
  try {
    started = Date.now();
    const summary = await importLeague(database.prisma, league, { onProgress: progress.onProgress });
    await setDemoPasswords(database.prisma, demo);
    progress.finish();
    await announceDataChange(database, loadConfig().redisUrl);
    console.log(formatSummary(summary));
    console.log(`imported in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    progress.finish();
    await database.close();
  }
}

main().catch((error: unknown) => {
  const expected = error instanceof UsageError || error instanceof RangeError || error instanceof DataDirLockedError;
  console.error(expected ? error.message : error);
  process.exit(1);
});
