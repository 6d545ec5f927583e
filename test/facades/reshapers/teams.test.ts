import { describe, expect, it } from 'vitest';
import {
  reshapeClubTeams,
  reshapeLeagueTeams,
  reshapeTeamDetail,
  type ClubTeamsData,
  type LeagueTeamsData,
  type TeamDetailData,
} from '../../../src/facades/rest/teams.js';
import { renderContextFor } from '../../support/render.js';

const texts = (table: { data: { regions: { rows: { cells: { text?: string[] }[] }[] }[] } }) =>
  table.data.regions[0].rows.map((r) => r.cells.map((c) => c.text?.join(' ')));

describe('reshapeLeagueTeams', () => {
  const data: LeagueTeamsData = {
    teams: {
      edges: [
        { node: { id: 430001, name: 'UHC Erlengrund', logoUrl: 'https://img.test/430001.png', website: 'https://erlengrund.test', portraitUrl: null } },
        { node: { id: 430002, name: 'Floorball Seewil', logoUrl: null, website: null, portraitUrl: 'https://img.test/p/430002.jpg' } },
      ],
    },
  };
  const params = { league: 1, game_class: 11, season: 2026 };

  it('one row per team: name, logo, website, portrait; the row id is the team id; no context', () => {
    const table = reshapeLeagueTeams(data, params, renderContextFor('de'));
    expect(table.subtype).toBe('table');
    expect(table.doc).toBe('http://test.local/api/doc/table');
    expect(table.data.headers.map((h) => h.key)).toEqual(['name', 'logo', 'homepage', 'portrait']);
    expect(table.data.title).toBe('Teamübersicht');
    expect(table.data.context).toBeNull();
    const [first, second] = table.data.regions[0].rows;
    expect(first.id).toBe(430001);
    expect(first.cells).toEqual([
      { text: ['UHC Erlengrund'] },
      { image: { alt: '', url: 'https://img.test/430001.png' } },
      { url: { href: 'https://erlengrund.test', text: 'UHC Erlengrund' } },
      { image: { alt: '', url: '' } },
    ]);
    expect(second.cells[2]).toEqual({ url: { href: null, text: 'Floorball Seewil' } });
    expect(second.cells[3]).toEqual({ image: { alt: '', url: 'https://img.test/p/430002.jpg' } });
  });

  it('speaks the requested language', () => {
    const table = reshapeLeagueTeams(data, params, renderContextFor('fr'));
    expect(table.data.title).toBe('Aperçu des équipes');
    expect(table.data.headers.map((h) => h.text)).toEqual(['Nom', 'Logo', 'Site web', 'Portrait']);
  });
});

describe('reshapeClubTeams', () => {
  const data: ClubTeamsData = {
    club: {
      teams: [
        { id: 430001, name: 'UHC Erlengrund I' },
        { id: 430005, name: 'UHC Erlengrund II' },
      ],
    },
  };

  it('a dropdown (level Team) that sets team_id', () => {
    const dropdown = reshapeClubTeams(data, { club_id: 401001, season: 2026 }, renderContextFor('de'));
    expect(dropdown).toMatchObject({ type: 'dropdown', text: 'Team', resource: '/teams', levels: ['Team'] });
    expect(dropdown.entries.map((e) => [e.text, e.set_in_context])).toEqual([
      ['UHC Erlengrund I', { team_id: 430001 }],
      ['UHC Erlengrund II', { team_id: 430005 }],
    ]);
  });

  it('speaks the requested language', () => {
    expect(reshapeClubTeams(data, { club_id: 401001, season: 2026 }, renderContextFor('it')).text).toBe('Squadra');
  });

  it('an unknown club is a 404 naming the id asked for', () => {
    expect(() => reshapeClubTeams({ club: null }, { club_id: 99, season: 2026 }, renderContextFor())).toThrow(
      expect.objectContaining({ status: 404, message: 'No club 99' }),
    );
  });
});

describe('reshapeTeamDetail', () => {
  type Group = NonNullable<TeamDetailData['team']>['groups'][number];
  const group = (season: number, phase: Group['phase'], name: string, league = 'L-UPL'): Group => ({
    name,
    phase,
    season: { id: season },
    league: { name: league },
    gameClass: { name: 'Herren GF' },
  });
  const team = (groups: Group[]): TeamDetailData => ({
    team: {
      id: 430001,
      name: 'UHC Erlengrund',
      logoUrl: 'https://img.test/430001.png',
      website: null,
      portraitUrl: null,
      club: { name: 'UHC Erlengrund', street: 'Hallenweg 3', zip: '3000', city: 'Bern' },
      groups,
    },
  });

  it('an attribute list: name, logo, website, portrait, the league of the newest season, the club address', () => {
    const table = reshapeTeamDetail(
      team([group(2026, 'PLAYOFF', 'Playoff'), group(2026, 'QUALIFICATION', 'Gruppe 1'), group(2025, 'QUALIFICATION', 'Gruppe 2', 'NLB')]),
      { team_id: 430001 },
      renderContextFor('de'),
    );
    expect(table.subtype).toBe('attribute_list');
    expect(table.data.headers.map((h) => h.key)).toEqual(['teamname', 'logo_url', 'website_url', 'portrait', 'liga', 'address']);
    expect(table.data.title).toBe('UHC Erlengrund');
    // The main group is the qualification group, even when a final-round group comes first.
    expect(table.data.subtitle).toBe('Herren GF L-UPL Gruppe 1');
    const [only] = table.data.regions[0].rows;
    expect(only.id).toBe(430001);
    expect(only.cells[1]).toEqual({ image: { alt: 'UHC Erlengrund', url: 'https://img.test/430001.png' } });
    expect(only.cells[2]).toEqual({ url: { href: null, text: 'UHC Erlengrund' } });
    expect(texts(table)[0].slice(4)).toEqual(['Herren GF L-UPL', 'UHC Erlengrund Hallenweg 3 3000 Bern']);
  });

  it('without groups: empty league and no subtitle; the address leaves out what the club has not', () => {
    const data = team([]);
    data.team!.club = { name: 'UHC Erlengrund', street: null, zip: null, city: 'Bern' };
    const table = reshapeTeamDetail(data, { team_id: 430001 }, renderContextFor('de'));
    expect(table.data.subtitle).toBeNull();
    expect(table.data.regions[0].rows[0].cells[4]).toEqual({ text: [''] });
    expect(table.data.regions[0].rows[0].cells[5]).toEqual({ text: ['UHC Erlengrund', 'Bern'] });
  });

  it('speaks the requested language', () => {
    const table = reshapeTeamDetail(team([]), { team_id: 430001 }, renderContextFor('en'));
    expect(table.data.headers.map((h) => h.text)).toEqual(['Name', 'Logo', 'Website', 'Portrait', 'League', 'Address']);
  });

  it('an unknown team is a 404 naming the id asked for', () => {
    expect(() => reshapeTeamDetail({ team: null }, { team_id: 99 }, renderContextFor())).toThrow(
      expect.objectContaining({ status: 404, message: 'No team 99' }),
    );
  });
});
