import { describe, expect, it } from 'vitest';
import { FavoriteError, favoriteKey, parseFavoriteJson } from '../../src/domain/favorites.js';
import { judgeLineup, eligibility, type CandidateFacts } from '../../src/domain/lineup.js';
import { refereesVisible } from '../../src/domain/referees.js';
import { seasonIdAt, seasonLabel } from '../../src/domain/season.js';
import { computeStandings } from '../../src/domain/standings.js';
import { rankScorers } from '../../src/domain/top-scorers.js';

describe('seasons', () => {
  it('start on August 1', () => {
    expect(seasonIdAt(new Date('2026-07-31T23:59:59Z'))).toBe(2025);
    expect(seasonIdAt(new Date('2026-08-01T00:00:00Z'))).toBe(2026);
    expect(seasonLabel(2025)).toBe('2025/26');
    expect(seasonLabel(2099)).toBe('2099/00');
  });
});

describe('referee visibility', () => {
  const start = new Date('2026-03-10T19:00:00Z');
  it('is hidden before 48 hours ahead and shown from then on', () => {
    expect(refereesVisible(start, new Date('2026-03-08T18:59:59Z'))).toBe(false);
    expect(refereesVisible(start, new Date('2026-03-08T19:00:00Z'))).toBe(true);
    expect(refereesVisible(start, new Date('2026-03-11T19:00:00Z'))).toBe(true);
  });
});

describe('standings', () => {
  const game = (
    home: number,
    away: number,
    hs: number,
    as: number,
    extra: 'REGULAR' | 'OVERTIME' | 'PENALTY_SHOTS' = 'REGULAR',
    status: 'FINISHED' | 'FORFEIT' | 'SCHEDULED' = 'FINISHED',
  ) => ({
    homeTeamId: home,
    awayTeamId: away,
    homeScore: hs,
    awayScore: as,
    decidedBy: extra,
    status,
  });
  it('gives 3/2/1/0 points and ranks by points, goal difference, goals', () => {
    const rows = computeStandings(
      [1, 2, 3, 4],
      [game(1, 2, 5, 2), game(3, 4, 4, 3, 'OVERTIME'), game(2, 3, 0, 5, 'REGULAR', 'FORFEIT'), game(4, 1, 2, 2, 'REGULAR', 'SCHEDULED')],
    );
    expect(rows.map((r) => [r.teamId, r.points])).toEqual([
      [3, 5],
      [1, 3],
      [4, 1],
      [2, 0],
    ]);
    const two = rows.find((r) => r.teamId === 2)!;
    expect(two).toMatchObject({ games: 2, losses: 2, forfeits: 1, goalsFor: 2, goalsAgainst: 10 });
    const four = rows.find((r) => r.teamId === 4)!;
    expect(four).toMatchObject({ overtimeLosses: 1, games: 1 });
  });
  it('lists registered teams without games at zero and shares ranks on full ties', () => {
    const rows = computeStandings([1, 2], []);
    expect(rows.map((r) => r.rank)).toEqual([1, 1]);
  });
});

describe('top scorers', () => {
  it('counts goals and assists, not own goals, and shares ranks on ties', () => {
    const rows = rankScorers([
      { type: 'GOAL', playerId: 1, assistId: 2, teamId: 10 },
      { type: 'GOAL', playerId: 2, assistId: 1, teamId: 10 },
      { type: 'OWN_GOAL', playerId: 3, assistId: null, teamId: 11 },
      { type: 'GOAL', playerId: 4, assistId: null, teamId: 11 },
    ]);
    expect(rows.map((r) => [r.playerId, r.rank, r.points])).toEqual([
      [1, 1, 2],
      [2, 1, 2],
      [4, 3, 1],
    ]);
  });
});

describe('favorites', () => {
  it('accepts every type with exactly its arguments and keys them independent of key order', () => {
    expect(favoriteKey(parseFavoriteJson('{"league":1,"type":"league","game_class":11}'))).toBe('{"type":"league","game_class":11,"league":1}');
    expect(parseFavoriteJson('{"type":"league","game_class":11,"league":1,"group":"Gruppe 1"}')).toMatchObject({ group: 'Gruppe 1' });
    expect(parseFavoriteJson('{"type":"club","club_id":4}')).toEqual({ type: 'club', club_id: 4 });
  });
  it.each([
    ['{"type":', /valid JSON/],
    ['[1]', /JSON object/],
    ['{"type":"coach","id":1}', /type must be one of/],
    ['{"type":"team"}', /needs team_id/],
    ['{"type":"team","team_id":"7"}', /positive integer/],
    ['{"type":"team","team_id":7,"club_id":1}', /does not take club_id/],
    ['{"type":"league","game_class":11,"league":1,"group":""}', /group/],
    ['{"type":"league","game_class":11,"league":1,"group":"Gruppe\\u00001"}', /control characters/],
  ])('rejects %s', (json, message) => {
    expect(() => parseFavoriteJson(json)).toThrow(FavoriteError);
    expect(() => parseFavoriteJson(json)).toThrow(message);
  });
});

