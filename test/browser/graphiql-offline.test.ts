// GraphiQL in headless Chromium with every host but the service's refused: the page, its script,
// style and editor workers all come from the service, so the editor renders without internet.
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestLeague, type TestLeague } from '../support/app.js';

const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

describe('GraphiQL offline in headless Chromium', { timeout: 120_000 }, () => {
  let league: TestLeague | undefined;
  let context: BrowserContext | undefined;
  let profile: string | undefined;
  let service = '';

  beforeAll(async () => {
    league = await openTestLeague();
    service = await league.app.listen({ host: '127.0.0.1', port: 0 });
    if (!existsSync(CHROMIUM)) return;
    profile = await mkdtemp(join(tmpdir(), 'chromium-profile-'));
    context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  });

  afterAll(async () => {
    await context?.close().catch(() => undefined);
    if (profile) await rm(profile, { recursive: true, force: true });
    await league?.close();
  });

  it('renders the editor and runs a query with only the service reachable', async () => {
    expect(existsSync(CHROMIUM), `${CHROMIUM} is missing: install Debian's chromium package (apt-get install -y chromium), as .ci/run does`).toBe(true);
    const elsewhere: string[] = [];
    const problems: string[] = [];
    // The network as it is without internet: any request off the service's origin fails.
    await context!.route('**/*', (route) => {
      const url = route.request().url();
      if (url.startsWith(`${service}/`) || url.startsWith('blob:') || url.startsWith('data:')) return route.continue();
      elsewhere.push(url);
      return route.abort('internetdisconnected');
    });
    const page = await context!.newPage();
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('response', (response) => {
      if (response.status() >= 400) problems.push(`response ${response.status()}: ${response.url()}`);
    });

    await page.goto(`${service}/graphql?query=${encodeURIComponent('{ seasons { id } }')}`);
    await page.waitForSelector('.graphiql-container .monaco-editor', { timeout: 60_000 });
    const run = page.locator('.graphiql-execute-button');
    await run.click();
    await expect.poll(() => page.locator('.graphiql-response').textContent(), { timeout: 30_000 }).toContain('"seasons"');

    expect(elsewhere, `requests off the service: ${elsewhere.join(', ')}`).toEqual([]);
    expect(problems).toEqual([]);
  });
});
