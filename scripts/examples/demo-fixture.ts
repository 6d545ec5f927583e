/**
 * The demo league the examples and the tests run on: one seed, one scale and one fixed moment (a
 * Sunday afternoon in the middle of the season). `npm run openapi:examples` records on it,
 * `npm run wire:snapshot` dumps it and test/support/app.ts serves it, so that the same requests
 * meet the same league everywhere and answers compare byte for byte. The one place it is written.
 */
import type { DemoLeagueOptions } from '../../src/data/demo/index.js';

export const DEMO_FIXTURE = { seed: 7, scale: 0.1, now: '2026-11-22T15:30:00Z' } as const;

/** The fixture's moment, for a clock. */
export const DEMO_NOW = new Date(DEMO_FIXTURE.now);

/** The public base URL the recorded examples show: a developer's own service (`npm run dev`, the default PUBLIC_BASE_URL). */
export const EXAMPLES_BASE_URL = 'http://localhost:3000';

/** The generator's options for the fixture, a test's or a script's other seed or scale taken instead. */
export function demoFixture(other: { seed?: number; scale?: number } = {}): DemoLeagueOptions {
  return { seed: other.seed ?? DEMO_FIXTURE.seed, scale: other.scale ?? DEMO_FIXTURE.scale, now: new Date(DEMO_FIXTURE.now) };
}
