import { describe, expect, it } from 'vitest';
import { type MatchcenterData, reshapeMatchcenter } from '../../../src/facades/rest/sessions.js';
import { renderContextFor } from '../../support/render.js';

describe('reshapeMatchcenter', () => {
  it('one section per favorite in the order given, its type in lower case as on the wire, its context the favorite as stored', () => {
    const data: MatchcenterData = {
      favoriteSession: {
        favorites: [
          { type: 'TEAM', json: '{"type":"team","team_id":430001}', title: 'Unihockey Brunnhalden' },
          { type: 'LEAGUE', json: '{"type":"league","game_class":11,"league":1}', title: 'Herren GF L-UPL' },
        ],
      },
    };
    expect(reshapeMatchcenter(data, { sid: 'x'.repeat(32) }, renderContextFor('fr'))).toEqual({
      type: 'matchcenter',
      data: {
        sections: [
          { type: 'team', title: 'Unihockey Brunnhalden', context: { type: 'team', team_id: 430001 } },
          { type: 'league', title: 'Herren GF L-UPL', context: { type: 'league', game_class: 11, league: 1 } },
        ],
      },
    });
  });

  it('no session is an empty matchcenter, not an error', () => {
    expect(reshapeMatchcenter({ favoriteSession: null }, {}, renderContextFor())).toEqual({ type: 'matchcenter', data: { sections: [] } });
  });
});
