import { describe, expect, it } from 'vitest';
import { ImportValidationError, validateLeagueImport, type LeagueImport } from '../../src/data/import/format.js';

/** A small, valid document that the cases below break in one place each. */
function document(): LeagueImport {
  return {
    formatVersion: 1,
    seasons: [{ id: 2026, label: '2026/27', isCurrent: true, startsOn: '2026-08-01', endsOn: '2027-07-31' }],
    gameClasses: [{ id: 11, name: 'Herren GF', shortName: 'HGF', gender: 'MALE' }],
    leagues: [{ id: 1, name: 'L-UPL', level: 1 }],
    leagueGroups: [{ id: 100, seasonId: 2026, leagueId: 1, gameClassId: 11, name: 'Gruppe 1' }],
    rounds: [{ id: 200, groupId: 100, number: 1, name: 'Runde 1' }],
    clubs: [
      { id: 1, name: 'UHC Birkenfeld' },
      { id: 2, name: 'Floorball Wehrbach', active: false },
    ],
    teams: [
      { id: 10, clubId: 1, gameClassId: 11, name: 'UHC Birkenfeld' },
      { id: 20, clubId: 2, gameClassId: 11, name: 'Floorball Wehrbach' },
    ],
    players: [{ id: 500, firstName: 'Jan', lastName: 'Muster' }],
    games: [
      { id: 7, groupId: 100, roundId: 200, homeTeamId: 10, awayTeamId: 20, startsAt: '2026-11-21T16:00:00Z', status: 'FINISHED', homeScore: 1, awayScore: 0 },
    ],
    gameEvents: [{ id: 9000, gameId: 7, second: 125, type: 'GOAL', side: 'HOME', teamId: 10, playerId: 500, homeScore: 1, awayScore: 0 }],
    lineups: [{ gameId: 7, teamId: 10, playerId: 500, number: 9 }],
  };
}

function problemsOf(json: unknown): string[] {
  try {
    validateLeagueImport(json);
  } catch (error) {
    expect(error).toBeInstanceOf(ImportValidationError);
    return [...(error as ImportValidationError).problems];
  }
  return [];
}

function withChange(change: (data: LeagueImport & Record<string, unknown>) => void): unknown {
  const data = structuredClone(document()) as LeagueImport & Record<string, unknown>;
  change(data);
  return data;
}

