// GraphiQL in headless Chromium with every host but the service's refused: the page, its script,
// style and editor workers all come from the service, so the editor renders without internet.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestLeague, type TestLeague } from '../support/app.js';
import { expectChromium, openChromium } from '../support/chromium.js';

describe('GraphiQL offline in headless Chromium', { timeout: 120_000 }, () => {
  let league: TestLeague | undefined;
  let browser: Awaited<ReturnType<typeof openChromium>>;
  let service = '';

  beforeAll(async () => {
    league = await openTestLeague();
    service = await league.app.listen({ host: '127.0.0.1', port: 0 });
    browser = await openChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await league?.close();
  });

  it('renders the editor and runs a query with only the service reachable', async () => {
    expectChromium();
    const elsewhere: string[] = [];
    const problems: string[] = [];
    // The network as it is without internet: any request off the service's origin fails.
    await browser!.context.route('**/*', (route) => {
      const url = route.request().url();
      if (url.startsWith(`${service}/`) || url.startsWith('blob:') || url.startsWith('data:')) return route.continue();
      elsewhere.push(url);
      return route.abort('internetdisconnected');
    });
    const page = await browser!.context.newPage();
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
