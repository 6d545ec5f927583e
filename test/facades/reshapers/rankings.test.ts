import { describe, expect, it } from 'vitest';
import { reshapeRankings, type RankingsData, type RankingsParams } from '../../../src/facades/rest/rankings.js';
import { renderContextFor } from '../../support/render.js';

type Group = RankingsData['leagueGroups']['edges'][number]['node'];

const standing = (rank: number, teamId: number, name: string, points: number, goalsFor: number, goalsAgainst: number) => ({
  rank, games: 4, wins: 2, overtimeWins: 0, overtimeLosses: 1, losses: 1, forfeits: 0, goalsFor, goalsAgainst, points,
  team: { id: teamId, name, logoUrl: null },
});
const group = (name: string, phase: string, standings: Group['standings'], playoffLine: number | null = null): Group => ({
  name, phase, playoffLine, league: { name: 'L-UPL' }, gameClass: { name: 'Herren GF' }, standings,
});
const groupOne = group('Gruppe 1', 'QUALIFICATION', [standing(1, 11, 'UHC Birkenfeld', 9, 20, 8), standing(2, 12, 'Floorball Grünau', 6, 10, 10), standing(3, 13, 'UH Tann', 2, 5, 17)], 2);
const groupTwo = group('Gruppe 2', 'QUALIFICATION', [standing(1, 21, 'UHC Lind', 7, 12, 9)]);
const playoff = group('Playoff', 'PLAYOFF', [standing(1, 11, 'UHC Birkenfeld', 3, 4, 2)]);
const data: RankingsData = { season: { label: '2026/27' }, leagueGroups: { edges: [groupOne, groupTwo, playoff].map((node) => ({ node })) } };
const params: RankingsParams = { season: 2026, league: 1, game_class: 11 };
const regionsOf = (table: ReturnType<typeof reshapeRankings>) =>
  table.data.regions.map((r) => [r.text, r.rows.map((row) => (row.separator ? '---' : row.cells.map((c) => c.text?.[0] ?? c.image?.alt).join(' ')))]);

describe('reshapeRankings', () => {
  it('without a group: every qualification group side by side, a separator under the playoff line', () => {
    const table = reshapeRankings(data, params, renderContextFor('de'));
    expect(table.data.headers.map((h) => h.key)).toEqual([
      'rank', 'logo', 'team', 'games', 'forfeits', 'wins', 'overtime_wins', 'overtime_losses', 'losses', 'goals', 'goal_difference', 'points_quotient', 'points',
    ]);
    expect(table.data.headers[6].short).toBe('SnV');
    expect(table.data.title).toBe('Herren GF L-UPL');
    expect(table.data.subtitle).toBe('2026/27');
    expect(table.data.context).toEqual({ season: 2026, league: 1, game_class: 11, group: null, locale: 'de_CH' });
    expect(regionsOf(table)).toEqual([
      ['Gruppe 1', [
        '1 UHC Birkenfeld UHC Birkenfeld 4 0 2 0 1 1 20:8 +12 2.25 9',
        '2 Floorball Grünau Floorball Grünau 4 0 2 0 1 1 10:10 0 1.50 6',
        '---',
        '3 UH Tann UH Tann 4 0 2 0 1 1 5:17 -12 0.50 2',
      ]],
      ['Gruppe 2', ['1 UHC Lind UHC Lind 4 0 2 0 1 1 12:9 +3 1.75 7']],
    ]);
    const first = table.data.regions[0].rows[0];
    expect(first.data).toEqual({ team: { id: 11, name: 'UHC Birkenfeld' }, rank: 1 });
    expect(first.cells[2].link).toEqual({ type: 'page', page: 'team_detail', ids: [11] });
  });

  it('one group asked for by name: its region is titled with class, league and group; no separator under the last rank', () => {
    const table = reshapeRankings({ ...data, season: null }, { ...params, group: 'Playoff' }, renderContextFor('de'));
    expect(table.data.context).toMatchObject({ group: 'Playoff' });
    expect(table.data.subtitle).toBe('2026');
    expect(regionsOf(table)).toEqual([['Herren GF L-UPL Playoff', ['1 UHC Birkenfeld UHC Birkenfeld 4 0 2 0 1 1 4:2 +2 0.75 3']]]);
    const lineAtLast = group('Gruppe 1', 'QUALIFICATION', groupOne.standings, 3);
    const single = reshapeRankings({ ...data, leagueGroups: { edges: [{ node: lineAtLast }] } }, params, renderContextFor('de'));
    expect(single.data.regions[0].rows.some((r) => r.separator)).toBe(false);
  });

  it('speaks the requested language', () => {
    const table = reshapeRankings(data, params, renderContextFor('fr'));
    expect(table.data.headers[5].text).toBe('Victoires');
    expect(table.data.context).toMatchObject({ locale: 'fr_CH' });
  });

  it('no such group, or no qualification group, is a 404 naming what was asked', () => {
    expect(() => reshapeRankings(data, { ...params, group: 'Nowhere' }, renderContextFor())).toThrow(expect.objectContaining({ status: 404, message: 'No group "Nowhere"' }));
    const onlyPlayoff: RankingsData = { ...data, leagueGroups: { edges: [{ node: playoff }] } };
    expect(() => reshapeRankings(onlyPlayoff, params, renderContextFor())).toThrow(
      expect.objectContaining({ status: 404, message: 'No groups for this league and game class in the season' }),
    );
  });
});
