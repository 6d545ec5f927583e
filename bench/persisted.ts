// The persisted part of `npm run bench` (`--only persisted`): the same GraphQL read workload, each
// request a result-cache miss (RESPONSE_CACHE_TTL_MS=0), sent three ways — `inline`, each id
// written into the document's text as the facades' URLs and simple clients do (so nearly every text
// is new); `variables`, one text per kind of page and the id as a variable, by POST; `persisted`,
// that text's sha256 by GET (automatic persisted queries, registered once). It reports the
// throughput of each and the share of the process's CPU time that parsing and validating took.
// In this process, through yoga's fetch (no HTTP, no socket): what is measured is the GraphQL layer
// the three ways differ in, not the transport.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Plugin } from 'graphql-yoga';
import pg from 'pg';
import pino from 'pino';
import { systemClock } from '../src/clock.js';
import { openDatabase } from '../src/db/database.js';
import { createGraphQLServer } from '../src/graphql.js';
import { sha256Hex } from '../src/graphql/persisted-documents.js';
import { getSchema } from '../src/schema/index.js';

export type PersistedVariant = 'inline' | 'variables' | 'persisted';
const VARIANTS: PersistedVariant[] = ['inline', 'variables', 'persisted'];

export interface PersistedResult {
  scale: number;
  variant: PersistedVariant;
  requests: number;
  rps: number;
  /** Process CPU per answered request. */
  cpuMsPerRequest: number;
  /** Of the process's CPU time: parsing (cache look-ups included), and validating. */
  parseShare: number;
  validateShare: number;
  /** Distinct document texts the run sent. */
  documents: number;
  failures: number;
}

export interface PersistedOptions {
  scale: number;
  databaseUrl: string;
  connections: number;
  duration: number;
  warmup: number;
}

/** The pages of the Zipf workload's GraphQL share (bench/miss-costs.ts): one document each, by id. */
const PAGES = [
  {
    kind: 'game',
    table: 'Game',
    document: 'query Game($id: Int!) { game(id: $id) { startsAt status homeScore awayScore homeTeam { name } awayTeam { name } } }',
  },
  { kind: 'player', table: 'Player', document: 'query Player($id: Int!) { player(id: $id) { firstName lastName yearOfBirth position } }' },
  { kind: 'team', table: 'Team', document: 'query Team($id: Int!) { team(id: $id) { name logoUrl club { name } gameClass { name } } }' },
] as const;
/** Ids per page: more than the parse cache keeps (1,000 texts), as a league's URLs are. */
const IDS_PER_PAGE = 2000;

/** Times yoga's parse and validate phases; first in the plugin list, so a parse-cache hit counts too. */
function phaseTimer(): { plugin: Plugin<Record<string, unknown>>; totals: { parseMs: number; validateMs: number } } {
  const totals = { parseMs: 0, validateMs: 0 };
  return {
    totals,
    plugin: {
      onParse() {
        const started = performance.now();
        return () => {
          totals.parseMs += performance.now() - started;
        };
      },
      onValidate() {
        const started = performance.now();
        return () => {
          totals.validateMs += performance.now() - started;
        };
      },
    },
  };
}

interface Call {
  url: string;
  init: RequestInit;
  text: string;
}

function callFor(variant: PersistedVariant, page: (typeof PAGES)[number], id: number): Call {
  if (variant === 'inline') {
    const text = page.document.replace(/^query \w+\(\$id: Int!\) /, '').replace('$id', String(id));
    return {
      url: 'http://bench.local/graphql',
      init: { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: text }) },
      text,
    };
  }
  if (variant === 'variables') {
    return {
      url: 'http://bench.local/graphql',
      init: { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: page.document, variables: { id } }) },
      text: page.document,
    };
  }
  const extensions = JSON.stringify({ persistedQuery: { version: 1, sha256Hash: sha256Hex(page.document) } });
  const search = new URLSearchParams({ variables: JSON.stringify({ id }), extensions });
  return { url: `http://bench.local/graphql?${search}`, init: { method: 'GET' }, text: page.document };
}

