/**
 * The pages every table and attribute list links to in its `doc` field (`<base>/api/doc/table`,
 * src/facades/shared/table.ts): one HTML page per subtype, generated from the OpenAPI document
 * itself: the envelope's schema with every schema it refers to (fields, types, whether required,
 * descriptions), and the operations that answer with it, each linked to its place in Swagger UI
 * (/api/docs). `/api/doc` lists the pages. Built once, on the first request (the document is
 * complete only then), and served public and long-cacheable with an ETag: they change only with
 * the service's version. Why pages and not a redirect: docs/decisions.md.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { entityTagOf, notModified } from '../../http/entity-tags.js';
import { notFound } from '../shared/errors.js';
import type { TableEnvelope } from '../shared/wire.js';
import type { JsonSchema } from './envelopes.js';
import { DOC_PAGES_PATH, DOCS_PATH, OPENAPI_JSON_PATH } from './registry.js';

/** Every subtype a `doc` field names, and what its page says first; a subtype added to the wire type without a page does not compile. */
const SUBTYPES: Readonly<Record<TableEnvelope['subtype'], string>> = {
  table:
    'A table: column headers, then rows of cells grouped in regions, with tabs and a slider (previous and next page) that reload the table with other parameters.',
  attribute_list: 'An attribute list: the details of one record (a game, a team, a player) as one row whose cells match the headers, one attribute each.',
  multi: "A multi table: one region whose every row holds, under `table`, a whole table or attribute list to render as such (the row's `cells` are empty).",
};

export const DOC_SUBTYPES = Object.keys(SUBTYPES) as TableEnvelope['subtype'][];

/** The envelope schema (components.schemas) the pages describe. */
const ENVELOPE = 'Table';
/** The dropdown answer's schema. */
const DROPDOWN = 'Dropdown';

/** Public, and kept an hour: the pages change only when the service (its document) does. */
export const DOC_PAGES_CACHE_CONTROL = 'public, max-age=3600';

type Schema = JsonSchema;

export interface Parameter {
  in: string;
  name: string;
  required?: boolean;
  description?: string;
  schema?: Schema;
}

export interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  tags?: string[];
  deprecated?: boolean;
  parameters?: Parameter[];
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: Schema }> }>;
}

/** The part of the built document the pages read. */
export interface DocumentForPages {
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}

const REF_PREFIX = '#/components/schemas/';

