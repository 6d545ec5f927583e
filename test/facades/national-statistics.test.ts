import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_KEYS } from '../../src/facades/rest/national-statistics.js';
import { countQueries, openTestLeague, type TestLeague } from '../support/app.js';
import { expectError, getJson, type Json } from '../support/api.js';
import { expectTableEnvelope } from '../support/wire.js';

let league: TestLeague;
beforeAll(async () => {
  league = await openTestLeague();
});
afterAll(async () => {
  await league?.close();
});

const numbers = (body: Json, column: number) => body.data.regions[0].rows.map((r: Json) => Number(r.cells[column].text[0]));

describe('GET /api/national_players/statistics', () => {
  it('lists every player with a game in the selection, by points by default', async () => {
    const body = await getJson(league.app, '/api/national_players/statistics');
    expectTableEnvelope(body);
    const keys = body.data.headers.map((h: Json) => h.key);
    expect(keys).toEqual(['name', 'games', 'goals', 'assists', 'points', '2-minute-penalty', '5-minute-penalty', '10-minute-penalty', 'matchpenalty']);
    // `order` takes exactly the header keys.
    expect(Object.keys(ORDER_KEYS)).toEqual(keys);
    expect(body.data.context).toMatchObject({ selection_id: 1, order: 'points', direction: 'desc' });
    const records = await league.db.prisma.nationalPlayerRecord.findMany({ where: { selectionId: 1, games: { gte: 1 } } });
    expect(body.data.regions[0].rows.map((r: Json) => r.id).sort()).toEqual(records.map((r) => r.nationalPlayerId).sort());
    const points = numbers(body, 4);
    expect(points).toEqual([...points].sort((a, b) => b - a));
    for (const row of body.data.regions[0].rows) {
      expect(row.cells).toHaveLength(9);
      expect(Number(row.cells[4].text[0])).toBe(Number(row.cells[2].text[0]) + Number(row.cells[3].text[0]));
    }
  });

  it('orders by every header key in both directions', async () => {
    for (const [key, column] of [
      ['games', 1],
      ['goals', 2],
      ['2-minute-penalty', 5],
      ['matchpenalty', 8],
    ] as const) {
      const ascending = numbers(await getJson(league.app, `/api/national_players/statistics?selection_id=2&order=${key}&direction=asc`), column);
      expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
      const descending = numbers(await getJson(league.app, `/api/national_players/statistics?selection_id=2&order=${key}`), column);
      expect(descending).toEqual([...descending].sort((a, b) => b - a));
    }
    const byName = await getJson(league.app, '/api/national_players/statistics?order=name');
    const names = byName.data.regions[0].rows.map((r: Json) => r.cells[0].text[0].split(' ').slice(-1)[0]);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b, 'de')));
    expect(byName.data.context.direction).toBe('asc');
  });

  it('lists the allowed keys when the order is unknown; other bad input is a 400 or 404 too', async () => {
    await expectError(
      league.app,
      '/api/national_players/statistics?order=height',
      400,
      /order must be one of name, games, goals, assists, points, 2-minute-penalty, 5-minute-penalty, 10-minute-penalty, matchpenalty/,
    );
    await expectError(league.app, '/api/national_players/statistics?order=constructor', 400, /order/);
    await expectError(league.app, '/api/national_players/statistics?direction=up', 400, /direction/);
    await expectError(league.app, '/api/national_players/statistics?selection_id=9', 404, /selection/);
    expect(await countQueries(league.db, () => getJson(league.app, '/api/national_players/statistics?selection_id=2'))).toBeLessThanOrEqual(3);
  });
});
