import { describe, expect, it } from 'vitest';
import { assertMayWriteGame, isEventKey, mayReadClub, mayWriteGame, reportableGames } from '../../src/domain/access.js';
import { ForbiddenError } from '../../src/domain/errors.js';
import { STANDARD_FORMAT } from '../../src/domain/game-format.js';
import { reportFacts, sheetTopScorers } from '../../src/domain/game-report.js';
import { decisionAsItStands } from '../../src/domain/live-game.js';
import { decideSession, isTokenUsable, SESSION_TOKEN_LIFETIME_MS } from '../../src/domain/report-session.js';

const NOW = new Date('2026-11-22T18:00:00Z');
const federation = { keyId: 1, clubId: null, scopes: ['games:write'], gameIds: [] };
const club = { keyId: 2, clubId: 40, scopes: ['games:write'], gameIds: [] };
const event = { keyId: 3, clubId: null, scopes: ['games:write'], gameIds: [7, 9] };

describe('who may report which game', () => {
  it('a federation key every game, a club key its home games, an event key its event’s games', () => {
    expect(mayWriteGame(federation, { id: 5, homeClubId: 41 })).toBe(true);
    expect(mayWriteGame(club, { id: 5, homeClubId: 40 })).toBe(true);
    expect(mayWriteGame(club, { id: 5, homeClubId: 41 })).toBe(false);
    expect(mayWriteGame(event, { id: 7, homeClubId: 41 })).toBe(true);
    expect(mayWriteGame(event, { id: 8, homeClubId: 41 })).toBe(false);
    expect(() => assertMayWriteGame(event, { id: 8, homeClubId: 41 })).toThrow("These event credentials may report their event's games only");
    expect(reportableGames(event)).toEqual({ kind: 'games', gameIds: [7, 9] });
    expect(reportableGames(club)).toEqual({ kind: 'homeClub', clubId: 40 });
    expect(reportableGames(federation)).toEqual({ kind: 'all' });
  });

  it('an event key reads no club’s internal data, and a key without games:write reports nothing', () => {
    expect(isEventKey(event)).toBe(true);
    expect(mayReadClub(event, 40)).toBe(false);
    expect(mayReadClub(federation, 40)).toBe(true);
    const reader = { ...federation, scopes: [] };
    expect(mayWriteGame(reader, { id: 5, homeClubId: 40 })).toBe(false);
    expect(() => reportableGames(reader)).toThrow(ForbiddenError);
  });
});

describe('report sessions', () => {
  it('a stored key opens a session of four hours; a session token and the operator open none', () => {
    expect(decideSession(club, NOW)).toEqual({ apiKeyId: 2, createdAt: NOW, expiresAt: new Date(NOW.getTime() + SESSION_TOKEN_LIFETIME_MS) });
    expect(SESSION_TOKEN_LIFETIME_MS).toBe(4 * 3600_000);
    expect(() => decideSession({ ...club, session: { id: 1, expiresAt: NOW } }, NOW)).toThrow(ForbiddenError);
    expect(() => decideSession({ ...federation, keyId: null }, NOW)).toThrow(ForbiddenError);
  });

  it('a token works until it expires, is revoked, or its key is', () => {
    const token = { expiresAt: new Date(NOW.getTime() + 1000), revokedAt: null, keyRevokedAt: null };
    expect(isTokenUsable(token, NOW)).toBe(true);
    expect(isTokenUsable(token, new Date(NOW.getTime() + 1000))).toBe(false);
    expect(isTokenUsable({ ...token, revokedAt: NOW }, NOW)).toBe(false);
    expect(isTokenUsable({ ...token, keyRevokedAt: NOW }, NOW)).toBe(false);
  });
});

describe('a final whistle decided as the game stands', () => {
  const tied = { home: 2, away: 2 };
  const ahead = { home: 3, away: 2 };
  const period = (number: number, periodOpen = true) => ({ kind: 'playing' as const, period: number, periodOpen });

  it('in regulation REGULAR; in overtime OVERTIME, or PENALTY_SHOTS while tied', () => {
    expect(decisionAsItStands(STANDARD_FORMAT, period(3), ahead)).toBe('REGULAR');
    expect(decisionAsItStands(STANDARD_FORMAT, period(3), tied)).toBe('REGULAR'); // refused by the finish: overtime comes first
    expect(decisionAsItStands(STANDARD_FORMAT, period(4), ahead)).toBe('OVERTIME');
    expect(decisionAsItStands(STANDARD_FORMAT, period(4), tied)).toBe('PENALTY_SHOTS');
    expect(decisionAsItStands(STANDARD_FORMAT, period(4, false), tied)).toBe('PENALTY_SHOTS');
  });

  it('without overtime, tied after the last period: PENALTY_SHOTS; where a draw stands, REGULAR', () => {
    const noOvertime = { ...STANDARD_FORMAT, overtimeSeconds: 0 };
    expect(decisionAsItStands(noOvertime, period(3, false), tied)).toBe('PENALTY_SHOTS');
    expect(decisionAsItStands({ ...noOvertime, drawAllowed: true }, period(3, false), tied)).toBe('REGULAR');
    expect(decisionAsItStands(STANDARD_FORMAT, { kind: 'not-started' }, tied)).toBe('REGULAR');
  });
});

