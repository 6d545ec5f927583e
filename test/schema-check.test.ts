import { describe, expect, it } from 'vitest';
import { deprecationsWithoutReason, judgeChange, parseAccepted } from '../scripts/schema-check.js';

const BEFORE = 'type Query { game(id: Int!): Game }\ntype Game { id: Int!\n referee: String }';

describe('the schema check (npm run schema:check)', () => {
  it('refuses a removed field', async () => {
    const judged = await judgeChange(BEFORE, 'type Query { game(id: Int!): Game }\ntype Game { id: Int! }', {});
    expect(judged.refused.map((change) => change.path)).toEqual(['Game.referee']);
    expect(judged.refused[0].message).toMatch(/referee.*removed/);
  });

  it('lets an added field through', async () => {
    const judged = await judgeChange(BEFORE, 'type Query { game(id: Int!): Game }\ntype Game { id: Int!\n referee: String\n venue: String }', {});
    expect(judged.refused).toEqual([]);
    expect(judged.accepted).toEqual([]);
  });

  it('accepts a break listed as deliberate, by coordinate or by message, and only that one', async () => {
    const after = 'type Query { game(id: Int!): Game }\ntype Game { id: String! }';
    const byCoordinate = await judgeChange(BEFORE, after, { 'Game.referee': 'published on the game sheet instead' });
    expect(byCoordinate.accepted.map((change) => change.path)).toEqual(['Game.referee']);
    expect(byCoordinate.refused.map((change) => change.path)).toEqual(['Game.id']);
    const byMessage = await judgeChange(BEFORE, after, { [byCoordinate.refused[0].message]: 'ids are strings now', 'Game.referee': 'gone' });
    expect(byMessage.refused).toEqual([]);
  });

  it('refuses a deprecation without a reason of its own', () => {
    const sdl = `type Query { a: Int @deprecated
      b: Int @deprecated(reason: "Use c; removed after the 2027 season.")
      c(old: Int @deprecated): Int }
      enum Kind { X @deprecated(reason: "No longer supported") Y }`;
    expect(deprecationsWithoutReason(sdl)).toEqual(['Query.a', 'Query.c(old:)', 'Kind.X']);
  });

  it('wants a reason for every listed break', () => {
    expect(() => parseAccepted('{ "Game.referee": "" }')).toThrow(/needs a reason/);
    expect(() => parseAccepted('["Game.referee"]')).toThrow(/must be an object/);
    expect(parseAccepted('{ "Game.referee": "moved to the sheet" }')).toEqual({ 'Game.referee': 'moved to the sheet' });
  });
});
