/**
 * The examples of the OpenAPI document: real answers of the demo league, recorded by
 * `npm run openapi:examples` (scripts/openapi-examples.ts) into docs/openapi-examples.json, and
 * replayed by test/http/openapi.test.ts against the document's schemas.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { FORM_TYPE, type ExampleIds, type FromIds } from '../shared/route-doc.js';
import type { DocumentedRoute } from './registry.js';

/** One recorded request and its answer. `{sid}` in `url`/`requestBody` stands for a session id made just before. */
export interface RecordedExchange {
  /** Names the example in the document (`mode=list`). */
  name: string;
  method: 'GET' | 'POST';
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
  route: Pick<DocumentedRoute, 'method' | 'examples'>,
  ids: ExampleIds,
): { examples: PlannedExchange[]; errors: PlannedExchange[] } {
  const planned = route.examples.map((example): PlannedExchange => {
    const body = example.body === undefined ? undefined : resolve(example.body, ids);
    const keyClubId = example.keyClubId === undefined ? undefined : resolve(example.keyClubId, ids);
    return {
      name: example.name,
      method: route.method,
      url: resolve(example.url, ids),
      ...(body === undefined ? {} : { requestBody: body, requestContentType: FORM_TYPE }),
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
