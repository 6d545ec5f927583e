import { describe, expect, it } from 'vitest';
import {
  MAX_V3_GAMES,
  reshapeV3Game,
  reshapeV3Games,
  v3GamesFilter,
  type V3GameData,
  type V3GameInclude,
  type V3TeamData,
} from '../../../src/facades/v3/games.js';
import { zurichDateTime } from '../../../src/facades/shared/format.js';
import { includePaths } from '../../../src/facades/v3/json-api.js';
import { renderContextFor } from '../../support/render.js';

const ctx = renderContextFor('de');

const team = (id: number, overrides: Partial<V3TeamData> = {}): V3TeamData => ({
  id,
  name: `UHC Team ${id}`,
  shortName: `Team ${id}`,
  logoUrl: `http://test.local/media/teams/${id}/logo.svg`,
  portraitUrl: `http://test.local/media/teams/${id}/portrait.svg`,
  ...overrides,
});

const game = (id: number, overrides: Partial<V3GameData> = {}): V3GameData => ({
  id,
  startsAt: '2026-11-22T15:00:00.000Z',
  status: 'FINISHED',
  homeScore: 5,
  awayScore: 3,
  hasVideoStream: true,
  result: null,
  homeTeam: team(430001),
  awayTeam: team(430005),
  group: { season: { id: 2026 } },
  cupRound: null,
  ...overrides,
});

const gamesData = (games: V3GameData[], hasNextPage = false) => ({ games: { edges: games.map((node) => ({ node })), pageInfo: { hasNextPage } } });
const including = (...paths: V3GameInclude[]) => ({ include: new Set(paths) });

describe('reshapeV3Games', () => {
  it('a game resource: documented season_id and starts_at, status, score, stream, team identifiers; no included without include', () => {
    expect(reshapeV3Games(gamesData([game(1000001)]), including(), ctx)).toEqual({
      data: [
        {
          type: 'game',
          id: '1000001',
          attributes: {
            season_id: 2026,
            starts_at: '2026-11-22T16:00:00+01:00',
            status: 'finished',
            home_score: 5,
            away_score: 3,
            has_live_stream: true,
          },
          relationships: { home_team: { data: { type: 'team', id: '430001' } }, away_team: { data: { type: 'team', id: '430005' } } },
        },
      ],
    });
  });

  it('includes the asked-for sides as team resources, each team once', () => {
    const games = [
      game(1),
      game(2, { homeTeam: team(430005), awayTeam: team(430001) }),
      game(3, { homeTeam: team(430002, { shortName: null, portraitUrl: null }) }),
    ];
    const both = reshapeV3Games(gamesData(games), including('home_team', 'away_team'), ctx);
    expect(both.included?.map((r) => r.id)).toEqual(['430001', '430005', '430002']);
    expect(both.included?.[0]).toEqual({
      type: 'team',
      id: '430001',
      attributes: {
        name: 'UHC Team 430001',
        slangname: 'Team 430001',
        logo: 'http://test.local/media/teams/430001/logo.svg',
        logo_small: 'http://test.local/media/teams/430001/logo.svg?size=small',
        logo_streaming: 'http://test.local/media/teams/430001/logo.svg?size=large',
        portrait: 'http://test.local/media/teams/430001/portrait.svg',
      },
    });
    expect(reshapeV3Games(gamesData(games), including('away_team'), ctx).included?.map((r) => r.id)).toEqual(['430005', '430001']);
    expect(reshapeV3Games(gamesData([]), including('home_team'), ctx)).toEqual({ data: [], included: [] });
  });

  it('a team without short name shows its name; no logo gives no logo sizes', () => {
    const { included } = reshapeV3Games(
      gamesData([game(1, { homeTeam: team(7, { shortName: null, logoUrl: null, portraitUrl: null }) })]),
      including('home_team'),
      ctx,
    );
    expect(included?.[0].attributes).toEqual({
      name: 'UHC Team 7',
      slangname: 'UHC Team 7',
      logo: null,
      logo_small: null,
      logo_streaming: null,
      portrait: null,
    });
  });

  it('season_id: the league group’s or cup tournament’s season, else the season the start falls in', () => {
    const season = (g: V3GameData) => reshapeV3Games(gamesData([g]), including(), ctx).data[0].attributes.season_id;
    expect(season(game(1, { group: null, cupRound: { tournament: { season: { id: 2025 } } } }))).toBe(2025);
    expect(season(game(1, { group: null, startsAt: '2027-03-01T18:00:00.000Z' }))).toBe(2026);
    expect(season(game(1, { group: null, startsAt: '2027-08-15T18:00:00.000Z' }))).toBe(2027);
  });

  it('a scheduled game has no score yet', () => {
    const { attributes } = reshapeV3Games(
      gamesData([game(1, { status: 'SCHEDULED', homeScore: null, awayScore: null, hasVideoStream: false })]),
      including(),
      ctx,
    ).data[0];
    expect(attributes).toMatchObject({ status: 'scheduled', home_score: null, away_score: null, has_live_stream: false });
  });

  it('more games than one answer carries is a 400 that says to narrow the dates', () => {
    expect(() => reshapeV3Games(gamesData([game(1)], true), including(), ctx)).toThrow(
      expect.objectContaining({ status: 400, message: expect.stringMatching(new RegExp(`More than ${MAX_V3_GAMES} games.*narrow`)) }),
    );
  });
});