describe('validateLeagueImport', () => {
  it('accepts a valid document and returns it', () => {
    const valid = document();
    expect(validateLeagueImport(valid)).toBe(valid);
    expect(validateLeagueImport({ formatVersion: 1 })).toEqual({ formatVersion: 1 });
  });

  it('rejects what is not an object or has the wrong formatVersion', () => {
    expect(problemsOf([])).toEqual([expect.stringMatching(/^the document must be a JSON object/)]);
    expect(problemsOf('games')).toHaveLength(1);
    expect(problemsOf({ formatVersion: 2 })).toEqual(['formatVersion must be 1, got 2']);
    expect(problemsOf({})).toEqual(['formatVersion must be 1, got nothing']);
  });

  it('rejects unknown arrays and non-arrays', () => {
    expect(problemsOf({ formatVersion: 1, game: [] })).toEqual([expect.stringMatching(/^unknown top-level field "game"/)]);
    expect(problemsOf({ formatVersion: 1, clubs: {} })).toEqual(['clubs must be an array, got {}']);
  });

  it('names the record for a bad enum value', () => {
    const problems = problemsOf(withChange((data) => Object.assign(data.games?.[0] ?? {}, { status: 'DONE' })));
    expect(problems).toEqual(['games[0] (id 7): status must be one of SCHEDULED, LIVE, FINISHED, CANCELLED, FORFEIT, ABORTED, got "DONE"']);
  });

  it('names the record for a missing required field', () => {
    const problems = problemsOf(withChange((data) => delete (data.teams?.[1] as unknown as Record<string, unknown> | undefined)?.clubId));
    expect(problems).toEqual(['teams[1] (id 20): clubId is required']);
  });

  it('names the record for an empty name and a wrong type', () => {
    const problems = problemsOf(
      withChange((data) => {
        Object.assign(data.clubs?.[1] ?? {}, { name: '  ' });
        Object.assign(data.players?.[0] ?? {}, { yearOfBirth: '1999' });
        Object.assign(data.games?.[0] ?? {}, { startsAt: '21.11.2026 17:00', homePeriodScores: [1, 'x'] });
      }),
    );
    expect(problems).toEqual([
      'clubs[1] (id 2): name must be a non-empty string, got "  "',
      'players[0] (id 500): yearOfBirth must be an integer from 1900 to 2999, got "1999"',
      'games[0] (id 7): startsAt must be an ISO-8601 date-time with a zone, e.g. 2026-03-07T16:00:00Z, got "21.11.2026 17:00"',
      'games[0] (id 7): homePeriodScores must be an array of integers from 0 to 1000, got [1,"x"]',
    ]);
  });

  it('names the record for null where no null is allowed, unknown fields and non-object rows', () => {
    const problems = problemsOf(
      withChange((data) => {
        Object.assign(data.seasons?.[0] ?? {}, { isCurrent: null });
        Object.assign(data.lineups?.[0] ?? {}, { shirt: 9 });
        (data.clubs as unknown[]).push(42);
      }),
    );
    expect(problems).toEqual([
      'seasons[0] (id 2026): isCurrent must be true or false (or omitted), got null',
      'clubs[2]: must be an object, got 42',
      'lineups[0] (gameId 7, playerId 500): unknown field "shirt"',
    ]);
  });

  it('reports duplicate ids and duplicate natural keys', () => {
    const problems = problemsOf(
      withChange((data) => {
        data.clubs?.push({ id: 1, name: 'Copy' });
        data.lineups?.push({ gameId: 7, teamId: 10, playerId: 500 });
        data.rounds?.push({ id: 201, groupId: 100, number: 1, name: 'Runde 1 again' });
      }),
    );
    expect(problems).toEqual([
      'rounds[1] (id 201): groupId 100, number 1 is already used by rounds[0] (id 200)',
      'clubs[2] (id 1): id 1 is already used by clubs[0] (id 1)',
      'lineups[1] (gameId 7, playerId 500): gameId 7, playerId 500 is already used by lineups[0] (gameId 7, playerId 500)',
    ]);
  });

  it('checks rules that span records of the file', () => {
    const problems = problemsOf(
      withChange((data) => {
        Object.assign(data.games?.[0] ?? {}, { awayTeamId: 10, groupId: null });
        Object.assign(data.gameEvents?.[0] ?? {}, { side: 'AWAY' });
        data.seasons?.push({ id: 2025, label: '2025/26', isCurrent: true, startsOn: '2026-07-31', endsOn: '2025-08-01' });
      }),
    );
    expect(problems).toEqual([
      'seasons[1] (id 2025): startsOn 2026-07-31 is after endsOn 2025-08-01',
      'seasons[1] (id 2025): isCurrent is also set on seasons[0] (id 2026); at most one season is current',
      'games[0] (id 7): homeTeamId and awayTeamId are both 10',
      'games[0] (id 7): roundId 200 belongs to group 100, but groupId is missing',
      'gameEvents[0] (id 9000): side AWAY disagrees with teamId 10 (the home team)',
    ]);
  });

  it("checks each group's game format: its bounds, and that a tie it does not let stand is decided", () => {
    const problems = problemsOf(
      withChange((data) => {
        data.leagueGroups?.push(
          {
            id: 101,
            seasonId: 2026,
            leagueId: 1,
            gameClassId: 11,
            name: 'Junioren',
            periods: 2,
            periodMinutes: 15,
            overtimeMinutes: 0,
            penaltyShootout: false,
            drawAllowed: true,
          },
          { id: 102, seasonId: 2026, leagueId: 1, gameClassId: 11, name: 'Kleinfeld', overtimeMinutes: 0, penaltyShootout: false },
        );
      }),
    );
    expect(problems).toEqual(['leagueGroups[2] (id 102): a format without draws must decide a tie: give it overtime or penalty shots']);
    const tooLong = withChange((data) => {
      data.leagueGroups?.push({ id: 103, seasonId: 2026, leagueId: 1, gameClassId: 11, name: 'Zu lang', periodMinutes: 90 });
    });
    expect(problemsOf(tooLong)).toEqual(['leagueGroups[1] (id 103): periodMinutes must be an integer from 1 to 60, got 90']);
  });

  it('leaves ids the file does not define to the database check', () => {
    expect(problemsOf(withChange((data) => Object.assign(data.games?.[0] ?? {}, { awayTeamId: 99 })))).toEqual([]);
  });

  it('shows at most 20 problems in the message and counts the rest', () => {
    const clubs = Array.from({ length: 30 }, (_, index) => ({ id: index + 1, name: '' }));
    try {
      validateLeagueImport({ formatVersion: 1, clubs });
      expect.unreachable();
    } catch (error) {
      const message = (error as Error).message;
      expect(message.split('\n')[0]).toBe('The import document has 30 problems:');
      expect(message).toContain('  - clubs[0] (id 1): name must be a non-empty string, got ""');
      expect(message).toContain('  … and 10 more');
      expect(message.split('\n')).toHaveLength(22);
    }
  });

  it("accepts a game whose pairing is undecided, with the federation's text in place of each team", () => {
    const undecided = withChange((data) => {
      data.games?.push({
        id: 8,
        groupId: 100,
        roundId: 200,
        homePlaceholder: 'Sieger Halbfinal 1',
        awayPlaceholder: 'Sieger Halbfinal 2',
        startsAt: '2026-12-05T14:00:00Z',
      });
      data.games?.push({
        id: 9,
        groupId: 100,
        roundId: 200,
        homeTeamId: 10,
        awayTeamId: null,
        awayPlaceholder: 'Sieger Halbfinal 2',
        startsAt: '2026-12-12T14:00:00Z',
      });
    });
    expect(problemsOf(undecided)).toEqual([]);
  });

  it('refuses an undecided game that was played, has a score, or a placeholder beside its team', () => {
    const played = withChange((data) => {
      data.games?.push({
        id: 8,
        groupId: 100,
        homeTeamId: null,
        awayTeamId: 20,
        startsAt: '2026-12-05T14:00:00Z',
        status: 'FINISHED',
        homeScore: 1,
        awayScore: 0,
      });
      data.games?.push({ id: 9, groupId: 100, homeTeamId: 10, awayTeamId: 20, homePlaceholder: 'Sieger Halbfinal 1', startsAt: '2026-12-12T14:00:00Z' });
    });
    expect(problemsOf(played)).toEqual([
      expect.stringMatching(/id 8.*without homeTeamId \(pairing undecided\) must be SCHEDULED or CANCELLED, not FINISHED/),
      expect.stringMatching(/id 8.*a game without both teams has no score/),
      expect.stringMatching(/id 9.*homePlaceholder is only for a game whose home team is not known yet, but homeTeamId is 10/),
    ]);
  });
});
