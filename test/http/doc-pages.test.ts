import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOC_PAGES_CACHE_CONTROL, DOC_SUBTYPES } from '../../src/facades/openapi/doc-pages.js';
import type { Json } from '../support/api.js';
import { openTestLeague, type TestLeague } from '../support/app.js';

/** What an answer's `doc` field links to: /api/doc and a page per table subtype, generated from the OpenAPI document. */
let league: TestLeague;
let doc: Json;
beforeAll(async () => {
  league = await openTestLeague();
  doc = (await league.app.inject({ url: '/api/openapi.json' })).json() as Json;
});
afterAll(async () => {
  await league?.close();
});

/** The subtypes a documented answer may have: the Table envelope (any), narrowed by `allOf` (one), or a `oneOf` of answers. */
function subtypesIn(schema: Json | undefined): string[] {
  if (!schema) return [];
  if (schema.$ref === '#/components/schemas/Table') return doc.components.schemas.Table.properties.subtype.enum as string[];
  if (schema.allOf) return (schema.allOf as Json[]).flatMap((part) => (part.properties?.subtype ? [part.properties.subtype.const as string] : []));
  return ((schema.oneOf ?? []) as Json[]).flatMap(subtypesIn);
}

const get = (url: string, headers: Record<string, string> = {}) => league.app.inject({ url, headers });

describe('GET /api/doc/:subtype', () => {
  it('has a page for every subtype the document knows, and for no other', () => {
    expect([...DOC_SUBTYPES].sort()).toEqual([...(doc.components.schemas.Table.properties.subtype.enum as string[])].sort());
  });

  it.each(DOC_SUBTYPES)('%s: an HTML page of the envelope, its fields and the operations answering with it', async (subtype) => {
    const response = await get(`/api/doc/${subtype}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const page = response.body;
    expect(page).toMatch(new RegExp(`<title>${subtype} · `));
    expect(page).toContain(`<h1><code>${subtype}</code></h1>`);
    // The envelope and what it refers to, field by field, with their types and the document's descriptions.
    for (const section of ['Table', 'TableData', 'Header', 'Region', 'Row', 'Cell', 'ReloadLink', 'PageLink'])
      expect(page, section).toContain(`<section id="${section}">`);
    expect(page).toContain(`<td><code>subtype</code></td><td><code>&quot;${subtype}&quot;</code></td>`);
    for (const field of ['context', 'headers', 'title', 'subtitle', 'tabs', 'slider', 'regions'])
      expect(page, field).toContain(`<td><code>${field}</code></td>`);
    expect(page).toContain('Always an array of strings: one entry per line.');
    // Every operation of the document answering with this subtype, linked to its place in Swagger UI.
    const links = [...page.matchAll(/<a href="http:\/\/test\.local\/api\/docs(#\/[^"]+)"><code>(GET|POST) ([^<]+)<\/code><\/a>/g)];
    const answering = Object.entries(doc.paths as Record<string, Record<string, Json>>).flatMap(([path, item]) =>
      Object.entries(item).flatMap(([method, operation]) =>
        Object.values((operation.responses?.['200']?.content ?? {}) as Record<string, Json>).some((media) => subtypesIn(media.schema).includes(subtype))
          ? [`${method.toUpperCase()} ${path}`]
          : [],
      ),
    );
    expect(answering.length).toBeGreaterThan(0);
    expect(links.map((link) => `${link[2]} ${link[3]}`).sort()).toEqual(answering.sort());
    for (const [, hash, method, path] of links) {
      const operation = doc.paths[path][method.toLowerCase()] as Json;
      expect(hash).toBe(`#/${(operation.tags[0] as string).replace(/\s/g, '%20')}/${operation.operationId}`);
    }
  });

  it('links a game list to the table page and a game to the attribute list page', async () => {
    const games = (await get('/api/games')).json() as Json;
    expect(games.doc).toBe('http://test.local/api/doc/table');
    const table = (await get('/api/doc/table')).body;
    expect(table).toMatch(/<code>GET \/api\/games<\/code>/);
    expect(table).not.toMatch(/<code>GET \/api\/games\/\{game_id\}<\/code>/);
    expect((await get('/api/doc/attribute_list')).body).toMatch(/<code>GET \/api\/games\/\{game_id\}<\/code>/);
  });

  it('answers an unknown subtype with a 404 in the error envelope', async () => {
    const response = await get('/api/doc/dropdown');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = response.json() as Json;
    expect(body).toMatchObject({ type: 'Error', object: 'error', data: { code: 404 } });
    expect(body.message).toContain('dropdown');
    expect((await get('/api/doc/constructor')).statusCode).toBe(404);
  });

  it('is public, cacheable and readable from other origins, with an ETag', async () => {
    const response = await get('/api/doc/table', { origin: 'https://club.example' });
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['cache-control']).toBe(DOC_PAGES_CACHE_CONTROL);
    const etag = String(response.headers.etag);
    expect(etag).toMatch(/^W\/"/);
    const again = await get('/api/doc/table', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const head = await league.app.inject({ method: 'HEAD', url: '/api/doc/attribute_list' });
    expect(head.statusCode).toBe(200);
    const preflight = await league.app.inject({
      method: 'OPTIONS',
      url: '/api/doc/table',
      headers: { origin: 'https://club.example', 'access-control-request-method': 'GET' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-methods']).toBe('GET, HEAD');
  });

  it('is not an operation of the document, and not served at the root (docs/decisions.md)', async () => {
    expect(Object.keys(doc.paths).filter((path) => path === '/api/doc' || path.startsWith('/api/doc/'))).toEqual([]);
    expect((await get('/doc/table')).statusCode).toBe(404);
  });
});

describe('GET /api/doc', () => {
  it('lists the pages', async () => {
    const response = await get('/api/doc');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe(DOC_PAGES_CACHE_CONTROL);
    for (const subtype of DOC_SUBTYPES) expect(response.body).toContain(`<a href="http://test.local/api/doc/${subtype}">`);
    expect(response.body).toContain('<a href="http://test.local/api/docs">');
    expect((await get('/api/doc/')).statusCode).toBe(200);
  });
});
