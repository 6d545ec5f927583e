import { describe, expect, it } from 'vitest';
import { reshapeClubStatistics, reshapeSeasonClubs, type ClubStatisticsData, type SeasonClubsData } from '../../../src/facades/rest/clubs.js';
import type { SeasonRecordData } from '../../../src/facades/rest/shared/achievements.js';
import { renderContextFor } from '../../support/render.js';

describe('reshapeSeasonClubs', () => {
  const data: SeasonClubsData = { clubs: { edges: [{ node: { id: 401001, name: 'UHC Erlengrund' } }, { node: { id: 401002, name: 'Floorball Seewil' } }] } };

  it('a dropdown (level Verein) that sets club_id, in the order given', () => {
    const dropdown = reshapeSeasonClubs(data, { season: 2026 }, renderContextFor('de'));
    expect(dropdown).toMatchObject({ type: 'dropdown', text: 'Verein', resource: '/clubs', levels: ['Verein'] });
    expect(dropdown.entries.map((e) => [e.text, e.set_in_context])).toEqual([
      ['UHC Erlengrund', { club_id: 401001 }],
      ['Floorball Seewil', { club_id: 401002 }],
    ]);
  });

  it('speaks the requested language; the level stays `Verein`', () => {
    const dropdown = reshapeSeasonClubs(data, { season: 2026 }, renderContextFor('fr'));
    expect(dropdown.text).toBe('Club');
    expect(dropdown.levels).toEqual(['Verein']);
  });
});

describe('reshapeClubStatistics', () => {
  const first: SeasonRecordData = {
    season: { id: 2026, label: '2026/27' },
    team: { id: 430001, name: 'UHC Erlengrund I' },
    groups: [{ name: 'Gruppe 1', phase: 'QUALIFICATION', league: { name: 'L-UPL' }, gameClass: { name: 'Herren GF' } }],
    qualificationRank: 3,
    qualificationGroup: { name: 'Gruppe 1', league: { name: 'L-UPL' }, gameClass: { name: 'Herren GF' } },
    finalPhase: { phase: 'PLAYOFF', round: { name: '1/2-Final', final: false, won: false } },
    cup: { tournament: { name: 'Ligacup Herren' }, round: { name: '1/4-Final', final: false, won: null } },
  };
  const second: SeasonRecordData = {
    ...first,
    team: { id: 430005, name: 'UHC Erlengrund II' },
    groups: [],
    qualificationRank: null,
    qualificationGroup: null,
    finalPhase: null,
    cup: null,
  };
  const data: ClubStatisticsData = { season: { label: '2026/27' }, club: { id: 401001, name: 'UHC Erlengrund', seasonRecords: [first, second] } };

  it('one row per team (carrying team_id): league and name, qualification and final phase, cup', () => {
    const table = reshapeClubStatistics(data, { club_id: 401001, season: 2026 }, renderContextFor('de'));
    expect(table.data.headers.map((h) => h.key)).toEqual(['team', 'tournament', 'cup']);
    expect(table.data.title).toBe('UHC Erlengrund');
    expect(table.data.subtitle).toBe('Saison 2026/27');
    expect(table.data.context).toEqual({ club_id: 401001, season: 2026, locale: 'de_CH' });
    const rows = table.data.regions[0].rows;
    expect(rows.map((r) => r.team_id)).toEqual([430001, 430005]);
    expect(rows.map((r) => r.cells.map((c) => c.text))).toEqual([
      [['Herren GF L-UPL', 'UHC Erlengrund I'], ['3. Rang, Gruppe 1', 'Playoff: 1/2-Final (verloren)'], ['Ligacup Herren: 1/4-Final']],
      [['', 'UHC Erlengrund II'], ['-'], ['-']],
    ]);
    expect(rows[0].cells[0].link).toEqual({ type: 'page', page: 'team_detail', ids: [430001] });
  });

  it('names the season by its number when the season is unknown', () => {
    expect(reshapeClubStatistics({ ...data, season: null }, { club_id: 401001, season: 1999 }, renderContextFor('de')).data.subtitle).toBe('Saison 1999');
  });

  it('speaks the requested language', () => {
    const table = reshapeClubStatistics(data, { club_id: 401001, season: 2026 }, renderContextFor('fr'));
    expect(table.data.headers.map((h) => h.text)).toEqual(['Équipe', 'Championnat', 'Coupe']);
    expect(table.data.regions[0].rows[0].cells[1].text).toEqual(['3e rang, Gruppe 1', 'Playoff: 1/2-Final (perdu)']);
    expect(table.data.context).toEqual({ club_id: 401001, season: 2026, locale: 'fr_CH' });
  });

  it('an unknown club is a 404 naming the id asked for', () => {
    expect(() => reshapeClubStatistics({ season: null, club: null }, { club_id: 99, season: 2026 }, renderContextFor())).toThrow(
      expect.objectContaining({ status: 404, message: 'No club 99' }),
    );
  });
});
