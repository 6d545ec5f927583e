import { describe, expect, it } from 'vitest';
import { sortNationalRecords, type OrderableRecord } from '../../src/domain/national-statistics.js';
import { penaltyBoxSecondsOf, penaltyMinutesOf, playerGameLines, sumLines, tallyBy, type StatisticsEvent } from '../../src/domain/player-statistics.js';
import { roundReached, teamSeasonRecords, type KnockoutGame } from '../../src/domain/team-records.js';
import { rankByVisitors } from '../../src/domain/visitors.js';

const goal = (gameId: number, playerId: number | null, assistId: number | null, teamId = 1): StatisticsEvent => ({
  gameId,
  type: 'GOAL',
  teamId,
  playerId,
  assistId,
  penaltyKind: null,
});

describe('player statistics', () => {
  it('counts goals, assists and penalties per player and game; own goals count for nobody', () => {
    const lines = playerGameLines(
      [
        { playerId: 7, gameId: 1, teamId: 1 },
        { playerId: 8, gameId: 1, teamId: 1 },
        { playerId: 7, gameId: 2, teamId: 1 },
      ],
      [
        goal(1, 7, 8),
        goal(1, 8, null),
        { gameId: 1, type: 'OWN_GOAL', teamId: 1, playerId: 7, assistId: null, penaltyKind: null },
        { gameId: 2, type: 'PENALTY', teamId: 1, playerId: 7, assistId: null, penaltyKind: 'MINOR_2' },
        { gameId: 2, type: 'PENALTY', teamId: 1, playerId: 7, assistId: null, penaltyKind: 'MATCH' },
      ],
    );
    const seven = sumLines(lines.filter((l) => l.playerId === 7));
    expect(seven).toEqual({ games: 2, goals: 1, assists: 0, points: 1, penalties2: 1, penalties5: 0, penalties10: 0, matchPenalties: 1, penaltyMinutes: 27 });
    const eight = sumLines(lines.filter((l) => l.playerId === 8));
    expect(eight).toMatchObject({ games: 1, goals: 1, assists: 1, points: 2 });
  });

  it('counts a game for a player named in an event without a game sheet, and keeps to the players asked for', () => {
    const lines = playerGameLines([], [goal(3, 9, 10, 4)], (id) => id === 9);
    expect(lines).toEqual([expect.objectContaining({ playerId: 9, gameId: 3, teamId: 4, games: 1, goals: 1, points: 1 })]);
  });

  it('tallies lines by key and leaves out lines without one', () => {
    const lines = playerGameLines(
      [
        { playerId: 1, gameId: 1, teamId: 10 },
        { playerId: 1, gameId: 2, teamId: 11 },
        { playerId: 1, gameId: 3, teamId: 10 },
      ],
      [goal(1, 1, null, 10), goal(3, 1, null, 10)],
    );
    const byTeam = tallyBy(lines, (line) => (line.gameId === 2 ? null : String(line.teamId)));
    expect([...byTeam.keys()]).toEqual(['10']);
    expect(byTeam.get('10')!.tally).toMatchObject({ games: 2, goals: 2 });
  });
});

const game = (round: number, home: number, away: number, homeScore: number | null, awayScore: number | null, status = 'FINISHED'): KnockoutGame => ({
  homeTeamId: home,
  awayTeamId: away,
  homeScore,
  awayScore,
  status,
  roundNumber: round,
  roundName: round === 2 ? 'Final' : '1/2-Final',
});

