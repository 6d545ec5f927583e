import { describe, expect, it } from 'vitest';
import { reshapeFavoriteGames, type FavoriteGamesData, type FavoriteGamesParams } from '../../../src/facades/rest/games/favorite.js';
import { gameRow } from '../../support/game-rows.js';
import { renderContextFor } from '../../support/render.js';

const next = gameRow({
  id: 21,
  startsAt: '2026-11-28T17:00:00Z',
  status: 'SCHEDULED',
  homeScore: null,
  awayScore: null,
  homePeriodScores: [],
  awayPeriodScores: [],
  decidedBy: 'REGULAR',
});
const data: FavoriteGamesData = {
  favoriteSession: {
    favorites: [
      { title: 'Unihockey Brunnhalden', nextGame: next },
      { title: 'Herren GF L-UPL', nextGame: next },
      { title: 'Damen KF 2. Liga', nextGame: null },
      { title: 'UHC Erlengrund', nextGame: gameRow({ id: 22 }) },
    ],
  },
};
const params: FavoriteGamesParams = { sid: 'abc', on_date: '2026-11-22' };

describe('reshapeFavoriteGames', () => {
  it("one region per favorite's next game, titled by the first favorite that refers to it", () => {
    const table = reshapeFavoriteGames(data, params, renderContextFor('de'));
    expect(table.data.headers.map((h) => h.key)).toEqual(['date', 'home', 'away', 'result']);
    expect(table.data.title).toBe('Meine Spiele');
    expect(table.data.context).toEqual({ mode: 'favorite', sid: 'abc', on_date: '2026-11-22', locale: 'de_CH' });
    expect(table.data.regions.map((r) => [r.text, ...r.rows.map((row) => row.cells.map((c) => c.text?.join(' ')).join(' | '))])).toEqual([
      ['Unihockey Brunnhalden', '28.11.2026 18:00 | Unihockey Brunnhalden | UHC Erlengrund | -'],
      ['UHC Erlengrund', '14.11.2026 17:00 | Unihockey Brunnhalden | UHC Erlengrund | 5:4 n.V.'],
    ]);
  });

  it('a cancelled game says so instead of its date', () => {
    const cancelled = gameRow({
      id: 23,
      status: 'CANCELLED',
      homeScore: null,
      awayScore: null,
      homePeriodScores: [],
      awayPeriodScores: [],
      decidedBy: 'REGULAR',
    });
    const table = reshapeFavoriteGames({ favoriteSession: { favorites: [{ title: 'UHC Erlengrund', nextGame: cancelled }] } }, params, renderContextFor('de'));
    expect(table.data.regions[0].rows[0].cells[0]).toEqual({ text: ['Abgesagt'], link: { type: 'page', page: 'game_detail', ids: [23] } });
  });

  it('an unknown session shows no games; the title speaks the requested language', () => {
    const table = reshapeFavoriteGames({ favoriteSession: null }, params, renderContextFor('en'));
    expect(table.data.regions).toEqual([]);
    expect(table.data.title).toBe('My games');
    expect(table.data.context?.locale).toBe('en');
  });
});
