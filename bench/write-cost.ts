// What one live write costs as its game's events grow: `npx tsx bench/write-cost.ts` records
// --writes goals and penalties (default 600) into one scheduled game of the bench database
// (floorball_bench_1 of `npm run bench`, or --database-url), through the service's GraphQL
// mutations in process, as its desk (its home club's key, the game moved into its start window), and
// reports the latency and the statements of the first and the last 50; a refused write stops it with
// the service's errors. The game is put back as it was afterwards.
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { buildApp } from '../src/app.js';
import { openDatabase } from '../src/db/database.js';
import { createDeskKeys, intoStartWindow, restoreGames, scheduledGames, withDatabase } from './scheduled-games.js';

const KEY_NAME = 'bench write cost';
const { values } = parseArgs({
  options: {
    writes: { type: 'string', default: '600' },
    'database-url': { type: 'string', default: 'postgresql://postgres@127.0.0.1:5432/floorball_bench_1' },
  },
});
const writes = Math.min(1190, Number(values.writes));
const databaseUrl = values['database-url'];

const { key, game } = await withDatabase(databaseUrl, async (client) => {
  const [game] = await scheduledGames(client, 1, 'latest', 'write cost');
  await intoStartWindow(client, [game]);
  return { key: (await createDeskKeys(client, KEY_NAME, [game])).get(game.id) as string, game };
});
const database = await openDatabase({ databaseUrl });
const app = await buildApp({ database, logLevel: 'silent' });

async function mutate(name: string, input: Record<string, unknown>): Promise<{ ms: number; statements: number }> {
  const type = `${name[0].toUpperCase()}${name.slice(1)}Input`;
  const before = database.queryCount();
  const started = performance.now();
  const response = await app.inject({
    method: 'POST',
    url: '/graphql',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    payload: {
      query: `mutation ($input: ${type}!) { ${name}(input: $input) { version } }`,
      variables: { input: { gameId: game.id, idempotencyKey: crypto.randomUUID(), ...input } },
    },
  });
  const ms = performance.now() - started;
  const body = response.json() as { errors?: unknown[] };
  if (body.errors) throw new Error(`${name}: ${JSON.stringify(body.errors)}`);
  return { ms, statements: database.queryCount() - before };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
function summary(label: string, samples: { ms: number; statements: number }[]): string {
  const ms = samples.map((sample) => sample.ms).sort((a, b) => a - b);
  const statements = samples.map((sample) => sample.statements);
  return `| ${label} | ${percentile(ms, 50).toFixed(1)} | ${percentile(ms, 90).toFixed(1)} | ${Math.min(...statements)}–${Math.max(...statements)} |`;
}

try {
  await mutate('startGame', {});
  const samples: { ms: number; statements: number }[] = [];
  for (let index = 1; index <= writes; index++) {
    const side = index % 2 === 0 ? 'HOME' : 'AWAY';
    // Two goals to a penalty, a second apart, all in period 1.
    samples.push(
      index % 3 === 0 ? await mutate('recordPenalty', { side, second: index, kind: 'MINOR_2' }) : await mutate('recordGoal', { side, second: index }),
    );
  }
  console.log(`write cost: ${writes} goals and penalties into game ${game.id}, in process through /graphql`);
  console.log('| writes | p50 ms | p90 ms | statements per write |');
  console.log('|---|---:|---:|---:|');
  console.log(summary(`first 50 (2–51 events)`, samples.slice(0, 50)));
  console.log(summary(`last 50 (${writes - 48}–${writes + 1} events)`, samples.slice(-50)));
} finally {
  await app.close();
  await database.close();
  await withDatabase(databaseUrl, (client) => restoreGames(client, [game], KEY_NAME));
}
