import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

describe('GET /api/national_players', () => {
  it('lists the active players of the men’s selection by default: number or -, position or empty, name', async () => {
    const body = await getJson(league.app, '/api/national_players');
    expectTableEnvelope(body);
    expect(body.data.headers.map((h: Json) => h.key)).toEqual(['number', 'position', 'name']);
    expect(body.data.context).toMatchObject({ selection_id: 1 });
    expect(body.data.title).toBe('Nationalteam Herren');
    const active = await league.db.prisma.nationalPlayer.findMany({ where: { selectionId: 1, active: true }, include: { player: true } });
    const rows = body.data.regions[0].rows;
    expect(rows.map((r: Json) => r.id).sort()).toEqual(active.map((n) => n.id).sort());
    for (const row of rows) {
      const national = active.find((n) => n.id === row.id)!;
      expect(row.cells).toHaveLength(3);
      expect(row.cells[0].text).toEqual([national.number === null ? '-' : String(national.number)]);
      expect(row.cells[2].text).toEqual([`${national.player.firstName} ${national.player.lastName}`]);
      expect(row.cells[2].link).toEqual({ type: 'page', page: 'player_detail', ids: [national.playerId] });
    }
  });

  it('takes selection_id; unknown selections are 404, malformed ones 400', async () => {
    const women = await getJson(league.app, '/api/national_players?selection_id=2');
    expect(women.data.regions[0].rows).toHaveLength(await league.db.prisma.nationalPlayer.count({ where: { selectionId: 2, active: true } }));
    expect(women.data.title).toBe('Nationalteam Damen');
    expect(await countQueries(league.db, () => getJson(league.app, '/api/national_players?selection_id=2'))).toBeLessThanOrEqual(2);
    await expectError(league.app, '/api/national_players?selection_id=99', 404, /selection/);
    await expectError(league.app, '/api/national_players?selection_id=men', 400, /selection_id/);
  });
});

describe('GET /api/national_players/:national_player_id', () => {
  it('is the player attribute list with the selection as last attribute', async () => {
    const national = await league.db.prisma.nationalPlayer.findFirstOrThrow({
      where: { number: { not: null } },
      include: { selection: true },
      orderBy: { id: 'asc' },
    });
    const body = await getJson(league.app, `/api/national_players/${national.id}`);
    expectTableEnvelope(body, 'attribute_list');
    expect(body.data.headers.map((h: Json) => h.key)).toEqual(['portrait', 'club', 'number', 'position', 'year_of_birth', 'height', 'weight', 'selection']);
    const cells = body.data.regions[0].rows[0].cells;
    expect(cells).toHaveLength(8);
    expect(cells[2].text).toEqual([String(national.number)]);
    expect(cells[7].text).toEqual([national.selection.name]);
    const player = await getJson(league.app, `/api/players/${national.playerId}`);
    expect(cells.slice(0, 2)).toEqual(player.data.regions[0].rows[0].cells.slice(0, 2));
    expect(await countQueries(league.db, () => getJson(league.app, `/api/national_players/${national.id}`))).toBeLessThanOrEqual(3);
    await expectError(league.app, '/api/national_players/99999999', 404);
  });
});

describe('GET /api/national_players/:national_player_id/statistics', () => {
  it('has one row per selection the player played in, with the record’s totals', async () => {
    const national = await league.db.prisma.nationalPlayer.findFirstOrThrow({
      where: { records: { some: { selectionId: { not: 1 } } }, selectionId: 1 },
      orderBy: { id: 'asc' },
    });
    const records = await league.db.prisma.nationalPlayerRecord.findMany({
      where: { nationalPlayerId: national.id },
      include: { selection: true },
      orderBy: { selectionId: 'asc' },
    });
    const body = await getJson(league.app, `/api/national_players/${national.id}/statistics`);
    expectTableEnvelope(body);
    expect(body.data.headers.map((h: Json) => h.key)).toEqual([
      'selection',
      'games',
      'goals',
      'assists',
      'points',
      '2-minute-penalty',
      '5-minute-penalty',
      '10-minute-penalty',
      'matchpenalty',
    ]);
    expect(body.data.regions[0].rows.map((r: Json) => r.cells.map((c: Json) => c.text[0]))).toEqual(
      records.map((r) => [
        r.selection.name,
        ...[r.games, r.goals, r.assists, r.goals + r.assists, r.penalties2, r.penalties5, r.penalties10, r.matchPenalties].map(String),
      ]),
    );
    expect(await countQueries(league.db, () => getJson(league.app, `/api/national_players/${national.id}/statistics`))).toBeLessThanOrEqual(1);
    await expectError(league.app, '/api/national_players/99999999/statistics', 404);
  });
});
