import { describe, expect, it } from 'vitest';
import { reshapeMatchcenterSearch, reshapeSearch, type SearchData } from '../../../src/facades/rest/search.js';
import { renderContextFor } from '../../support/render.js';

const HITS: SearchData = {
  search: [
    { kind: 'LEAGUE', id: 1, name: 'Herren GF L-UPL', match: 'WORD', detail: null, season: 2026, leagueId: 1, gameClassId: 11, groupName: 'Gruppe 1' },
    {
      kind: 'GROUP',
      id: 10001,
      name: 'Gruppe 1',
      match: 'WORD',
      detail: 'Herren GF L-UPL',
      season: 2026,
      leagueId: 1,
      gameClassId: 11,
      groupName: 'Gruppe 1',
    },
    {
      kind: 'CLUB',
      id: 401001,
      name: 'Unihockey Auenrüti',
      match: 'PART',
      detail: 'Auenrüti',
      season: null,
      leagueId: null,
      gameClassId: null,
      groupName: null,
    },
    {
      kind: 'TEAM',
      id: 430001,
      name: 'Unihockey Auenrüti',
      match: 'PART',
      detail: 'Herren GF',
      season: null,
      leagueId: null,
      gameClassId: 11,
      groupName: null,
    },
    { kind: 'PLAYER', id: 600004, name: 'Ivo Brunner', match: 'PART', detail: null, season: null, leagueId: null, gameClassId: null, groupName: null },
  ],
};

describe('reshapeSearch', () => {
  it('a row per hit: name with its page link, kind, what it belongs to; rows carry id, type and set_in_context', () => {
    const body = reshapeSearch(HITS, { q: 'Auenrüti', limit: 10 }, renderContextFor());
    expect(body.type).toBe('table');
    expect(body.data.title).toBe('Suche «Auenrüti»');
    expect(body.data.context).toEqual({ q: 'Auenrüti', limit: 10, locale: 'de_CH' });
    expect(body.data.headers.map((h) => [h.key, h.text])).toEqual([
      ['name', 'Name'],
      ['kind', 'Art'],
      ['detail', 'Zugehörigkeit'],
    ]);
    const [leagueRow, groupRow, clubRow, teamRow, playerRow] = body.data.regions[0].rows;
    expect(leagueRow).toEqual({
      id: 1,
      type: 'league',
      set_in_context: { season: 2026, league: 1, game_class: 11 },
      highlight: false,
      cells: [
        { text: ['Herren GF L-UPL'], link: { type: 'page', page: 'league_group_detail', ids: [2026, 1, 11, 'Gruppe 1'] } },
        { text: ['Liga'] },
        { text: [''] },
      ],
    });
    expect(groupRow.set_in_context).toEqual({ season: 2026, league: 1, game_class: 11, group: 'Gruppe 1' });
    expect(groupRow.cells.map((cell) => cell.text)).toEqual([['Gruppe 1'], ['Gruppe'], ['Herren GF L-UPL']]);
    expect(clubRow.cells[0]).toEqual({ text: ['Unihockey Auenrüti'] });
    expect(clubRow.set_in_context).toEqual({ club_id: 401001 });
    expect(teamRow.cells[0].link).toEqual({ type: 'page', page: 'team_detail', ids: [430001] });
    expect(playerRow.cells[0].link).toEqual({ type: 'page', page: 'player_detail', ids: [600004] });
    expect(playerRow.cells[1]).toEqual({ text: ['Spieler'] });
  });

  it('speaks the locale and echoes a season; no hit is an empty region', () => {
    const body = reshapeSearch({ search: [] }, { q: 'xyz', limit: 5, season: 2025 }, renderContextFor('it'));
    expect(body.data.title).toBe('Ricerca «xyz»');
    expect(body.data.headers.map((h) => h.text)).toEqual(['Nome', 'Tipo', 'Appartenenza']);
    expect(body.data.context).toEqual({ q: 'xyz', limit: 5, season: 2025, locale: 'it_CH' });
    expect(body.data.regions).toEqual([{ text: null, rows: [] }]);
  });
});

describe('reshapeMatchcenterSearch', () => {
  it('a section per hit, its context the favorite to add (groups are league favorites)', () => {
    expect(reshapeMatchcenterSearch(HITS, { q: 'Auenrüti', limit: 10 }, renderContextFor('fr'))).toEqual({
      type: 'matchcenter',
      data: {
        sections: [
          { type: 'league', title: 'Herren GF L-UPL', context: { type: 'league', game_class: 11, league: 1 } },
          { type: 'league', title: 'Gruppe 1 (Herren GF L-UPL)', context: { type: 'league', game_class: 11, league: 1, group: 'Gruppe 1' } },
          { type: 'club', title: 'Unihockey Auenrüti (Auenrüti)', context: { type: 'club', club_id: 401001 } },
          { type: 'team', title: 'Unihockey Auenrüti (Herren GF)', context: { type: 'team', team_id: 430001 } },
          { type: 'player', title: 'Ivo Brunner', context: { type: 'player', player_id: 600004 } },
        ],
      },
    });
  });
});
