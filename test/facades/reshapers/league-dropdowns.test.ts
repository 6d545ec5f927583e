import { describe, expect, it } from 'vitest';
import { reshapeGroups, reshapeLeagues, type SeasonGroupsData } from '../../../src/facades/rest/league-dropdowns.js';
import { renderContextFor } from '../../support/render.js';

const upl = { id: 1, name: 'L-UPL', level: 1 };
const nlb = { id: 2, name: 'NLB', level: 2 };
const men = { id: 11, name: 'Herren GF' };
const women = { id: 21, name: 'Damen GF' };
const data: SeasonGroupsData = {
  leagueGroups: {
    edges: [
      { node: { name: 'Gruppe 1', league: nlb, gameClass: men } },
      { node: { name: 'Gruppe 1', league: upl, gameClass: women } },
      { node: { name: 'Gruppe 1', league: upl, gameClass: men } },
      { node: { name: 'Gruppe 2', league: upl, gameClass: men } },
    ],
  },
};

describe('reshapeLeagues', () => {
  it('one entry per league and game class, by class then level; the default league and class highlighted', () => {
    const dropdown = reshapeLeagues(data, { season: 2026 }, renderContextFor('de'));
    expect(dropdown).toMatchObject({ type: 'dropdown', text: 'Liga', resource: '/leagues', levels: ['Liga'], highlight: false });
    expect(dropdown.entries.map((e) => [e.text, e.set_in_context, e.highlight])).toEqual([
      ['Herren GF L-UPL', { season: 2026, league: 1, game_class: 11 }, true],
      ['Herren GF NLB', { season: 2026, league: 2, game_class: 11 }, false],
      ['Damen GF L-UPL', { season: 2026, league: 1, game_class: 21 }, false],
    ]);
  });

  it('speaks the requested language', () => {
    expect(reshapeLeagues(data, { season: 2026 }, renderContextFor('it'))).toMatchObject({ text: 'Lega', levels: ['Lega'] });
  });
});

describe('reshapeGroups', () => {
  it('the groups in the order given, the first one highlighted, each setting season, league, class and group', () => {
    const dropdown = reshapeGroups(data, { season: 2025, league: 1, game_class: 11 }, renderContextFor('de'));
    expect(dropdown).toMatchObject({ text: 'Gruppe', resource: '/groups', levels: ['Gruppe'] });
    expect(dropdown.entries.map((e) => [e.text, e.set_in_context, e.highlight])).toEqual([
      ['Gruppe 1', { season: 2025, league: 2, game_class: 11, group: 'Gruppe 1' }, true],
      ['Gruppe 1', { season: 2025, league: 1, game_class: 21, group: 'Gruppe 1' }, false],
      ['Gruppe 1', { season: 2025, league: 1, game_class: 11, group: 'Gruppe 1' }, false],
      ['Gruppe 2', { season: 2025, league: 1, game_class: 11, group: 'Gruppe 2' }, false],
    ]);
  });

  it('speaks the requested language', () => {
    expect(reshapeGroups(data, { season: 2026, league: 1, game_class: 11 }, renderContextFor('fr'))).toMatchObject({ text: 'Groupe', levels: ['Groupe'] });
  });
});
