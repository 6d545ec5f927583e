// npm run openapi:examples -- [--out file]
// Records the example requests every documented route declares (`doc.examples`, on the route:
// src/facades/shared/route-doc.ts) with their real answers on the demo league (seed 7, scale 0.1,
// "now" 2026-11-22T15:30:00Z, as scripts/wire-snapshot.ts builds it), trimmed to a few rows, into
// docs/openapi-examples.json. Ids of the league are resolved by src/data/demo/example-ids.ts; the
// secrets an example names by placeholder (a favorites session, the back office's keys and tokens)
// are made for the run (src/facades/openapi/examples.ts, withSecrets) and recorded as placeholders. The
// document shows the answers as its examples; test/http/openapi.test.ts replays every recorded
// request, validates the live and the recorded answers against the document, and fails, naming
// the route, when the file no longer matches what the routes declare.
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { fixedClock } from '../src/clock.js';
import { exampleIds } from '../src/data/demo/example-ids.js';
import { loadDemoLeague } from '../src/data/demo/index.js';
import { openDatabase, type Database } from '../src/db/database.js';
import { newApiKey } from '../src/domain/api-keys.js';
import {
  createExampleSecrets,
  EXAMPLES_FILE,
  type ExampleSecrets,
  lineupCandidatesOf,
  loadExamples,
  plannedExchanges,
  type PlannedExchange,
  type RecordedExamples,
  type RecordedExchange,
  SESSION_TOKEN,
  withSecrets,
} from '../src/facades/openapi/examples.js';
import { documentedRoutesOf, type DocumentedRoute } from '../src/facades/openapi/registry.js';
import { FORM_TYPE, TAGS } from '../src/facades/shared/route-doc.js';

const LEAGUE = { seed: 7, scale: 0.1, now: '2026-11-22T15:30:00Z' };
const NOW = new Date(LEAGUE.now);
/** Rows, entries and resources an example keeps: enough to show the shape, small enough to read. */
const KEEP = 2;

const favorite = (value: Record<string, unknown>) => `favorites[]=${encodeURIComponent(JSON.stringify(value))}`;

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

function trimEntries(entries: unknown): unknown {
  return Array.isArray(entries)
    ? entries.slice(0, KEEP).map((entry) => (isObject(entry) ? { ...entry, entries: trimEntries(entry.entries) } : entry))
    : entries;
}

/** The type:id pairs a resource points to. */
function referenced(resource: unknown): string[] {
  if (!isObject(resource) || !isObject(resource.relationships)) return [];
  return Object.values(resource.relationships).flatMap((relation) => [(relation as Json).data].flat().map((id) => `${(id as Json).type}:${(id as Json).id}`));
}

/** A JSON:API document with its first resources and what they include (two levels: lineup → member → player). */
function trimJsonApi(document: Json): Json {
  let data = Array.isArray(document.data) ? document.data.slice(0, KEEP) : document.data;
  if (isObject(data) && isObject(data.relationships) && isObject(data.relationships.team_members)) {
    const members = data.relationships.team_members as Json;
    data = { ...data, relationships: { ...data.relationships, team_members: { data: (members.data as unknown[]).slice(0, KEEP) } } };
  }
  if (!Array.isArray(document.included)) return { ...document, data };
  const included = document.included as Json[];
  const wanted = new Set([data].flat().flatMap(referenced));
  for (const resource of included) if (wanted.has(`${resource.type}:${resource.id}`)) for (const key of referenced(resource)) wanted.add(key);
  return { ...document, data, included: included.filter((resource) => wanted.has(`${resource.type}:${resource.id}`)) };
}

/** A back-office game report with its first games, each with its first positions and events, and what they reference. */
function trimBackOffice(answer: Json): Json {
  const payload = answer.payload as { list: Json[]; references: Record<string, Record<string, Json>> };
  const list = payload.list.slice(0, KEEP).map(
    (game): Json => ({
      ...game,
      positions: (game.positions as number[]).slice(0, KEEP),
      events: (game.events as number[]).slice(0, KEEP),
    }),
  );
  const kept = (name: string, ids: unknown[]) => Object.fromEntries(ids.map(String).map((id) => [id, payload.references[name][id]]));
  const references = {
    teams: kept(
      'teams',
      list.flatMap((game) => [game.home_team_id, game.away_team_id]),
    ),
    positions: kept(
      'positions',
      list.flatMap((game) => game.positions),
    ),
    events: kept(
      'events',
      list.flatMap((game) => game.events),
    ),
  };
  return { ...answer, payload: { list, references } };
}

/** An answer as the document shows it: the first region's first rows, the first entries, the first event. */
function trimmed(body: unknown): unknown {
  if (typeof body === 'string') {
    const end = body.indexOf('END:VEVENT\r\n');
    return end < 0 ? body : `${body.slice(0, end + 'END:VEVENT\r\n'.length)}END:VCALENDAR\r\n`;
  }
  if (!isObject(body)) return body;
  if (body.type === 'table' && isObject(body.data)) {
    const data = body.data as Json & { regions: Json[]; tabs: unknown[] };
    const regions = data.regions.slice(0, 1).map((region) => ({ ...region, rows: (region.rows as unknown[]).slice(0, KEEP) }));
    return { ...body, data: { ...data, tabs: data.tabs.slice(0, KEEP), regions } };
  }
  if (body.type === 'dropdown') return { ...body, entries: trimEntries(body.entries) };
  if (body.type === 'matchcenter' && isObject(body.data)) return { ...body, data: { sections: (body.data.sections as unknown[]).slice(0, KEEP) } };
  if ('data' in body && !('type' in body)) return trimJsonApi(body);
  if (isObject(body.payload) && Array.isArray(body.payload.list) && isObject(body.payload.references)) return trimBackOffice(body);
  return body;
}