export const html = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** `code` spans of the document's descriptions as HTML. */
export const prose = (text: string) => html(text).replace(/`([^`]+)`/g, '<code>$1</code>');

export const refName = (schema: Schema): string | undefined =>
  typeof schema.$ref === 'string' && schema.$ref.startsWith(REF_PREFIX) ? schema.$ref.slice(REF_PREFIX.length) : undefined;

const isSchema = (value: unknown): value is Schema => typeof value === 'object' && value !== null && !Array.isArray(value);
const schemasIn = (value: unknown): Schema[] => (Array.isArray(value) ? value.filter(isSchema) : []);

/** The subtypes an operation's answer may have: `Table` is either, `allOf: [Table, {subtype: const}]` one of them. */
export function subtypesOf(schema: Schema | undefined, components: Record<string, Schema>): string[] {
  if (!schema) return [];
  const name = refName(schema);
  if (name === ENVELOPE) return enumOf((components[ENVELOPE]?.properties as Record<string, Schema> | undefined)?.subtype);
  if (schema.allOf) {
    const parts = schemasIn(schema.allOf);
    if (!parts.some((part) => refName(part) === ENVELOPE)) return [];
    const narrowed = parts.flatMap((part) => enumOf((part.properties as Record<string, Schema> | undefined)?.subtype));
    return narrowed.length ? narrowed : subtypesOf({ $ref: `${REF_PREFIX}${ENVELOPE}` }, components);
  }
  return [...new Set([...schemasIn(schema.oneOf), ...schemasIn(schema.anyOf)].flatMap((part) => subtypesOf(part, components)))];
}

function enumOf(schema: Schema | undefined): string[] {
  if (!schema) return [];
  if (schema.const !== undefined) return [String(schema.const)];
  return Array.isArray(schema.enum) ? schema.enum.map(String) : [];
}

/** A schema's type in words, its references linked to their sections. */
export function typeOf(schema: Schema): string {
  const name = refName(schema);
  if (name) return `<a href="#${html(name)}">${html(name)}</a>`;
  if (schema.const !== undefined) return `<code>${html(JSON.stringify(schema.const))}</code>`;
  if (Array.isArray(schema.enum)) return `one of ${schema.enum.map((value) => `<code>${html(JSON.stringify(value))}</code>`).join(', ')}`;
  for (const keyword of ['oneOf', 'anyOf'] as const) {
    const parts = schemasIn(schema[keyword]);
    if (parts.length) return parts.map(typeOf).join(' or ');
  }
  const allOf = schemasIn(schema.allOf);
  if (allOf.length) return allOf.map(typeOf).join(' with ');
  const types = [schema.type].flat().filter((type): type is string => typeof type === 'string');
  if (types.includes('array') && isSchema(schema.items)) {
    const items = typeOf(schema.items);
    return items.includes(' or ') ? `array of (${items})` : `array of ${items}`;
  }
  if (types.length) return types.map((type) => (type === 'null' ? 'null' : html(type))).join(' or ');
  return 'any value';
}

/** What a field's schema adds beyond its type: its description, pattern, bounds. */
function notesOf(schema: Schema): string {
  const notes: string[] = [];
  if (typeof schema.description === 'string') notes.push(prose(schema.description));
  if (typeof schema.pattern === 'string') notes.push(`Matches <code>${html(schema.pattern)}</code>.`);
  if (typeof schema.minimum === 'number' || typeof schema.maximum === 'number') notes.push(`From ${schema.minimum ?? '…'} to ${schema.maximum ?? '…'}.`);
  if (schema.additionalProperties === false) notes.push('No other keys.');
  return notes.join(' ');
}

const propertiesOf = (schema: Schema): Record<string, Schema> => (isSchema(schema.properties) ? (schema.properties as Record<string, Schema>) : {});

/** A closed object's fields as rows, an inline object's own fields after it (`data.team.id`). */
function fieldRows(schema: Schema, prefix = ''): string[] {
  const required = Array.isArray(schema.required) ? schema.required : [];
  return Object.entries(propertiesOf(schema)).flatMap(([key, field]) => {
    const name = `${prefix}${key}`;
    const row = `<tr><td><code>${html(name)}</code></td><td>${typeOf(field)}</td><td>${required.includes(key) ? 'always' : 'optional'}</td><td>${notesOf(field)}</td></tr>`;
    return [row, ...(refName(field) === undefined && Object.keys(propertiesOf(field)).length ? fieldRows(field, `${name}.`) : [])];
  });
}

/** Every component a schema refers to, directly or through others, in the order first met. */
export function referencedFrom(schema: Schema, components: Record<string, Schema>, seen: string[] = []): string[] {
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      value.forEach(visit);
      return;
    }
    if (!isSchema(value)) return;
    const name = refName(value);
    if (name && !seen.includes(name) && components[name]) {
      seen.push(name);
      visit(components[name]);
    }
    for (const child of Object.values(value)) visit(child);
  };
  visit(schema);
  return seen;
}

export function section(name: string, schema: Schema): string {
  const rows = fieldRows(schema);
  const table = rows.length
    ? `<table><thead><tr><th>field</th><th>type</th><th>present</th><th>description</th></tr></thead><tbody>${rows.join('')}</tbody></table>`
    : `<p>${typeOf(schema)}</p>`;
  const also = [schema.oneOf, schema.anyOf].flatMap(schemasIn).filter((part) => Array.isArray(part.required));
  const oneOf = also.length ? `<p>At least one of ${also.map((part) => `<code>${html(String((part.required as unknown[])[0]))}</code>`).join(', ')}.</p>` : '';
  const description = typeof schema.description === 'string' ? `<p>${prose(schema.description)}</p>` : '';
  return `<section id="${html(name)}"><h3>${html(name)}</h3>${description}${table}${oneOf}</section>`;
}

/** Swagger UI's deep link to an operation (`deepLinking`): `#/<tag>/<operationId>`, blanks as `%20`. */
export const deepLink = (tag: string, operationId: string) => `#/${tag.trim().replace(/\s/g, '%20')}/${operationId}`;

