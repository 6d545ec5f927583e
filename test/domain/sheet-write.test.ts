import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../../src/domain/errors.js';
import { GAME_STATUSES } from '../../src/domain/game-status.js';
import {
  assertSheetWritable,
  judgeSheet,
  type JudgedLine,
  licenseOfPlayer,
  numberSheet,
  resolveSheetLines,
  type SheetCandidate,
  type SheetLineRequest,
  type SheetSituation,
} from '../../src/domain/sheet-write.js';

/** License 100 + n names player n; 1 and 2 keep goal usually, the others play forward; 9 is locked, 10 is suspended. */
function facts(n: number, over: Partial<SheetCandidate> = {}): SheetCandidate {
  return {
    licenseId: 100 + n,
    playerId: n,
    locked: false,
    multiLicense: false,
    memberOfTeam: true,
    memberOfLowerTeam: false,
    suspended: false,
    isGoalkeeper: n <= 2,
    position: n <= 2 ? 'GOALKEEPER' : 'FORWARD',
    ...over,
  };
}

const CANDIDATES = new Map(
  [...Array.from({ length: 8 }, (_, i) => facts(i + 1)), facts(9, { locked: true }), facts(10, { suspended: true }), facts(11)].map((f) => [f.licenseId, f]),
);

function situation(over: Partial<SheetSituation> = {}): SheetSituation {
  return { status: 'SCHEDULED', candidates: CANDIDATES, otherSheetPlayerIds: new Set(), linesNamedByEvents: [], ...over };
}

/** A valid sheet: license 101 in goal, 102–106 on the field, numbered n. */
function sheet(size = 6): SheetLineRequest[] {
  return Array.from({ length: size }, (_, i) => ({ licenseId: 101 + i, number: i + 1, position: i === 0 ? 'GOALKEEPER' : 'FORWARD', captain: i === 1 }));
}

const refusal = (lines: SheetLineRequest[], over: Partial<SheetSituation> = {}) => {
  try {
    judgeSheet(lines, situation(over));
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidInputError);
    return (error as Error).message;
  }
  throw new Error('the sheet was accepted');
};

describe('which games take a sheet', () => {
  it('a scheduled or live game; a finished, cancelled or forfeited one is refused, saying what it is', () => {
    const writable = GAME_STATUSES.filter((status) => {
      try {
        assertSheetWritable(status);
        return true;
      } catch (error) {
        expect(error).toBeInstanceOf(InvalidInputError);
        return false;
      }
    });
    expect(writable).toEqual(['SCHEDULED', 'LIVE']);
    expect(() => assertSheetWritable('FINISHED')).toThrow('A game sheet is written for a scheduled or live game; this game is finished');
    expect(refusal(sheet(), { status: 'CANCELLED' })).toContain('this game is cancelled');
  });
});

