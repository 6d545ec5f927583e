/**
 * The OpenAPI examples as requests and as recordings: a route's declared examples resolved on the
 * demo league (`plannedExchanges`), sent and recorded with their trimmed answers (`recordExamples`:
 * `npm run openapi:examples` writes them into docs/openapi-examples.json, and
 * test/http/openapi.test.ts records them again to compare), and what a recording lacks or shows
 * otherwise than the routes declare and answer (`outdatedRecordings`).
 */
import type { FastifyInstance } from 'fastify';
import type { PrismaClient } from '../../src/db/database.js';
import { newApiKey } from '../../src/domain/api-keys.js';
import type { RecordedExamples, RecordedExchange, RecordedRoute } from '../../src/facades/openapi/examples.js';
import type { DocumentedRoute } from '../../src/facades/openapi/registry.js';
import { FORM_TYPE, JSON_TYPE, TAGS, type ExampleIds, type FromIds, type RouteMethod } from '../../src/facades/shared/route-doc.js';
import { type ExampleSecrets, SESSION_TOKEN, withSecrets } from './secrets.js';
import { trimmed } from './trim.js';

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

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const shown = (value: unknown) => (value === undefined ? 'absent' : JSON.stringify(value).slice(0, 120));

/** Where a recorded answer and the answer now first differ: the path into the JSON (`data.regions[0].rows[1]`) and both values; undefined when alike. */
function difference(recorded: unknown, now: unknown, path = ''): string | undefined {
  if (JSON.stringify(recorded) === JSON.stringify(now)) return undefined;
  const at = path || 'the body';
  if (Array.isArray(recorded) && Array.isArray(now)) {
    for (let index = 0; index < Math.min(recorded.length, now.length); index += 1) {
      const found = difference(recorded[index], now[index], `${path}[${index}]`);
      if (found) return found;
    }
    return `${at} has ${now.length} items, recorded ${recorded.length}`;
  }
  if (isObject(recorded) && isObject(now)) {
    for (const key of new Set([...Object.keys(recorded), ...Object.keys(now)])) {
      const found = difference(recorded[key], now[key], path ? `${path}.${key}` : key);
      if (found) return found;
    }
    return `${at} has its fields in another order`;
  }
  return `${at} is ${shown(now)}, recorded ${shown(recorded)}`;
}

/** How each recorded answer of a route differs from its answer now (recorded alike, `recordExamples`); empty when none does. */
function changedAnswers(recorded: RecordedRoute, now: RecordedRoute): string[] {
  const answersNow = [...now.examples, ...now.errors];
  return [...recorded.examples, ...recorded.errors].flatMap((exchange, index) => {
    const answer = answersNow[index];
    const what =
      answer === undefined
        ? 'not sent now'
        : answer.status !== exchange.status
          ? `status ${answer.status}, recorded ${exchange.status}`
          : answer.contentType !== exchange.contentType
            ? `content type ${answer.contentType}, recorded ${exchange.contentType}`
            : difference(exchange.body, answer.body);
    return what === undefined ? [] : [`the answer to "${exchange.name}" changed: ${what}`];
  });
}

/**
 * What docs/openapi-examples.json lacks or records otherwise than the routes declare, one line per
 * route, naming it; empty when the recording is up to date. `ids` must be of the recorded league.
 * With `answered`, the routes' examples recorded again on that league (`recordExamples`), a route
 * whose requests are as recorded is also named when an answer is not: the recording is stale.
 */
export function outdatedRecordings(
  routes: readonly DocumentedRoute[],
  ids: ExampleIds,
  recorded: RecordedExamples,
  answered?: RecordedExamples['routes'],
): string[] {
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
      continue;
    }
    const now = answered?.[route.id];
    const changed = now ? changedAnswers(got, now) : [];
    if (changed.length) problems.push(`${name}: ${changed.join('; ')}`);
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

/** The run's API keys for the lineup interface, by club (null: the federation's), each made when first asked for. */
export function exampleKeys(prisma: PrismaClient, now: Date): (clubId: number | null) => Promise<string> {
  const keys = new Map<number | null, string>();
  return async (clubId) => {
    const known = keys.get(clubId);
    if (known !== undefined) return known;
    const { key, prefix, hash } = newApiKey();
    await prisma.apiKey.create({ data: { name: `openapi examples ${clubId ?? 'federation'}`, prefix, hash, clubId, createdAt: now } });
    keys.set(clubId, key);
    return key;
  };
}