describe('reshapeV3Game', () => {
  it('one game as `data`, its teams in `included` when asked', () => {
    const body = reshapeV3Game({ game: game(876785) }, { id: 876785, ...including('home_team', 'away_team') }, ctx);
    expect(body.data.id).toBe('876785');
    expect(body.included?.map((r) => `${r.type}:${r.id}`)).toEqual(['team:430001', 'team:430005']);
  });

  it('an unknown game is a 404 naming it', () => {
    expect(() => reshapeV3Game({ game: null }, { id: 9, ...including() }, ctx)).toThrow(expect.objectContaining({ status: 404, message: 'No game 9' }));
  });
});

describe('v3GamesFilter', () => {
  it('dates are Europe/Zurich calendar days, inclusive on both ends', () => {
    expect(v3GamesFilter({ 'filter[from_date]': '2026-11-22', 'filter[to_date]': '2026-11-22' })).toEqual({
      from: '2026-11-21T23:00:00.000Z',
      to: '2026-11-22T23:00:00.000Z',
    });
    // Summer time: the day begins at 22:00 UTC the day before.
    expect(v3GamesFilter({ 'filter[from_date]': '2026-07-01' })).toEqual({ from: '2026-06-30T22:00:00.000Z' });
    // The day summer time ends has 25 hours.
    expect(v3GamesFilter({ 'filter[to_date]': '2026-10-25' })).toEqual({ to: '2026-10-25T23:00:00.000Z' });
    expect(v3GamesFilter({ 'filter[with_live_stream]': true })).toEqual({ onlyVideoStreamed: true });
  });

  it('at least one filter, and with_live_stream=0 restricts nothing so it is none', () => {
    expect(() => v3GamesFilter({})).toThrow(expect.objectContaining({ status: 400, message: expect.stringMatching(/At least one filter/) }));
    expect(() => v3GamesFilter({ 'filter[with_live_stream]': false })).toThrow(expect.objectContaining({ status: 400 }));
    expect(v3GamesFilter({ 'filter[with_live_stream]': false, 'filter[to_date]': '2026-01-01' })).toEqual({ to: '2026-01-01T23:00:00.000Z' });
  });

  it('from_date after to_date is a 400', () => {
    expect(() => v3GamesFilter({ 'filter[from_date]': '2026-11-23', 'filter[to_date]': '2026-11-22' })).toThrow(
      expect.objectContaining({ status: 400, message: 'filter[from_date] 2026-11-23 is after filter[to_date] 2026-11-22' }),
    );
  });
});

describe('zurichDateTime', () => {
  it('local time with the offset of the day, seconds kept', () => {
    expect(zurichDateTime(new Date('2026-11-22T15:00:00Z'))).toBe('2026-11-22T16:00:00+01:00');
    expect(zurichDateTime(new Date('2026-07-01T17:30:45Z'))).toBe('2026-07-01T19:30:45+02:00');
    expect(zurichDateTime(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01T00:30:00+01:00');
  });
});

describe('includePaths', () => {
  const offered = ['home_team', 'away_team'] as const;
  it('comma-separated offered paths; empty is none; anything else is a 400 naming it', () => {
    expect([...includePaths('home_team,away_team', offered)]).toEqual(['home_team', 'away_team']);
    expect(includePaths(undefined, offered).size).toBe(0);
    expect(includePaths('', offered).size).toBe(0);
    expect(() => includePaths('home_team,venue', offered)).toThrow(
      expect.objectContaining({ status: 400, message: 'include takes home_team, away_team, got "venue"' }),
    );
  });
});

describe('reshapeV3Games: an undecided pairing', () => {
  it('has null team relationships and includes no team for it', () => {
    const undecided = game(1000002, { status: 'SCHEDULED', homeScore: null, awayScore: null, homeTeam: null, awayTeam: null });
    const answer = reshapeV3Games(gamesData([undecided]), including('home_team', 'away_team'), ctx);
    expect(answer.data[0].relationships).toEqual({ home_team: { data: null }, away_team: { data: null } });
    expect(answer.included).toEqual([]);
  });
});
