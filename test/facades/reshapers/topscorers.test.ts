import { describe, expect, it } from 'vitest';
import { reshapeTopScorerHighlight, TOP_SCORER_HIGHLIGHT_QUERY, type TopScorerHighlightData } from '../../../src/facades/rest/topscorer-highlight.js';
import {
  MAIN_TOP_SCORERS_QUERY,
  reshapeTopScorers,
  SPONSOR_TOP_SCORERS_QUERY,
  topScorersVariables,
  type TopScorersData,
  type TopScorersParams,
} from '../../../src/facades/rest/topscorers.js';
import { parseParams } from '../../../src/facades/shared/route.js';
import { renderContextFor } from '../../support/render.js';

describe('top-scorer parameters', () => {
  it('main takes amount (a number or "all", 20 by default) before the others; the sponsor table ignores it', () => {
    expect(parseParams(MAIN_TOP_SCORERS_QUERY, {})).toEqual({ amount: 20, league: 1, game_class: 11 });
    expect(parseParams(MAIN_TOP_SCORERS_QUERY, { amount: 'all', phase: 'finals', season: '2025' })).toEqual({
      amount: 'all',
      season: 2025,
      league: 1,
      game_class: 11,
      phase: 'finals',
    });
    expect(parseParams(SPONSOR_TOP_SCORERS_QUERY, { amount: 'x', club_id: '5' })).toEqual({ amount: 'x', league: 1, game_class: 11, club_id: 5 });
    for (const amount of ['0', '101', 'many', 'ALL']) {
      expect(() => parseParams(MAIN_TOP_SCORERS_QUERY, { amount, season: 'x' })).toThrow(
        expect.objectContaining({ status: 400, message: `Parameter amount must be a number from 1 to 100 or "all", got "${amount}"` }),
      );
    }
    expect(() => parseParams(SPONSOR_TOP_SCORERS_QUERY, { phase: 'playoff' })).toThrow(
      expect.objectContaining({ message: 'Parameter phase must be one of group, finals, got "playoff"' }),
    );
  });

  it('all ranks ask the schema for every ranked player; finals are playoffs, the superfinal and playouts', () => {
    const params: TopScorersParams = { resource: '/topscorers/main', season: 2026, league: 1, game_class: 11, phase: 'finals', amount: 'all' };
    expect(topScorersVariables(params)).toEqual({
      season: 2026,
      league: 1,
      gameClass: 11,
      phases: ['PLAYOFF', 'SUPERFINAL', 'PLAYOUT'],
      clubId: null,
      first: 100,
      all: true,
    });
    expect(topScorersVariables({ ...params, phase: undefined, club_id: 3, amount: 5 })).toMatchObject({ phases: null, clubId: 3, first: 5, all: false });
  });
});

describe('reshapeTopScorers', () => {
  const competition = (league: [number, string, number, boolean], gameClass: [number, string, boolean]) => ({
    league: { id: league[0], name: league[1], level: league[2], isNational: league[3] },
    gameClass: { id: gameClass[0], name: gameClass[1], isYouth: gameClass[2] },
  });
  const men: [number, string, boolean] = [11, 'Herren GF', false];
  const women: [number, string, boolean] = [21, 'Damen GF', false];
  const juniors: [number, string, boolean] = [19, 'Junioren U21', true];
  // As the schema lists them: each league and class once, by league then class id.
  const data: TopScorersData = {
    season: {
      label: '2026/27',
      competitions: [
        competition([1, 'L-UPL', 1, true], men),
        competition([1, 'L-UPL', 1, true], women),
        competition([2, 'NLB', 2, true], men),
        competition([2, 'NLB', 2, true], women),
        competition([4, '2. Liga', 4, false], men),
        competition([12, 'A', 1, true], juniors),
      ],
    },
    topScorers: [
      { rank: 1, goals: 5, assists: 4, points: 9, player: { id: 1, firstName: 'Lea', lastName: 'Graf' }, team: { id: 7, name: 'UH Neu' } },
      { rank: 2, goals: 3, assists: 4, points: 7, player: { id: 2, firstName: 'Mia', lastName: 'Frei' }, team: null },
    ],
  };
  const params: TopScorersParams = { resource: '/topscorers/sponsor', season: 2026, league: 2, game_class: 21, phase: 'group', amount: 20 };

  it('tabs: the men’s top league first, adult classes before youth, each class by level; national leagues only', () => {
    const body = reshapeTopScorers(data, params, renderContextFor('de'));
    expect(body.data.tabs.map((tab) => [tab.text, tab.highlight])).toEqual([
      ['Herren GF L-UPL', false],
      ['Herren GF NLB', false],
      ['Damen GF L-UPL', false],
      ['Damen GF NLB', true],
      ['Junioren U21 A', false],
    ]);
    expect(body.data.tabs[0].link).toEqual({
      type: 'reload',
      resource: '/topscorers/sponsor',
      set_in_context: { season: 2026, league: 1, game_class: 11, phase: 'group' },
    });
  });

  it('rows rank, linked player, linked team (empty without one), goals, assists, points; title and subtitle name league and phase', () => {
    const body = reshapeTopScorers(data, params, renderContextFor('de'));
    expect(body.data.headers.map((h) => h.key)).toEqual(['rank', 'player', 'team', 'goals', 'assists', 'points']);
    expect(body.data.title).toBe('Topscorer Damen GF NLB');
    expect(body.data.subtitle).toBe('Saison 2026/27, Qualifikation');
    expect(body.data.context).toEqual({ season: 2026, league: 2, game_class: 21, phase: 'group', club_id: null, amount: 20, locale: 'de_CH' });
    const region = body.data.regions[0];
    expect(region.text).toBe('Damen GF NLB');
    expect(region.rows.map((r) => r.cells.map((c) => c.text?.[0]))).toEqual([
      ['1', 'Lea Graf', 'UH Neu', '5', '4', '9'],
      ['2', 'Mia Frei', '', '3', '4', '7'],
    ]);
    expect(region.rows[0].cells[1].link).toEqual({ type: 'page', page: 'player_detail', ids: [1] });
    expect(region.rows[1].cells[2]).toEqual({ text: [''] });
  });

  it('a league without a tab keeps the plain title and no region name; speaks the requested language', () => {
    const body = reshapeTopScorers({ ...data, season: null }, { ...params, league: 99, phase: 'finals', amount: 'all' }, renderContextFor('fr'));
    expect(body.data.title).toBe('Meilleurs marqueurs');
    expect(body.data.subtitle).toBe('Saison 2026, Tour final');
    expect(body.data.tabs).toEqual([]);
    expect(body.data.regions[0].text).toBeNull();
    expect(body.data.context).toMatchObject({ amount: 'all', locale: 'fr_CH' });
  });
});

