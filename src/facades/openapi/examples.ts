/**
 * The examples of the OpenAPI document: real answers of the demo league, recorded by
 * `npm run openapi:examples` (scripts/openapi-examples.ts) into docs/openapi-examples.json, and
 * replayed by test/http/openapi.test.ts against the document's schemas.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { PrismaClient } from '../../db/database.js';
import { GAMES_WRITE_SCOPE } from '../../domain/access.js';
import { newApiKey } from '../../domain/api-keys.js';
import { FORM_TYPE, JSON_TYPE, type ExampleIds, type FromIds, type RouteMethod } from '../shared/route-doc.js';
import type { DocumentedRoute } from './registry.js';

/**
 * One recorded request and its answer. `url` and `requestBody` are as declared: their placeholders
 * (`{sid}`, `{token}`, …: EXAMPLE_PLACEHOLDERS) stand for the secrets of the run that sent them.
 */
export interface RecordedExchange {
  /** Names the example in the document (`mode=list`). */
  name: string;
  method: RouteMethod;
  url: string;
  requestBody?: string;
  requestContentType?: string;
  /** A v3 call sent with no key (the 401 example); every other v3 call carries a federation key. */
  withoutKey?: boolean;
  /** A v3 call sent with a key of this club instead of a federation key (the 403 example). */
  keyClubId?: number;
  status: number;
  contentType: string;
  /** Parsed JSON, or the text (iCalendar), trimmed to a few rows. */
  body: unknown;
}

export interface RecordedRoute {
  examples: RecordedExchange[];
  errors: RecordedExchange[];
}

export interface RecordedExamples {
  /** How the demo league was built: seed, scale, the fixed "now". */
  league: { seed: number; scale: number; now: string };
  /** By operationId (the routes' `doc.id`). */
  routes: Record<string, RecordedRoute>;
}

// Three levels up from src/facades/openapi and from dist/facades/openapi alike.
export const EXAMPLES_FILE = fileURLToPath(new URL('../../../docs/openapi-examples.json', import.meta.url));

/** The recorded examples; none when the file is absent (the document then shows schemas only). */
export function loadExamples(file = EXAMPLES_FILE): RecordedExamples {
  if (!existsSync(file)) return { league: { seed: 0, scale: 0, now: '' }, routes: {} };
  return JSON.parse(readFileSync(file, 'utf8')) as RecordedExamples;
}

/** A request as recorded, without its answer. */
export type PlannedExchange = Omit<RecordedExchange, 'contentType' | 'body'>;

const resolve = <T>(value: FromIds<T>, ids: ExampleIds): T => (typeof value === 'function' ? (value as (ids: ExampleIds) => T)(ids) : value);

/** A route's declared examples as the requests to record: the answers first, then the errors, each in declaration order. */
export function plannedExchanges(
  route: { readonly method: RouteMethod; readonly examples: DocumentedRoute['examples'] },
  ids: ExampleIds,
): { examples: PlannedExchange[]; errors: PlannedExchange[] } {
  const planned = route.examples.map((example): PlannedExchange => {
    const body = example.body === undefined ? undefined : resolve(example.body, ids);
    const keyClubId = example.keyClubId === undefined ? undefined : resolve(example.keyClubId, ids);
    return {
      name: example.name,
      method: route.method,
      url: resolve(example.url, ids),
      ...(body === undefined ? {} : { requestBody: body, requestContentType: example.json ? JSON_TYPE : FORM_TYPE }),
      status: example.status,
      ...(example.withoutKey ? { withoutKey: true } : {}),
      ...(keyClubId === undefined ? {} : { keyClubId }),
    };
  });
  return { examples: planned.filter((exchange) => exchange.status === 200), errors: planned.filter((exchange) => exchange.status !== 200) };
}

/** One request in a line: what the recording and the declaration must agree on. */
function requestLine(exchange: PlannedExchange): string {
  const key = exchange.withoutKey ? ' without key' : exchange.keyClubId === undefined ? '' : ` with a key of club ${exchange.keyClubId}`;
  const body = exchange.requestBody === undefined ? '' : ` body ${exchange.requestBody} (${exchange.requestContentType})`;
  return `"${exchange.name}": ${exchange.status} ${exchange.method} ${exchange.url}${body}${key}`;
}