describe('judging a sheet', () => {
  it('accepts a valid sheet and names each line’s player, in the order sent', () => {
    const lines = judgeSheet(sheet(), situation({ status: 'LIVE' }));
    expect(lines.map((line) => [line.licenseId, line.playerId, line.number, line.captain])).toEqual([
      [101, 1, 1, false],
      [102, 2, 2, true],
      [103, 3, 3, false],
      [104, 4, 4, false],
      [105, 5, 5, false],
      [106, 6, 6, false],
    ]);
    expect(judgeSheet([{ licenseId: 101, position: 'GOALKEEPER' }, ...sheet().slice(1)], situation())[0]).toMatchObject({
      number: null,
      captain: false,
      rememberNumber: true,
    });
    expect(judgeSheet([{ licenseId: 101, position: 'GOALKEEPER', rememberNumber: false }, ...sheet().slice(1)], situation())[0].rememberNumber).toBe(false);
  });

  it('refuses what the lineup rules refuse, naming the rule and the license', () => {
    expect(refusal(sheet(3))).toContain('too_few_players: at least 6 players, got 3');
    expect(refusal([...sheet(), { licenseId: 109, position: 'FORWARD' }])).toContain('not_eligible: license 109: license is locked');
    expect(refusal([...sheet(), { licenseId: 110, position: 'FORWARD' }])).toContain('not_eligible: license 110: player is suspended');
    expect(refusal([...sheet(), { licenseId: 999, position: 'FORWARD' }])).toContain('unknown_license: license 999');
    expect(refusal([...sheet(), { licenseId: 101, number: 40, position: 'GOALKEEPER' }])).toContain('duplicate: license 101 is listed more than once');
  });

  it('counts the goalkeepers the sheet names, not the players’ usual positions', () => {
    // 101 and 102 usually keep goal; on this sheet nobody does.
    expect(refusal(sheet().map((line) => ({ ...line, position: 'DEFENDER' as const })))).toContain('too_few_goalkeepers');
    const fourInGoal = sheet().map((line, i) => ({ ...line, position: i < 4 ? ('GOALKEEPER' as const) : ('FORWARD' as const) }));
    expect(refusal(fourInGoal)).toContain('too_many_goalkeepers: at most 3 goalkeepers, got 4');
    // 103 does not usually keep goal, but does in this game; 101 plays on the field.
    const swapped = sheet().map((line) => ({ ...line, position: line.licenseId === 103 ? ('GOALKEEPER' as const) : ('FORWARD' as const) }));
    expect(judgeSheet(swapped, situation())).toHaveLength(6);
  });

  it('refuses a number outside 1–99 and a number worn twice, naming the licenses', () => {
    expect(refusal(sheet().map((line, i) => (i === 2 ? { ...line, number: 0 } : line)))).toContain('shirt_number: license 103: shirt number 0 is not 1–99');
    expect(refusal(sheet().map((line, i) => (i === 2 ? { ...line, number: 100 } : line)))).toContain('shirt number 100 is not 1–99');
    expect(refusal(sheet().map((line, i) => (i === 4 ? { ...line, number: 2 } : line)))).toContain(
      'number_taken: license 105: number 2 is worn by license 102',
    );
  });

  it('refuses two captains', () => {
    expect(refusal(sheet().map((line, i) => (i === 3 ? { ...line, captain: true } : line)))).toContain(
      'captains: at most one captain, got 2 (licenses 102, 104)',
    );
  });

  it('refuses a player on the other team’s sheet of the game', () => {
    expect(refusal(sheet(), { otherSheetPlayerIds: new Set([4]) })).toContain('on_other_sheet: license 104');
  });

  it('keeps on the sheet a player an event of the game names', () => {
    const named = { linesNamedByEvents: [{ licenseId: 107, playerId: 7 }] };
    expect(refusal(sheet(), named)).toContain('named_by_event: license 107: an event of this game names the player');
    expect(judgeSheet([...sheet(), { licenseId: 107, position: 'FORWARD' }], situation(named))).toHaveLength(7);
  });

  it('lists every problem at once', () => {
    const message = refusal([
      { licenseId: 109, number: 5, position: 'FORWARD', captain: true },
      { licenseId: 101, number: 5, position: 'FORWARD', captain: true },
    ]);
    for (const rule of ['not_eligible', 'too_few_players', 'too_few_goalkeepers', 'number_taken', 'captains']) expect(message).toContain(`${rule}:`);
  });
});

