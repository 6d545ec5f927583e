import type { PrismaClient } from '../../generated/prisma/client.js';
import { importLeague, type ImportProgress, type ImportSummary } from '../import/importer.js';
import { generateDemoLeague, type DemoLeagueOptions } from './generate.js';

export { generateDemoLeague, type DemoLeagueOptions } from './generate.js';

/** Generates the demo league and imports it; the server calls this on an empty database. */
export async function loadDemoLeague(prisma: PrismaClient, options: DemoLeagueOptions & { onProgress?: ImportProgress }): Promise<ImportSummary> {
  const league = generateDemoLeague(options);
  return importLeague(prisma, league, { onProgress: options.onProgress });
}
