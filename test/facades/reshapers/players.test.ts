import { describe, expect, it } from 'vitest';
import { reshapePlayerDetail, reshapePlayerStatistics, type PlayerStatisticsData } from '../../../src/facades/rest/players.js';
import { licenseText, profileAttributeList, type ProfilePlayerData } from '../../../src/facades/rest/shared/player-profile.js';
import { renderContextFor } from '../../support/render.js';

type License = ProfilePlayerData['licenses'][number];
const groups = (season: number, league: string): NonNullable<License['team']>['groups'] => [
  { season: { id: season }, phase: 'PLAYOFF', league: { name: 'Playoff-Liga' } },
  { season: { id: season }, phase: 'QUALIFICATION', league: { name: league } },
];
const player: ProfilePlayerData = {
  id: 1,
  firstName: 'Anna',
  lastName: 'Muster',
  yearOfBirth: null,
  heightCm: 170,
  weightKg: null,
  position: 'FORWARD',
  portraitUrl: null,
  licenses: [
    {
      licenseType: 'Aktivlizenz Damen GF',
      season: { id: 2026 },
      club: { name: 'UH Neu' },
      team: { groups: [...groups(2025, 'NLB'), ...groups(2026, 'L-UPL')] },
    },
    { licenseType: 'Aktivlizenz Damen KF', season: { id: 2026 }, club: { name: 'UH Neu' }, team: null },
    { licenseType: 'Aktivlizenz Damen GF', season: { id: 2025 }, club: { name: 'UH Alt' }, team: null },
  ],
  memberships: [{ number: 17, position: 'CENTER', season: { id: 2026 }, team: { club: { name: 'UH Neu' } } }],
};
const cellTexts = (cells: { text?: string[]; image?: unknown }[]) => cells.map((cell) => cell.text ?? cell.image);

describe('licenseText', () => {
  it('names the newest season’s licenses with the league of the team’s main group (qualification before playoff)', () => {
    expect(licenseText(player)).toBe('Aktivlizenz Damen GF (L-UPL), Aktivlizenz Damen KF');
    expect(licenseText({ ...player, licenses: [] })).toBeNull();
  });

  it('without a qualification group the league of the first final-round group counts', () => {
    const [license] = player.licenses;
    const finalsOnly: License = {
      ...license,
      team: {
        groups: [
          { season: { id: 2026 }, phase: 'PLAYOUT', league: { name: 'NLB' } },
          { season: { id: 2026 }, phase: 'PLAYOFF', league: { name: 'L-UPL' } },
        ],
      },
    };
    expect(licenseText({ ...player, licenses: [finalsOnly] })).toBe('Aktivlizenz Damen GF (L-UPL)');
  });
});

describe('profileAttributeList', () => {
  it('takes club, number and position from the newest season and shows - for what is unknown', () => {
    const body = profileAttributeList({ player, last: { key: 'license', text: null } }, renderContextFor('de'));
    expect(body.subtype).toBe('attribute_list');
    expect(cellTexts(body.data.regions[0].rows[0].cells)).toEqual([
      { alt: 'Anna Muster', url: '' },
      ['UH Neu'],
      ['17'],
      ['Center'],
      ['-'],
      ['170 cm'],
      ['-'],
      ['-'],
    ]);
  });
});