interface Answering {
  method: string;
  path: string;
  summary: string;
  href: string;
}

function operationsAnswering(document: DocumentForPages, subtype: string, base: string): Answering[] {
  const components = document.components?.schemas ?? {};
  const found: Answering[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const schemas = Object.values(operation.responses?.['200']?.content ?? {}).map((media) => media.schema);
      if (!schemas.some((schema) => subtypesOf(schema, components).includes(subtype))) continue;
      const { operationId, tags = [] } = operation;
      const href = operationId && tags[0] ? `${base}${DOCS_PATH}${deepLink(tags[0], operationId)}` : `${base}${DOCS_PATH}`;
      found.push({ method: method.toUpperCase(), path, summary: operation.summary ?? '', href });
    }
  }
  return found;
}

const STYLE =
  'body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;line-height:1.45;color:#222}' +
  'table{border-collapse:collapse;width:100%;margin:.5rem 0 1.5rem}th,td{border:1px solid #ccc;padding:.25rem .5rem;text-align:left;vertical-align:top}' +
  'th{background:#f3f3f3}code{background:#f3f3f3;padding:0 .2rem}section{margin-top:1.5rem}';

export function page(title: string, document: DocumentForPages, body: string): string {
  const heading = `${html(title)} · ${html(document.info.title)} ${html(document.info.version)}`;
  return `<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${heading}</title><style>${STYLE}</style></head><body>${body}</body></html>\n`;
}

export function footer(unsafe: string): string {
  const base = html(unsafe);
  return `<p>All operations: <a href="${base}${DOCS_PATH}">${base}${DOCS_PATH}</a> (Swagger UI); the OpenAPI document: <a href="${base}${OPENAPI_JSON_PATH}">${base}${OPENAPI_JSON_PATH}</a>; every answer type: <a href="${base}${DOC_PAGES_PATH}">${base}${DOC_PAGES_PATH}</a>.</p>`;
}

/** The page of one subtype: what it is, where it is answered, its fields. */
export function subtypePage(document: DocumentForPages, subtype: TableEnvelope['subtype'], base: string): string {
  const components = document.components?.schemas ?? {};
  const envelope = components[ENVELOPE];
  if (!envelope) throw new Error(`openapi: no ${ENVELOPE} schema for the doc pages`);
  // The envelope as this subtype has it: `subtype` is the one value.
  const own: Schema = { ...envelope, properties: { ...propertiesOf(envelope), subtype: { const: subtype } } };
  const operations = operationsAnswering(document, subtype, base);
  const list = operations.length
    ? `<ul>${operations.map((op) => `<li><a href="${html(op.href)}"><code>${op.method} ${html(op.path)}</code></a> ${html(op.summary)}</li>`).join('')}</ul>`
    : '<p>No operation answers with it.</p>';
  const sections = [
    section(ENVELOPE, own),
    ...referencedFrom(own, components, [ENVELOPE])
      .slice(1)
      .map((name) => section(name, components[name])),
  ];
  return page(
    subtype,
    document,
    `<h1><code>${html(subtype)}</code></h1><p>${prose(SUBTYPES[subtype])} The answer is a JSON object: <code>{"type": "table", "subtype": "${html(subtype)}", "doc": "${html(base)}${DOC_PAGES_PATH}/${html(subtype)}", "data": {…}}</code>.</p>` +
      `<h2>Operations that answer with it</h2>${list}<h2>Fields</h2>${sections.join('')}${footer(base)}`,
  );
}

