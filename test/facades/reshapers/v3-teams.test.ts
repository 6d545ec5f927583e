import { describe, expect, it } from 'vitest';
import { extraGoalSide, extraGoalTeamId, requestFields } from '../../../src/facades/v3/extra-goal.js';
import type { V3GameData, V3GameInclude, V3TeamData } from '../../../src/facades/v3/games.js';
import { reshapeV3GameTeams, reshapeV3TeamLastGame } from '../../../src/facades/v3/teams.js';
import { renderContextFor } from '../../support/render.js';

const ctx = renderContextFor('de');

const team = (id: number, overrides: Partial<V3TeamData> = {}): V3TeamData => ({
  id,
  name: `UHC Team ${id}`,
  shortName: `Team ${id}`,
  logoUrl: `http://test.local/media/teams/${id}/logo.svg`,
  portraitUrl: null,
  ...overrides,
});

const game = (id: number, overrides: Partial<V3GameData> = {}): V3GameData => ({
  id,
  startsAt: '2026-11-22T15:00:00.000Z',
  status: 'ABORTED',
  homeScore: 2,
  awayScore: 1,
  hasVideoStream: false,
  result: null,
  homeTeam: team(430001),
  awayTeam: team(430005, { shortName: null }),
  group: { season: { id: 2026 } },
  cupRound: null,
  ...overrides,
});

const including = (...paths: V3GameInclude[]) => new Set(paths);

describe('reshapeV3GameTeams', () => {
  it('the home team, then the away team, as team resources', () => {
    const document = reshapeV3GameTeams({ game: { id: 1000001, homeTeam: team(430001), awayTeam: team(430005, { shortName: null }) } }, { id: 1000001 }, ctx);
    expect(document).toEqual({
      data: [
        {
          type: 'team',
          id: '430001',
          attributes: {
            name: 'UHC Team 430001',
            slangname: 'Team 430001',
            logo: 'http://test.local/media/teams/430001/logo.svg',
            logo_small: 'http://test.local/media/teams/430001/logo.svg?size=small',
            logo_streaming: 'http://test.local/media/teams/430001/logo.svg?size=large',
            portrait: null,
          },
        },
        expect.objectContaining({ type: 'team', id: '430005', attributes: expect.objectContaining({ slangname: 'UHC Team 430005' }) }),
      ],
    });
  });

  it('an unknown game is a 404 naming it; the same in every language', () => {
    expect(() => reshapeV3GameTeams({ game: null }, { id: 999999 }, ctx)).toThrow(expect.objectContaining({ status: 404, message: 'No game 999999' }));
    const data = { game: { id: 1, homeTeam: team(1), awayTeam: team(2) } };
    expect(reshapeV3GameTeams(data, { id: 1 }, renderContextFor('fr'))).toEqual(reshapeV3GameTeams(data, { id: 1 }, ctx));
  });
});

describe('reshapeV3TeamLastGame', () => {
  const last = (games: V3GameData[]) => ({ team: { id: 430001 }, games: { edges: games.map((node) => ({ node })) } });

  it('the game resource, aborted games by their status, with the teams include asks for', () => {
    const document = reshapeV3TeamLastGame(last([game(1000007)]), { id: 430001, include: including('away_team') }, ctx);
    expect(document.data).toMatchObject({
      type: 'game',
      id: '1000007',
      attributes: { season_id: 2026, starts_at: '2026-11-22T16:00:00+01:00', status: 'aborted', home_score: 2, away_score: 1 },
      relationships: { home_team: { data: { type: 'team', id: '430001' } }, away_team: { data: { type: 'team', id: '430005' } } },
    });
    expect(document.included?.map((r) => `${r.type}:${r.id}`)).toEqual(['team:430005']);
    expect(reshapeV3TeamLastGame(last([game(1000007)]), { id: 430001, include: including() }, ctx)).not.toHaveProperty('included');
  });

  it('no such game is data null (an empty included when asked for); an unknown team is a 404', () => {
    expect(reshapeV3TeamLastGame(last([]), { id: 430001, include: including() }, ctx)).toEqual({ data: null });
    expect(reshapeV3TeamLastGame(last([]), { id: 430001, include: including('home_team') }, ctx)).toEqual({ data: null, included: [] });
    expect(() => reshapeV3TeamLastGame({ team: null, games: { edges: [] } }, { id: 999999, include: including() }, ctx)).toThrow(
      expect.objectContaining({ status: 404, message: 'No team 999999' }),
    );
  });
});

describe('add_extra_goal parameters', () => {
  const teams = { id: 1000001, homeTeam: { id: 430001 }, awayTeam: { id: 430005 } };

  it('team_id from the query or the body (the body wins), as text or a JSON number', () => {
    expect(extraGoalTeamId(requestFields({ team_id: '430001' }, undefined))).toBe(430001);
    expect(extraGoalTeamId(requestFields({ team_id: '1' }, { team_id: 430005 }))).toBe(430005);
    expect(extraGoalTeamId(requestFields({}, { team_id: ' 430005 ' }))).toBe(430005);
  });

  it('a team_id sent as a list is a 400 naming it, never its first element', () => {
    expect(() => extraGoalTeamId(requestFields({}, { team_id: [' 430005 '] }))).toThrow(
      expect.objectContaining({ status: 400, message: expect.stringMatching(/^team_id takes one value/) }),
    );
  });

  it('a missing or malformed team_id is a 400 saying what it takes', () => {
    expect(() => extraGoalTeamId({})).toThrow(expect.objectContaining({ status: 400, message: expect.stringMatching(/team_id is required/) }));
    expect(() => extraGoalTeamId({ team_id: '' })).toThrow(expect.objectContaining({ status: 400 }));
    expect(() => extraGoalTeamId({ team_id: 'abc' })).toThrow(expect.objectContaining({ status: 400, message: 'team_id must be a team id, got "abc"' }));
  });

  it('the shootout winner is the side the team plays on; a team not in the game is a 400', () => {
    expect(extraGoalSide(teams, 430001)).toBe('HOME');
    expect(extraGoalSide(teams, 430005)).toBe('AWAY');
    expect(() => extraGoalSide(teams, 430002)).toThrow(expect.objectContaining({ status: 400, message: expect.stringMatching(/does not play game 1000001/) }));
  });
});
