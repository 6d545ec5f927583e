import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countQueries, openTestLeague, type TestLeague } from '../support/app.js';
import { expectError, getJson, type Json } from '../support/api.js';
import { expectTableEnvelope } from '../support/wire.js';

let league: TestLeague;
/** A national player who is a team member in the current season, and a player who is no national player. */
let national: { id: number; playerId: number };
let clubOnly: number;
beforeAll(async () => {
  league = await openTestLeague();
  national = await league.db.prisma.nationalPlayer.findFirstOrThrow({
    where: { player: { memberships: { some: { seasonId: 2026 } } }, records: { some: {} } },
    orderBy: { id: 'asc' },
  });
  clubOnly = (
    await league.db.prisma.player.findFirstOrThrow({ where: { nationalPlayer: null, memberships: { some: { seasonId: 2026 } } }, orderBy: { id: 'asc' } })
  ).id;
});
afterAll(async () => {
  await league?.close();
});

/** The multi table's envelope and rows, and the tables its rows hold. */
function tablesOf(body: Json): Json[] {
  expectTableEnvelope(body, 'multi');
  expect(body.doc).toBe('http://test.local/api/doc/multi');
  expect(body.data.headers).toEqual([]);
  expect(body.data.regions).toHaveLength(1);
  const rows: Json[] = body.data.regions[0].rows;
  for (const row of rows) expect(row).toEqual({ highlight: false, cells: [], table: expect.any(Object) });
  return rows.map((row) => row.table);
}

describe('GET /api/ui/players/:player_id', () => {
  it("holds the player's tables as the player's own routes answer them: profile, statistics, games of the season, national statistics", async () => {
    const body = await getJson(league.app, `/api/ui/players/${national.playerId}`);
    const tables = tablesOf(body);
    const player = await league.db.prisma.player.findUniqueOrThrow({ where: { id: national.playerId } });
    expect(body.data.title).toBe(`${player.firstName} ${player.lastName}`);
    expect(body.data.context).toEqual({ player_id: national.playerId, season: 2026, locale: 'de_CH' });
    expect(tables.map((table) => table.subtype)).toEqual(['attribute_list', 'table', 'table', 'table']);
    expect(tables).toEqual([
      await getJson(league.app, `/api/players/${national.playerId}`),
      await getJson(league.app, `/api/players/${national.playerId}/statistics`),
      await getJson(league.app, `/api/players/${national.playerId}/overview`),
      await getJson(league.app, `/api/national_players/${national.id}/statistics`),
    ]);
    expect(tables[3].data.regions[0].rows.length).toBeGreaterThan(0);
  });

  it('has no national table for a player who is no national player', async () => {
    const tables = tablesOf(await getJson(league.app, `/api/ui/players/${clubOnly}`));
    expect(tables.map((table) => table.data.headers[0].key)).toEqual(['portrait', 'saison', 'date']);
  });

  it('takes the season of the games table and the locale of every table', async () => {
    const body = await getJson(league.app, `/api/ui/players/${national.playerId}?season=2025&locale=fr-CH`);
    const tables = tablesOf(body);
    expect(body.data.context).toEqual({ player_id: national.playerId, season: 2025, locale: 'fr_CH' });
    expect(tables[2]).toEqual(await getJson(league.app, `/api/players/${national.playerId}/overview?season=2025&locale=fr-CH`));
    expect(tables[2].data.subtitle).toBe('Saison 2025/26');
    expect(tables[0].data.headers[7].text).toBe('Licence');
    expect(tables[1].data.headers[1].text).toBe('Ligue');
    expect(tables[3].data.headers[0].text).toBe('Équipe nationale');
    for (const table of tables) expect(table.data.context.locale).toBe('fr_CH');
    const english = tablesOf(await getJson(league.app, `/api/ui/players/${national.playerId}?locale=en`));
    expect(english.map((table) => table.data.headers[1].text)).toEqual(['Club', 'League', 'Venue', 'Games']);
  });

  it('runs one document of a fixed number of queries, fewer than the four routes it stands for', async () => {
    const queries = await countQueries(league.db, () => getJson(league.app, `/api/ui/players/${national.playerId}`));
    // The current season (as /players/:id/overview), then the document: the profile, statistics and
    // national records in one player look-up, the games of the season (an aliased look-up) through the loaders:
    // 15 on PGlite; on PostgreSQL, whose answers arrive apart, one loader's batch may be split in two.
    expect(queries).toBeLessThanOrEqual(17);
    const apart = [
      `/api/players/${national.playerId}`,
      `/api/players/${national.playerId}/statistics`,
      `/api/players/${national.playerId}/overview`,
      `/api/national_players/${national.id}/statistics`,
    ];
    let separately = 0;
    for (const url of apart) separately += await countQueries(league.db, () => getJson(league.app, `${url}?locale=en`));
    expect(queries).toBeLessThan(separately);
    expect(await countQueries(league.db, () => getJson(league.app, `/api/ui/players/${clubOnly}?locale=it`))).toBeLessThanOrEqual(queries);
  });

  it('answers an unknown player with 404 and a malformed id or season with 400, in the envelope', async () => {
    await expectError(league.app, '/api/ui/players/99999999', 404, /No player 99999999/);
    await expectError(league.app, '/api/ui/players/abc', 400, /player_id/);
    await expectError(league.app, '/api/ui/players/-1', 400, /player_id/);
    await expectError(league.app, `/api/ui/players/${clubOnly}?season=abc`, 400, /season/);
  });
});
