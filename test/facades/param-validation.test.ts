import { describe, expect, it } from 'vitest';
import { day, flag, id, idList, integer, integerOr, oneOf, paramsSchema, required, text, withDefault } from '../../src/facades/shared/param-schema.js';
import { validateParams } from '../../src/facades/shared/param-validation.js';

const QUERY = paramsSchema({
  season: integer({ min: 1900, max: 2999 }),
  mode: required(oneOf(['list', 'team'])),
  view: withDefault(oneOf(['short', 'full']), 'full'),
  hide_empty: withDefault(flag(), true),
  on_date: day(),
  league_ids: idList(3),
  amount: integerOr('all', { min: 1, max: 50 }),
  group: text(),
});

const parse = (query: Record<string, unknown>) => validateParams(QUERY, 'querystring', query);
const messageOf = (query: Record<string, unknown>) => {
  const result = parse(query);
  return 'error' in result ? result.error.message : undefined;
};

describe('facade parameters', () => {
  it('converts declared values, applies defaults, drops empty ones and keeps unknown ones as sent', () => {
    expect(parse({ mode: 'list', season: '2025', hide_empty: 'NO', on_date: '2026-03-01', league_ids: '1, 2', amount: 'all', group: '', extra: 'x' })).toEqual({
      value: { mode: 'list', season: 2025, view: 'full', hide_empty: false, on_date: '2026-03-01', league_ids: [1, 2], amount: 'all', extra: 'x' },
    });
    expect(parse({ mode: 'team', amount: '7' })).toEqual({ value: { mode: 'team', view: 'full', hide_empty: true, amount: 7 } });
  });

  it('refuses a repeated parameter, where one value belongs, by name', () => {
    expect(messageOf({ mode: ['team', 'list'], amount: '7' })).toBe('Parameter mode takes one value, got 2: send it once');
    expect(messageOf({ mode: 'list', league_ids: ['1', '2'] })).toBe(
      'Parameter league_ids takes one value, got 2: a list is written once, comma-separated (1,2,3)',
    );
  });

  it('refuses bad values with the texts deployed clients know', () => {
    expect(messageOf({})).toBe('Parameter mode is required: one of list, team');
    expect(messageOf({ mode: 'list', season: 'abc' })).toBe('Parameter season must be an integer, got "abc"');
    expect(messageOf({ mode: 'list', season: '1800' })).toBe('Parameter season must be from 1900 to 2999, got 1800');
    expect(messageOf({ mode: 'tiny' })).toBe('Parameter mode must be one of list, team, got "tiny"');
    expect(messageOf({ mode: 'list', hide_empty: 'Maybe' })).toBe('Parameter hide_empty must be true or false, got "maybe"');
    expect(messageOf({ mode: 'list', on_date: '2026-02-30' })).toBe('Parameter on_date must be a date YYYY-MM-DD, got "2026-02-30"');
    expect(messageOf({ mode: 'list', league_ids: '1,2,3,4' })).toBe('Parameter league_ids must be a comma-separated list of at most 3 ids, got "1,2,3,4"');
    expect(messageOf({ mode: 'list', amount: '0' })).toBe('Parameter amount must be a number from 1 to 50 or "all", got "0"');
    expect(messageOf({ mode: 'list', amount: '007' })).toBe('Parameter amount must be a number from 1 to 50 or "all", got "007"');
  });

  it('names a bad path segment as the route does', () => {
    const path = paramsSchema({ game_id: id() });
    expect(validateParams(path, 'params', { game_id: '12' })).toEqual({ value: { game_id: 12 } });
    const result = validateParams(path, 'params', { game_id: '1e3' });
    expect('error' in result && result.error.message).toBe('game_id must be a positive integer, got "1e3"');
  });
});
