import { describe, expect, it } from 'vitest';
import { InvalidInputError } from '../../src/domain/errors.js';
import { compareHits, matchOf, type RankedHit, SEARCH_DEFAULT_FIRST, searchLimit, searchTerms } from '../../src/domain/search.js';

describe('searchTerms', () => {
  it('folds case and accents and splits words', () => {
    expect(searchTerms('  Zürich   NORD ')).toEqual({ text: 'zurich nord', words: ['zurich', 'nord'] });
  });

  it('needs a word of three characters, refuses over 100 or more than five words', () => {
    for (const short of ['', 'ab', ' a b c ', 'Ü ', 'uh ab']) expect(() => searchTerms(short)).toThrow(InvalidInputError);
    expect(searchTerms('abc').text).toBe('abc');
    expect(searchTerms('UH Lyß').words).toEqual(['uh', 'lyß']);
    expect(() => searchTerms('x'.repeat(101))).toThrow(/at most 100/);
    expect(() => searchTerms('aaa bb cc dd ee ff')).toThrow(/at most 5 words/);
  });
});

describe('searchLimit', () => {
  it('defaults and bounds first', () => {
    expect(searchLimit(undefined)).toBe(SEARCH_DEFAULT_FIRST);
    expect(searchLimit(50)).toBe(50);
    for (const bad of [0, 51, 2.5]) expect(() => searchLimit(bad)).toThrow(InvalidInputError);
  });
});

describe('matchOf', () => {
  const terms = searchTerms('brun');
  it('ranks the whole name, its beginning, a word beginning, anywhere', () => {
    expect(matchOf('brun', terms)).toBe('EXACT');
    expect(matchOf('brunner', terms)).toBe('PREFIX');
    expect(matchOf('ivo brunner', terms)).toBe('WORD');
    expect(matchOf('uh nebrunnen', terms)).toBe('PART');
    expect(matchOf('ivo müller', terms)).toBeNull();
  });

  it('needs every word, in any order', () => {
    expect(matchOf('ivo brunner', searchTerms('brunner ivo'))).toBe('PART');
    expect(matchOf('ivo brunner', searchTerms('ivo brun'))).toBe('PREFIX');
    expect(matchOf('ivo brunner', searchTerms('ivo meier'))).toBeNull();
  });
});

describe('matchOf through lineages', () => {
  const lineages = [['unihockey sturmweid', 'herren gf nlb gruppe 1'], ['unihockey sturmweid']];
  it('finds a record whose name and one lineage hold every word between them', () => {
    expect(matchOf('ivo brunner', searchTerms('brunner sturmweid'), lineages)).toBe('RELATED');
    expect(matchOf('ivo brunner', searchTerms('nlb'), lineages)).toBe('RELATED');
    expect(matchOf('ivo brunner', searchTerms('ivo nlb sturmweid'), lineages)).toBe('RELATED');
  });

  it('ranks a name match as before, and needs every word in one lineage', () => {
    expect(matchOf('ivo brunner', searchTerms('brunner'), lineages)).toBe('WORD');
    expect(matchOf('ivo brunner', searchTerms('brunner meier'), lineages)).toBeNull();
    expect(matchOf('ivo brunner', searchTerms('nlb lyss'), [['nlb'], ['lyss']])).toBeNull();
    expect(matchOf('ivo brunner', searchTerms('nlb'))).toBeNull();
  });
});

describe('compareHits', () => {
  const hit = (kind: RankedHit['kind'], match: RankedHit['match'], folded: string, id = 1): RankedHit => ({ kind, match, folded, id });

  it('orders by match, then kind, then name, then id', () => {
    const hits = [
      hit('PLAYER', 'PREFIX', 'lyss'),
      hit('TEAM', 'PART', 'a'),
      hit('TEAM', 'PREFIX', 'lyss b'),
      hit('TEAM', 'PREFIX', 'lyss a', 2),
      hit('TEAM', 'PREFIX', 'lyss a', 1),
      hit('CLUB', 'EXACT', 'lyss'),
      hit('LEAGUE', 'WORD', 'herren lyss'),
      hit('CLUB', 'RELATED', 'a'),
    ];
    expect(hits.sort(compareHits()).map((h) => `${h.kind} ${h.folded} ${h.id}`)).toEqual([
      'CLUB lyss 1',
      'TEAM lyss a 1',
      'TEAM lyss a 2',
      'TEAM lyss b 1',
      'PLAYER lyss 1',
      'LEAGUE herren lyss 1',
      'TEAM a 1',
      'CLUB a 1',
    ]);
  });

  it('puts a preferred kind before every other', () => {
    const hits = [hit('TEAM', 'EXACT', 'lyss'), hit('PLAYER', 'PART', 'ivo lyssen')];
    expect(hits.sort(compareHits('PLAYER')).map((h) => h.kind)).toEqual(['PLAYER', 'TEAM']);
  });
});