describe('team records', () => {
  it('finds the last round reached and whether the series was won', () => {
    const games = [game(1, 1, 2, 5, 3), game(1, 2, 1, 4, 2), game(1, 1, 2, 6, 1), game(2, 1, 3, 2, 3), game(2, 3, 1, 1, 4)];
    expect(roundReached(1, games, 2)).toEqual({ roundNumber: 2, roundName: 'Final', final: true, won: null });
    expect(roundReached(2, games, 2)).toEqual({ roundNumber: 1, roundName: '1/2-Final', final: false, won: false });
    expect(roundReached(1, [...games, game(2, 1, 3, 5, 0)], 2)).toMatchObject({ won: true });
    expect(roundReached(1, [...games, game(2, 1, 3, null, null, 'SCHEDULED')], 2)).toMatchObject({ won: null });
    expect(roundReached(4, games, 2)).toBeNull();
  });

  it('builds one record per season: qualification rank, final phase and cup, newest first', () => {
    const records = teamSeasonRecords({
      teamId: 1,
      groups: [
        { id: 10, seasonId: 2024, phase: 'QUALIFICATION', sortOrder: 0 },
        { id: 11, seasonId: 2024, phase: 'PLAYOFF', sortOrder: 1 },
        { id: 20, seasonId: 2025, phase: 'QUALIFICATION', sortOrder: 0 },
      ],
      rankIn: (groupId) => (groupId === 10 ? 2 : groupId === 20 ? 5 : null),
      phaseGames: new Map([[11, [game(1, 1, 2, 3, 1), game(1, 2, 1, 0, 2)]]]),
      lastRoundOfGroup: new Map([[11, 2]]),
      cupGames: [{ ...game(1, 7, 1, 4, 2), tournamentId: 900, seasonId: 2025, lastRoundNumber: 3 }],
    });
    expect(records.map((r) => r.seasonId)).toEqual([2025, 2024]);
    expect(records[0]).toMatchObject({
      groupIds: [20],
      qualification: { groupId: 20, rank: 5 },
      finalPhase: null,
      cup: { tournamentId: 900, won: false, final: false },
    });
    expect(records[1]).toMatchObject({
      groupIds: [10, 11],
      qualification: { groupId: 10, rank: 2 },
      finalPhase: { groupId: 11, phase: 'PLAYOFF', round: { roundNumber: 1, won: true, final: false } },
      cup: null,
    });
  });

  it('records a team that reached the superfinal by it, not by the playoff before it', () => {
    const [record] = teamSeasonRecords({
      teamId: 1,
      groups: [
        { id: 10, seasonId: 2024, phase: 'QUALIFICATION', sortOrder: 0 },
        { id: 11, seasonId: 2024, phase: 'PLAYOFF', sortOrder: 1 },
        { id: 12, seasonId: 2024, phase: 'SUPERFINAL', sortOrder: 2 },
      ],
      rankIn: () => 1,
      phaseGames: new Map([[12, [game(1, 1, 2, 3, 1)]]]),
      lastRoundOfGroup: new Map([[12, 1]]),
      cupGames: [],
    });
    expect(record.finalPhase).toMatchObject({ groupId: 12, phase: 'SUPERFINAL', round: { roundNumber: 1, won: true, final: true } });
  });
});

describe('visitors ranking', () => {
  it('ranks by average, shares ranks for equal shown averages, lists teams without games last', () => {
    const ranked = rankByVisitors([
      { teamId: 3, averageVisitors: 400.2 },
      { teamId: 1, averageVisitors: null },
      { teamId: 2, averageVisitors: 800 },
      { teamId: 4, averageVisitors: 399.8 },
    ]);
    expect(ranked.map((r) => [r.teamId, r.rank])).toEqual([
      [2, 1],
      [3, 2],
      [4, 2],
      [1, null],
    ]);
    expect(ranked[0].percentOfTop).toBe(100);
    expect(ranked[1].percentOfTop).toBeCloseTo(50.025);
    expect(ranked[3].percentOfTop).toBe(0);
  });
});

describe('national record order', () => {
  const record = (id: number, lastName: string, goals: number, assists: number): OrderableRecord => ({
    id,
    lastName,
    firstName: 'A',
    games: 10,
    goals,
    assists,
    penalties2: 0,
    penalties5: 0,
    penalties10: 0,
    matchPenalties: 0,
  });
  const records = [record(1, 'Zürcher', 5, 1), record(2, 'Amstutz', 2, 4), record(3, 'Meier', 1, 0)];

  it('orders by computed points, ties by name', () => {
    expect(sortNationalRecords(records, 'POINTS', 'DESC').map((r) => r.id)).toEqual([2, 1, 3]);
    expect(sortNationalRecords(records, 'GOALS', 'ASC').map((r) => r.id)).toEqual([3, 2, 1]);
    expect(sortNationalRecords(records, 'NAME', 'ASC').map((r) => r.lastName)).toEqual(['Amstutz', 'Meier', 'Zürcher']);
    expect(sortNationalRecords(records, 'NAME', 'DESC').map((r) => r.lastName)).toEqual(['Zürcher', 'Meier', 'Amstutz']);
  });
});

describe('penalty minutes', () => {
  it('counts 2, 5, 10 and 25 for a match penalty, and a penalty without its kind as a minor one', () => {
    expect(['MINOR_2', 'MAJOR_5', 'MISCONDUCT_10', 'MATCH', null, undefined].map(penaltyMinutesOf)).toEqual([2, 5, 10, 25, 2, 2]);
  });

  it('a penalty without its kind counts as a minor one in player statistics too, as in the game summary', () => {
    const [line] = playerGameLines(
      [{ playerId: 7, gameId: 1, teamId: 1 }],
      [{ gameId: 1, type: 'PENALTY', teamId: 1, playerId: 7, assistId: null, penaltyKind: null }],
    );
    expect(line).toMatchObject({ penalties2: 1, penaltyMinutes: penaltyMinutesOf(null) });
  });

  it('sends the player out for the minutes of a 2, 2+2, 5 or 10, for good with a match penalty, and not at all for a penalty shot', () => {
    expect(['MINOR_2', 'MINOR_2_2', 'MAJOR_5', 'MISCONDUCT_10', 'MATCH', 'MATCH_3', 'PENALTY_SHOT', null].map(penaltyBoxSecondsOf)).toEqual([
      120,
      240,
      300,
      600,
      Number.POSITIVE_INFINITY,
      Number.POSITIVE_INFINITY,
      0,
      120,
    ]);
  });
});
