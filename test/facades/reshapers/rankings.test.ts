import { describe, expect, it } from 'vitest';
import { reshapeRankings, type RankingsData, type RankingsParams } from '../../../src/facades/rest/rankings.js';
import { renderContextFor } from '../../support/render.js';

type Group = RankingsData['leagueGroups']['edges'][number]['node'];

const standing = (rank: number, teamId: number, name: string, points: number, goalsFor: number, goalsAgainst: number) => ({
  rank,
  games: 4,
  wins: 2,
  overtimeWins: 0,
  overtimeLosses: 1,
  losses: 1,
  forfeits: 0,
  goalsFor,
  goalsAgainst,
  points,
  team: { id: teamId, name, logoUrl: null },
});
const group = (name: string, phase: Group['phase'], standings: Group['standings'], playoffLine: number | null = null): Group => ({
  name,
  phase,
  playoffLine,
  league: { id: 1, name: 'L-UPL', level: 1 },
  gameClass: { id: 11, name: 'Herren GF' },
  standings,
});
const groupOne = group(
  'Gruppe 1',
  'QUALIFICATION',
  [standing(1, 11, 'UHC Birkenfeld', 9, 20, 8), standing(2, 12, 'Floorball Grünau', 6, 10, 10), standing(3, 13, 'UH Tann', 2, 5, 17)],
  2,
);
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
      'rank',
      'logo',
      'team',
      'games',
      'forfeits',
      'wins',
      'overtime_wins',
      'overtime_losses',
      'losses',
      'goals',
      'goal_difference',
      'points_quotient',
      'points',
    ]);
    expect(table.data.headers[6].short).toBe('SnV');
    expect(table.data.title).toBe('Herren GF L-UPL');
    expect(table.data.subtitle).toBe('2026/27');
    expect(table.data.context).toEqual({ season: 2026, league: 1, game_class: 11, group: null, locale: 'de_CH' });
    expect(regionsOf(table)).toEqual([
      [
        'Gruppe 1',
        [
          '1 UHC Birkenfeld UHC Birkenfeld 4 0 2 0 1 1 20:8 +12 2.25 9',
          '2 Floorball Grünau Floorball Grünau 4 0 2 0 1 1 10:10 0 1.50 6',
          '---',
          '3 UH Tann UH Tann 4 0 2 0 1 1 5:17 -12 0.50 2',
        ],
      ],
      ['Gruppe 2', ['1 UHC Lind UHC Lind 4 0 2 0 1 1 12:9 +3 1.75 7']],
    ]);
    const first = table.data.regions[0].rows[0];
    expect(first.data).toEqual({ team: { id: 11, name: 'UHC Birkenfeld' }, rank: 1 });
    expect(first.cells[2].link).toEqual({ type: 'page', page: 'team_detail', ids: [11] });
  });

  it('as of a day, after a round, as corrected: the context echoes what was asked, so that a followed tab keeps it', () => {
    const asked = reshapeRankings(data, { ...params, date: '2026-11-01', round: 5, corrected: true }, renderContextFor('de'));
    expect(asked.data.context).toEqual({
      season: 2026,
      league: 1,
      game_class: 11,
      group: null,
      date: '2026-11-01',
      round: 5,
      corrected: true,
      locale: 'de_CH',
    });
    expect(regionsOf(asked)).toEqual(regionsOf(reshapeRankings(data, params, renderContextFor('de'))));
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

  it('tabs: the shown league and game class’s groups, the shown ones highlighted, reloading league, game class and group', () => {
    const tabsOf = (table: ReturnType<typeof reshapeRankings>) => table.data.tabs.map((t) => [t.text, t.link.set_in_context, t.highlight]);
    const all = { league: 1, game_class: 11 };
    // without a group both qualification groups are shown
    expect(tabsOf(reshapeRankings(data, params, renderContextFor('de')))).toEqual([
      [['Herren GF L-UPL', 'Gruppe 1'], { ...all, group: 'Gruppe 1' }, true],
      [['Herren GF L-UPL', 'Gruppe 2'], { ...all, group: 'Gruppe 2' }, true],
      [['Herren GF L-UPL', 'Playoff'], { ...all, group: 'Playoff' }, false],
    ]);
    const one = reshapeRankings(data, { ...params, group: 'Gruppe 2' }, renderContextFor('fr'));
    expect(tabsOf(one).map(([, , highlight]) => highlight)).toEqual([false, true, false]);
    expect(one.data.tabs[1]).toEqual({
      text: ['Herren GF L-UPL', 'Gruppe 2'],
      type: 'tab',
      link: { type: 'reload', set_in_context: { league: 1, game_class: 11, group: 'Gruppe 2' }, resource: '/rankings' },
      highlight: true,
    });
    expect(Object.keys(one.data.tabs[1])).toEqual(['text', 'type', 'link', 'highlight']);
  });

  it('tabs: every group of the season when the document brings them, by league level, then game class, else in the given order', () => {
    const tabGroup = (league: [number, string, number], gameClass: [number, string], name: string) => ({
      name,
      league: { id: league[0], name: league[1], level: league[2] },
      gameClass: { id: gameClass[0], name: gameClass[1] },
    });
    const upl: [number, string, number] = [1, 'L-UPL', 1];
    const nlb: [number, string, number] = [2, 'NLB', 2];
    const juniorsA: [number, string, number] = [12, 'A', 1];
    const men: [number, string] = [11, 'Herren GF'];
    const women: [number, string] = [21, 'Damen GF'];
    const u21: [number, string] = [19, 'Junioren U21'];
    // as the schema orders them: league id, game class id, group order
    const seasonGroups = [
      tabGroup(upl, men, 'Gruppe 1'),
      tabGroup(upl, men, 'Gruppe 2'),
      tabGroup(upl, men, 'Playoff'),
      tabGroup(upl, women, 'Gruppe 1'),
      tabGroup(nlb, men, 'Gruppe 1'),
      tabGroup(juniorsA, u21, 'Gruppe 1'),
    ];
    const table = reshapeRankings({ ...data, season: { label: '2026/27', groups: seasonGroups } }, params, renderContextFor('de'));
    expect(table.data.tabs.map((t) => [t.text, t.link.set_in_context, t.highlight])).toEqual([
      [['Herren GF L-UPL', 'Gruppe 1'], { league: 1, game_class: 11, group: 'Gruppe 1' }, true],
      [['Herren GF L-UPL', 'Gruppe 2'], { league: 1, game_class: 11, group: 'Gruppe 2' }, true],
      [['Herren GF L-UPL', 'Playoff'], { league: 1, game_class: 11, group: 'Playoff' }, false],
      [['Junioren U21 A', 'Gruppe 1'], { league: 12, game_class: 19, group: 'Gruppe 1' }, false],
      [['Damen GF L-UPL', 'Gruppe 1'], { league: 1, game_class: 21, group: 'Gruppe 1' }, false],
      [['Herren GF NLB', 'Gruppe 1'], { league: 2, game_class: 11, group: 'Gruppe 1' }, false],
    ]);
    // the regions are still the requested league's
    expect(table.data.regions.map((r) => r.text)).toEqual(['Gruppe 1', 'Gruppe 2']);
  });

  it('view=short: rank, logo, team and games in their places, then goal difference and points; the context says short', () => {
    const table = reshapeRankings(data, { ...params, view: 'short' }, renderContextFor('de'));
    expect(table.data.headers.map((h) => h.key)).toEqual(['rank', 'logo', 'team', 'games', 'goal_difference', 'points']);
    expect(table.data.context).toEqual({ season: 2026, league: 1, game_class: 11, group: null, view: 'short', locale: 'de_CH' });
    expect(regionsOf(table)[0]).toEqual([
      'Gruppe 1',
      ['1 UHC Birkenfeld UHC Birkenfeld 4 +12 9', '2 Floorball Grünau Floorball Grünau 4 0 6', '---', '3 UH Tann UH Tann 4 -12 2'],
    ]);
    expect(table.data.regions[0].rows[0].data).toEqual({ team: { id: 11, name: 'UHC Birkenfeld' }, rank: 1 });
    expect(reshapeRankings(data, { ...params, view: 'full' }, renderContextFor('de')).data.headers).toHaveLength(13);
  });

  it("team_id: the team's row is highlighted, the others are not", () => {
    const table = reshapeRankings(data, { ...params, group: 'Gruppe 1', team_id: 12 }, renderContextFor('de'));
    expect(table.data.regions[0].rows.map((r) => [(r.data as { team: { id: number } } | undefined)?.team.id ?? null, r.highlight])).toEqual([
      [11, false],
      [12, true],
      [null, false],
      [13, false],
    ]);
  });

  it('speaks the requested language', () => {
    const table = reshapeRankings(data, params, renderContextFor('fr'));
    expect(table.data.headers[5].text).toBe('Victoires');
    expect(table.data.context).toMatchObject({ locale: 'fr_CH' });
  });

  it('no such group, or no qualification group, is a 404 naming what was asked', () => {
    expect(() => reshapeRankings(data, { ...params, group: 'Nowhere' }, renderContextFor())).toThrow(
      expect.objectContaining({ status: 404, message: 'No group "Nowhere"' }),
    );
    const onlyPlayoff: RankingsData = { ...data, leagueGroups: { edges: [{ node: playoff }] } };
    expect(() => reshapeRankings(onlyPlayoff, params, renderContextFor())).toThrow(
      expect.objectContaining({ status: 404, message: 'No groups for this league and game class in the season' }),
    );
  });
});