describe('a line naming a player', () => {
  /**
   * Player 20's licenses of the club: 220 multi, 221 locked, 222 regular, 223 regular. Player 21's:
   * 230 locked, 231 not a member of any team (neither eligible). Player 22's: 240 other, 241 multi.
   */
  const PLAYERS = new Map(
    [
      facts(20, { licenseId: 220, memberOfTeam: false, multiLicense: true }),
      facts(20, { licenseId: 221, locked: true }),
      facts(20, { licenseId: 223 }),
      facts(20, { licenseId: 222 }),
      facts(21, { licenseId: 231, memberOfTeam: false }),
      facts(21, { licenseId: 230, locked: true }),
      facts(22, { licenseId: 241, memberOfTeam: false, multiLicense: true }),
      facts(22, { licenseId: 240, memberOfTeam: false, memberOfLowerTeam: true }),
      ...CANDIDATES.values(),
    ].map((f) => [f.licenseId, f]),
  );

  it('stands for the player’s eligible license, the regular one first, then the lowest id', () => {
    expect(licenseOfPlayer(3, PLAYERS)).toBe(103);
    expect(licenseOfPlayer(20, PLAYERS)).toBe(222);
    expect(licenseOfPlayer(22, PLAYERS)).toBe(240);
  });

  it('stands for one of the player’s licenses when none is eligible, so that the lineup rules name it; for none when the club has no license of the player', () => {
    expect(licenseOfPlayer(21, PLAYERS)).toBe(230);
    expect(licenseOfPlayer(10, PLAYERS)).toBe(110);
    expect(licenseOfPlayer(99, PLAYERS)).toBeNull();
  });

  it('resolves a sheet naming players into the sheet naming their licenses, keeping each line as sent', () => {
    const byLicense = sheet();
    const byPlayer = byLicense.map(({ licenseId, ...line }) => ({ ...line, playerId: licenseId - 100 }));
    expect(resolveSheetLines(byPlayer, CANDIDATES)).toEqual(byLicense);
    const mixed = [...byLicense.slice(0, 3), ...byPlayer.slice(3)];
    expect(resolveSheetLines(mixed, CANDIDATES)).toEqual(byLicense);
    expect(resolveSheetLines([{ playerId: 20, position: 'FORWARD', rememberNumber: false }], PLAYERS)).toEqual([
      { licenseId: 222, position: 'FORWARD', rememberNumber: false },
    ]);
    // A player whose licenses are not eligible: the lineup rules refuse the license it stands for.
    expect(refusal([...sheet(), ...resolveSheetLines([{ playerId: 10, position: 'FORWARD' }], CANDIDATES)])).toContain(
      'not_eligible: license 110: player is suspended',
    );
  });

  it('gives a line sent without a position the player’s known position, a goalkeeper’s goal, and none when nothing is known', () => {
    const known = new Map(
      [facts(1), facts(2, { position: null }), facts(3, { position: 'DEFENDER' }), facts(4, { position: null }), facts(5, { position: 'CENTER' })].map((f) => [
        f.licenseId,
        f,
      ]),
    );
    expect(
      resolveSheetLines(
        [{ licenseId: 101 }, { licenseId: 102, position: null }, { playerId: 3 }, { licenseId: 104 }, { licenseId: 105, position: 'FORWARD' }],
        known,
      ),
    ).toEqual([
      { licenseId: 101, position: 'GOALKEEPER' },
      { licenseId: 102, position: 'GOALKEEPER' },
      { licenseId: 103, position: 'DEFENDER' },
      { licenseId: 104, position: null },
      { licenseId: 105, position: 'FORWARD' },
    ]);
  });

  it('refuses a player without a license of the club, and a line naming both or neither, every problem at once', () => {
    const refused = () =>
      resolveSheetLines(
        [
          { playerId: 99, position: 'FORWARD' },
          { licenseId: 101, playerId: 1, position: 'GOALKEEPER' },
          { position: 'FORWARD' },
          { licenseId: 102, playerId: null, position: 'FORWARD' },
        ],
        CANDIDATES,
      );
    expect(refused).toThrow(InvalidInputError);
    expect(refused).toThrow(
      'The game sheet is refused: unknown_player: player 99 has no license of this club for this game; ' +
        'license_or_player: line 2 names both a licenseId and a playerId: give exactly one; ' +
        'license_or_player: line 3 names neither a licenseId nor a playerId: give exactly one',
    );
  });
});

describe('numbering a sheet', () => {
  const line = (playerId: number, number: number | null): JudgedLine => ({
    licenseId: 100 + playerId,
    playerId,
    number,
    position: 'FORWARD',
    captain: false,
    rememberNumber: true,
  });

  it('keeps a number sent and gives a line without one the number the player last wore', () => {
    const numbered = numberSheet([line(1, 7), line(2, null), line(3, null)], new Map([[2, 23]]));
    expect(numbered.map((entry) => [entry.playerId, entry.number, entry.numberFrom])).toEqual([
      [1, 7, 'given'],
      [2, 23, 'remembered'],
      [3, null, null],
    ]);
  });

  it('leaves out a remembered number another line wears, whether sent or remembered first', () => {
    const numbered = numberSheet(
      [line(1, null), line(2, 7), line(3, null)],
      new Map([
        [1, 7],
        [3, 12],
      ]),
    );
    expect(numbered.map((entry) => [entry.playerId, entry.number, entry.numberFrom])).toEqual([
      [1, null, null],
      [2, 7, 'given'],
      [3, 12, 'remembered'],
    ]);
    const twice = numberSheet(
      [line(1, null), line(3, null)],
      new Map([
        [1, 12],
        [3, 12],
      ]),
    );
    expect(twice.map((entry) => entry.number)).toEqual([12, null]);
  });

  it('does not remember a number outside 1–99 (an imported 0)', () => {
    expect(numberSheet([line(1, null)], new Map([[1, 0]]))[0]).toMatchObject({ number: null, numberFrom: null });
  });
});
