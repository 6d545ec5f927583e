// The hit part of `npm run bench` (`--only hit`): what a response-cache hit of `/api/games/:id`
// costs next to bare node:http sending the same answer (bench/bare-send.ts). Each variant, as
// today's clients ask (no Accept-Encoding) and as browsers do (`gzip, br`: the stored brotli bytes),
// is captured from the deployed service as a hit (status, headers, bytes), the bare server is
// started with that answer and checked to send it alike, then both are loaded the same way
// (autocannon, the same connections and duration) in turns: service, bare, service, bare, so that
// the shared machine's other work falls on both alike. Then an instance started with
// `node --cpu-prof` serves hits for one more run and its profile says where a hit's time goes.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { HEADERS_NODE_ADDS, type CapturedAnswer } from './bare-send.js';
import { summarizeProfile, type ProfileSummary } from './cpu-profile.js';
import { start, stop } from './children.js';
import { loadSummary } from './load-summary.js';

export const HIT_VARIANTS = { plain: {}, br: { 'accept-encoding': 'gzip, br' } } as const;
export type HitVariant = keyof typeof HIT_VARIANTS;

export interface HitOptions {
  scale: number;
  /** The deployed instance. */
  baseUrl: string;
  path: string;
  connections: number;
  duration: number;
  warmup: number;
  /** Turns of service and bare runs per variant. */
  rounds: number;
  barePort: number;
  /** Starts the service as deployed with these node arguments before the script (the profile's), on this port, as a registered child (bench/children.ts). */
  startService: (nodeArgs: string[], port: number) => ChildProcess;
  profilePort: number;
}

interface Run {
  /** Cores the load generator (autocannon, in this process) kept busy during the turn: near 1, it may be what limits the rate, not the server. */
  generatorCores: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

export interface HitResult {
  scale: number;
  path: string;
  variants: { variant: HitVariant; bytes: number; service: Run[]; bare: Run[]; sameAnswer: string }[];
  profile: (ProfileSummary & { requests: number; rps: number; file: string }) | null;
}

interface Raw {
  status: number;
  rawHeaders: string[];
  body: Buffer;
}

function get(url: string, headers: Record<string, string>): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, rawHeaders: res.rawHeaders, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

const pairs = (raw: string[]) => Array.from({ length: raw.length / 2 }, (_, i) => [raw[2 * i], raw[2 * i + 1]] as [string, string]);

const xCache = (raw: Raw) => pairs(raw.rawHeaders).find(([name]) => name.toLowerCase() === 'x-cache')?.[1];

/** A hit's answer: asked until it comes from the cache (a service just started may still be connecting to its change feed). */
async function captureHit(url: string, headers: Record<string, string>): Promise<CapturedAnswer> {
  let hit = await get(url, headers);
  for (let tries = 0; xCache(hit) !== 'hit' && tries < 50; tries += 1) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    hit = await get(url, headers);
  }
  if (xCache(hit) !== 'hit')
    throw new Error(`${url} is not answered from the cache: ${hit.status}, x-cache ${xCache(hit)}, ${hit.body.toString().slice(0, 200)}`);
  const all = pairs(hit.rawHeaders);
  const keepAlive = all.find(([name]) => name.toLowerCase() === 'keep-alive')?.[1];
  return {
    status: hit.status,
    headers: all.filter(([name]) => !HEADERS_NODE_ADDS.has(name.toLowerCase())),
    bodyBase64: hit.body.toString('base64'),
    keepAliveSeconds: keepAlive ? Number(/timeout=(\d+)/.exec(keepAlive)?.[1] ?? Number.NaN) : null,
  };
}

/** Header lines that differ between two answers, with the per-answer ones (Date, X-Request-Id) read by name only. */
function differences(ours: Raw, theirs: Raw): string[] {
  const line = ([name, value]: [string, string]) => {
    const lower = name.toLowerCase();
    return lower === 'date' || lower === 'x-request-id' ? `${lower}: …` : `${lower}: ${value}`;
  };
  const [a, b] = [pairs(ours.rawHeaders).map(line), pairs(theirs.rawHeaders).map(line)];
  const found = [...a.filter((l) => !b.includes(l)).map((l) => `service only ${l}`), ...b.filter((l) => !a.includes(l)).map((l) => `bare only ${l}`)];
  if (ours.status !== theirs.status) found.push(`status ${ours.status} / ${theirs.status}`);
  if (!ours.body.equals(theirs.body)) found.push('body bytes');
  return found;
}