/** `/api/doc`: the answer types a `doc` field names. */
export function indexPage(document: DocumentForPages, base: string): string {
  const items = DOC_SUBTYPES.map((subtype) => {
    const count = operationsAnswering(document, subtype, base).length;
    return `<li><a href="${html(base)}${DOC_PAGES_PATH}/${subtype}"><code>${subtype}</code></a>: ${prose(SUBTYPES[subtype])} (${count} operations)</li>`;
  });
  return page(
    'Answer types',
    document,
    `<h1>Answer types</h1><p>Every table, attribute list and multi table of the main interface names its page in its <code>doc</code> field. The other answers (dropdowns, sessions, the matchcenter, the lineup interface, the back office) are described with their operations.</p><ul>${items.join('')}</ul>${footer(base)}`,
  );
}

const DOC_PAGE_TYPE = 'text/html; charset=utf-8';

interface Built {
  body: string;
  etag: string;
}

/**
 * A handler factory for generated pages: each page rendered once, on its first request (the
 * document is complete only then), and served public and long-cacheable with an ETag.
 */
export function pageServer() {
  const built = new Map<string, Built>();
  return (key: string, render: () => string) => (request: FastifyRequest, reply: FastifyReply) => {
    let found = built.get(key);
    if (!found) {
      const body = render();
      found = { body, etag: entityTagOf(DOC_PAGE_TYPE, body) };
      built.set(key, found);
    }
    reply.header('cache-control', DOC_PAGES_CACHE_CONTROL).header('etag', found.etag);
    if (notModified(request.headers['if-none-match'], found.etag)) return reply.status(304).send();
    return reply.type(DOC_PAGE_TYPE).send(found.body);
  };
}

/** The dropdown answer (`type: "dropdown"`): its schema, and the operations that answer with it. */
export function dropdownPage(document: DocumentForPages, base: string): string {
  const components = document.components?.schemas ?? {};
  const dropdown = components[DROPDOWN];
  if (!dropdown) throw new Error(`openapi: no ${DROPDOWN} schema for the doc pages`);
  const answering = Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).flatMap(([method, operation]) => {
      const schemas = Object.values(operation.responses?.['200']?.content ?? {}).map((media) => media.schema);
      if (!schemas.some((schema) => schema && (refName(schema) === DROPDOWN || referencedFrom(schema, components).includes(DROPDOWN)))) return [];
      const { operationId, tags = [] } = operation;
      const href = operationId && tags[0] ? `${base}${DOCS_PATH}${deepLink(tags[0], operationId)}` : `${base}${DOCS_PATH}`;
      return [`<li><a href="${html(href)}"><code>${method.toUpperCase()} ${html(path)}</code></a> ${html(operation.summary ?? '')}</li>`];
    }),
  );
  const sections = [section(DROPDOWN, dropdown), ...referencedFrom(dropdown, components).map((name) => section(name, components[name]))];
  return page(
    'dropdown',
    document,
    `<h1><code>dropdown</code></h1><p>A list of entries to choose from (an HTML <code>select</code>): each entry has a text, what to set in the context when it is chosen (<code>set_in_context</code>), whether it is highlighted, and entries nested under it, as deep as <code>levels</code> has labels. A table's tab of type <code>dropdown</code> has the same shape; a dropdown has no context of its own.</p>` +
      `<h2>Operations that answer with it</h2><ul>${answering.join('')}</ul><h2>Fields</h2>${sections.join('')}${footer(base)}`,
  );
}

/** Every schema of the document's answers, field by field: the types the other pages link to. */
export function schemasPage(document: DocumentForPages, base: string): string {
  const components = document.components?.schemas ?? {};
  const names = Object.keys(components).sort((a, b) => a.localeCompare(b));
  return page(
    'JSON schemas',
    document,
    `<h1>JSON schemas</h1><p>Every answer of the service is one of these schemas (JSON Schema 2020-12, as the OpenAPI document at <a href="${html(base)}${OPENAPI_JSON_PATH}">${html(base)}${OPENAPI_JSON_PATH}</a> has them). Each field says its type (a named schema is linked), whether it is always present, and what it means; <code>one of</code> lists the only values a field takes, <code>null</code> a value that may be absent, an array is unbounded unless its description says otherwise.</p>` +
      `<ul>${names.map((name) => `<li><a href="#${html(name)}">${html(name)}</a></li>`).join('')}</ul>${names.map((name) => section(name, components[name])).join('')}${footer(base)}`,
  );
}

