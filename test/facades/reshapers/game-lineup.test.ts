import { describe, expect, it } from 'vitest';
import { reshapeGameLineup, type GameLineupData, type GameLineupParams } from '../../../src/facades/rest/game-lineup.js';
import { renderContextFor } from '../../support/render.js';

const lineup: NonNullable<GameLineupData['game']>['lineup'] = [
  { number: 1, position: 'GOALKEEPER', captain: false, player: { id: 601, firstName: 'Lea', lastName: 'Suter' } },
  { number: 17, position: 'FORWARD', captain: true, player: { id: 602, firstName: 'Mia', lastName: 'Graf' } },
  { number: null, position: null, captain: false, player: { id: 603, firstName: 'Noa', lastName: 'Frei' } },
];
const data = (entries = lineup): GameLineupData => ({
  game: { homeTeam: { name: 'UHC Birkenfeld' }, awayTeam: { name: 'Floorball Grünau' }, homePlaceholder: null, awayPlaceholder: null, lineup: entries },
});
const params: GameLineupParams = { game_id: 5, is_home: '0', view: 'full', hide_empty: true };
const rowsOf = (table: ReturnType<typeof reshapeGameLineup>) => table?.data.regions[0].rows.map((r) => r.cells.map((c) => c.text?.join(' | ')));

describe('reshapeGameLineup', () => {
  it('is_home=0 is the home team: number, position (captain below), name linking to the player', () => {
    const table = reshapeGameLineup(data(), params, renderContextFor('de'));
    expect(table?.data.headers.map((h) => h.key)).toEqual(['number', 'position', 'name']);
    expect(table?.data.title).toBe('Aufstellung UHC Birkenfeld');
    expect(table?.data.context).toEqual({ game_id: 5, is_home: 0, view: 'full', locale: 'de_CH' });
    expect(rowsOf(table)).toEqual([
      ['1', 'Torhüter', 'Lea Suter'],
      ['17', 'Stürmer | Captain', 'Mia Graf'],
      ['', '', 'Noa Frei'],
    ]);
    expect(table?.data.regions[0].rows[1].cells[2].link).toEqual({ type: 'page', page: 'player_detail', ids: [602] });
  });

  it('is_home=1 is the away team; view=short gives one-letter positions', () => {
    const table = reshapeGameLineup(data(), { ...params, is_home: '1', view: 'short' }, renderContextFor('de'));
    expect(table?.data.title).toBe('Aufstellung Floorball Grünau');
    expect(table?.data.context).toMatchObject({ is_home: 1, view: 'short' });
    expect(rowsOf(table)?.map((r) => r[1])).toEqual(['T', 'S | Captain', '']);
  });

  it('an empty lineup is null (the blank body) with hide_empty, an empty table without', () => {
    expect(reshapeGameLineup(data([]), params, renderContextFor())).toBeNull();
    expect(rowsOf(reshapeGameLineup(data([]), { ...params, hide_empty: false }, renderContextFor()))).toEqual([]);
  });

  it('speaks the requested language', () => {
    const table = reshapeGameLineup(data(), { ...params, view: 'short' }, renderContextFor('fr'));
    expect(table?.data.title).toBe('Composition UHC Birkenfeld');
    expect(table?.data.context).toMatchObject({ locale: 'fr_CH' });
    expect(rowsOf(table)?.map((r) => r[1])).toEqual(['G', 'A | Capitaine', '']);
  });

  it('an unknown game is a 404 naming the id asked for, even with hide_empty', () => {
    expect(() => reshapeGameLineup({ game: null }, { ...params, game_id: 99 }, renderContextFor())).toThrow(
      expect.objectContaining({ status: 404, message: 'No game 99' }),
    );
  });
});
