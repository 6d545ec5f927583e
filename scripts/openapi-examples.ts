// npm run openapi:examples -- [--out file]
// Records the example requests every documented route declares (`doc.examples`, on the route:
// src/facades/shared/route-doc.ts) with their real answers on the demo league
// (scripts/examples/demo-fixture.ts, as the wire snapshot and the tests build it), trimmed to a few
// rows, into docs/openapi-examples.json. Ids of the league are resolved by
// scripts/examples/example-ids.ts; the secrets an example names by placeholder (a favorites
// session, the back office's keys and tokens) are made for the run (scripts/examples/secrets.ts)
// and recorded as placeholders. The document shows the answers as its examples;
// test/http/openapi.test.ts records them again the same way (scripts/examples/recording.ts) and
// fails, naming the route, when the file no longer matches what the routes declare or answer.
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { buildApp } from '../src/app.js';
import { fixedClock } from '../src/clock.js';
import { loadDemoLeague } from '../src/data/demo/index.js';
import { openDatabase } from '../src/db/database.js';
import { EXAMPLES_FILE, loadExamples, type RecordedExamples } from '../src/facades/openapi/examples.js';
import { documentedRoutesOf } from '../src/facades/openapi/registry.js';
import { DEMO_FIXTURE, DEMO_NOW, demoFixture, EXAMPLES_BASE_URL } from './examples/demo-fixture.js';
import { exampleIds } from './examples/example-ids.js';
import { exampleKeys, exampleSession, lineupCandidatesOf, plannedExchanges, recordExamples, recordingOrder } from './examples/recording.js';
import { createExampleSecrets } from './examples/secrets.js';

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { out: { type: 'string' } }, strict: true });
  const db = await openDatabase({ dataDir: 'memory://' });
  try {
    await loadDemoLeague(db.prisma, demoFixture());
    const app = await buildApp({ database: db, clock: fixedClock(DEMO_NOW), logLevel: 'silent', publicBaseUrl: EXAMPLES_BASE_URL });
    try {
      const keyOf = exampleKeys(db.prisma, DEMO_NOW);
      // The lineup example checks the team's own candidates, as a client would.
      const ids = await exampleIds(db.prisma, lineupCandidatesOf(app, await keyOf(null)));
      const sid = await exampleSession(app, ids);
      const secrets = { ...(await createExampleSecrets(db.prisma, ids, DEMO_NOW)), sid };
      const file = values.out ?? EXAMPLES_FILE;
      const routes = recordingOrder(documentedRoutesOf(app), Object.keys(loadExamples(existsSync(file) ? file : EXAMPLES_FILE).routes));
      for (const route of routes) {
        const planned = plannedExchanges(route, ids);
        // A write's success is not recorded (route-doc.ts, `writes`): its errors are its examples.
        if (route.writes ? planned.errors.length === 0 || planned.examples.length > 0 : planned.examples.length === 0)
          throw new Error(
            `${route.method} ${route.url} (${route.id}): ${route.writes ? 'a write declares error examples only, and at least one' : 'no example answer declared: add one to its doc.examples'}`,
          );
      }
      const recorded = await recordExamples(app, routes, ids, secrets, keyOf);
      if (recorded.unexpected.length) throw new Error(`unexpected answers, nothing written:\n${recorded.unexpected.join('\n')}`);
      const examples: RecordedExamples = { league: { ...DEMO_FIXTURE }, routes: recorded.routes };
      await writeFile(file, `${JSON.stringify(examples, null, 1)}\n`);
      console.error(`examples of ${Object.keys(recorded.routes).length} routes written to ${file}`);
    } finally {
      await app.close();
    }
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