const favorite = (value: Record<string, unknown>) => `favorites[]=${encodeURIComponent(JSON.stringify(value))}`;

/** The run's favorites session (`{sid}`): the sampled team, its group's league and its club. */
export async function exampleSession(app: FastifyInstance, ids: ExampleIds): Promise<string> {
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
  if (session.statusCode !== 200) throw new Error(`example session: ${session.statusCode} ${session.body.slice(0, 200)}`);
  return (session.json() as { data: string }).data;
}

/** Sends one example as it is recorded: a v3 call with its key, the run's secrets filled in. */
export async function sendExample(app: FastifyInstance, exchange: PlannedExchange, secrets: ExampleSecrets, keyOf: (clubId: number | null) => Promise<string>) {
  const headers: Record<string, string> = { 'x-request-id': 'example' };
  if (exchange.url.startsWith('/api/v3/') && !exchange.withoutKey) headers.authorization = `Bearer ${await keyOf(exchange.keyClubId ?? null)}`;
  if (exchange.requestContentType) headers['content-type'] = exchange.requestContentType;
  const sent = await withSecrets(app, { url: exchange.url, body: exchange.requestBody, headers }, secrets);
  return app.inject({
    method: exchange.method,
    url: sent.url,
    headers: sent.headers,
    ...(sent.body === undefined ? {} : { payload: sent.body }),
  });
}

/** One example with its answer as the file shows it: secrets of the run as placeholders, trimmed. */
async function recordExchange(
  app: FastifyInstance,
  exchange: PlannedExchange,
  secrets: ExampleSecrets,
  keyOf: (clubId: number | null) => Promise<string>,
): Promise<RecordedExchange> {
  const response = await sendExample(app, exchange, secrets, keyOf);
  const contentType = String(response.headers['content-type'] ?? '');
  // Session ids and tokens are random: the file shows the placeholders, so that recording twice gives the same file.
  const text = response.body.replaceAll(secrets.sid, '{sid}').replace(SESSION_TOKEN, '{token}');
  const body = /json/.test(contentType) ? (JSON.parse(text) as unknown) : text;
  const stable = isObject(body) && body.type === 'session' ? { ...body, data: '{sid}' } : body;
  return { ...exchange, status: response.statusCode, contentType, body: trimmed(stable) };
}

/**
 * The routes' examples sent in order and recorded, and the answers whose status is not the
 * declared one (`unexpected`). Examples may change what later ones read (a session's favorites):
 * recorded again, they are sent in the recording's order (`recordingOrder`).
 */
export async function recordExamples(
  app: FastifyInstance,
  routes: readonly DocumentedRoute[],
  ids: ExampleIds,
  secrets: ExampleSecrets,
  keyOf: (clubId: number | null) => Promise<string>,
): Promise<{ routes: RecordedExamples['routes']; unexpected: string[] }> {
  const recorded: RecordedExamples['routes'] = {};
  const unexpected: string[] = [];
  for (const route of routes) {
    const planned = plannedExchanges(route, ids);
    const record = async (exchange: PlannedExchange) => {
      const answer = await recordExchange(app, exchange, secrets, keyOf);
      if (answer.status !== exchange.status)
        unexpected.push(`${exchange.method} ${exchange.url}: ${answer.status} instead of ${exchange.status}: ${JSON.stringify(answer.body).slice(0, 200)}`);
      return answer;
    };
    const examples: RecordedExchange[] = [];
    for (const exchange of planned.examples) examples.push(await record(exchange));
    const errors: RecordedExchange[] = [];
    for (const exchange of planned.errors) errors.push(await record(exchange));
    recorded[route.id] = { examples, errors };
  }
  return { routes: recorded, unexpected };
}

/**
 * The routes in the order a recording has them (`before`: its route ids), so that recording again
 * moves nothing; routes it lacks after them, grouped as the document's tags, each group in the
 * order the routes are registered.
 */
export function recordingOrder(routes: readonly DocumentedRoute[], before: readonly string[]): DocumentedRoute[] {
  const rank = (route: DocumentedRoute) => [
    before.includes(route.id) ? before.indexOf(route.id) : before.length,
    TAGS.findIndex((tag) => tag.name === route.tag),
  ];
  return [...routes].sort((a, b) => rank(a)[0] - rank(b)[0] || rank(a)[1] - rank(b)[1]);
}