describe('reshapePlayerDetail', () => {
  it('is the attribute list with the license as last attribute', () => {
    const body = reshapePlayerDetail({ player }, { player_id: 1 }, renderContextFor('de'));
    expect(body.data.headers.map((h) => h.key)).toEqual(['portrait', 'club', 'number', 'position', 'year_of_birth', 'height', 'weight', 'license']);
    expect(body.data.headers[7].text).toBe('Lizenz');
    expect(body.data.title).toBe('Anna Muster');
    expect(body.data.context).toEqual({ player_id: player.id, locale: 'de_CH' });
    expect(body.data.regions[0].rows[0].cells[7].text).toEqual(['Aktivlizenz Damen GF (L-UPL), Aktivlizenz Damen KF']);
  });

  it('speaks the requested language', () => {
    const body = reshapePlayerDetail({ player }, { player_id: 1 }, renderContextFor('fr'));
    expect(body.data.headers[7].text).toBe('Licence');
    expect(body.data.context).toEqual({ player_id: player.id, locale: 'fr_CH' });
    expect(body.data.regions[0].rows[0].cells[3].text).toEqual(['Centre']);
  });

  it('an unknown player is a 404 naming the id asked for', () => {
    expect(() => reshapePlayerDetail({ player: null }, { player_id: 99 }, renderContextFor())).toThrow(
      expect.objectContaining({ status: 404, message: 'No player 99' }),
    );
  });
});

describe('reshapePlayerStatistics', () => {
  const totals = { games: 10, goals: 4, assists: 3, points: 7, penalties2: 2, penalties5: 1, penalties10: 0, matchPenalties: 0 };
  const data: PlayerStatisticsData = {
    player: {
      id: 1,
      firstName: 'Anna',
      lastName: 'Muster',
      statistics: [
        {
          ...totals,
          season: { id: 2026, label: '2026/27' },
          league: { name: 'L-UPL' },
          gameClass: { name: 'Damen GF' },
          cupTournament: null,
          team: { id: 7, name: 'UH Neu' },
        },
        {
          ...totals,
          games: 2,
          season: { id: 2026, label: '2026/27' },
          league: null,
          gameClass: { name: 'Damen GF' },
          cupTournament: { name: 'Ligacup' },
          team: { id: 7, name: 'UH Neu' },
        },
        {
          ...totals,
          season: { id: 2025, label: '2025/26' },
          league: null,
          gameClass: { name: 'Damen KF' },
          cupTournament: null,
          team: { id: 8, name: 'UH Alt' },
        },
      ],
    },
  };

  it('one row per season, competition and team: the league, else the cup, else the class; then the totals', () => {
    const body = reshapePlayerStatistics(data, { player_id: 1 }, renderContextFor('de'));
    expect(body.data.headers.map((h) => h.key)).toEqual([
      'saison',
      'liga',
      'verein',
      'games',
      'goals',
      'assists',
      'points',
      '2-minute-penalty',
      '5-minute-penalty',
      '10-minute-penalty',
      'matchpenalty',
    ]);
    expect(body.data.title).toBe('Statistik Anna Muster');
    expect(body.data.subtitle).toBe('Anna Muster');
    expect(body.data.context).toEqual({ player_id: 1, locale: 'de_CH' });
    const rows = body.data.regions[0].rows;
    expect(rows.map((r) => r.cells.slice(0, 4).map((c) => c.text?.[0]))).toEqual([
      ['2026/27', 'Damen GF L-UPL', 'UH Neu', '10'],
      ['2026/27', 'Ligacup', 'UH Neu', '2'],
      ['2025/26', 'Damen KF', 'UH Alt', '10'],
    ]);
    expect(rows[0].cells.slice(3).map((c) => c.text?.[0])).toEqual(['10', '4', '3', '7', '2', '1', '0', '0']);
    expect(rows[2].cells[2].link).toEqual({ type: 'page', page: 'team_detail', ids: [8] });
  });

  it('speaks the requested language', () => {
    const body = reshapePlayerStatistics(data, { player_id: 1 }, renderContextFor('en'));
    expect(body.data.title).toBe('Statistics Anna Muster');
    expect(body.data.context).toEqual({ player_id: 1, locale: 'en' });
  });

  it('an unknown player is a 404 naming the id asked for', () => {
    expect(() => reshapePlayerStatistics({ player: null }, { player_id: 42 }, renderContextFor())).toThrow(
      expect.objectContaining({ status: 404, message: 'No player 42' }),
    );
  });
});
