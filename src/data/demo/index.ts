import type { PrismaClient } from '../../generated/prisma/client.js';
import { importLeague, type ImportProgress, type ImportSummary } from '../import/importer.js';
import { generateDemoLeague, type DemoLeagueOptions } from './generate.js';
import { setDemoPasswords } from './people.js';

export { generateDemoLeague, type DemoLeagueOptions } from './generate.js';
export { demoPassword, demoPasswordPeople, setDemoPasswords } from './people.js';

/**
 * Generates the demo league and imports it; the server calls this on an empty database. The
 * document is this function's own, so the import releases its rows as they are written: the server
 * loads it within its serving heap (160 MB as shipped), beside everything else it holds.
 */
export async function loadDemoLeague(prisma: PrismaClient, options: DemoLeagueOptions & { onProgress?: ImportProgress }): Promise<ImportSummary> {
  const league = generateDemoLeague(options);
  const summary = await importLeague(prisma, league, { onProgress: options.onProgress, release: true });
  await setDemoPasswords(prisma, options);
  return summary;
}
