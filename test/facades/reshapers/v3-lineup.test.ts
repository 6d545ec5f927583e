import { describe, expect, it } from 'vitest';
import { reshapeCandidates, reshapeLineup, teamMemberResources, v3Position, type CandidateData } from '../../../src/facades/v3/lineup.js';
import { renderContextFor } from '../../support/render.js';

const candidate = (licenseId: number, overrides: Partial<CandidateData> = {}): CandidateData => ({
  licenseId,
  playerId: licenseId + 500_000,
  firstName: 'Lea',
  lastName: 'Brunner',
  licenseType: 'Aktivlizenz',
  licenseDisabled: false,
  number: 7,
  position: 'GOALKEEPER',
  captain: true,
  eligible: true,
  licensing: 'regular',
  reason: null,
  player: { yearOfBirth: 2001, heightCm: 172, weightKg: 64, position: 'GOALKEEPER', portraitUrl: 'https://example.org/media/players/500012.png' },
  ...overrides,
});
const target = { gameId: 1000001, teamId: 430001 };
const ctx = renderContextFor('de');

describe('teamMemberResources', () => {
  it('a team_member (id = license id) with the documented attributes, related to its player, person and license, which come as included resources', () => {
    const { member, included } = teamMemberResources(candidate(12));
    expect(member).toEqual({
      type: 'team_member',
      id: '12',
      attributes: {
        licensing: 'regular',
        last_name: 'Brunner',
        first_name: 'Lea',
        shirt_number: 7,
        position: 'goalkeeper',
        captain: true,
        license_competition_description: 'Aktivlizenz',
        license_disabled: false,
        license_description: 'Aktivlizenz',
      },
      relationships: {
        player: { data: { type: 'player', id: '500012' } },
        person: { data: { type: 'person', id: '500012' } },
        license: { data: { type: 'license', id: '12' } },
      },
    });
    expect(included).toEqual([
      {
        type: 'player',
        id: '500012',
        attributes: {
          first_name: 'Lea',
          last_name: 'Brunner',
          year_of_birth: 2001,
          position: 'goalkeeper',
          height: 172,
          weight: 64,
          portrait: 'https://example.org/media/players/500012.png',
        },
      },
      { type: 'person', id: '500012', attributes: { first_name: 'Lea', last_name: 'Brunner', year_of_birth: 2001 } },
      {
        type: 'license',
        id: '12',
        attributes: { competition_description: 'Aktivlizenz', locked: false, licensing: 'regular', description: 'Aktivlizenz', disabled: false },
      },
    ]);
  });

  it('a locked license is `locked` on the license and `license_disabled` on the member', () => {
    const { member, included } = teamMemberResources(candidate(13, { licenseDisabled: true }));
    expect(member.attributes.license_disabled).toBe(true);
    expect(included.find((r) => r.type === 'license')?.attributes).toMatchObject({ locked: true, disabled: true });
  });

  it('a player without recorded measures has nulls, not missing attributes', () => {
    const bare = { yearOfBirth: null, heightCm: null, weightKg: null, position: null, portraitUrl: null };
    const { included } = teamMemberResources(candidate(12, { player: bare }));
    expect(included[0].attributes).toEqual({
      first_name: 'Lea',
      last_name: 'Brunner',
      year_of_birth: null,
      position: null,
      height: null,
      weight: null,
      portrait: null,
    });
    expect(included[1].attributes).toEqual({ first_name: 'Lea', last_name: 'Brunner', year_of_birth: null });
  });

  it('positions by the documented names: the center is the forward line’s center', () => {
    expect([v3Position('GOALKEEPER'), v3Position('DEFENDER'), v3Position('FORWARD'), v3Position('CENTER'), v3Position(null)]).toEqual([
      'goalkeeper',
      'defender',
      'forward',
      'forward_center',
      null,
    ]);
  });

  it('no position is null', () => {
    expect(teamMemberResources(candidate(12, { position: null })).member.attributes.position).toBeNull();
  });
});

describe('reshapeCandidates', () => {
  it('data: the team members in order; included: each one’s player and license', () => {
    const document = reshapeCandidates({ lineupCandidates: [candidate(12), candidate(13, { licensing: 'double_license' })] }, target, ctx);
    expect(document.data.map((r) => [r.type, r.id, r.attributes.licensing])).toEqual([
      ['team_member', '12', 'regular'],
      ['team_member', '13', 'double_license'],
    ]);
    expect(document.included.map((r) => `${r.type}:${r.id}`)).toEqual([
      'player:500012',
      'person:500012',
      'license:12',
      'player:500013',
      'person:500013',
      'license:13',
    ]);
  });

  it('the same in every language; no candidate is an empty list, not an error', () => {
    const data = { lineupCandidates: [candidate(12)] };
    expect(reshapeCandidates(data, target, renderContextFor('fr'))).toEqual(reshapeCandidates(data, target, ctx));
    expect(reshapeCandidates({ lineupCandidates: [] }, target, ctx)).toEqual({ data: [], included: [] });
  });
});

describe('reshapeLineup', () => {
  const verdict = {
    lineupValidation: {
      valid: false,
      quotaExceeded: true,
      messages: [
        { rule: 'too_many_players', licenseId: null, message: 'at most 20 players, got 21' },
        { rule: 'license_disabled', licenseId: 13, message: 'license 13 is disabled' },
      ],
      members: [candidate(12), candidate(13, { licenseDisabled: true })],
    },
  };

  it('a lineup "<game>-<team>" with the verdict, its human-readable quota_messages and the structured messages, related to its team members', () => {
    const document = reshapeLineup(verdict, target, ctx);
    expect(document.data).toEqual({
      type: 'lineup',
      id: '1000001-430001',
      attributes: {
        valid: false,
        quota_exceeded: true,
        quota_messages: ['at most 20 players, got 21', 'license 13 is disabled'],
        messages: [
          { rule: 'too_many_players', license_id: null, message: 'at most 20 players, got 21' },
          { rule: 'license_disabled', license_id: 13, message: 'license 13 is disabled' },
        ],
      },
      relationships: {
        team_members: {
          data: [
            { type: 'team_member', id: '12' },
            { type: 'team_member', id: '13' },
          ],
        },
      },
    });
  });

  it('includes each team member, then its player, person and license', () => {
    const document = reshapeLineup(verdict, target, ctx);
    expect(document.included.map((r) => `${r.type}:${r.id}`)).toEqual([
      'team_member:12',
      'player:500012',
      'person:500012',
      'license:12',
      'team_member:13',
      'player:500013',
      'person:500013',
      'license:13',
    ]);
    expect(document.included[4].attributes.license_disabled).toBe(true);
  });

  it('the same in every language', () => {
    expect(reshapeLineup(verdict, target, renderContextFor('it'))).toEqual(reshapeLineup(verdict, target, ctx));
  });
});
