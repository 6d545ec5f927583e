import { describe, expect, it } from 'vitest';
import { reshapeCandidates, reshapeLineup, teamMemberResources, type CandidateData } from '../../../src/facades/v3/lineup.js';
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
  ...overrides,
});
const target = { gameId: 1000001, teamId: 430001 };
const ctx = renderContextFor('de');

describe('teamMemberResources', () => {
  it('a team_member (id = license id) related to its player and license, which come as included resources', () => {
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
        license_description: 'Aktivlizenz',
        license_disabled: false,
      },
      relationships: { player: { data: { type: 'player', id: '500012' } }, license: { data: { type: 'license', id: '12' } } },
    });
    expect(included).toEqual([
      { type: 'player', id: '500012', attributes: { first_name: 'Lea', last_name: 'Brunner' } },
      { type: 'license', id: '12', attributes: { description: 'Aktivlizenz', disabled: false, licensing: 'regular' } },
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
    expect(document.included.map((r) => `${r.type}:${r.id}`)).toEqual(['player:500012', 'license:12', 'player:500013', 'license:13']);
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

  it('a lineup "<game>-<team>" with the verdict and rule messages, related to its team members', () => {
    const document = reshapeLineup(verdict, target, ctx);
    expect(document.data).toEqual({
      type: 'lineup',
      id: '1000001-430001',
      attributes: {
        valid: false,
        quota_exceeded: true,
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

  it('includes each team member, then its player and license', () => {
    const document = reshapeLineup(verdict, target, ctx);
    expect(document.included.map((r) => `${r.type}:${r.id}`)).toEqual([
      'team_member:12',
      'player:500012',
      'license:12',
      'team_member:13',
      'player:500013',
      'license:13',
    ]);
    expect(document.included[3].attributes.license_disabled).toBe(true);
  });

  it('the same in every language', () => {
    expect(reshapeLineup(verdict, target, renderContextFor('it'))).toEqual(reshapeLineup(verdict, target, ctx));
  });
});
