/**
 * The examples of the OpenAPI document: real answers of the demo league, recorded by
 * `npm run openapi:examples` (scripts/openapi-examples.ts) into docs/openapi-examples.json, and
 * replayed by test/http/openapi.test.ts against the document's schemas.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

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
  /** By operationId (registry.ts). */
  routes: Record<string, RecordedRoute>;
}

// Three levels up from src/facades/openapi and from dist/facades/openapi alike.
export const EXAMPLES_FILE = fileURLToPath(new URL('../../../docs/openapi-examples.json', import.meta.url));

/** The recorded examples; none when the file is absent (the document then shows schemas only). */
export function loadExamples(file = EXAMPLES_FILE): RecordedExamples {
  if (!existsSync(file)) return { league: { seed: 0, scale: 0, now: '' }, routes: {} };
  return JSON.parse(readFileSync(file, 'utf8')) as RecordedExamples;
}