/**
 * What docs/openapi-examples.json lacks or records otherwise than the routes declare, one line per
 * route, naming it; empty when the recording is up to date. `ids` must be of the recorded league.
 */
export function outdatedRecordings(routes: readonly DocumentedRoute[], ids: ExampleIds, recorded: RecordedExamples): string[] {
  const problems: string[] = [];
  for (const route of routes) {
    const name = `${route.method} ${route.url} (${route.id})`;
    const got = recorded.routes[route.id];
    if (!got) {
      problems.push(`${name}: no examples recorded`);
      continue;
    }
    const planned = plannedExchanges(route, ids);
    const declaredLines = [...planned.examples, ...planned.errors].map(requestLine);
    const recordedLines = [...got.examples, ...got.errors].map(requestLine);
    if (JSON.stringify(declaredLines) !== JSON.stringify(recordedLines)) {
      const missing = declaredLines.filter((line) => !recordedLines.includes(line));
      const stale = recordedLines.filter((line) => !declaredLines.includes(line));
      const detail =
        missing.length || stale.length
          ? `not recorded: [${missing.join('; ')}], recorded but not declared: [${stale.join('; ')}]`
          : 'recorded in another order';
      problems.push(`${name}: ${detail}`);
    }
  }
  const declared = new Set(routes.map((route) => route.id));
  for (const id of Object.keys(recorded.routes)) if (!declared.has(id)) problems.push(`${id}: recorded, but no route declares it`);
  return problems;
}

/** The license ids a team may line up for a game, as the lineup interface lists them (for `exampleIds`). */
export function lineupCandidatesOf(app: FastifyInstance, federationKey: string) {
  return async (gameId: number, teamId: number): Promise<number[]> => {
    const response = await app.inject({
      url: `/api/v3/games/${gameId}/teams/${teamId}/lineup_candidates`,
      headers: { authorization: `Bearer ${federationKey}` },
    });
    if (response.statusCode !== 200)
      throw new Error(`lineup candidates of team ${teamId} in game ${gameId}: ${response.statusCode} ${response.body.slice(0, 200)}`);
    return (response.json() as { data: { id: string }[] }).data.map((member) => Number(member.id));
  };
}

/**
 * What an example's URL, body (or a snapshot probe's header) may name instead of a secret of the
 * run that sends it (route-doc.ts, ExampleRequest); the recording keeps the placeholder.
 */
export const EXAMPLE_PLACEHOLDERS = ['{sid}', '{token}', '{event_token}', '{api_key}', '{secret}', '{anlass_id}', '{password}'] as const;
type Placeholder = (typeof EXAMPLE_PLACEHOLDERS)[number];

/** The secrets the placeholders stand for in one run (the recording, the OpenAPI test, the wire snapshot). */
export interface ExampleSecrets {
  /** A favorites session; empty until one is made (the snapshot makes it with its first add_favorite). */
  sid: string;
  /** The reporting key: a federation key with games:write, logged in as a partner (`api_key` is its prefix). */
  partner: { apiKey: string; secret: string };
  /** The event key (an anlass): reports `ids.games` but the finished game, so that it may be refused one. */
  event: { id: number; password: string };
}

/** Creates the run's back-office keys on the demo league (before the app serves: no request needs them earlier). */
export async function createExampleSecrets(prisma: PrismaClient, ids: ExampleIds, now: Date): Promise<ExampleSecrets> {
  const eventGames = ids.games.filter((game) => game !== ids.finished);
  if (eventGames.length === 0) throw new Error('the demo league has no game but the finished one for the example event key');
  const partner = newApiKey();
  await prisma.apiKey.create({
    data: { name: 'examples: reporting key', prefix: partner.prefix, hash: partner.hash, clubId: null, scopes: [GAMES_WRITE_SCOPE], createdAt: now },
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
  return { sid: '', partner: { apiKey: partner.prefix, secret: partner.key }, event: { id: created.id, password: event.key } };
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
