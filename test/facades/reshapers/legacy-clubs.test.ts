import { describe, expect, it } from 'vitest';
import { reshapeClub, reshapeClubs, reshapeClubSearch, reshapeClubTeams, type ClubTeamsData, type ClubsData } from '../../../src/facades/legacy/clubs.js';
import { toXml } from '../../../src/facades/legacy/xml.js';
import { renderContextFor } from '../../support/render.js';

const clubs: ClubsData = { clubs: { edges: [{ node: { id: 401001, name: 'UHC Erlengrund' } }, { node: { id: 401002, name: 'Floorball Seewil' } }] } };
const none: ClubsData = { clubs: { edges: [] } };
const ctx = renderContextFor('de');

describe('reshapeClubs', () => {
  it('<clubs> with one <club id="N">name</club> per club', () => {
    expect(toXml(reshapeClubs(clubs, {}, ctx))).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><clubs><club id="401001">UHC Erlengrund</club><club id="401002">Floorball Seewil</club></clubs>',
    );
  });

  it('the same in every language', () => {
    expect(reshapeClubs(clubs, {}, renderContextFor('fr'))).toEqual(reshapeClubs(clubs, {}, ctx));
  });

  it('no club at all is a 404', () => {
    expect(() => reshapeClubs(none, {}, ctx)).toThrow(expect.objectContaining({ status: 404, message: 'No clubs found' }));
  });
});

describe('reshapeClubSearch', () => {
  it('the hits as <clubs>', () => {
    const element = reshapeClubSearch(clubs, { q: 'Erlen', limit: 10 }, ctx);
    expect(element.name).toBe('clubs');
    expect(element.children?.map((c) => [c.attributes?.id, c.text])).toEqual([
      [401001, 'UHC Erlengrund'],
      [401002, 'Floorball Seewil'],
    ]);
  });

  it('no hit is a 404 naming the search', () => {
    expect(() => reshapeClubSearch(none, { q: 'Zürich', limit: 10 }, ctx)).toThrow(
      expect.objectContaining({ status: 404, message: 'No club found for "Zürich"' }),
    );
  });
});

describe('reshapeClub', () => {
  it('<club id> with name, url, street, zip, city; empty where the club has none', () => {
    const element = reshapeClub(
      { club: { id: 401001, name: 'UHC Erlengrund', website: null, street: 'Hallenweg 3', zip: '3000', city: 'Bern' } },
      { clubid: 401001 },
      ctx,
    );
    expect(toXml(element)).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><club id="401001"><name>UHC Erlengrund</name><url></url><street>Hallenweg 3</street><zip>3000</zip><city>Bern</city></club>',
    );
  });

  it('an unknown club is a 404 naming the id asked for', () => {
    expect(() => reshapeClub({ club: null }, { clubid: 99 }, ctx)).toThrow(expect.objectContaining({ status: 404, message: 'No club with id 99' }));
  });
});

describe('reshapeClubTeams', () => {
  type Group = NonNullable<ClubTeamsData['club']>['teams'][number]['groups'][number];
  const group = (name: string, phase: Group['phase'], league: { id: number; name: string }): Group => ({
    name,
    phase,
    league,
    gameClass: { id: 11, name: 'Herren GF' },
  });
  const data: ClubTeamsData = {
    club: {
      id: 401001,
      teams: [
        {
          id: 430001,
          name: 'UHC Erlengrund I',
          gameClass: { name: 'Herren GF' },
          groups: [group('Gruppe 1', 'QUALIFICATION', { id: 1, name: 'L-UPL' }), group('Playoff', 'PLAYOFF', { id: 1, name: 'L-UPL' })],
        },
        { id: 430005, name: 'UHC Erlengrund II', gameClass: { name: 'Herren GF' }, groups: [] },
        { id: 430006, name: 'UHC Erlengrund III', gameClass: { name: 'Herren KF' }, groups: [group('Gruppe 4', 'QUALIFICATION', { id: 5, name: '3. Liga' })] },
      ],
    },
  };

  it('<teams clubid> with one <team> per team and group it plays in; a team without a group is left out', () => {
    const element = reshapeClubTeams(data, { clubid: 401001, season: 2026 }, ctx);
    expect(element.attributes).toEqual({ clubid: 401001 });
    expect(element.children?.map((c) => [c.attributes, c.text])).toEqual([
      [{ id: 430001, leaguecode: 1, teamname: 'UHC Erlengrund I', group: 'Gruppe 1', grouptext: 'Herren GF L-UPL Gruppe 1' }, 'Herren GF'],
      [{ id: 430001, leaguecode: 1, teamname: 'UHC Erlengrund I', group: 'Playoff', grouptext: 'Herren GF L-UPL Playoff' }, 'Herren GF'],
      [{ id: 430006, leaguecode: 5, teamname: 'UHC Erlengrund III', group: 'Gruppe 4', grouptext: 'Herren GF 3. Liga Gruppe 4' }, 'Herren KF'],
    ]);
  });

  it('a club without teams in the season is a 404 naming club and season', () => {
    const empty: ClubTeamsData = { club: { id: 401001, teams: [] } };
    expect(() => reshapeClubTeams(empty, { clubid: 401001, season: 2019 }, ctx)).toThrow(
      expect.objectContaining({ status: 404, message: 'No teams found for club 401001 in season 2019' }),
    );
  });

  it('an unknown club is a 404 naming the id asked for', () => {
    expect(() => reshapeClubTeams({ club: null }, { clubid: 99, season: 2026 }, ctx)).toThrow(
      expect.objectContaining({ status: 404, message: 'No club with id 99' }),
    );
  });
});