async function createKey(db: Database, clubId: number | null): Promise<string> {
  const { key, prefix, hash } = newApiKey();
  await db.prisma.apiKey.create({ data: { name: `openapi examples ${clubId ?? 'federation'}`, prefix, hash, clubId, createdAt: NOW } });
  return key;
}

/** Answers whose status is not the planned one: reported together, and nothing is written. */
const mismatches: string[] = [];

async function record(
  app: FastifyInstance,
  probe: PlannedExchange,
  secrets: ExampleSecrets,
  keyOf: (clubId: number | null) => Promise<string>,
): Promise<RecordedExchange> {
  const headers: Record<string, string> = { 'x-request-id': 'example' };
  if (probe.url.startsWith('/api/v3/') && !probe.withoutKey) headers.authorization = `Bearer ${await keyOf(probe.keyClubId ?? null)}`;
  if (probe.requestContentType) headers['content-type'] = probe.requestContentType;
  const sent = await withSecrets(app, { url: probe.url, body: probe.requestBody, headers }, secrets);
  const response = await app.inject({
    method: probe.method,
    url: sent.url,
    headers: sent.headers,
    ...(sent.body === undefined ? {} : { payload: sent.body }),
  });
  const contentType = String(response.headers['content-type'] ?? '');
  if (response.statusCode !== probe.status)
    mismatches.push(`${probe.method} ${probe.url}: ${response.statusCode} instead of ${probe.status}: ${response.body.slice(0, 200)}`);
  // Session ids and tokens are random: the file shows the placeholders, so that recording twice gives the same file.
  const text = response.body.replaceAll(secrets.sid, '{sid}').replace(SESSION_TOKEN, '{token}');
  const body = /json/.test(contentType) ? (JSON.parse(text) as unknown) : text;
  const stable = isObject(body) && body.type === 'session' ? { ...body, data: '{sid}' } : body;
  return { ...probe, contentType, body: trimmed(stable) };
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { out: { type: 'string' } }, strict: true });
  const db = await openDatabase({ dataDir: 'memory://' });
  try {
    await loadDemoLeague(db.prisma, { seed: LEAGUE.seed, scale: LEAGUE.scale, now: NOW });
    const app = await buildApp({ database: db, clock: fixedClock(NOW), logLevel: 'silent' });
    try {
      const keys = new Map<number | null, string>();
      const keyOf = async (clubId: number | null) => keys.get(clubId) ?? keys.set(clubId, await createKey(db, clubId)).get(clubId)!;
      // The lineup example checks the team's own candidates, as a client would.
      const ids = await exampleIds(db.prisma, lineupCandidatesOf(app, await keyOf(null)));
      const session = await app.inject({
        method: 'POST',
        url: '/api/sessions/add_favorite',
        headers: { 'content-type': FORM_TYPE },
        payload: [
          { type: 'team', team_id: ids.team },
          { type: 'league', league: ids.group.leagueId, game_class: ids.group.gameClassId },
          { type: 'club', club_id: ids.club },
        ]
          .map(favorite)
          .join('&'),
      });
      const secrets = { ...(await createExampleSecrets(db.prisma, ids, NOW)), sid: (session.json() as { data: string }).data };
      const routes: RecordedExamples['routes'] = {};
      // In the order the file has them, so that recording again moves nothing; new routes after them,
      // grouped as the document's tags, each group in the order the routes are registered.
      const file = values.out ?? EXAMPLES_FILE;
      const before = Object.keys(loadExamples(existsSync(file) ? file : EXAMPLES_FILE).routes);
      const rank = (route: DocumentedRoute) => [
        before.includes(route.id) ? before.indexOf(route.id) : before.length,
        TAGS.findIndex((tag) => tag.name === route.tag),
      ];
      const ordered = [...documentedRoutesOf(app)].sort((a, b) => rank(a)[0] - rank(b)[0] || rank(a)[1] - rank(b)[1]);
      for (const route of ordered) {
        const planned = plannedExchanges(route, ids);
        // A write's success is not recorded (route-doc.ts, `writes`): its errors are its examples.
        if (route.writes ? planned.errors.length === 0 || planned.examples.length > 0 : planned.examples.length === 0)
          throw new Error(
            `${route.method} ${route.url} (${route.id}): ${route.writes ? 'a write declares error examples only, and at least one' : 'no example answer declared: add one to its doc.examples'}`,
          );
        const recorded = { examples: [] as RecordedExchange[], errors: [] as RecordedExchange[] };
        for (const probe of planned.examples) recorded.examples.push(await record(app, probe, secrets, keyOf));
        for (const probe of planned.errors) recorded.errors.push(await record(app, probe, secrets, keyOf));
        routes[route.id] = recorded;
      }
      if (mismatches.length) throw new Error(`unexpected answers, nothing written:\n${mismatches.join('\n')}`);
      const examples: RecordedExamples = { league: LEAGUE, routes };
      await writeFile(file, `${JSON.stringify(examples, null, 1)}\n`);
      console.error(`examples of ${Object.keys(routes).length} routes written to ${file}`);
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