describe('a report’s facts', () => {
  const base = {
    status: 'LIVE',
    decidedBy: 'REGULAR',
    format: STANDARD_FORMAT,
    secondsPlayed: null,
    clockSecond: 1500,
    clockPeriod: 2,
    events: [{ type: 'GOAL', second: 1390, period: 2 }],
    transitions: [
      { kind: 'START', at: new Date('2026-11-22T17:00:00Z') },
      { kind: 'PERIOD_END', at: new Date('2026-11-22T17:25:00Z') },
    ],
  };

  it('a game under way: seconds from the clock, started by its last start, not finished, no inspection', () => {
    expect(reportFacts(base)).toEqual({
      totalSecondsPlayed: 1500,
      playerInspectionOrdered: false,
      startedAt: new Date('2026-11-22T17:00:00Z'),
      finishedAt: null,
      overtimePlayed: false,
      penaltyShootoutPlayed: false,
    });
  });

  it('a game decided by penalty shots after overtime, with an inspection, finished by its final whistle', () => {
    const facts = reportFacts({
      ...base,
      status: 'FINISHED',
      decidedBy: 'PENALTY_SHOTS',
      clockPeriod: null,
      clockSecond: 4200,
      events: [...base.events, { type: 'PLAYER_INSPECTION', second: 0, period: 1 }],
      transitions: [...base.transitions, { kind: 'FINISH', at: new Date('2026-11-22T18:40:00Z') }],
    });
    expect(facts).toMatchObject({ totalSecondsPlayed: 4200, playerInspectionOrdered: true, overtimePlayed: true, penaltyShootoutPlayed: true });
    expect(facts.finishedAt).toEqual(new Date('2026-11-22T18:40:00Z'));
  });

  it('a result reported without events: its seconds; a scheduled game has played none', () => {
    expect(reportFacts({ ...base, status: 'FINISHED', secondsPlayed: 3600, transitions: [{ kind: 'REPORT_RESULT', at: NOW }] })).toMatchObject({
      totalSecondsPlayed: 3600,
      startedAt: null,
      finishedAt: NOW,
    });
    expect(reportFacts({ ...base, status: 'SCHEDULED', clockSecond: null, events: [], transitions: [] }).totalSecondsPlayed).toBe(0);
  });

  it('a forfeit before the start ended no play: not finished; a forfeit or an abort during play finished when it was written', () => {
    const forfeitAt = new Date('2026-11-22T17:40:00Z');
    const beforeStart = { ...base, status: 'FORFEIT', clockSecond: null, clockPeriod: null, events: [], transitions: [{ kind: 'FORFEIT', at: forfeitAt }] };
    expect(reportFacts(beforeStart)).toMatchObject({ startedAt: null, finishedAt: null, totalSecondsPlayed: 0 });
    const duringPlay = { ...base, clockPeriod: null, transitions: [...base.transitions, { kind: 'FORFEIT', at: forfeitAt }] };
    expect(reportFacts({ ...duringPlay, status: 'FORFEIT' }).finishedAt).toEqual(forfeitAt);
    const aborted = { ...duringPlay, status: 'ABORTED', transitions: [...base.transitions, { kind: 'ABORT', at: forfeitAt }] };
    expect(reportFacts(aborted).finishedAt).toEqual(forfeitAt);
    // Started before status changes were kept: the start's marker says it was played.
    const markedStart = { ...beforeStart, events: [{ type: 'GAME_START', second: 0, period: 1 }] };
    expect(reportFacts(markedStart).finishedAt).toEqual(forfeitAt);
  });
});

describe('each sheet’s top scorer', () => {
  it('the players with the most league points of each team’s sheet; ties all, none without points', () => {
    const lines = [
      { playerId: 1, teamId: 10 },
      { playerId: 2, teamId: 10 },
      { playerId: 3, teamId: 10 },
      { playerId: 4, teamId: 20 },
      { playerId: 5, teamId: 20 },
    ];
    const points = new Map([
      [1, 7],
      [2, 9],
      [3, 9],
    ]);
    expect([...sheetTopScorers(lines, points)].sort()).toEqual([2, 3]);
    expect(sheetTopScorers(lines, new Map()).size).toBe(0);
  });
});
