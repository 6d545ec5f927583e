import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import { expect } from 'vitest';

// Debian's package, installed by .ci/run; Playwright's own browser download cannot reach the internet here.
export const CHROMIUM = '/usr/bin/chromium';
// Without the background-networking flags Chromium keeps dialling Google's hosts, which this network refuses.
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

/**
 * Headless Chromium with a fresh profile, or undefined when the browser is missing: the test then
 * fails in `expectChromium` (vitest would report a failed beforeAll as skipped tests).
 */
export async function openChromium(): Promise<{ context: BrowserContext; close(): Promise<void> } | undefined> {
  if (!existsSync(CHROMIUM)) return undefined;
  const profile = await mkdtemp(join(tmpdir(), 'chromium-profile-'));
  const context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  return {
    context,
    close: async () => {
      await context.close().catch(() => undefined);
      await rm(profile, { recursive: true, force: true });
    },
  };
}

/** A missing browser must fail the run, never skip it: CI would go green without testing anything. */
export function expectChromium(): void {
  expect(existsSync(CHROMIUM), `${CHROMIUM} is missing: install Debian's chromium package (apt-get install -y chromium), as .ci/run does`).toBe(true);
}
