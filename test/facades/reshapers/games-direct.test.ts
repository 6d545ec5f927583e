import { describe, expect, it } from 'vitest';
import { directGamesVariables, reshapeDirectGames, type DirectGamesParams } from '../../../src/facades/rest/games/direct.js';
import { connection, gameRow } from '../../support/game-rows.js';
import { renderContextFor } from '../../support/render.js';

const params: DirectGamesParams = { game_id: 1000001, amount: 3 };
const data = {
  games: connection([
    gameRow({ id: 11, startsAt: '2025-10-01T18:00:00Z', decidedBy: 'REGULAR', homePeriodScores: [], awayPeriodScores: [] }),
    gameRow({ id: 12, startsAt: '2026-02-01T18:00:00Z', status: 'FORFEIT', homeScore: 5, awayScore: 0, decidedBy: 'REGULAR' }),
  ]),
};

describe('reshapeDirectGames', () => {
  it('newest first, four columns with `score` as the result key, no period scores', () => {
    const table = reshapeDirectGames(data, params, renderContextFor('de'));
    expect(table.data.headers.map((h) => h.key)).toEqual(['date', 'home', 'away', 'score']);
    expect(table.data.title).toBe('Direktbegegnungen');
    expect(table.data.context).toEqual({ mode: 'direct', game_id: 1000001, amount: 3, locale: 'de_CH' });
    expect(table.data.regions[0].rows.map((r) => [r.id, ...r.cells.map((c) => c.text?.join(' '))])).toEqual([
      [12, '01.02.2026 19:00', 'Unihockey Brunnhalden', 'UHC Erlengrund', '5:0 Forf.'],
      [11, '01.10.2025 20:00', 'Unihockey Brunnhalden', 'UHC Erlengrund', '5:4'],
    ]);
  });

  it('a cancelled game (never asked for here, but drawn by the shared row) says so instead of its date', () => {
    const cancelled = gameRow({
      id: 13,
      startsAt: '2026-03-01T18:00:00Z',
      status: 'CANCELLED',
      homeScore: null,
      awayScore: null,
      homePeriodScores: [],
      awayPeriodScores: [],
      decidedBy: 'REGULAR',
    });
    const table = reshapeDirectGames({ games: connection([cancelled]) }, params, renderContextFor('it'));
    expect(table.data.regions[0].rows[0].cells[0]).toEqual({ text: ['annullato'], link: { type: 'page', page: 'game_detail', ids: [13] } });
    expect(table.data.regions[0].rows[0].cells[3].text).toEqual(['-']);
  });

  it('speaks the requested language', () => {
    const table = reshapeDirectGames(data, params, renderContextFor('fr'));
    expect(table.data.title).toBe('Confrontations directes');
    expect(table.data.headers[3].text).toBe('Résultat');
  });
});

describe('directGamesVariables', () => {
  it('asks for the decided games between the two teams of the game', () => {
    expect(directGamesVariables({ game: { homeTeam: { id: 7 }, awayTeam: { id: 8 } } }, params)).toEqual({
      filter: { betweenTeams: [7, 8], status: ['FINISHED', 'FORFEIT'] },
      amount: 3,
    });
  });

  it('an unknown game is a 404 naming it', () => {
    expect(() => directGamesVariables({ game: null }, params)).toThrow(expect.objectContaining({ status: 404, message: 'No game 1000001' }));
  });
});
