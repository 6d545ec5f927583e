import { describe, expect, it } from 'vitest';
import { reshapePlayerOverview, type PlayerOverviewData } from '../../../src/facades/rest/player-overview.js';
import { renderContextFor } from '../../support/render.js';

type OverviewGame = NonNullable<PlayerOverviewData['player']>['games'][number]['game'];
const team = (id: number) => ({ id, name: `Team ${id}` });
const game = (id: number, status: OverviewGame['status'], homeTeam = team(1), awayTeam = team(9)): OverviewGame => ({
  id,
  startsAt: '2026-10-17T15:30:00.000Z',
  status,
  homeScore: status === 'SCHEDULED' ? null : 3,
  awayScore: status === 'SCHEDULED' ? null : 1,
  decidedBy: 'REGULAR',
  venue: { name: 'Halle', city: 'Ort' },
  homeTeam,
  awayTeam,
  homePlaceholder: null,
  awayPlaceholder: null,
});
const line = (played: boolean, teamId: number, goals = 0) => ({ played, goals, assists: 1, points: goals + 1, penaltyMinutes: 2, teamId });
const data: PlayerOverviewData = {
  season: { label: '2026/27' },
  player: {
    id: 5,
    firstName: 'Anna',
    lastName: 'Muster',
    memberships: [{ team: team(1) }],
    games: [
      { ...line(true, 1, 2), game: game(11, 'FINISHED') },
      { ...line(false, 1), game: game(12, 'FINISHED') },
      { ...line(false, 1), game: game(13, 'SCHEDULED') },
      { ...line(false, 1), game: game(15, 'LIVE') },
      { ...line(false, 1), game: game(16, 'FORFEIT') },
      { ...line(true, 2), game: game(14, 'FINISHED', team(2), team(9)) },
    ],
  },
};
const params = { player_id: 5, season: 2026 };

describe('reshapePlayerOverview', () => {
  it('puts the member team’s games in its region and the others after; marks played games the player missed', () => {
    const body = reshapePlayerOverview(data, params, renderContextFor('de'));
    expect(body.data.headers.map((h) => h.key)).toEqual(['date', 'location', 'time', 'home', 'away', 'score', 'goals', 'assists', 'points', 'penalty_minutes']);
    expect(body.data.title).toBe('Spielübersicht Anna Muster');
    expect(body.data.subtitle).toBe('Saison 2026/27');
    expect(body.data.context).toEqual({ player_id: 5, season: 2026, locale: 'de_CH' });
    expect(body.data.regions.map((r) => [r.text, r.rows.map((row) => row.id)])).toEqual([
      ['Team 1', [11, 12, 13, 15, 16]],
      ['Weitere Spiele', [14]],
    ]);
    const [played, missed, upcoming, live, forfeit] = body.data.regions[0].rows.map((row) => row.cells.slice(6).map((cell) => cell.text));
    expect(played).toEqual([['2'], ['1'], ['3'], ['2']]);
    expect(missed).toEqual([['Nicht gespielt'], [], [], []]);
    // A live game is being played: missing from its lineup is "not played" already.
    expect(live).toEqual([['Nicht gespielt'], [], [], []]);
    // Neither a game to come nor a forfeit is played.
    expect(upcoming).toEqual([[], [], [], []]);
    expect(forfeit).toEqual([[], [], [], []]);
    expect(body.data.regions[0].rows[0].link).toEqual({ type: 'page', page: 'game_detail', ids: [11] });
  });

  it('speaks the requested language; the season number stands in when the season is unknown', () => {
    const body = reshapePlayerOverview({ ...data, season: null }, params, renderContextFor('fr'));
    expect(body.data.subtitle).toBe('Saison 2026');
    expect(body.data.regions[1].text).toBe('Autres matchs');
    expect(body.data.regions[0].rows[1].cells[6].text).toEqual(['Pas joué']);
  });

  it('a player without teams or games still has the other-games region', () => {
    const body = reshapePlayerOverview({ ...data, player: { ...data.player!, memberships: [], games: [] } }, params, renderContextFor('de'));
    expect(body.data.regions).toEqual([{ text: 'Weitere Spiele', rows: [] }]);
  });

  it('a cancelled game says so in its date cell', () => {
    const cancelled: PlayerOverviewData = { ...data, player: { ...data.player!, games: [{ ...line(false, 1), game: game(17, 'CANCELLED') }] } };
    const rows = reshapePlayerOverview(cancelled, params, renderContextFor('fr')).data.regions[0].rows;
    expect(rows[0].cells[0].text).toEqual(['annulé']);
  });

  it('an unknown player is a 404 naming the id asked for', () => {
    expect(() => reshapePlayerOverview({ season: null, player: null }, { player_id: 99, season: 2026 }, renderContextFor())).toThrow(
      expect.objectContaining({ status: 404, message: 'No player 99' }),
    );
  });
});
