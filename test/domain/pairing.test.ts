import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../../src/domain/errors.js';
import { KNOCKOUT_PHASES, PHASE_ORDER, isKnockoutPhase, mainGroupOf } from '../../src/domain/groups.js';
import { assertPaired, isPaired, pairedGames, sideName } from '../../src/domain/pairing.js';
import { computeStandings } from '../../src/domain/standings.js';

const decided = { id: 1, homeTeamId: 10, awayTeamId: 20 };
const undecided = { id: 2, homeTeamId: null, awayTeamId: null };
const halfDecided = { id: 3, homeTeamId: 10, awayTeamId: null };

describe('undecided pairings', () => {
  it('a game is paired only when both its teams are known', () => {
    expect([decided, undecided, halfDecided].map(isPaired)).toEqual([true, false, false]);
    expect(pairedGames([decided, undecided, halfDecided])).toEqual([decided]);
  });

  it('a game without both teams cannot be started or get a sheet, and the error names the missing side', () => {
    expect(() => assertPaired(decided)).not.toThrow();
    expect(() => assertPaired(undecided, 'started or recorded')).toThrow(InvalidInputError);
    expect(() => assertPaired(undecided, 'started or recorded')).toThrow(
      'Game 2 has no home team yet: it cannot be started or recorded until its pairing is decided',
    );
    expect(() => assertPaired(halfDecided, 'given a game sheet')).toThrow('Game 3 has no away team yet: it cannot be given a game sheet');
  });

  it("a side shows the team's name, else the federation's placeholder, else the locale's word", () => {
    expect(sideName({ name: 'UHC Birkenfeld' }, null, 'offen')).toBe('UHC Birkenfeld');
    expect(sideName(null, 'Sieger Halbfinal 1', 'offen')).toBe('Sieger Halbfinal 1');
    expect(sideName(null, null, 'offen')).toBe('offen');
    expect(sideName(undefined, '', 'to be decided')).toBe('to be decided');
  });

  it('standings over the paired games ignore an undecided one', () => {
    const result = { status: 'FINISHED' as const, homeScore: 3, awayScore: 1, decidedBy: 'REGULAR' as const };
    const games = [
      { ...result, homeTeamId: 10 as number | null, awayTeamId: 20 as number | null },
      { ...result, homeTeamId: null, awayTeamId: null },
    ];
    const rows = computeStandings([10, 20], pairedGames(games));
    expect(rows.map((row) => [row.teamId, row.games])).toEqual([
      [10, 1],
      [20, 1],
    ]);
  });
});

describe('the superfinal phase', () => {
  it('is a knock-out phase read after the playoff and before the playout', () => {
    expect(PHASE_ORDER).toEqual(['QUALIFICATION', 'PLAYOFF', 'SUPERFINAL', 'PLAYOUT']);
    expect(KNOCKOUT_PHASES).toContain('SUPERFINAL');
    expect(isKnockoutPhase('SUPERFINAL')).toBe(true);
    expect(mainGroupOf([{ phase: 'SUPERFINAL' }, { phase: 'QUALIFICATION' }])).toEqual({ phase: 'QUALIFICATION' });
  });
});