export async function benchPersisted(options: PersistedOptions): Promise<PersistedResult[]> {
  const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 2 });
  const ids: Record<string, number[]> = {};
  for (const page of PAGES) {
    ids[page.kind] = (await pool.query<{ id: number }>(`SELECT id FROM "${page.table}" ORDER BY random() LIMIT ${IDS_PER_PAGE}`)).rows.map((row) => row.id);
  }
  await pool.end();
  const database = await openDatabase({ databaseUrl: options.databaseUrl, migrate: false });
  try {
    const runs = await Promise.all(VARIANTS.map((variant) => variantRun(variant, database.prisma, ids, options)));
    // Every variant warmed before any is measured: the JIT, Prisma's and PostgreSQL's caches then
    // favour none of them by its place in the order.
    for (const run of runs) await run.drive(options.warmup);
    const results: PersistedResult[] = [];
    for (const run of runs) results.push(await run.measure());
    return results;
  } finally {
    await database.close();
  }
}

/** One variant on a server of its own (each starts with empty parse caches), the APQ documents registered as a client does once. */
async function variantRun(
  variant: PersistedVariant,
  prisma: Parameters<typeof createGraphQLServer>[1]['prisma'],
  ids: Record<string, number[]>,
  options: PersistedOptions,
) {
  const timer = phaseTimer();
  const { yoga } = createGraphQLServer(
    getSchema(),
    { prisma, clock: systemClock, publicBaseUrl: 'http://localhost:3000' },
    { production: true, responseCacheTtlMs: 0, trustedDocuments: { mode: 'apq', manifest: new Map() }, instrumentation: [timer.plugin] },
    pino({ level: 'silent' }),
  );
  const context = { req: { headers: {}, ip: '127.0.0.1', method: 'POST' } as unknown as FastifyRequest, reply: {} as FastifyReply };
  const send = async (call: Call): Promise<boolean> => {
    const response = await yoga.fetch(call.url, call.init, context);
    const body = await response.text();
    return response.status === 200 && !body.includes('"errors"');
  };
  for (const page of PAGES) {
    const registration = {
      query: page.document,
      variables: { id: ids[page.kind][0] },
      extensions: { persistedQuery: { version: 1, sha256Hash: sha256Hex(page.document) } },
    };
    await yoga.fetch(
      'http://bench.local/graphql',
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(registration) },
      context,
    );
  }
  let next = 0;
  const texts = new Set<string>();
  const nextCall = (): Call => {
    const page = PAGES[next % PAGES.length];
    const list = ids[page.kind];
    const call = callFor(variant, page, list[Math.floor(next / PAGES.length) % list.length]);
    next += 1;
    return call;
  };
  const drive = async (seconds: number) => {
    const until = performance.now() + seconds * 1000;
    let answered = 0;
    let failures = 0;
    await Promise.all(
      Array.from({ length: options.connections }, async () => {
        while (performance.now() < until) {
          const call = nextCall();
          texts.add(call.text);
          if (await send(call)) answered += 1;
          else failures += 1;
        }
      }),
    );
    return { answered, failures };
  };
  const measure = async (): Promise<PersistedResult> => {
    timer.totals.parseMs = 0;
    timer.totals.validateMs = 0;
    texts.clear();
    const cpu = process.cpuUsage();
    const started = performance.now();
    const { answered, failures } = await drive(options.duration);
    const elapsedMs = performance.now() - started;
    const used = process.cpuUsage(cpu);
    const cpuMs = (used.user + used.system) / 1000;
    return {
      scale: options.scale,
      variant,
      requests: answered,
      rps: Math.round((answered / elapsedMs) * 1000),
      cpuMsPerRequest: cpuMs / Math.max(answered, 1),
      parseShare: timer.totals.parseMs / cpuMs,
      validateShare: timer.totals.validateMs / cpuMs,
      documents: texts.size,
      failures,
    };
  };
  return { drive, measure };
}

export function reportPersisted(results: PersistedResult[], options: { connections: number; duration: number; warmup: number }): void {
  console.log(
    `\npersisted documents: the GraphQL misses of the Zipf pages (game, player, team by id), in process through yoga, ${options.connections} concurrent, ${options.warmup} s warm-up + ${options.duration} s each\n`,
  );
  console.log('| scale | sent as | req/s | CPU ms/request | parse | validation | distinct texts | failures |');
  console.log('|---:|---|---:|---:|---:|---:|---:|---:|');
  const percent = (share: number) => `${(share * 100).toFixed(1)} %`;
  for (const r of results) {
    console.log(
      `| ${r.scale} | ${r.variant} | ${r.rps} | ${r.cpuMsPerRequest.toFixed(2)} | ${percent(r.parseShare)} | ${percent(r.validateShare)} | ${r.documents} | ${r.failures} |`,
    );
  }
}
