/**
 * The federation's documentation pages of each resource (`/api/games/doc`, `/api/v3/games/teams/doc`,
 * `/bo/games/doc`, `/api/v3/resources/team/doc`) and of each interface (`/api/doc/table/overview`,
 * `/api/v3/doc`, `/api/doc/business/overview`), generated from what the service knows: the
 * routes each interface registered (which resources there are), the OpenAPI document (each
 * operation's summary, description, parameters and answers) and the envelope schemas
 * (src/facades/openapi/envelopes.ts: the lineup interface's resource objects).
 *
 * A resource is a path's fixed segments after the interface's prefix, and every shorter run of
 * them: `/api/v3/games/:game_id/teams/:id/lineup` documents `games`, `games/teams` and
 * `games/teams/lineup`. Its page lists every operation under it. Each interface registers its pages
 * after its routes (its `index.ts`), so that a resource added there has its page with no edit here;
 * the pages are static routes, which fastify matches before a parameter (`/api/games/doc` before
 * `/api/games/:game_id`). They are served under `/api` (not at the root), public and long-cacheable
 * like the answer-type pages (docs/decisions.md).
 */
import type { FastifyInstance } from 'fastify';
import { declareInterface } from '../../http/interfaces.js';
import { MAIN_INTERFACE } from '../rest/interface.js';
import { DOC_PAGES_PATH, DOCS_PATH, documentableRoutesOf } from './registry.js';
import {
  deepLink,
  type DocumentForPages,
  footer,
  html,
  type Operation,
  page,
  pageServer,
  prose,
  referencedFrom,
  section,
  subtypesOf,
  typeOf,
} from './doc-pages.js';
import { ENVELOPE_SCHEMAS, type JsonSchema } from './envelopes.js';

/** An interface whose resources have pages: where its paths are, what it is called, where its index page is. */
export interface DocumentedInterface {
  readonly prefix: string;
  readonly title: string;
  readonly description: string;
  /** The page that lists its resources, at the federation's URL. */
  readonly indexPath: string;
  /** Prefixes under `prefix` that are another interface's. */
  readonly excludes?: readonly string[];
  /** Whether its envelope schemas are JSON:API resource objects with pages of their own (`/api/v3/resources/<type>/doc`). */
  readonly resourceObjects?: boolean;
}

export const MAIN_DOCS: DocumentedInterface = {
  prefix: '/api',
  title: 'Main interface',
  description:
    "Public league data as the federation's tables, attribute lists, multi tables and dropdowns, localized with `locale`. Also served without the `/api` prefix for deployed clients.",
  indexPath: `${DOC_PAGES_PATH}/table/overview`,
  excludes: ['/api/v3'],
};

export const LINEUP_DOCS: DocumentedInterface = {
  prefix: '/api/v3',
  title: 'Lineup interface (v3)',
  description:
    'JSON:API documents about games, teams and lineups; every call needs a key (`Authorization: Bearer <key>`, `X-Api-Key` or the `auth_token` parameter).',
  indexPath: '/api/v3/doc',
  resourceObjects: true,
};

export const BACK_OFFICE_DOCS: DocumentedInterface = {
  prefix: '/bo',
  title: 'Back office',
  description:
    'Reporting games: log in for an `auth_token` (`/bo/session`), then read and write the games it may report. Answers are `{status: {code, msg}, payload}`.',
  indexPath: `${DOC_PAGES_PATH}/business/overview`,
};

const PARAMETER = /^(:|\{)/;

/** The fixed segments of `path` after the interface's prefix, or undefined when it is not the interface's. */
function fixedSegments(path: string, docs: DocumentedInterface): string[] | undefined {
  if (!path.startsWith(`${docs.prefix}/`) || docs.excludes?.some((excluded) => path === excluded || path.startsWith(`${excluded}/`))) return undefined;
  return path
    .slice(docs.prefix.length + 1)
    .split('/')
    .filter((segment) => segment !== '' && !PARAMETER.test(segment));
}

/** The resources of the interface's paths: each path's fixed segments and every shorter run of them, in the order first met. */
export function resourcesOf(paths: readonly string[], docs: DocumentedInterface): string[] {
  const found = new Set<string>();
  for (const path of paths) {
    const segments = fixedSegments(path, docs) ?? [];
    for (let length = 1; length <= segments.length; length += 1) found.add(segments.slice(0, length).join('/'));
  }
  return [...found];
}

/** Whether `path` (OpenAPI form) is under `resource`. */
function isUnder(path: string, resource: string, docs: DocumentedInterface): boolean {
  const segments = fixedSegments(path, docs);
  const wanted = resource.split('/');
  return segments !== undefined && wanted.every((segment, index) => segments[index] === segment);
}

const METHODS = ['get', 'post', 'put', 'delete'] as const;

interface Listed {
  method: string;
  path: string;
  operation: Operation;
}

function operationsUnder(document: DocumentForPages, docs: DocumentedInterface, resource?: string): Listed[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    (resource === undefined ? fixedSegments(path, docs) !== undefined : isUnder(path, resource, docs))
      ? METHODS.flatMap((method) => (item[method] ? [{ method: method.toUpperCase(), path, operation: item[method] }] : []))
      : [],
  );
}

