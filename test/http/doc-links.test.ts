/**
 * Every URL the service hands out answers 200 on the demo league.
 *
 * The answers crawled are those of the wire snapshot (`npm run wire:snapshot`): the same request
 * list (scripts/examples/snapshot-probes.ts, built from every route's `doc.snapshot` or else its
 * OpenAPI examples), sent with the same kind of keys, back-office logins and favorites session, so
 * a route added with its declaration is covered without touching this file.
 *
 * What counts as a URL the service hands out:
 * - a string in a `doc`, `link` or `resource` field (at any depth) that is an absolute URL or a
 *   root-relative path (`/…`, not `//…`): the `doc` field of every table (`<base>/api/doc/table`);
 * - any other absolute URL under the service's public base URL (`http://test.local/…`) anywhere in
 *   an answer, JSON or not (XML, iCalendar): the generated logos and portraits under /media.
 * What does not:
 * - `link` objects (`{type: 'page', page: 'game_detail', ids}`, `{type: 'map', x, y}`,
 *   `{type: 'reload', …}`): the client opens its own page or map with them;
 * - `resource` of a reload link or a dropdown (`/games`, `/seasons`, `/cups/905`): in the
 *   federation's format it is a resource name the client requests under its own base, with the
 *   answer's context and `set_in_context` as parameters (and `ids` as path segments), not a URL.
 *   Each one is checked to name a GET route of the main interface (`/api<resource>`, or it
 *   followed by path parameters) instead;
 * - URLs of other hosts (clubs' websites in `url.href`) and `data:` images.
 * A URL some other work item still has to serve is listed in OWNED_ELSEWHERE with its owner: its
 * test is expected to fail until then, and says so once the route answers.
 *
 * The documentation pages are crawled too: every documentation URL the federation's pages name
 * (test/fixtures/compat/federation-doc-urls.txt, taken from its official-api-docs.md) and every
 * doc link of the answers, then every link (`href`, `src`) of the service in each page, page after
 * page; each must answer 200.
 */
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { documentedRoutesOf } from '../../src/facades/openapi/index.js';
import { exampleIds } from '../../scripts/examples/example-ids.js';
import { createExampleSecrets, withSecrets } from '../../scripts/examples/secrets.js';
import { snapshotProbes } from '../../scripts/examples/snapshot-probes.js';
import type { Json } from '../support/api.js';
import { openTestLeague, TEST_NOW, type TestLeague } from '../support/app.js';
import { createKey } from '../support/keys.js';

const BASE = 'http://test.local';

/** URLs (paths, by pattern) the service hands out that another item is to serve: path → owner. */
const OWNED_ELSEWHERE: readonly { path: RegExp; owner: string }[] = [];

const LINK_FIELDS = new Set(['doc', 'link', 'resource']);
const isUrl = (text: string) => /^https?:\/\//.test(text) || (text.startsWith('/') && !text.startsWith('//'));

/** Where each URL was found (the first request whose answer named it). */
const urls = new Map<string, string>();
const resources = new Map<string, string>();

function note(map: Map<string, string>, value: string, from: string): void {
  if (!map.has(value)) map.set(value, from);
}

/** The URLs and resource names of a JSON answer. */
function walk(value: unknown, from: string, field?: string, parent?: Json): void {
  if (Array.isArray(value)) {
    for (const item of value) walk(item, from, field, parent);
    return;
  }
  if (typeof value === 'object' && value !== null) {
    for (const [key, child] of Object.entries(value)) walk(child, from, key, value as Json);
    return;
  }
  if (typeof value !== 'string') return;
  if (field === 'resource' && (parent?.type === 'reload' || parent?.type === 'dropdown') && value.startsWith('/')) note(resources, value, from);
  else if (field !== undefined && LINK_FIELDS.has(field) && isUrl(value)) note(urls, value, from);
}

