// npm run wire:snapshot -- [--out file] [--scale X]
// Dumps every facade's answer for a fixed list of requests on the demo league (fixed seed, fixed
// "now": scripts/examples/demo-fixture.ts), so a refactoring can be checked byte for byte: dump before, dump after, diff. Each entry
// shows the request, status, content type, a SHA-256 of the raw body and the body (JSON indented
// for reading; the hash is of the bytes as sent).
//
// The requests are the routes' own: each route declares its probes (`doc.snapshot`, or else its
// OpenAPI examples are sent) on its declaration, with ids of the demo league named symbolically
// (scripts/examples/example-ids.ts); this script only collects them from the built app, orders them
// (`at`, src/facades/shared/route-doc.ts; scripts/examples/snapshot-probes.ts, shared with the
// doc-links test) and sends them. The secrets they name by placeholder are the run's (scripts/examples/secrets.ts, withSecrets): `{sid}` the session the first
// add_favorite made, `{token}` and `{event_token}` a back-office login made for the request, and
// the back office's keys; the dump shows sessions and tokens as `<sid>` and `<token>`.
import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { fixedClock } from '../src/clock.js';
import { loadDemoLeague } from '../src/data/demo/index.js';
import { openDatabase, type Database } from '../src/db/database.js';
import { newApiKey } from '../src/domain/api-keys.js';
import { DEMO_NOW as NOW, demoFixture } from './examples/demo-fixture.js';
import { exampleIds } from './examples/example-ids.js';
import { createExampleSecrets, type ExampleSecrets, SESSION_TOKEN, withSecrets } from './examples/secrets.js';
import { type Probe, snapshotProbes } from './examples/snapshot-probes.js';

async function createKey(db: Database, clubId: number | null): Promise<string> {
  const { key, prefix, hash } = newApiKey();
  await db.prisma.apiKey.create({ data: { name: `snapshot ${clubId ?? 'federation'}`, prefix, hash, clubId, createdAt: NOW } });
  return key;
}

function readable(contentType: string, body: string): string {
  if (/json/.test(contentType)) {
    try {
      return JSON.stringify(JSON.parse(body), null, 1);
    } catch {
      return body;
    }
  }
  return body;
}

async function dump(app: FastifyInstance, list: Probe[], secrets: ExampleSecrets): Promise<string> {
  const out: string[] = [];
  for (const [index, probe] of list.entries()) {
    const sent = await withSecrets(app, { url: probe.url, body: probe.body, headers: { 'x-request-id': `snapshot-${index}`, ...probe.headers } }, secrets);
    const response = await app.inject({
      method: probe.method,
      url: sent.url,
      headers: sent.headers,
      ...(sent.body === undefined ? {} : { payload: sent.body }),
    });
    if (probe.url.includes('add_favorite') && response.statusCode === 200 && secrets.sid === '') secrets.sid = (response.json() as { data: string }).data;
    const body = (secrets.sid ? response.body.replaceAll(secrets.sid, '<sid>') : response.body).replace(SESSION_TOKEN, '<token>');
    const contentType = String(response.headers['content-type'] ?? '');
    const hash = createHash('sha256').update(body).digest('hex').slice(0, 16);
    // A key written into a probe is hidden; a placeholder, and a made-up session token (one of the run is never written), show as they are.
    const shown = probe.url.replace(/apikey=[^&]+/, 'apikey=<key>').replace(/auth_token=(?!\{|fbt_)[^&]+/, 'auth_token=<key>');
    // A header naming a placeholder shows as it is; one with a key of the run is hidden.
    const named = Object.entries(probe.headers ?? {}).filter(([, value]) => value.includes('{'));
    const keyHeader = named.length
      ? ` (${named.map(([name, value]) => `${name}: ${value}`).join(', ')})`
      : probe.headers && Object.keys(probe.headers).some((h) => h === 'authorization' || h === 'x-api-key')
        ? ' (with key)'
        : '';
    out.push(
      `### ${probe.method} ${shown}${keyHeader}${probe.body ? ` body ${probe.body}` : ''}`,
      `${response.statusCode} ${contentType} sha256:${hash}`,
      readable(contentType, body),
      '',
    );
  }
  return out.join('\n');
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { out: { type: 'string' }, scale: { type: 'string' } }, strict: true });
  const db = await openDatabase({ dataDir: 'memory://' });
  try {
    await loadDemoLeague(db.prisma, demoFixture({ scale: values.scale === undefined ? undefined : Number(values.scale) }));
    // No lineup is checked with the candidates' licenses here: `ids.licenses` stays empty.
    const ids = await exampleIds(db.prisma);
    const keys = { club: await createKey(db, ids.club), federation: await createKey(db, null) };
    const secrets = await createExampleSecrets(db.prisma, ids, NOW);
    const app = await buildApp({ database: db, clock: fixedClock(NOW), logLevel: 'silent', publicBaseUrl: 'http://snapshot.local' });
    try {
      const clubKeys = new Map<number, string>();
      const keyOf = async (clubId: number) => clubKeys.get(clubId) ?? clubKeys.set(clubId, await createKey(db, clubId)).get(clubId)!;
      const list = await snapshotProbes(app, ids, keys, keyOf);
      console.error(`sampled ${JSON.stringify(ids)}`);
      const text = await dump(app, list, secrets);
      const file = values.out ?? 'wire-snapshot.txt';
      await writeFile(file, text);
      console.error(`${list.length} requests written to ${file}`);
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
