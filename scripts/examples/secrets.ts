/**
 * The secrets example requests name by placeholder (`{sid}`, `{token}`, …: route-doc.ts,
 * ExampleRequest), made for each run that sends them (`npm run openapi:examples`,
 * `npm run wire:snapshot`, the OpenAPI and doc-links tests) and filled in per request.
 */
import type { FastifyInstance } from 'fastify';
import type { PrismaClient } from '../../src/db/database.js';
import { GAMES_WRITE_SCOPE, PASSWORDS_VALIDATE_SCOPE, PEOPLE_READ_SCOPE } from '../../src/domain/access.js';
import { demoPassword, demoPasswordPeople } from '../../src/data/demo/people.js';
import { newApiKey } from '../../src/domain/api-keys.js';
import type { ExampleIds } from '../../src/facades/shared/route-doc.js';
import { DEMO_FIXTURE } from './demo-fixture.js';

/**
 * What an example's URL, body (or a snapshot probe's header) may name instead of a secret of the
 * run that sends it (route-doc.ts, ExampleRequest); the recording keeps the placeholder.
 */
export const EXAMPLE_PLACEHOLDERS = [
  '{sid}',
  '{token}',
  '{event_token}',
  '{api_key}',
  '{secret}',
  '{anlass_id}',
  '{password}',
  '{person_id}',
  '{person_password}',
] as const;
type Placeholder = (typeof EXAMPLE_PLACEHOLDERS)[number];

/** The secrets the placeholders stand for in one run (the recording, the OpenAPI test, the wire snapshot). */
export interface ExampleSecrets {
  /** A favorites session; empty until one is made (the snapshot makes it with its first add_favorite). */
  sid: string;
  /** The reporting key: a federation key with games:write, people:read and passwords:validate, logged in as a partner (`api_key` is its prefix). */
  partner: { apiKey: string; secret: string };
  /** The event key (an anlass): reports `ids.games` but the finished game, so that it may be refused one. */
  event: { id: number; password: string };
  /** A demo person with a password (src/data/demo/people.ts), of the fixture's seed. */
  person: { id: number; password: string };
}

/** Creates the run's back-office keys on the demo league (before the app serves: no request needs them earlier). */
export async function createExampleSecrets(prisma: PrismaClient, ids: ExampleIds, now: Date): Promise<ExampleSecrets> {
  const eventGames = ids.games.filter((game) => game !== ids.finished);
  if (eventGames.length === 0) throw new Error('the demo league has no game but the finished one for the example event key');
  const partner = newApiKey();
  await prisma.apiKey.create({
    data: {
      name: 'examples: reporting key',
      prefix: partner.prefix,
      hash: partner.hash,
      clubId: null,
      scopes: [GAMES_WRITE_SCOPE, PEOPLE_READ_SCOPE, PASSWORDS_VALIDATE_SCOPE],
      createdAt: now,
    },
  });
  const event = newApiKey();
  const created = await prisma.apiKey.create({
    data: {
      name: 'examples: event key',
      prefix: event.prefix,
      hash: event.hash,
      clubId: null,
      scopes: [GAMES_WRITE_SCOPE],
      gameIds: eventGames,
      createdAt: now,
    },
  });
  const [personId] = demoPasswordPeople();
  return {
    sid: '',
    partner: { apiKey: partner.prefix, secret: partner.key },
    event: { id: created.id, password: event.key },
    person: { id: personId, password: demoPassword(DEMO_FIXTURE.seed, personId) },
  };
}

async function logIn(app: FastifyInstance, url: string, payload: Record<string, string | number>): Promise<string> {
  const response = await app.inject({ method: 'POST', url, payload });
  if (response.statusCode !== 200) throw new Error(`example login at ${url}: ${response.statusCode} ${response.body.slice(0, 200)}`);
  return (response.json() as { payload: { auth_token: string } }).payload.auth_token;
}

/** One request, its placeholders to be replaced. */
export interface RequestParts {
  url: string;
  body?: string;
  headers?: Readonly<Record<string, string>>;
}

/**
 * The request with its placeholders replaced by the run's secrets: percent-encoded in the URL and a
 * form body, JSON-escaped in a JSON body (by its `content-type` header), as they are in a header.
 * `{token}` and `{event_token}` are logged in for this request (so that an example may log its token
 * out), once each however often it names them.
 */
export async function withSecrets(app: FastifyInstance, request: RequestParts, secrets: ExampleSecrets): Promise<RequestParts> {
  const texts = [request.url, request.body ?? '', ...Object.values(request.headers ?? {})].join('\n');
  const named = (placeholder: Placeholder) => texts.includes(placeholder);
  const values: Record<Placeholder, () => Promise<string> | string> = {
    '{sid}': () => secrets.sid,
    '{token}': () => logIn(app, '/bo/session/auth', { api_key: secrets.partner.apiKey, secret: secrets.partner.secret }),
    '{event_token}': () => logIn(app, '/bo/session/auth_anlass', { anlass_id: secrets.event.id, password: secrets.event.password }),
    '{api_key}': () => secrets.partner.apiKey,
    '{secret}': () => secrets.partner.secret,
    '{anlass_id}': () => String(secrets.event.id),
    '{password}': () => secrets.event.password,
    '{person_id}': () => String(secrets.person.id),
    '{person_password}': () => secrets.person.password,
  };
  const filled: [Placeholder, string][] = [];
  for (const placeholder of EXAMPLE_PLACEHOLDERS) if (named(placeholder)) filled.push([placeholder, await values[placeholder]()]);
  const isJson = Object.entries(request.headers ?? {}).some(([name, value]) => name.toLowerCase() === 'content-type' && value.includes('json'));
  const fill = (text: string, encode: (value: string) => string) =>
    filled.reduce((result, [placeholder, value]) => result.replaceAll(placeholder, encode(value)), text);
  return {
    url: fill(request.url, encodeURIComponent),
    ...(request.body === undefined ? {} : { body: fill(request.body, isJson ? (value) => JSON.stringify(value).slice(1, -1) : encodeURIComponent) }),
    ...(request.headers ? { headers: Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, fill(value, (v) => v)])) } : {}),
  };
}

/** Session tokens (`fbt_` and 43 base64url characters) in an answer: new at every login. */
export const SESSION_TOKEN = /fbt_[A-Za-z0-9_-]{43}/g;
