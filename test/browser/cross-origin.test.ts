import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestLeague, type TestLeague } from '../support/app.js';
import { expectChromium, openChromium } from '../support/chromium.js';
import type { Json } from '../support/api.js';

/** One HTTP exchange as the service saw it: preflights never reach Playwright's request events. */
interface Seen {
  method: string;
  url: string;
  origin: string | undefined;
  preflightFor: string | undefined;
  preflightHeaders: string | undefined;
  status: number;
}

interface WidgetPaths {
  games: string;
  team: string;
  ranking: string;
}

const CLUBS_QUERY = '{ clubs(season: 2026, first: 20) { edges { node { id name } } } }';
/** What a widget sends when it revalidates a team page it kept; not a safelisted header, so Chromium preflights it. */
const KEPT_ETAG = '"kept-by-the-widget"';

/**
 * A club website's widget: plain fetches from its own origin to the service's, each answer rendered
 * the way widgets do (one table row per wire row, one cell per wire cell), every failure written
 * into the page, and `data-done` set on <body> once all four settled.
 */
function widgetPage(api: string, paths: WidgetPaths): string {
  return `<!doctype html>
<html>
<head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Club widget</title></head>
<body>
<table id="games"><tbody></tbody></table>
<table id="team"><tbody></tbody></table>
<table id="ranking"><tbody></tbody></table>
<ul id="clubs"></ul>
<pre id="errors"></pre>
<script>
const API = ${JSON.stringify(api)};
const PATHS = ${JSON.stringify(paths)};
async function answer(name, response) {
  if (!response.ok) throw new Error(name + ' answered ' + response.status);
  return response.json();
}
function renderTable(id, body) {
  const tbody = document.querySelector('#' + id + ' tbody');
  for (const region of body.data.regions) {
    for (const row of region.rows) {
      const tr = document.createElement('tr');
      for (const cell of row.cells) {
        const td = document.createElement('td');
        td.textContent = (cell.text || []).join(' ');
        tr.append(td);
      }
      tbody.append(tr);
    }
  }
}
const parts = {
  games: () => fetch(API + PATHS.games).then((r) => answer('games', r)).then((b) => renderTable('games', b)),
  team: () => fetch(API + PATHS.team, { headers: { 'If-None-Match': ${JSON.stringify(KEPT_ETAG)} } })
    .then((r) => answer('team', r)).then((b) => renderTable('team', b)),
  ranking: () => fetch(API + PATHS.ranking).then((r) => answer('ranking', r)).then((b) => renderTable('ranking', b)),
  clubs: () => fetch(API + '/graphql', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ query: ${JSON.stringify(CLUBS_QUERY)} }),
    })
    .then((r) => answer('graphql', r))
    .then((b) => {
      if (b.errors) throw new Error('graphql: ' + JSON.stringify(b.errors));
      const list = document.getElementById('clubs');
      for (const edge of b.data.clubs.edges) {
        const li = document.createElement('li');
        li.textContent = edge.node.name;
        list.append(li);
      }
    }),
};
Promise.all(Object.entries(parts).map(([name, load]) => load().catch((error) => {
  document.getElementById('errors').textContent += name + ': ' + error + '\\n';
}))).then(() => { document.body.dataset.done = 'true'; });
</script>
</body>
</html>`;
}

const cellTexts = (body: Json): string[][] =>
  body.data.regions.flatMap((region: Json) => region.rows.map((row: Json) => row.cells.map((cell: Json) => (cell.text ?? []).join(' '))));

const renderedRows = (page: Page, table: string) =>
  page.evaluate<string[][]>(`[...document.querySelectorAll('#${table} tbody tr')].map((tr) => [...tr.cells].map((td) => td.textContent))`);

