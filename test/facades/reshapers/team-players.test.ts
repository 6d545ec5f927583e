import { describe, expect, it } from 'vitest';
import { reshapeTeamPlayers, type TeamPlayersData } from '../../../src/facades/rest/team-players.js';
import { renderContextFor } from '../../support/render.js';

type Member = NonNullable<TeamPlayersData['team']>['members'][number];
const member = (id: number, overrides: Partial<Member> = {}): Member => ({
  number: 7,
  position: 'FORWARD',
  player: { id, firstName: 'Lea', lastName: 'Brunner', yearOfBirth: 2001, position: 'DEFENDER' },
  statistics: { goals: 12, assists: 5, points: 17, penaltyMinutes: 4 },
  ...overrides,
});
const data: TeamPlayersData = {
  season: { label: '2026/27' },
  team: {
    id: 430001,
    name: 'UHC Erlengrund',
    members: [
      member(510001),
      member(510002, {
        number: null,
        position: null,
        player: { id: 510002, firstName: 'Nina', lastName: 'Keller', yearOfBirth: null, position: 'GOALKEEPER' },
      }),
    ],
  },
};

describe('reshapeTeamPlayers', () => {
  it('one row per member: number, position, linked name, year of birth, goals, assists, points, penalty minutes', () => {
    const table = reshapeTeamPlayers(data, { team_id: 430001, season: 2026 }, renderContextFor('de'));
    expect(table.data.headers.map((h) => h.key)).toEqual(['number', 'position', 'name', 'year_of_birth', 'goals', 'assists', 'points', 'penalty_minutes']);
    expect(table.data.headers.map((h) => h.short)).toEqual(['Nr.', 'Position', 'Name', 'Jahrgang', 'T', 'A', 'P', 'SM']);
    expect(table.data.title).toBe('Spieler UHC Erlengrund');
    expect(table.data.subtitle).toBe('Saison 2026/27');
    expect(table.data.context).toEqual({ team_id: 430001, season: 2026, locale: 'de_CH' });
    const rows = table.data.regions[0].rows;
    expect(rows.map((r) => r.id)).toEqual([510001, 510002]);
    // The position on the team comes first, the player's own position otherwise.
    expect(rows.map((r) => r.cells.map((c) => c.text?.join(' ')))).toEqual([
      ['7', 'Stürmer', 'Lea Brunner', '2001', '12', '5', '17', '4'],
      ['', 'Torhüter', 'Nina Keller', '', '12', '5', '17', '4'],
    ]);
    expect(rows[0].cells[2].link).toEqual({ type: 'page', page: 'player_detail', ids: [510001] });
  });

  it('names the season by its number when the season is unknown', () => {
    expect(reshapeTeamPlayers({ ...data, season: null }, { team_id: 430001, season: 1999 }, renderContextFor('de')).data.subtitle).toBe('Saison 1999');
  });

  it('speaks the requested language', () => {
    const table = reshapeTeamPlayers(data, { team_id: 430001, season: 2026 }, renderContextFor('it'));
    expect(table.data.title).toBe('Giocatori UHC Erlengrund');
    expect(table.data.subtitle).toBe('Stagione 2026/27');
    expect(table.data.regions[0].rows[0].cells[1].text).toEqual(['Attaccante']);
    expect(table.data.context).toEqual({ team_id: 430001, season: 2026, locale: 'it_CH' });
  });

  it('an unknown team is a 404 naming the id asked for', () => {
    expect(() => reshapeTeamPlayers({ season: null, team: null }, { team_id: 99, season: 2026 }, renderContextFor())).toThrow(
      expect.objectContaining({ status: 404, message: 'No team 99' }),
    );
  });
});
