import { describe, expect, it } from 'vitest';
import {
  reshapeNationalPlayerDetail,
  reshapeNationalPlayers,
  reshapeNationalPlayerStatistics,
  type NationalPlayerDetailData,
  type NationalPlayersData,
  type NationalPlayerStatisticsData,
} from '../../../src/facades/rest/national-players.js';
import type { ProfilePlayerData } from '../../../src/facades/rest/shared/player-profile.js';
import { renderContextFor } from '../../support/render.js';

const selections = [
  { id: 1, name: 'Herren' },
  { id: 2, name: 'Damen' },
];

describe('reshapeNationalPlayers', () => {
  const data: NationalPlayersData = {
    nationalSelections: selections,
    nationalPlayers: {
      edges: [
        { node: { id: 70001, number: 9, position: 'GOALKEEPER', player: { id: 600001, firstName: 'Lea', lastName: 'Graf' } } },
        { node: { id: 70002, number: null, position: null, player: { id: 600002, firstName: 'Mia', lastName: 'Frei' } } },
      ],
    },
  };

  it('number or -, position or empty, the linked name; rows carry the national player id', () => {
    const body = reshapeNationalPlayers(data, { selection_id: 2 }, renderContextFor('de'));
    expect(body.data.headers.map((h) => h.key)).toEqual(['number', 'position', 'name']);
    expect(body.data.title).toBe('Nationalteam Damen');
    expect(body.data.context).toEqual({ selection_id: 2, locale: 'de_CH' });
    const rows = body.data.regions[0].rows;
    expect(rows.map((r) => [r.id, ...r.cells.map((c) => c.text?.[0])])).toEqual([
      [70001, '9', 'Torhüter', 'Lea Graf'],
      [70002, '-', '', 'Mia Frei'],
    ]);
    expect(rows[0].cells[2].link).toEqual({ type: 'page', page: 'player_detail', ids: [600001] });
  });

  it('speaks the requested language', () => {
    const body = reshapeNationalPlayers(data, { selection_id: 1 }, renderContextFor('it'));
    expect(body.data.title).toBe('Nazionale Herren');
    expect(body.data.regions[0].rows[0].cells[1].text).toEqual(['Portiere']);
  });

  it('an unknown selection is a 404 listing the selections there are', () => {
    expect(() => reshapeNationalPlayers(data, { selection_id: 9 }, renderContextFor())).toThrow(
      expect.objectContaining({ status: 404, message: 'No national selection 9: selections are 1, 2' }),
    );
  });
});

describe('reshapeNationalPlayerDetail', () => {
  const player: ProfilePlayerData = {
    id: 600001,
    firstName: 'Lea',
    lastName: 'Graf',
    yearOfBirth: 1999,
    heightCm: null,
    weightKg: 61,
    position: 'FORWARD',
    portraitUrl: null,
    licenses: [],
    memberships: [{ number: 17, position: 'CENTER', season: { id: 2026 }, team: { club: { name: 'UH Neu' } } }],
  };
  const data: NationalPlayerDetailData = { nationalPlayer: { number: 9, position: 'DEFENDER', selection: { name: 'Damen' }, player } };

  it('is the player profile with the national number and position and the selection as last attribute', () => {
    const body = reshapeNationalPlayerDetail(data, { national_player_id: 70001 }, renderContextFor('de'));
    expect(body.subtype).toBe('attribute_list');
    expect(body.data.headers.map((h) => h.key)).toEqual(['portrait', 'club', 'number', 'position', 'year_of_birth', 'height', 'weight', 'selection']);
    expect(body.data.regions[0].rows[0].cells.slice(1).map((c) => c.text?.[0])).toEqual(['UH Neu', '9', 'Verteidiger', '1999', '-', '61 kg', 'Damen']);
  });

  it('without a national position the club position stands, without a national number none; speaks the requested language', () => {
    const body = reshapeNationalPlayerDetail(
      { nationalPlayer: { ...data.nationalPlayer!, number: null, position: null } },
      { national_player_id: 70001 },
      renderContextFor('en'),
    );
    expect(body.data.headers[7].text).toBe('National team');
    expect(body.data.regions[0].rows[0].cells.slice(2, 4).map((c) => c.text?.[0])).toEqual(['-', 'Center']);
  });

  it('an unknown national player is a 404 naming the id asked for', () => {
    expect(() => reshapeNationalPlayerDetail({ nationalPlayer: null }, { national_player_id: 77 }, renderContextFor())).toThrow(
      expect.objectContaining({ status: 404, message: 'No national player 77' }),
    );
  });
});

describe('reshapeNationalPlayerStatistics', () => {
  const record = (name: string, games: number) => ({
    selection: { name },
    games,
    goals: 2,
    assists: 1,
    points: 3,
    penalties2: 1,
    penalties5: 0,
    penalties10: 0,
    matchPenalties: 0,
  });
  const data: NationalPlayerStatisticsData = {
    nationalPlayer: { id: 70001, player: { firstName: 'Lea', lastName: 'Graf' }, records: [record('Damen', 12), record('U19 Damen', 4)] },
  };

  it('one row per selection: its name, then the totals', () => {
    const body = reshapeNationalPlayerStatistics(data, { national_player_id: 70001 }, renderContextFor('de'));
    expect(body.data.headers.map((h) => h.key)).toEqual([
      'selection',
      'games',
      'goals',
      'assists',
      'points',
      '2-minute-penalty',
      '5-minute-penalty',
      '10-minute-penalty',
      'matchpenalty',
    ]);
    expect(body.data.title).toBe('Statistik Lea Graf');
    expect(body.data.subtitle).toBe('Lea Graf');
    expect(body.data.context).toEqual({ national_player_id: 70001, locale: 'de_CH' });
    expect(body.data.regions[0].rows.map((r) => r.cells.map((c) => c.text?.[0]))).toEqual([
      ['Damen', '12', '2', '1', '3', '1', '0', '0', '0'],
      ['U19 Damen', '4', '2', '1', '3', '1', '0', '0', '0'],
    ]);
  });

  it('speaks the requested language', () => {
    const body = reshapeNationalPlayerStatistics(data, { national_player_id: 70001 }, renderContextFor('fr'));
    expect(body.data.title).toBe('Statistiques Lea Graf');
    expect(body.data.headers[0].text).toBe('Équipe nationale');
  });

  it('an unknown national player is a 404 naming the id asked for', () => {
    expect(() => reshapeNationalPlayerStatistics({ nationalPlayer: null }, { national_player_id: 78 }, renderContextFor())).toThrow(
      expect.objectContaining({ status: 404, message: 'No national player 78' }),
    );
  });
});