describe('a club website in headless Chromium, on another origin than the service', { timeout: 120_000 }, () => {
  let league: TestLeague | undefined;
  let site: Server | undefined;
  let browser: Awaited<ReturnType<typeof openChromium>>;
  let api = '';
  let siteUrl = '';
  let paths: WidgetPaths;
  const seen: Seen[] = [];
  const browserProblems: string[] = [];

  beforeAll(async () => {
    league = await openTestLeague();
    const team = await league.db.prisma.team.findFirstOrThrow({
      where: { gameClassId: 11, registrations: { some: { group: { seasonId: 2026, leagueId: 1 } } } },
      orderBy: { id: 'asc' },
    });
    paths = {
      games: '/api/games?mode=list',
      team: `/api/teams/${team.id}`,
      ranking: '/api/rankings?season=2025&league=1&game_class=11',
    };
    // Observes the raw server, beside fastify's own listener, so every preflight is seen with its answer.
    league.app.server.on('request', (request: IncomingMessage, response) => {
      response.on('finish', () => {
        seen.push({
          method: request.method ?? '',
          url: request.url ?? '',
          origin: request.headers.origin,
          preflightFor: request.headers['access-control-request-method'] as string | undefined,
          preflightHeaders: request.headers['access-control-request-headers'] as string | undefined,
          status: response.statusCode,
        });
      });
    });
    api = await league.app.listen({ host: '127.0.0.1', port: 0 });

    const page = widgetPage(api, paths);
    site = createServer((request, response) => {
      if (request.url === '/') response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
      else response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => site!.listen(0, '127.0.0.1', resolve));
    // localhost vs 127.0.0.1 (and another port): a different origin, as a club's site is.
    siteUrl = `http://localhost:${(site.address() as AddressInfo).port}/`;

    // Without a browser the test itself fails (below); vitest would report a failed beforeAll as skipped tests.
    browser = await openChromium();
  });

  afterAll(async () => {
    await browser?.close();
    if (site) await new Promise<void>((resolve) => site!.close(() => resolve()));
    await league?.close();
  });

  it('renders the games list, a team, a ranking and a GraphQL list fetched cross-origin', async () => {
    // A missing browser must fail the run, never skip it: CI would go green without testing anything.
    expectChromium();
    const page = await browser!.context.newPage();
    page.on('console', (message) => {
      if (message.type() === 'error') browserProblems.push(`console ${message.type()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => browserProblems.push(`page error: ${error.message}`));
    page.on('requestfailed', (request) => browserProblems.push(`request failed: ${request.method()} ${request.url()} ${request.failure()?.errorText ?? ''}`));
    page.on('response', (response) => {
      if (response.status() >= 400) browserProblems.push(`response ${response.status()}: ${response.request().method()} ${response.url()}`);
    });

    await page.goto(siteUrl);
    await page.waitForSelector('body[data-done]', { timeout: 30_000 });
    const pageErrors = (await page.textContent('#errors')) ?? '';
    const report = [
      `page ${siteUrl} calling ${api}`,
      `written by the page: ${pageErrors.trim() || '(nothing)'}`,
      ...browserProblems,
      'the service saw:',
      ...seen.map(
        (s) =>
          `  ${s.method} ${s.url} origin=${s.origin ?? '-'}${s.preflightFor ? ` preflight for ${s.preflightFor} [${s.preflightHeaders ?? ''}]` : ''} → ${s.status}`,
      ),
    ].join('\n');
    expect({ pageErrors, browserProblems }, report).toEqual({ pageErrors: '', browserProblems: [] });

    // What the same URLs answer to a client without a browser's rules.
    const expected = {
      games: cellTexts(await (await fetch(api + paths.games)).json()),
      team: cellTexts(await (await fetch(api + paths.team)).json()),
      ranking: cellTexts(await (await fetch(api + paths.ranking)).json()),
    };
    const graphqlAnswer = (await (
      await fetch(`${api}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: CLUBS_QUERY }) })
    ).json()) as Json;
    const clubs: string[] = graphqlAnswer.data.clubs.edges.map((edge: Json) => edge.node.name);

    for (const table of ['games', 'team', 'ranking'] as const) {
      expect(expected[table].length, `${table}: the service has rows to show`).toBeGreaterThan(0);
      expect(await renderedRows(page, table), `${table} as rendered`).toEqual(expected[table]);
    }
    expect(clubs.length).toBeGreaterThan(0);
    expect(await page.locator('#clubs li').allTextContents()).toEqual(clubs);

    // Both kinds of non-simple request went through a preflight the service answered.
    const preflights = seen.filter((s) => s.method === 'OPTIONS');
    const graphqlPreflight = preflights.find((s) => s.url === '/graphql');
    expect(graphqlPreflight, report).toMatchObject({ preflightFor: 'POST', status: 204 });
    expect(graphqlPreflight!.preflightHeaders?.toLowerCase()).toContain('content-type');
    const teamPreflight = preflights.find((s) => s.url === paths.team);
    expect(teamPreflight, report).toMatchObject({ preflightFor: 'GET', status: 204 });
    expect(teamPreflight!.preflightHeaders?.toLowerCase()).toContain('if-none-match');
    // Every request the widget made carried its origin, so each was judged as a cross-origin one.
    const siteOrigin = new URL(siteUrl).origin;
    expect(seen.filter((s) => s.origin === siteOrigin).length).toBeGreaterThanOrEqual(4 + 2);
  });
});
