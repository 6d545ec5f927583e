// npm run bench -- [--scales 1,10] [--duration 10] [--connections 50] [--reuse]
// Loads the demo league into PostgreSQL at each scale, starts the service and the bare baseline,
// drives both over loopback with autocannon and prints one table.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import pg from 'pg';
import { newApiKey } from '../src/domain/api-keys.js';

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 && args[index + 1] ? args[index + 1] : fallback;
};
const scales = option('scales', '1,10').split(',').map(Number);
const duration = Number(option('duration', '10'));
const connections = Number(option('connections', '50'));
const reuse = args.includes('--reuse');
const serverUrl = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
const SERVICE_PORT = 3301;
const BASELINE_PORT = 3302;
const CACHED_SERVICE_PORT = 3303;
const PUBLIC_BASE_URL = 'http://localhost:3000';

function databaseUrl(name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function admin<T>(work: (client: pg.Client) => Promise<T>, url = serverUrl): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

function run(command: string, commandArgs: string[], env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, commandArgs, { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${commandArgs.join(' ')} exited ${code}`))));
  });
}

function start(script: string, env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', script], { env: { ...process.env, LOG_LEVEL: 'warn', ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
}

async function waitFor(url: string): Promise<void> {
  for (let i = 0; i < 600; i += 1) {
    try {
      const response = await fetch(url);
      if (response.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not come up`);
}

function peakRssMb(pid: number | undefined): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

interface Row {
  scale: number;
  target: string;
  endpoint: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  rss?: number;
}

async function measure(url: string, init: { method?: 'GET' | 'POST'; body?: string; headers?: Record<string, string> } = {}) {
  const result = await autocannon({ url, connections, duration, method: init.method ?? 'GET', body: init.body, headers: init.headers });
  return { rps: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.timeouts, non2xx: result.non2xx };
}

async function benchScale(scale: number, rows: Row[]): Promise<void> {
  const name = `floorball_bench_${String(scale).replace('.', '_')}`;
  const url = databaseUrl(name);
  const exists = await admin(async (c) => (await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1);
  if (!exists || !reuse) {
    await admin((c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
    await admin((c) => c.query(`CREATE DATABASE "${name}"`));
    console.error(`loading the demo league at scale ${scale} into ${name} …`);
    await run(process.execPath, ['--import', 'tsx', 'scripts/demo.ts', '--scale', String(scale), '--seed', '2025'], { DATABASE_URL: url });
  }
  const ids = await admin(async (c) => {
    const game = await c.query<{ id: number; homeTeamId: number }>(
      `SELECT g.id, g."homeTeamId" FROM "Game" g JOIN "LeagueGroup" grp ON grp.id = g."groupId" JOIN "Season" s ON s.id = grp."seasonId"
       WHERE s."isCurrent" AND grp."leagueId" = 1 AND grp."gameClassId" = 11 AND g.status = 'FINISHED' ORDER BY g."startsAt" DESC LIMIT 1`,
    );
    const team = await c.query<{ clubId: number; name: string }>('SELECT "clubId", name FROM "Team" WHERE id = $1', [game.rows[0].homeTeamId]);
    const season = await c.query<{ id: number }>('SELECT id FROM "Season" WHERE "isCurrent"');
    const key = newApiKey();
    await c.query('INSERT INTO "ApiKey" (name, prefix, hash, "createdAt") VALUES ($1, $2, $3, now())', ['bench', key.prefix, key.hash]);
    return { gameId: game.rows[0].id, teamId: game.rows[0].homeTeamId, clubId: team.rows[0].clubId, clubName: team.rows[0].name, season: season.rows[0].id, apikey: key.key };
  }, url);

  const env = { DATABASE_URL: url, PUBLIC_BASE_URL, DEMO_ON_EMPTY: 'false', NODE_ENV: 'production', DB_POOL_SIZE: '10' };
  const service = start('src/server.ts', { ...env, PORT: String(SERVICE_PORT), RESPONSE_CACHE_TTL_MS: '0' });
  const cachedService = start('src/server.ts', { ...env, PORT: String(CACHED_SERVICE_PORT), RESPONSE_CACHE_TTL_MS: '60000' });
  const baseline = start('bench/baseline.ts', { ...env, PORT: String(BASELINE_PORT) });
  try {
    await waitFor(`http://127.0.0.1:${SERVICE_PORT}/health`);
    await waitFor(`http://127.0.0.1:${CACHED_SERVICE_PORT}/health`);
    await new Promise((r) => setTimeout(r, 2000)); // let start-up work settle before measuring
    await waitFor(`http://127.0.0.1:${BASELINE_PORT}/api/games/${ids.gameId}`);
    const service_ = `http://127.0.0.1:${SERVICE_PORT}`;
    const baseline_ = `http://127.0.0.1:${BASELINE_PORT}`;
    for (const path of ['/api/games?mode=list', `/api/games/${ids.gameId}`]) {
      const [ours, theirs] = await Promise.all([fetch(service_ + path).then((r) => r.text()), fetch(baseline_ + path).then((r) => r.text())]);
      if (ours !== theirs) console.error(`warning: baseline bytes differ from the service for ${path}`);
    }
    const search = encodeURIComponent(ids.clubName.slice(0, 6));
    const endpoints: [string, Parameters<typeof measure>[1]?][] = [
      ['/api/games?mode=list'],
      ['/api/games?mode=current'],
      [`/api/games?mode=club&club_id=${ids.clubId}&season=${ids.season}`],
      [`/api/games/${ids.gameId}`],
      ['/api/rankings'],
      [`/api/teams/${ids.teamId}/players`],
      ['/api/topscorers/main'],
      [`/rest/v1.0/clubs/search?q=${search}&apikey=${encodeURIComponent(ids.apikey)}`],
      [
        '/graphql',
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ query: `{ game(id: ${ids.gameId}) { startsAt status homeScore awayScore homeTeam { name club { name } } awayTeam { name club { name } } events { second type player { lastName } } } }` }),
        },
      ],
    ];
    for (const [path, init] of endpoints) {
      rows.push({ scale, target: 'service', endpoint: path.replace(/apikey=[^&]+/, 'apikey=…'), ...(await measure(service_ + path, init)) });
    }
    for (const path of ['/api/games?mode=list', `/api/games/${ids.gameId}`]) {
      rows.push({ scale, target: 'service, cache warm', endpoint: path, ...(await measure(`http://127.0.0.1:${CACHED_SERVICE_PORT}${path}`)) });
      rows.push({ scale, target: 'baseline', endpoint: path, ...(await measure(baseline_ + path)) });
    }
    rows.filter((r) => r.scale === scale && r.target === 'service').forEach((r) => (r.rss = peakRssMb(service.pid)));
    rows.filter((r) => r.scale === scale && r.target === 'service, cache warm').forEach((r) => (r.rss = peakRssMb(cachedService.pid)));
  } finally {
    service.kill('SIGTERM');
    cachedService.kill('SIGTERM');
    baseline.kill('SIGTERM');
  }
}

async function main(): Promise<void> {
  const rows: Row[] = [];
  for (const scale of scales) await benchScale(scale, rows);
  console.log(`\n${connections} connections, ${duration} s per endpoint, PostgreSQL, loopback\n`);
  console.log('| scale | target | endpoint | req/s | p50 ms | p99 ms | errors | non-2xx | peak RSS MB |');
  console.log('|---|---|---|---:|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    const endpoint = r.endpoint.replace(/\d{4,}/g, ':id');
    console.log(`| ${r.scale} | ${r.target} | \`${endpoint}\` | ${r.rps} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.non2xx} | ${r.rss ?? ''} |`);
  }
  console.log('\nservice / baseline requests per second:');
  for (const scale of scales) {
    for (const path of ['/api/games?mode=list', '/api/games/']) {
      const theirs = rows.find((r) => r.scale === scale && r.target === 'baseline' && r.endpoint.startsWith(path));
      for (const target of ['service', 'service, cache warm']) {
        const ours = rows.find((r) => r.scale === scale && r.target === target && r.endpoint.startsWith(path));
        if (ours && theirs) console.log(`  scale ${scale} ${path}${path.endsWith('/') ? ':id' : ''} (${target}): ${(ours.rps / theirs.rps).toFixed(2)}x`);
      }
    }
  }
  if (scales.length > 1) {
    console.log(`\nmedian latency at scale ${scales[scales.length - 1]} / scale ${scales[0]}:`);
    for (const r of rows.filter((x) => x.scale === scales[0] && x.target === 'service')) {
      const big = rows.find((x) => x.scale === scales[scales.length - 1] && x.target === 'service' && x.endpoint.replace(/\d{4,}/g, '') === r.endpoint.replace(/\d{4,}/g, ''));
      if (big) console.log(`  ${r.endpoint.replace(/\d{4,}/g, ':id').replace(/q=[^&]+/, 'q=…')}: ${(big.p50 / Math.max(r.p50, 1)).toFixed(2)}x`);
    }
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
