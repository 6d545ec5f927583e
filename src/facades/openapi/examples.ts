/**
 * The examples of the OpenAPI document: real answers of the demo league, recorded by
 * `npm run openapi:examples` (scripts/openapi-examples.ts, with the example tooling of
 * scripts/examples/) into docs/openapi-examples.json, which the document shows. Only reading the
 * file is the service's; recording it, and comparing it with the routes' answers
 * (test/http/openapi.test.ts), is the tooling's.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { RouteMethod } from '../shared/route-doc.js';

/**
 * One recorded request and its answer. `url` and `requestBody` are as declared: their placeholders
 * (`{sid}`, `{token}`, …: EXAMPLE_PLACEHOLDERS in scripts/examples/secrets.ts) stand for the
 * secrets of the run that sent them.
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
