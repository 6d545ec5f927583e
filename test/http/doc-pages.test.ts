import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOC_PAGES_CACHE_CONTROL, DOC_SUBTYPES } from '../../src/facades/openapi/doc-pages.js';
import type { Json } from '../support/api.js';
import { countQueries, openTestLeague, type TestLeague } from '../support/app.js';

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

describe("the federation's documentation pages of each resource and interface", () => {
  it('answers /api/<resource>/doc before the route of a record (/api/games/:game_id), under /api only', async () => {
    const page = await get('/api/games/doc');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe(DOC_PAGES_CACHE_CONTROL);
    for (const path of Object.keys(doc.paths).filter((path) => path === '/api/games' || path.startsWith('/api/games/')))
      expect(page.body, path).toContain(`<code>GET ${path}</code>`);
    expect(page.body).toContain('<a href="http://test.local/api/doc/table"><code>table</code></a>');
    // The record's route still judges its id; the root aliases are the data routes'.
    expect((await get('/api/games/abc')).statusCode).toBe(400);
    expect((await get('/games/doc')).statusCode).toBe(400);
    expect((await get('/api/ui/players/doc')).body).toContain('<code>GET /api/ui/players/{player_id}</code>');
    expect((await get('/api/topscorers/doc')).body).toContain('<code>GET /api/topscorers/main</code>');
  });

  it("documents the lineup interface and the back office without a key, at the federation's URLs", async () => {
    const v3 = await get('/api/v3/games/teams/doc');
    expect(v3.statusCode).toBe(200);
    expect(v3.body).toContain('<code>GET /api/v3/games/{game_id}/teams/{id}/lineup</code>');
    expect(v3.body).not.toContain('<code>GET /api/v3/teams/');
    const team = await get('/api/v3/resources/team/doc');
    expect(team.body).toContain('<section id="V3Team">');
    expect(team.body).toContain('<td><code>attributes.slangname</code></td>');
    const index = (await get('/api/v3/doc')).body;
    for (const type of ['team', 'game', 'lineup', 'team_member', 'license', 'player', 'person'])
      expect(index, type).toContain(`<a href="http://test.local/api/v3/resources/${type}/doc">`);
    const bo = await get('/bo/games/doc');
    expect(bo.statusCode).toBe(200);
    expect(bo.body).toContain('<code>PUT /bo/games/{game_id}/status</code>');
    expect((await get('/api/doc/business/overview')).body).toContain('<a href="http://test.local/bo/session/doc"><code>/bo/session</code></a>');
    const main = (await get('/api/doc/table/overview')).body;
    for (const resource of ['calendars', 'clubs', 'games', 'sessions', 'topscorers', 'ui/players'])
      expect(main, resource).toContain(`<a href="http://test.local/api/${resource}/doc">`);
  });

  it('serves the answer types under /api/doc/table too, the dropdown, every schema and the changes', async () => {
    for (const subtype of DOC_SUBTYPES) expect((await get(`/api/doc/table/${subtype}`)).body).toBe((await get(`/api/doc/${subtype}`)).body);
    const dropdown = (await get('/api/doc/table/dropdown')).body;
    expect(dropdown).toContain('<section id="Dropdown">');
    expect(dropdown).toMatch(/<code>GET \/api\/seasons<\/code>/);
    const schemas = (await get('/api/doc/json_schemas')).body;
    for (const name of Object.keys(doc.components.schemas)) expect(schemas, name).toContain(`<section id="${name}">`);
    const changes = await get('/api/doc/changes');
    expect(changes.statusCode).toBe(200);
    expect(changes.body).toContain('<h1>Changelog</h1>');
  });

  it('reads no database', async () => {
    const urls = [
      '/api/doc/table/overview',
      '/api/teams/doc',
      '/api/v3/doc',
      '/bo/session/doc',
      '/api/doc/json_schemas',
      '/images/doc/business/game/state_diagram.png',
    ];
    expect(await countQueries(league.db, () => Promise.all(urls.map((url) => get(url))))).toBe(0);
  });
});

describe('GET /images/doc/business/game/state_diagram.png', () => {
  it('is the game state diagram drawn from the rules, as PNG (and as SVG beside it), cacheable with an ETag', async () => {
    const png = await get('/images/doc/business/game/state_diagram.png');
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.rawPayload.subarray(1, 4).toString('latin1')).toBe('PNG');
    const again = await get('/images/doc/business/game/state_diagram.png', { 'if-none-match': String(png.headers.etag) });
    expect(again.statusCode).toBe(304);
    const svg = await get('/images/doc/business/game/state_diagram.svg');
    expect(svg.headers['content-type']).toBe('image/svg+xml');
    expect(svg.body).toContain('data-from="third1" data-to="third2" data-messages="end_third start_third"');
  });
});