describe('lineup rules', () => {
  const player = (licenseId: number, over: Partial<CandidateFacts> = {}): CandidateFacts => ({
    licenseId,
    playerId: licenseId,
    locked: false,
    multiLicense: false,
    memberOfTeam: true,
    memberOfLowerTeam: false,
    suspended: false,
    isGoalkeeper: false,
    ...over,
  });
  const squad = (n: number) => new Map(Array.from({ length: n }, (_, i) => [i + 1, player(i + 1, { isGoalkeeper: i === 0 })]));

  it('classifies eligibility', () => {
    expect(eligibility(player(1))).toEqual({ eligible: true, licensing: 'regular' });
    expect(eligibility(player(1, { memberOfTeam: false, memberOfLowerTeam: true }))).toEqual({ eligible: true, licensing: 'other' });
    expect(eligibility(player(1, { memberOfTeam: false, multiLicense: true }))).toEqual({ eligible: true, licensing: 'multi' });
    expect(eligibility(player(1, { memberOfTeam: false }))).toMatchObject({ eligible: false });
    expect(eligibility(player(1, { locked: true }))).toMatchObject({ eligible: false, reason: /locked/ });
    expect(eligibility(player(1, { suspended: true }))).toMatchObject({ eligible: false, reason: /suspended/ });
  });

  it('accepts a full valid lineup', () => {
    const verdict = judgeLineup([1, 2, 3, 4, 5, 6, 7, 8], squad(10));
    expect(verdict).toMatchObject({ valid: true, quotaExceeded: false, messages: [] });
  });

  it('reports each broken rule', () => {
    const facts = squad(25);
    const rules = (ids: number[], map = facts) => judgeLineup(ids, map).messages.map((m) => m.rule);
    expect(rules([1, 2, 3, 4, 5, 6, 6])).toContain('duplicate');
    expect(rules([1, 2, 3, 4, 5, 99])).toContain('unknown_license');
    expect(rules(Array.from({ length: 21 }, (_, i) => i + 1))).toContain('too_many_players');
    expect(rules([1, 2, 3])).toContain('too_few_players');
    expect(rules([2, 3, 4, 5, 6, 7])).toContain('too_few_goalkeepers');
    const keepers = new Map([...facts].map(([id, f]) => [id, { ...f, isGoalkeeper: id <= 4 }]));
    expect(rules([1, 2, 3, 4, 5, 6], keepers)).toContain('too_many_goalkeepers');
    const lent = new Map([...facts].map(([id, f]) => [id, { ...f, memberOfTeam: id <= 3, memberOfLowerTeam: id > 3 }]));
    const verdict = judgeLineup([1, 2, 3, 4, 5, 6, 7, 8], lent);
    expect(verdict.quotaExceeded).toBe(true);
    expect(verdict.messages.map((m) => m.rule)).toEqual(['quota']);
  });
});

describe('current-games filter rules', async () => {
  const { currentGamesFilter } = await import('../../src/domain/current-games.js');
  it('1: nothing given shows all games', () => {
    expect(currentGamesFilter({})).toBeNull();
  });
  it('2: league or game-class ids only show no cup games', () => {
    expect(currentGamesFilter({ leagueIds: [1] })).toEqual({ leagueGames: { leagueIds: [1], gameClassIds: undefined }, cupGames: null });
    expect(currentGamesFilter({ gameClassIds: [11] })).toEqual({ leagueGames: { leagueIds: undefined, gameClassIds: [11] }, cupGames: null });
  });
  it('3: tournament ids only show only cup games', () => {
    expect(currentGamesFilter({ tournamentIds: [4] })).toEqual({ leagueGames: null, cupGames: { tournamentIds: [4] } });
  });
  it('4: all three show matching cup games and matching league games', () => {
    expect(currentGamesFilter({ leagueIds: [1], gameClassIds: [11], tournamentIds: [4] })).toEqual({
      leagueGames: { leagueIds: [1], gameClassIds: [11] },
      cupGames: { tournamentIds: [4] },
    });
  });
});
