import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { DEPLOYED_SPONSOR_PATH, sponsorPathsOf } from '../../src/facades/rest/topscorers.js';
import { countQueries, openTestLeague, type TestLeague } from '../support/app.js';

/**
 * The federation's `<uniho-mobiliar-topscorer>` widget calls `/topscorers/mobiliar-highlight?season&club_id&view_type=table`
 * (at the root of its base URL): it answers with no setting, and SPONSOR_PATH adds a name beside it.
 */
let league: TestLeague;
beforeAll(async () => {
  league = await openTestLeague();
});
afterAll(async () => {
  await league?.close();
});

const WIDGET_CALL = '/topscorers/mobiliar-highlight?season=2026&club_id=401001&view_type=table';

describe('the sponsor tables with the default configuration', () => {
  it('serves mobiliar beside SPONSOR_PATH, never instead of it', () => {
    expect(DEPLOYED_SPONSOR_PATH).toBe('mobiliar');
    expect(sponsorPathsOf(loadConfig({}).sponsorPath)).toEqual(['mobiliar', 'sponsor']);
    expect(sponsorPathsOf('bank-2')).toEqual(['mobiliar', 'bank-2']);
    expect(sponsorPathsOf('mobiliar')).toEqual(['mobiliar']);
  });

  it.each(['', '/api'])('answers the widget’s call at %s/topscorers/mobiliar-highlight with the table of the club’s scorers', async (prefix) => {
    const response = await league.app.inject({ url: `${prefix}${WIDGET_CALL}`, headers: { accept: 'application/json' } });
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ type: 'table', subtype: 'table', data: { context: { club_id: 401001 } } });
    // Transposed: pictures, names, clubs, points; one column per scorer.
    expect(body.data.regions[0].rows).toHaveLength(4);
    expect(body.data.regions[0].rows[1].cells.length).toBeGreaterThan(0);
  });

  it('answers /topscorers/mobiliar as the sponsor table, and the same as under SPONSOR_PATH’s name, in as many queries', async () => {
    const mobiliar = await league.app.inject({ url: '/api/topscorers/mobiliar?season=2026' });
    expect(mobiliar.statusCode).toBe(200);
    expect(mobiliar.json().data.regions[0].rows).toHaveLength(20);
    expect(mobiliar.json().data.tabs[0].link.resource).toBe('/topscorers/mobiliar');
    const sponsor = await league.app.inject({ url: '/api/topscorers/sponsor?season=2026' });
    expect(sponsor.body.replaceAll('/topscorers/sponsor', '/topscorers/mobiliar')).toBe(mobiliar.body);
    const counted = await countQueries(league.db, () => league.app.inject({ url: `/api${WIDGET_CALL}&locale=fr` }));
    expect(counted).toBeLessThanOrEqual(10);
    expect(counted).toBe(
      await countQueries(league.db, () => league.app.inject({ url: '/api/topscorers/sponsor-highlight?season=2026&club_id=401001&view_type=table&locale=it' })),
    );
  });

  it('keeps mobiliar when SPONSOR_PATH names another sponsor', async () => {
    const app = await buildApp({ database: league.db, clock: league.clock, logLevel: 'silent', publicBaseUrl: 'http://test.local', sponsorPath: 'bank-2' });
    try {
      for (const url of [WIDGET_CALL, '/api/topscorers/bank-2-highlight', '/api/topscorers/mobiliar', '/api/topscorers/bank-2'])
        expect((await app.inject({ url })).statusCode, url).toBe(200);
      expect((await app.inject({ url: '/api/topscorers/sponsor' })).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});
