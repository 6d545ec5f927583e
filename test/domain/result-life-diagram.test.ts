import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { resultLifeDiagram, resultLifeMermaid } from '../../src/domain/result-life-diagram.js';

describe('the life of a result, drawn from the rules', () => {
  it('has every move the writes and the window make, and none the rules refuse', () => {
    const moves = resultLifeDiagram().transitions.map((move) => `${move.from} --${move.message}--> ${move.to}`);
    expect(moves).toEqual([
      'no_result --forfeitGame--> provisional',
      'no_result --reportResult--> provisional',
      'provisional --undoStatus (desk)--> no_result',
      'provisional --undoStatus (federation)--> no_result',
      'provisional --protestResult (club)--> protested',
      'provisional --confirmResult (federation)--> confirmed',
      'provisional --window closes--> confirmed',
      'protested --undoStatus (federation)--> no_result',
      'protested --rejectProtest (federation)--> confirmed',
      'protested --upholdProtest (federation)--> confirmed',
      'confirmed --undoStatus (federation)--> no_result',
    ]);
    // No desk moves a protested or confirmed result, and no club confirms or decides.
    expect(moves.filter((move) => /^(protested|confirmed) --.*\((desk|club)\)/.test(move))).toEqual([]);
  });

  it('is the diagram docs/live-games.md shows', () => {
    const doc = readFileSync(new URL('../../docs/live-games.md', import.meta.url), 'utf8');
    expect(doc).toContain(resultLifeMermaid());
  });
});
