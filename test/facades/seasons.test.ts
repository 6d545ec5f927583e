import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countQueries, openTestLeague, type TestLeague } from '../support/app.js';
import { expectError, getJson, type Json } from '../support/api.js';

let league: TestLeague;
beforeAll(async () => {
  league = await openTestLeague();
});
afterAll(async () => {
  await league?.close();
});

describe('GET /api/seasons', () => {
  it('is a dropdown of all seasons, newest first, only the current one highlighted, both context keys', async () => {
    const body = await getJson(league.app, '/api/seasons?format=dropdown');
    expect(Object.keys(body)).toEqual(['type', 'text', 'resource', 'entries', 'levels', 'highlight']);
    expect(body).toMatchObject({ type: 'dropdown', text: 'Saison', resource: '/seasons', levels: ['Saison'], highlight: false });
    const seasons = await league.db.prisma.season.findMany({ orderBy: { id: 'desc' } });
    expect(body.entries).toEqual(
      seasons.map((s) => ({ text: s.label, set_in_context: { saison_id: s.id, season: s.id }, entries: [], highlight: s.isCurrent })),
    );
    expect(body.entries.filter((e: Json) => e.highlight).map((e: Json) => e.text)).toEqual(['2026/27']);
    expect(await getJson(league.app, '/api/seasons')).toEqual(body);
    expect(await countQueries(league.db, () => getJson(league.app, '/api/seasons?format=dropdown'))).toBeLessThanOrEqual(1);
  });

  it('rejects other formats', async () => {
    await expectError(league.app, '/api/seasons?format=xml', 400, /format.*dropdown/);
  });
});
