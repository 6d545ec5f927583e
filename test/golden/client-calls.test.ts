import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestLeague, type TestLeague } from '../support/app.js';
import { goldenDifferences, readGoldenCalls, type GoldenCall } from '../support/golden.js';
import { createKey } from '../support/keys.js';

/**
 * Recorded calls of deployed clients (issue 17), each with what the federation's documentation or
 * WIRE.md says the answer holds, replayed on the demo league (seed 7, scale 0.1). `<key>` in a
 * call stands for a valid API key.
 */
const calls = readGoldenCalls(new URL('./calls', import.meta.url).pathname);

let league: TestLeague;
let key: string;
beforeAll(async () => {
  league = await openTestLeague();
  key = (await createKey(league.db, 'golden calls')).key;
});
afterAll(async () => {
  await league?.close();
});

function withKey(text: string): string {
  return text.replaceAll('<key>', key);
}

async function replay(call: GoldenCall) {
  const { method = 'GET', url, headers = {} } = call.request;
  return league.app.inject({
    method,
    url: withKey(url),
    headers: Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, withKey(value)])),
  });
}

describe('golden client calls', () => {
  it('has a recorded call for every item', () => {
    expect(calls.length).toBeGreaterThan(0);
  });

  it.each(calls.map(({ file, call }) => [file, call] as const))('%s', async (_file, call) => {
    const response = await replay(call);
    expect({ status: response.statusCode, body: response.body.slice(0, 400) }).toMatchObject({ status: call.status });
    if (call.contentType) expect(response.headers['content-type']).toBe(call.contentType);
    // A JSON answer is matched parsed; any other (an iCalendar feed) as its text, e.g. with `$regex`.
    const json = String(response.headers['content-type'] ?? '').includes('json');
    expect(goldenDifferences(json ? response.json() : response.body, call.expect)).toEqual([]);
  });
});

describe('the golden matcher', () => {
  it('reports what departs from the recording and accepts what matches', () => {
    const answer = { data: { title: 'Schweizer Cup Herren', tabs: [{ id: 1 }, { id: 2 }], rows: [] } };
    expect(
      goldenDifferences(answer, { data: { title: { $regex: '^Schweizer Cup' }, tabs: { $each: { id: { $type: 'number' } } }, rows: { $length: 0 } } }),
    ).toEqual([]);
    expect(goldenDifferences(answer, { data: { title: 'Ligacup' } })).toEqual(['$.data.title: "Schweizer Cup Herren" is not "Ligacup"']);
    expect(goldenDifferences(answer, { data: { tabs: { $contains: { id: 3 } } } })).toHaveLength(1);
    expect(goldenDifferences(answer, { data: { rows: { $each: {} } } })).toHaveLength(1);
    expect(goldenDifferences(answer, { data: { tabs: [{}, {}, {}] } })).toHaveLength(1);
    expect(goldenDifferences(answer, { data: { missing: null } })).toEqual(['$.data.missing: missing']);
  });
});
