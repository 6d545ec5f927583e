import { readFileSync } from 'node:fs';
import { printSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import { printableSchema } from '../src/schema/index.js';

describe('schema.graphql', () => {
  it('is the printed Pothos schema (run `npm run schema:print` after schema changes)', () => {
    const committed = readFileSync(new URL('../schema.graphql', import.meta.url), 'utf8');
    expect(committed).toBe(`${printSchema(printableSchema())}\n`);
  });
});