/** A changelog in Markdown as HTML: headings, bullets, paragraphs, `code`, **bold** and links; nothing else is needed for CHANGELOG.md. */
export function markdownToHtml(markdown: string): string {
  const inline = (text: string) =>
    html(text)
      .replace(/`([^`]+)`/g, '<code>$1</code>')
      .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')
      .replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (_match, label: string, href: string) => (/^https?:\/\//.test(href) ? `<a href="${href}">${label}</a>` : label));
  const out: string[] = [];
  let paragraph: string[] = [];
  let inList = false;
  const flush = () => {
    if (paragraph.length) out.push(`${inList ? '<li>' : '<p>'}${inline(paragraph.join(' '))}${inList ? '</li>' : '</p>'}`);
    paragraph = [];
  };
  const closeList = () => {
    flush();
    if (inList) out.push('</ul>');
    inList = false;
  };
  for (const line of markdown.split('\n')) {
    const heading = /^(#{1,4})\s+(.*)$/.exec(line);
    const bullet = /^[-*]\s+(.*)$/.exec(line);
    if (heading) {
      closeList();
      out.push(`<h${heading[1].length}>${inline(heading[2])}</h${heading[1].length}>`);
    } else if (bullet) {
      flush();
      if (!inList) out.push('<ul>');
      inList = true;
      paragraph = [bullet[1]];
    } else if (line.trim() === '') {
      closeList();
    } else {
      paragraph.push(line.trim());
    }
  }
  closeList();
  return out.join('\n');
}

/** The service's changelog (CHANGELOG.md beside package.json), or where it is kept when it is not shipped. */
export function changesPage(document: DocumentForPages, changelog: string | undefined, base: string): string {
  const body = changelog ? markdownToHtml(changelog) : '<p>The changelog is kept in the repository (CHANGELOG.md); this installation does not ship it.</p>';
  return page('Changes', document, `<p>Version ${html(document.info.version)} of the service.</p>${body}${footer(base)}`);
}

/** The pages of the table subtypes under the federation's `/api/doc/table/<subtype>` as well as `/api/doc/<subtype>`. */
const TABLE_PAGES_PATH = `${DOC_PAGES_PATH}/table`;

/**
 * Serves /api/doc, /api/doc/:subtype (and /api/doc/table/:subtype, as the federation's pages link
 * them), /api/doc/table/dropdown, /api/doc/json_schemas and /api/doc/changes on `app` (a scope
 * answering errors in the main interface's envelope).
 */
export function docPageRoutes(
  app: FastifyInstance,
  options: { publicBaseUrl: string; document: () => DocumentForPages; changelog?: () => string | undefined },
): void {
  const serve = pageServer();
  const base = options.publicBaseUrl.replace(/\/+$/, '');
  app.get(
    DOC_PAGES_PATH,
    serve('', () => indexPage(options.document(), base)),
  );
  for (const subtype of DOC_SUBTYPES) {
    const render = () => subtypePage(options.document(), subtype, base);
    app.get(`${DOC_PAGES_PATH}/${subtype}`, serve(subtype, render));
    app.get(`${TABLE_PAGES_PATH}/${subtype}`, serve(subtype, render));
  }
  app.get(
    `${TABLE_PAGES_PATH}/dropdown`,
    serve('dropdown', () => dropdownPage(options.document(), base)),
  );
  app.get(
    `${DOC_PAGES_PATH}/json_schemas`,
    serve('json_schemas', () => schemasPage(options.document(), base)),
  );
  app.get(
    `${DOC_PAGES_PATH}/changes`,
    serve('changes', () => changesPage(options.document(), options.changelog?.(), base)),
  );
  app.get<{ Params: { subtype: string } }>(`${DOC_PAGES_PATH}/:subtype`, (request) => {
    throw notFound(`No documentation for ${request.params.subtype}; the answer types: ${DOC_SUBTYPES.join(', ')}`);
  });
}
