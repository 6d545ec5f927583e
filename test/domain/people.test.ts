import { describe, expect, it } from 'vitest';
import { licenseNumberRanges, MAX_PEOPLE_IDS, peopleSelection, playerRoleStatus } from '../../src/domain/people.js';

/** What a prefix means, said plainly: the number's digits begin with it. */
const hasLicensePrefix = (licenseNumber: number, prefix: string) => String(licenseNumber).startsWith(prefix);

describe('licenseNumberRanges', () => {
  it('the documentation’s example: 45472 is itself, 454720–454729, and every longer number beginning so', () => {
    const ranges = licenseNumberRanges('45472');
    expect(ranges.slice(0, 3)).toEqual([
      { from: 45472, to: 45472 },
      { from: 454720, to: 454729 },
      { from: 4547200, to: 4547299 },
    ]);
    expect(ranges.at(-1)).toEqual({ from: 454720000, to: 454729999 });
    for (const number of [45472, 454720, 454729, 4547200, 454729999]) expect(hasLicensePrefix(number, '45472')).toBe(true);
    const inside = (n: number) => ranges.some(({ from, to }) => n >= from && n <= to);
    for (const number of [45471, 454719, 454730, 45473, 4547300]) expect([inside(number), hasLicensePrefix(number, '45472')]).toEqual([false, false]);
  });

  it('a whole number is that number first; ranges stop at the largest 32-bit licence number', () => {
    expect(licenseNumberRanges('454729')[0]).toEqual({ from: 454729, to: 454729 });
    expect(licenseNumberRanges('2147483647')).toEqual([{ from: 2147483647, to: 2147483647 }]);
    expect(licenseNumberRanges('21474836').at(-1)).toEqual({ from: 2147483600, to: 2147483647 });
    expect(licenseNumberRanges('9999999999')).toEqual([]);
  });

  it('digits only, 1–10 of them; a leading 0 begins no number', () => {
    expect(licenseNumberRanges(' 123 ')[0]).toEqual({ from: 123, to: 123 });
    expect(licenseNumberRanges('0123')).toEqual([]);
    for (const bad of ['', 'SP7295', '12a', '-1', '12345678901', '1.5']) expect(() => licenseNumberRanges(bad)).toThrow(/1–10 digits/);
  });
});

describe('peopleSelection', () => {
  it('ids, once each and sorted; at most 100', () => {
    expect(peopleSelection({ ids: [3, 1, 3] })).toEqual({ kind: 'ids', ids: [1, 3] });
    expect(() => peopleSelection({ ids: [] })).toThrow(/names no person/);
    expect(() => peopleSelection({ ids: Array.from({ length: MAX_PEOPLE_IDS + 1 }, (_, i) => i + 1) })).toThrow(/at most 100/);
    expect(() => peopleSelection({ ids: [0] })).toThrow(/positive integers/);
  });

  it('changed_since from the start of its day in Zurich, changed_until to the end of its day', () => {
    expect(peopleSelection({ changedSince: '2016-12-23' })).toEqual({ kind: 'changed', from: new Date('2016-12-22T23:00:00Z') });
    expect(peopleSelection({ changedSince: '2016-12-23', changedUntil: '2016-12-24' })).toEqual({
      kind: 'changed',
      from: new Date('2016-12-22T23:00:00Z'),
      to: new Date('2016-12-24T23:00:00Z'),
    });
    expect(peopleSelection({ changedSince: '2016-07-01' })).toEqual({ kind: 'changed', from: new Date('2016-06-30T22:00:00Z') });
    expect(() => peopleSelection({})).toThrow('changed_since is required when no ids are given');
    expect(() => peopleSelection({ changedUntil: '2016-12-24' })).toThrow('changed_since is required');
    expect(() => peopleSelection({ changedSince: '2016-12-24', changedUntil: '2016-12-23' })).toThrow(/is after/);
  });
});

it('a player is active while licensed this season', () => {
  expect(playerRoleStatus(true)).toBe('active');
  expect(playerRoleStatus(false)).toBe('inactive');
});