describe('reshapeTopScorerHighlight', () => {
  const scorer = (id: number, points: number) => ({
    points,
    player: { id, firstName: 'A', lastName: `P${id}`, portraitUrl: `http://img/${id}.jpg` },
    team: { club: { name: `Club ${id}` } },
  });
  const data: TopScorerHighlightData = { season: { label: '2026/27' }, men: [scorer(1, 30)], women: [scorer(2, 20)] };

  it('attribute list: one row per scorer, portrait, name, club, points', () => {
    const body = reshapeTopScorerHighlight(data, { season: 2026, view_type: 'attribute_list' }, renderContextFor('de'));
    expect(body.subtype).toBe('attribute_list');
    expect(body.data.headers.map((h) => h.key)).toEqual(['portrait', 'name', 'club', 'points']);
    expect(body.data.title).toBe('Topscorer');
    expect(body.data.subtitle).toBe('Saison 2026/27');
    expect(body.data.context).toEqual({ season: 2026, club_id: null, view_type: 'attribute_list', locale: 'de_CH' });
    expect(body.data.regions[0].rows.map((r) => [r.cells[0].image?.alt, r.cells[1].text?.[0], r.cells[2].text?.[0], r.cells[3].text?.[0]])).toEqual([
      ['A P1', 'A P1', 'Club 1', '30'],
      ['A P2', 'A P2', 'Club 2', '20'],
    ]);
    expect(body.data.regions[0].rows[1].cells[1].link).toEqual({ type: 'page', page: 'player_detail', ids: [2] });
  });

  it('table: transposed, one column per scorer', () => {
    const list = reshapeTopScorerHighlight(data, { season: 2026, view_type: 'attribute_list' }, renderContextFor('de'));
    const table = reshapeTopScorerHighlight(data, { season: 2026, view_type: 'table' }, renderContextFor('de'));
    expect(table.subtype).toBe('table');
    const listRows = list.data.regions[0].rows.map((r) => r.cells);
    expect(table.data.regions[0].rows.map((r) => r.cells)).toEqual([0, 1, 2, 3].map((attribute) => listRows.map((cells) => cells[attribute])));
    expect(table.data.headers.map((h) => [h.key, h.text])).toEqual([
      ['scorer_1', 'Topscorer Herren'],
      ['scorer_2', 'Topscorerin Damen'],
    ]);
  });

  it('a club shows only the genders it has a top-league team in, under its name; speaks the requested language', () => {
    const club = { ...data, club: { name: 'UH Neu' }, topLeagueTeams: { edges: [{ node: { gameClass: { id: 21 } } }] } };
    const body = reshapeTopScorerHighlight(club, { season: 2026, club_id: 5, view_type: 'table' }, renderContextFor('it'));
    expect(body.data.title).toBe('Migliori marcatori UH Neu');
    expect(body.data.headers.map((h) => h.text)).toEqual(['Miglior marcatrice donne']);
    expect(body.data.regions[0].rows.map((r) => r.cells.length)).toEqual([1, 1, 1, 1]);
    expect(body.data.context).toEqual({ season: 2026, club_id: 5, view_type: 'table', locale: 'it_CH' });
  });

  it('an unknown club is a 404 naming the id asked for; bad parameters are 400s in declaration order', () => {
    expect(() => reshapeTopScorerHighlight({ ...data, club: null }, { season: 2026, club_id: 77, view_type: 'table' }, renderContextFor())).toThrow(
      expect.objectContaining({ status: 404, message: 'No club 77' }),
    );
    expect(() => parseParams(TOP_SCORER_HIGHLIGHT_QUERY, { view_type: 'list', club_id: 'x' })).toThrow(
      expect.objectContaining({ message: 'Parameter club_id must be an integer, got "x"' }),
    );
    expect(() => parseParams(TOP_SCORER_HIGHLIGHT_QUERY, { view_type: 'list' })).toThrow(
      expect.objectContaining({ message: 'Parameter view_type must be one of table, attribute_list, got "list"' }),
    );
  });
});