const resourcePath = (docs: DocumentedInterface, resource: string) => `${docs.prefix}/${resource}/doc`;
export const resourceObjectPath = (type: string) => `/api/v3/resources/${type}/doc`;

/** What an answer is, in words: its answer types (linked to their pages), or its schema. */
function answerOf(operation: Operation, document: DocumentForPages, base: string): string {
  const components = document.components?.schemas ?? {};
  const answers = Object.entries(operation.responses ?? {})
    .filter(([status]) => status.startsWith('2'))
    .flatMap(([status, response]) =>
      Object.entries(response.content ?? {}).map(([type, media]) => {
        const subtypes = subtypesOf(media.schema, components);
        const what = subtypes.length
          ? subtypes.map((subtype) => `<a href="${html(base)}${DOC_PAGES_PATH}/${html(subtype)}"><code>${html(subtype)}</code></a>`).join(' or ')
          : media.schema
            ? linkedType(media.schema, base)
            : html(response.description ?? '');
        return `${html(status)} <code>${html(type)}</code>: ${what}`;
      }),
    );
  return answers.join('<br>');
}

/** A schema's type with its named schemas linked to their sections of the schemas page. */
function linkedType(schema: JsonSchema, base: string): string {
  return typeOf(schema).replace(/<a href="#([^"]+)">/g, (_match, name: string) => `<a href="${html(base)}${DOC_PAGES_PATH}/json_schemas#${name}">`);
}

