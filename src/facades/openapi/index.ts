import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { declareInterface } from '../../http/interfaces.js';
import { MAIN_INTERFACE } from '../rest/interface.js';
import { TAGS } from '../shared/route-doc.js';
import { docPageRoutes, type DocumentForPages } from './doc-pages.js';
import { completeDocument, routeTransform, type OpenApiObject } from './document.js';
import { loadExamples, type RecordedExamples } from './examples.js';
import { collectRoutes, DOCS_PATH, documentedRoutesOf, OPENAPI_JSON_PATH } from './registry.js';

export { documentableRoutesOf, documentedRoutesOf, snapshotSourcesOf, type DeclaredRoute, type DocumentedRoute, type SnapshotSource } from './registry.js';
export { BACK_OFFICE_DOCS, LINEUP_DOCS, MAIN_DOCS, registerResourceDocPages } from './resource-pages.js';

const { version } = createRequire(import.meta.url)('../../../package.json') as { version: string };

/** CHANGELOG.md beside package.json (as from src/ so from dist/), for /api/doc/changes; undefined where it is not shipped. */
function readChangelog(): string | undefined {
  try {
    return readFileSync(new URL('../../../CHANGELOG.md', import.meta.url), 'utf8');
  } catch {
    return undefined;
  }
}

export interface OpenApiOptions {
  /** PUBLIC_BASE_URL: the document's server. */
  publicBaseUrl: string;
  /** SPONSOR_PATH: the top-scorer routes declare their own URLs with it; kept for the callers. */
  sponsorPath: string;
}

function description({ league }: RecordedExamples): string {
  return [
    'The main JSON interface (`/api`), the keyed lineup interface (`/api/v3`, JSON:API) and the back office for reporting games (`/bo`).',
    'Every query string of `/api` takes `locale` (`de`, `fr`, `it`, `en`; `de-CH`/`de_CH` alike); unknown parameters are ignored.',
    'Errors of the main interface carry `type: "Error"`, `message` and `data: {message, code}`; those of `/api/v3` are JSON:API error documents; those of `/bo` are `{status: {code, msg}, payload: null}`.',
    'The main interface is also served without the `/api` prefix for deployed clients; only the `/api` paths are listed here.',
    `Examples are real answers of the demo league (seed ${league.seed}, scale ${league.scale}, at ${league.now}), trimmed to a few rows. Secrets of the run that recorded them are shown as placeholders: \`{token}\` (an auth_token), \`{event_token}\` (an event's), \`{api_key}\`/\`{secret}\` and \`{anlass_id}\`/\`{password}\` (the logins' credentials), \`{sid}\` (a favorites session). The back office's writes (status changes, events, lineups, corrections) show their errors only.`,
  ].join('\n\n');
}

/**
 * The OpenAPI document at /api/openapi.json and its browsable page at /api/docs. Call on the app
 * before the interfaces register: @fastify/swagger documents the routes added after it.
 */
export async function registerOpenApi(app: FastifyInstance, options: OpenApiOptions): Promise<void> {
  const examples = loadExamples();
  // Every route registered from now on, with the doc it declares: the document is built from them.
  collectRoutes(app);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Floorball league data service', version, description: description(examples) },
      servers: [{ url: options.publicBaseUrl }],
      tags: TAGS.map((tag) => ({ ...tag })),
    },
    // The server's URL names the host only; paths keep their /api.
    stripBasePath: false,
    transform: routeTransform(),
    transformObject: (document) => {
      if (!('openapiObject' in document)) return document.swaggerObject;
      // Built on the first request, when every route is registered.
      completeDocument(document.openapiObject as unknown as OpenApiObject, documentedRoutesOf(app), examples);
      return document.openapiObject;
    },
  });
  await app.register(async (docs) => {
    // The document's pages are the main interface's, under whose prefix they are, but not part of the document.
    declareInterface(docs, { ...MAIN_INTERFACE, documented: undefined, sharing: undefined });
    // Built once, on the first request (the routes are all known by then).
    let body: string | undefined;
    docs.get(OPENAPI_JSON_PATH, (_request, reply) => reply.type('application/json; charset=utf-8').send((body ??= JSON.stringify(app.swagger()))));
    await docs.register(swaggerUi, { routePrefix: DOCS_PATH, uiConfig: { docExpansion: 'list', deepLinking: true, defaultModelsExpandDepth: 0 } });
    // What an answer's `doc` field links to: a page per table subtype, generated from the document.
    docPageRoutes(docs, { publicBaseUrl: options.publicBaseUrl, document: () => app.swagger() as unknown as DocumentForPages, changelog: readChangelog });
  });
}
