import { describe, expect, it } from 'vitest';
import { comparePhases, isKnockoutPhase, KNOCKOUT_PHASES, mainGroupOf, PHASE_ORDER } from '../../src/domain/groups.js';

const group = (id: number, phase: string) => ({ id, phase });

describe('phases', () => {
  it('read qualification, playoff, superfinal, playout; the knock-out phases are all but the first', () => {
    expect(PHASE_ORDER).toEqual(['QUALIFICATION', 'PLAYOFF', 'SUPERFINAL', 'PLAYOUT']);
    expect(KNOCKOUT_PHASES).toEqual(['PLAYOFF', 'SUPERFINAL', 'PLAYOUT']);
    expect(PHASE_ORDER.filter(isKnockoutPhase)).toEqual(['PLAYOFF', 'SUPERFINAL', 'PLAYOUT']);
  });

  it('sort stably by phase, unknown phases last', () => {
    const groups = [group(1, 'PLAYOUT'), group(2, 'FRIENDLY'), group(3, 'QUALIFICATION'), group(4, 'PLAYOFF'), group(5, 'QUALIFICATION')];
    expect([...groups].sort(comparePhases).map((g) => g.id)).toEqual([3, 5, 4, 1, 2]);
  });
});

describe('a team’s main group', () => {
  it('is its first qualification group', () => {
    expect(mainGroupOf([group(1, 'PLAYOFF'), group(2, 'QUALIFICATION'), group(3, 'QUALIFICATION')])?.id).toBe(2);
  });

  it('is the first playoff group without a qualification, then the first playout group', () => {
    expect(mainGroupOf([group(1, 'PLAYOUT'), group(2, 'PLAYOFF'), group(3, 'PLAYOFF')])?.id).toBe(2);
    expect(mainGroupOf([group(1, 'PLAYOUT'), group(2, 'PLAYOUT')])?.id).toBe(1);
  });

  it('is undefined without groups, and keeps the caller’s type', () => {
    expect(mainGroupOf([])).toBeUndefined();
    const typed = mainGroupOf([{ phase: 'QUALIFICATION', league: { name: 'L-UPL' } }]);
    expect(typed?.league.name).toBe('L-UPL');
  });
});