/** The service's absolute URLs in any answer, as text (XML escapes `&` as `&amp;`). */
function absoluteUrls(body: string, from: string): void {
  for (const [found] of body.matchAll(/http:\/\/test\.local[^\s"'<>\\]*/g)) note(urls, found.replaceAll('&amp;', '&'), from);
}

// The requests are the routes' own: the league is built first, to name a test per URL found.
const league: TestLeague = await openTestLeague();
try {
  const ids = await exampleIds(league.db.prisma);
  const keys = { club: (await createKey(league.db, 'crawl club', ids.club)).key, federation: (await createKey(league.db, 'crawl federation')).key };
  const clubKeys = new Map<number, string>();
  const keyOf = async (clubId: number) =>
    clubKeys.get(clubId) ?? clubKeys.set(clubId, (await createKey(league.db, `crawl ${clubId}`, clubId)).key).get(clubId)!;
  const secrets = await createExampleSecrets(league.db.prisma, ids, TEST_NOW);
  for (const probe of await snapshotProbes(league.app, ids, keys, keyOf)) {
    const sent = await withSecrets(league.app, { url: probe.url, body: probe.body, headers: probe.headers }, secrets);
    const response = await league.app.inject({
      method: probe.method,
      url: sent.url,
      headers: sent.headers,
      ...(sent.body === undefined ? {} : { payload: sent.body }),
    });
    if (probe.url.includes('add_favorite') && response.statusCode === 200 && secrets.sid === '') secrets.sid = (response.json() as { data: string }).data;
    const from = `${probe.method} ${probe.url}`;
    absoluteUrls(response.body, from);
    if (/json/.test(String(response.headers['content-type'])) && response.body !== '') walk(JSON.parse(response.body) as unknown, from);
  }
} catch (error) {
  await league.close();
  throw error;
}

/** A link of an HTML page as the path to request (its fragment dropped); undefined for another host's, or the page itself (`#…`). */
function pagePathOf(href: string): string | undefined {
  const url = href.replaceAll('&amp;', '&').replace(/#.*$/, '');
  if (url === '') return undefined;
  if (url.startsWith(`${BASE}/`)) return url.slice(BASE.length);
  return url.startsWith('/') && !url.startsWith('//') ? url : undefined;
}

const FEDERATION_DOC_URLS = readFileSync(new URL('../fixtures/compat/federation-doc-urls.txt', import.meta.url), 'utf8')
  .split('\n')
  .filter((line) => line.startsWith('/'));

/** Every page crawled: its status, where it was linked from, and the links it holds. */
const pages = new Map<string, { status: number; from: string }>();
try {
  const queue: [string, string][] = [
    ...FEDERATION_DOC_URLS.map((path): [string, string] => [path, "the federation's documentation"]),
    ...[...urls.entries()].flatMap(([url, from]): [string, string][] => {
      const path = pagePathOf(url);
      return path?.startsWith('/api/doc') ? [[path, from]] : [];
    }),
  ];
  for (let next = queue.shift(); next; next = queue.shift()) {
    const [path, from] = next;
    if (pages.has(path)) continue;
    const response = await league.app.inject({ url: path });
    pages.set(path, { status: response.statusCode, from });
    // Only the service's own documentation pages are crawled on: Swagger UI's page is its library's.
    if (!String(response.headers['content-type']).startsWith('text/html') || path.startsWith('/api/docs')) continue;
    for (const [, href] of response.body.matchAll(/(?:href|src)="([^"]+)"/g)) {
      const linked = pagePathOf(href);
      if (linked !== undefined && !pages.has(linked)) queue.push([linked, path]);
    }
  }
} catch (error) {
  await league.close();
  throw error;
}

/** A URL of the service as the path to request; undefined for another host's. */
const pathOf = (url: string) => (url.startsWith(`${BASE}/`) ? url.slice(BASE.length) : url.startsWith('/') ? url : undefined);

/** The main interface's GET routes as patterns, whole and without their trailing path parameters. */
const routePatterns = documentedRoutesOf(league.app)
  .filter((route) => route.method === 'GET' && !route.url.startsWith('/api/v3/'))
  .flatMap((route) => [route.url, route.url.replace(/(\/:[^/]+)+$/, '')])
  .map((url) => new RegExp(`^${url.replace(/:[^/]+/g, '[^/]+')}$`));

afterAll(async () => {
  await league.close();
});

describe('URLs in answers', () => {
  it('found the doc links and images of the snapshot answers', () => {
    expect([...urls.keys()].filter((url) => url.startsWith(`${BASE}/api/doc/`)).length).toBeGreaterThan(0);
    expect([...urls.keys()].filter((url) => url.startsWith(`${BASE}/media/`)).length).toBeGreaterThan(0);
    expect(resources.size).toBeGreaterThan(0);
  });

  const entries = [...urls.entries()].sort(([a], [b]) => a.localeCompare(b));
  for (const [url, from] of entries) {
    const path = pathOf(url);
    const owner = path === undefined ? undefined : OWNED_ELSEWHERE.find((entry) => entry.path.test(path))?.owner;
    const test = owner ? it.fails : it;
    test(`${url}${owner ? ` (to be served by ${owner})` : ''}`, async () => {
      expect(path, `${url} (in the answer to ${from}) is not a URL of the service`).toBeDefined();
      const response = await league.app.inject({ url: path! });
      expect(response.statusCode, `${url} (in the answer to ${from}): ${response.body.slice(0, 200)}`).toBe(200);
    });
  }

  it.each([...resources.entries()].sort())('resource %s names a route of the main interface', (resource, from) => {
    expect(
      routePatterns.some((pattern) => pattern.test(`/api${resource}`)),
      `${resource} (in the answer to ${from})`,
    ).toBe(true);
  });
});

describe('documentation pages and their links', () => {
  it("crawled every documentation URL of the federation, the answers' doc links and the pages they link", () => {
    for (const path of FEDERATION_DOC_URLS) expect(pages.has(path), path).toBe(true);
    for (const path of [
      '/api/games/doc',
      '/api/v3/resources/team/doc',
      '/bo/games/doc',
      '/api/doc/json_schemas',
      '/images/doc/business/game/state_diagram.png',
    ])
      expect(pages.has(path), path).toBe(true);
    expect(pages.size).toBeGreaterThan(FEDERATION_DOC_URLS.length);
  });

  it.each([...pages.entries()].sort(([a], [b]) => a.localeCompare(b)))('%s', (path, { status, from }) => {
    expect(status, `${path} (linked from ${from})`).toBe(200);
  });
});
