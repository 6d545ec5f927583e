import { describe, expect, it } from 'vitest';
import { reshapeTeamVisitors, type TeamVisitorsData } from '../../../src/facades/rest/team-visitors.js';
import { barDataUri } from '../../../src/facades/shared/png.js';
import { renderContextFor } from '../../support/render.js';

const data: TeamVisitorsData = {
  season: { label: '2026/27' },
  leagues: [
    { id: 1, name: 'L-UPL' },
    { id: 2, name: 'NLB' },
  ],
  gameClasses: [{ id: 11, name: 'Herren GF' }],
  teamVisitors: [
    { rank: 1, averageVisitors: 812.6, percentOfTop: 100, team: { id: 430001, name: 'UHC Erlengrund' } },
    { rank: null, averageVisitors: null, percentOfTop: 37.4, team: { id: 430002, name: 'Floorball Seewil' } },
  ],
};
const params = { league: [1], game_class: 11, season: 2026 };

describe('reshapeTeamVisitors', () => {
  it('one row per team: rank, linked name, whole average visitors, a bar of the percent of the top team', () => {
    const table = reshapeTeamVisitors(data, params, renderContextFor('de'));
    expect(table.data.headers.map((h) => h.key)).toEqual(['rank', 'team_name', 'average_visitors', 'percent_of_top']);
    expect(table.data.title).toBe('Zuschauer Herren GF L-UPL');
    expect(table.data.subtitle).toBe('Saison 2026/27');
    expect(table.data.context).toEqual({ season: 2026, league: 1, game_class: 11, locale: 'de_CH' });
    const rows = table.data.regions[0].rows;
    expect(rows.map((r) => r.id)).toEqual([430001, 430002]);
    expect(rows.map((r) => r.cells.slice(0, 3).map((c) => c.text?.join(' ')))).toEqual([
      ['1', 'UHC Erlengrund', '813'],
      ['-', 'Floorball Seewil', '-'],
    ]);
    expect(rows[0].cells[1].link).toEqual({ type: 'page', page: 'team_detail', ids: [430001] });
    expect(rows[1].cells[3]).toEqual({ image: { alt: '37%', url: barDataUri(37.4) } });
  });

  it('several leagues: named in the title, echoed as sent; an unknown game class by its id', () => {
    const table = reshapeTeamVisitors(data, { league: [1, 2], game_class: 21, season: 2026 }, renderContextFor('de'));
    expect(table.data.title).toBe('Zuschauer 21 L-UPL, NLB');
    expect(table.data.context).toEqual({ season: 2026, league: '1,2', game_class: 21, locale: 'de_CH' });
  });

  it('speaks the requested language', () => {
    const table = reshapeTeamVisitors(data, params, renderContextFor('en'));
    expect(table.data.title).toBe('Visitors Herren GF L-UPL');
    expect(table.data.headers.map((h) => h.text)).toEqual(['Rank', 'Team', 'Average visitors', '% of top']);
    expect(table.data.context).toEqual({ season: 2026, league: 1, game_class: 11, locale: 'en' });
  });

  it('an unknown season is a 404 naming the season asked for', () => {
    expect(() => reshapeTeamVisitors({ ...data, season: null }, { ...params, season: 2100 }, renderContextFor())).toThrow(
      expect.objectContaining({ status: 404, message: 'No season 2100' }),
    );
  });
});