function parametersTable(operation: Operation): string {
  const parameters = operation.parameters ?? [];
  if (!parameters.length) return '';
  const rows = parameters.map(
    (parameter) =>
      `<tr><td><code>${html(parameter.name)}</code></td><td>${html(parameter.in)}</td><td>${parameter.schema ? typeOf(parameter.schema) : ''}</td><td>${parameter.required ? 'required' : 'optional'}</td><td>${prose(parameter.description ?? (typeof parameter.schema?.description === 'string' ? parameter.schema.description : ''))}</td></tr>`,
  );
  return `<table><thead><tr><th>parameter</th><th>in</th><th>type</th><th></th><th>description</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

function operationSection({ method, path, operation }: Listed, document: DocumentForPages, base: string): string {
  const { operationId, tags = [] } = operation;
  const swagger = `${base}${DOCS_PATH}${operationId && tags[0] ? deepLink(tags[0], operationId) : ''}`;
  const errors = Object.keys(operation.responses ?? {}).filter((status) => !status.startsWith('2'));
  return (
    `<section id="${html(operationId ?? `${method} ${path}`)}"><h3><code>${html(method)} ${html(path)}</code>${operation.deprecated ? ' (deprecated)' : ''}</h3>` +
    `<p>${prose(operation.summary ?? '')}</p>${operation.description ? `<p>${prose(operation.description)}</p>` : ''}` +
    parametersTable(operation) +
    `<p>Answers ${answerOf(operation, document, base) || 'as documented'}${errors.length ? `; errors: ${errors.map(html).join(', ')}` : ''}. ` +
    `<a href="${html(swagger)}">Examples and a try-out in Swagger UI</a>.</p></section>`
  );
}

/** The page of one resource: its operations, the resources below it, the interface's index. */
export function resourcePage(document: DocumentForPages, docs: DocumentedInterface, resource: string, resources: readonly string[], base: string): string {
  const operations = operationsUnder(document, docs, resource);
  const below = resources.filter((other) => other.startsWith(`${resource}/`));
  const list = below.length
    ? `<p>Below it: ${below.map((other) => `<a href="${html(base)}${html(resourcePath(docs, other))}"><code>${html(docs.prefix)}/${html(other)}</code></a>`).join(', ')}.</p>`
    : '';
  const body = operations.length
    ? operations.map((listed) => operationSection(listed, document, base)).join('')
    : '<p>No operation is documented under it.</p>';
  return page(
    `${docs.prefix}/${resource}`,
    document,
    `<h1><code>${html(docs.prefix)}/${html(resource)}</code></h1><p>${html(docs.title)}: <a href="${html(base)}${html(docs.indexPath)}">every resource</a>.</p>${list}<h2>Operations</h2>${body}${footer(base)}`,
  );
}

/** The lineup interface's resource objects: the envelope schemas whose `type` is one fixed name (`team`, `lineup`, …), by that name. */
export function resourceObjects(): Map<string, string> {
  const found = new Map<string, string>();
  for (const [name, schema] of Object.entries(ENVELOPE_SCHEMAS)) {
    if (!name.startsWith('V3')) continue;
    const type = ((schema.properties as Record<string, JsonSchema> | undefined)?.type as JsonSchema | undefined)?.const;
    if (typeof type === 'string' && !found.has(type)) found.set(type, name);
  }
  return found;
}

/** A resource object's page: its schema and every schema it refers to, and the operations that answer with it. */
export function resourceObjectPage(document: DocumentForPages, type: string, schemaName: string, base: string): string {
  const components = document.components?.schemas ?? {};
  const schema = components[schemaName] ?? ENVELOPE_SCHEMAS[schemaName];
  const sections = [section(schemaName, schema), ...referencedFrom(schema, components).map((name) => section(name, components[name]))];
  const answering = operationsUnder(document, LINEUP_DOCS).filter(({ operation }) =>
    Object.values(operation.responses ?? {}).some((response) =>
      Object.values(response.content ?? {}).some((media) => media.schema && referencedFrom(media.schema, components).includes(schemaName)),
    ),
  );
  const list = answering.length
    ? `<ul>${answering.map(({ method, path, operation }) => `<li><code>${html(method)} ${html(path)}</code> ${prose(operation.summary ?? '')}</li>`).join('')}</ul>`
    : '<p>No operation answers with it.</p>';
  return page(
    `${type} resource`,
    document,
    `<h1>The <code>${html(type)}</code> resource object</h1><p>A <a href="https://jsonapi.org/format/#document-resource-objects">JSON:API resource object</a> of the lineup interface: <code>{"type": "${html(type)}", "id": "…", "attributes": {…}}</code>. <a href="${html(base)}${html(LINEUP_DOCS.indexPath)}">Every resource</a>.</p>` +
      `<h2>Operations that answer with it</h2>${list}<h2>Fields</h2>${sections.join('')}${footer(base)}`,
  );
}

/** An interface's index: its resources, each with its operations' count, and its resource objects. */
export function interfaceIndexPage(document: DocumentForPages, docs: DocumentedInterface, resources: readonly string[], base: string): string {
  const items = resources.map((resource) => {
    const count = operationsUnder(document, docs, resource).length;
    return `<li><a href="${html(base)}${html(resourcePath(docs, resource))}"><code>${html(docs.prefix)}/${html(resource)}</code></a> (${count} operations)</li>`;
  });
  const objects = docs.resourceObjects
    ? `<h2>Resource objects</h2><ul>${[...resourceObjects().keys()].map((type) => `<li><a href="${html(base)}${html(resourceObjectPath(type))}"><code>${html(type)}</code></a></li>`).join('')}</ul>`
    : '';
  const answerTypes =
    docs === MAIN_DOCS
      ? `<h2>Answer types</h2><ul>${['table', 'attribute_list', 'multi', 'dropdown'].map((subtype) => `<li><a href="${html(base)}${DOC_PAGES_PATH}/table/${subtype}"><code>${subtype}</code></a></li>`).join('')}</ul><p>The conventions of the field descriptions: <a href="${html(base)}${DOC_PAGES_PATH}/json_schemas">every schema</a>.</p>`
      : '';
  return page(
    docs.title,
    document,
    `<h1>${html(docs.title)} (<code>${html(docs.prefix)}</code>)</h1><p>${prose(docs.description)}</p><h2>Resources</h2><ul>${items.join('')}</ul>${objects}${answerTypes}` +
      `<p>The other interfaces: ${[MAIN_DOCS, LINEUP_DOCS, BACK_OFFICE_DOCS]
        .filter((other) => other !== docs)
        .map((other) => `<a href="${html(base)}${html(other.indexPath)}">${html(other.title)}</a>`)
        .join(', ')}.</p>${footer(base)}`,
  );
}

/**
 * Serves the index and the resource pages of `docs` on `app`, for the routes registered so far: call
 * it once the interface's routes are registered. The pages read the document on their first request.
 */
export async function registerResourceDocPages(
  app: FastifyInstance,
  docs: DocumentedInterface,
  options: { publicBaseUrl: string; document?: () => DocumentForPages },
): Promise<void> {
  const routes = documentableRoutesOf(app).map((route) => route.url);
  const resources = resourcesOf(routes, docs);
  const base = options.publicBaseUrl.replace(/\/+$/, '');
  const documentOf = options.document ?? (() => app.swagger() as unknown as DocumentForPages);
  await app.register(async (pages) => {
    // Public pages of the main interface's kind, whichever interface they describe: no key, the reads' CORS, not in the document.
    declareInterface(pages, { ...MAIN_INTERFACE, documented: undefined, sharing: undefined });
    const serve = pageServer();
    pages.get(
      docs.indexPath,
      serve(docs.indexPath, () => interfaceIndexPage(documentOf(), docs, resources, base)),
    );
    for (const resource of resources) {
      const path = resourcePath(docs, resource);
      pages.get(
        path,
        serve(path, () => resourcePage(documentOf(), docs, resource, resources, base)),
      );
    }
    if (docs.resourceObjects) {
      for (const [type, schemaName] of resourceObjects()) {
        const path = resourceObjectPath(type);
        pages.get(
          path,
          serve(path, () => resourceObjectPage(documentOf(), type, schemaName, base)),
        );
      }
    }
  });
}