async function waitFor(url: string): Promise<void> {
  for (let i = 0; i < 400; i += 1) {
    try {
      await get(url, {});
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error(`${url} did not come up`);
}

async function load(url: string, headers: Record<string, string>, options: HitOptions, seconds: number): Promise<Run & { total: number }> {
  const cpuBefore = process.cpuUsage();
  const wallBefore = performance.now();
  const result = await autocannon({ url, connections: options.connections, duration: seconds, headers });
  const cpu = process.cpuUsage(cpuBefore);
  const generatorCores = (cpu.user + cpu.system) / 1000 / (performance.now() - wallBefore);
  return { ...loadSummary(result), generatorCores, total: result.requests.total };
}

export async function benchHit(options: HitOptions): Promise<HitResult> {
  const variants: HitResult['variants'] = [];
  const dir = mkdtempSync(join(tmpdir(), 'bench-hit-'));
  for (const variant of Object.keys(HIT_VARIANTS) as HitVariant[]) {
    const headers: Record<string, string> = { ...HIT_VARIANTS[variant] };
    const serviceUrl = options.baseUrl + options.path;
    const answer = await captureHit(serviceUrl, headers);
    const file = join(dir, `${variant}.json`);
    writeFileSync(file, JSON.stringify(answer));
    const bare = start(`the hit part's bare node:http server (port ${options.barePort})`, process.execPath, ['--import', 'tsx', 'bench/bare-send.ts'], {
      env: { BARE_SEND_ANSWER: file, PORT: String(options.barePort) },
    });
    try {
      const bareUrl = `http://127.0.0.1:${options.barePort}${options.path}`;
      await waitFor(bareUrl);
      const [ours, theirs] = [await get(serviceUrl, headers), await get(bareUrl, headers)];
      const differ = differences(ours, theirs);
      const service: Run[] = [];
      const bareRuns: Run[] = [];
      if (options.warmup > 0) {
        await load(serviceUrl, headers, options, options.warmup);
        await load(bareUrl, headers, options, options.warmup);
      }
      for (let round = 0; round < options.rounds; round += 1) {
        console.error(`scale ${options.scale} hit ${variant} round ${round + 1}`);
        service.push(await load(serviceUrl, headers, options, options.duration));
        bareRuns.push(await load(bareUrl, headers, options, options.duration));
      }
      variants.push({
        variant,
        bytes: Buffer.from(answer.bodyBase64, 'base64').length,
        service,
        bare: bareRuns,
        sameAnswer: differ.length === 0 ? 'same status, headers and bytes' : `differs: ${differ.join('; ')}`,
      });
    } finally {
      await stop(bare);
    }
  }
  return { scale: options.scale, path: options.path, variants, profile: await profileHits(options, dir) };
}

/** An instance under `--cpu-prof` serving plain hits for one run; its profile, summed up. */
async function profileHits(options: HitOptions, dir: string): Promise<HitResult['profile']> {
  const profileDir = join(dir, 'profile');
  const instance = options.startService([`--cpu-prof`, `--cpu-prof-dir=${profileDir}`], options.profilePort);
  let served: Run & { total: number };
  try {
    const url = `http://127.0.0.1:${options.profilePort}${options.path}`;
    await waitFor(`http://127.0.0.1:${options.profilePort}/health`);
    await captureHit(url, {});
    if (options.warmup > 0) await load(url, {}, options, options.warmup);
    console.error(`scale ${options.scale} hit profile`);
    served = await load(url, {}, options, options.duration);
  } finally {
    // It writes its profile as it exits: it is given longer than the others.
    await stop(instance, 60_000);
  }
  const [file] = readdirSync(profileDir).filter((name) => name.endsWith('.cpuprofile'));
  if (!file) return null;
  const path = join(profileDir, file);
  // The warm-up's requests are in the profile too: they count among the requests it is divided by.
  const requests = served.total + Math.round(served.rps * options.warmup);
  return { ...summarizeProfile(path, requests, 30), requests, rps: served.rps, file: path };
}

/** A generator this busy (of its one thread) may be what limits the rate of both servers. */
const GENERATOR_LIMIT_CORES = 0.9;

const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / Math.max(1, values.length);

export function reportHit(results: HitResult[], run: { connections: number; duration: number; warmup: number; rounds: number }): void {
  if (results.length === 0) return;
  console.log(
    `\nhit: a response-cache hit against bare node:http sending the same answer; ${run.connections} connections, ${run.rounds} turns of ${run.duration} s each (service, bare, service, bare, …) after ${run.warmup} s warm-up; the machine is shared: compare the ratio, within one run\n`,
  );
  console.log(
    '| scale | endpoint | asked as | body bytes | service req/s | bare req/s | service / bare | service p50 / p99 ms | bare p50 / p99 ms | load generator cores, service / bare turns | errors + non-2xx |',
  );
  console.log('|---:|---|---|---:|---:|---:|---:|---|---|---|---|');
  for (const r of results) {
    for (const v of r.variants) {
      const [ours, theirs] = [mean(v.service.map((s) => s.rps)), mean(v.bare.map((s) => s.rps))];
      const ratios = v.service.map((s, i) => (s.rps / v.bare[i].rps).toFixed(2)).join(', ');
      const failures = [...v.service, ...v.bare].reduce((sum, s) => sum + s.errors + s.non2xx, 0);
      console.log(
        `| ${r.scale} | \`${r.path.replace(/\d{4,}/, ':id')}\` | ${v.variant === 'plain' ? 'no Accept-Encoding' : 'gzip, br'} | ${v.bytes} | ${Math.round(ours)} | ${Math.round(theirs)} | ${(ours / theirs).toFixed(2)} (${ratios}) | ${mean(v.service.map((s) => s.p50)).toFixed(1)} / ${mean(v.service.map((s) => s.p99)).toFixed(1)} | ${mean(v.bare.map((s) => s.p50)).toFixed(1)} / ${mean(v.bare.map((s) => s.p99)).toFixed(1)} | ${mean(v.service.map((s) => s.generatorCores)).toFixed(2)} / ${mean(v.bare.map((s) => s.generatorCores)).toFixed(2)} | ${failures} |`,
      );
    }
  }
  const busiest = Math.max(...results.flatMap((r) => r.variants.flatMap((v) => [...v.service, ...v.bare].map((s) => s.generatorCores))));
  console.log(
    `  the load generator is one thread of this process: it kept at most ${busiest.toFixed(2)} cores busy in a turn${busiest >= GENERATOR_LIMIT_CORES ? `, at or above ${GENERATOR_LIMIT_CORES}: it may have been the limit of both servers, and the ratio then says little` : ''}`,
  );
  for (const r of results) for (const v of r.variants) console.log(`  scale ${r.scale} ${v.variant}: bare answer vs the service's: ${v.sameAnswer}`);
  for (const r of results) {
    const p = r.profile;
    if (!p) continue;
    console.log(
      `\nhit profile, scale ${r.scale}: ${p.requests} hits, ${p.rps} req/s under --cpu-prof; in the ${p.windowSeconds.toFixed(1)} s requests were dispatched, busy ${(p.busyMs / 1000).toFixed(1)} s, idle ${(p.idleMs / 1000).toFixed(1)} s; ${p.file}\n`,
    );
    console.log('| stage (innermost hook or fastify step on the stack) | share of busy | µs per hit |');
    console.log('|---|---:|---:|');
    for (const s of p.stages) console.log(`| ${s.name} | ${(s.share * 100).toFixed(1)} % | ${s.microsPerRequest.toFixed(1)} |`);
    console.log('\n| time in and below (inclusive) | share of busy | µs per hit |');
    console.log('|---|---:|---:|');
    for (const s of p.inclusive) console.log(`| ${s.name} | ${(s.share * 100).toFixed(1)} % | ${s.microsPerRequest.toFixed(1)} |`);
    console.log('\n| time itself (self) | share of busy | µs per hit |');
    console.log('|---|---:|---:|');
    for (const s of p.self) console.log(`| ${s.name} | ${(s.share * 100).toFixed(1)} % | ${s.microsPerRequest.toFixed(1)} |`);
  }
}
