import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generate } from '@graphql-codegen/cli';
import { printSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import codegenConfig, { GENERATED_DIRECTORY } from '../codegen.js';
import { graphql } from '../src/facades/generated/gql.js';
import { printableSchema } from '../src/schema/index.js';

describe('schema.graphql', () => {
  it('is the printed Pothos schema (run `npm run schema:print` after schema changes)', () => {
    const committed = readFileSync(new URL('../schema.graphql', import.meta.url), 'utf8');
    expect(committed).toBe(`${printSchema(printableSchema())}\n`);
  });
});

describe('src/facades/generated (the typed facade documents)', () => {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const STALE = 'is stale: run `npm run codegen` (after changing a facade document or schema.graphql)';

  it('is what `npm run codegen` writes from schema.graphql and the documents in src/facades', async () => {
    const outputs: { filename: string; content: string }[] = await generate({ ...codegenConfig, cwd: root, silent: true }, false);
    const expected = new Map(outputs.map((output) => [output.filename, output.content]));
    const present = readdirSync(join(root, GENERATED_DIRECTORY)).map((name) => `${GENERATED_DIRECTORY}${name}`);
    for (const file of new Set([...expected.keys(), ...present])) {
      const committed = existsSync(join(root, file)) ? readFileSync(join(root, file), 'utf8') : undefined;
      expect(committed, `${file} ${STALE}`).toBe(expected.get(file));
    }
  });

  it('holds every graphql(`…`) document of src/facades (codegen leaves out one it cannot parse)', () => {
    const facades = join(root, 'src/facades');
    const files = readdirSync(facades, { recursive: true, encoding: 'utf8' }).filter(
      (file) => file.endsWith('.ts') && !`src/facades/${file}`.startsWith(GENERATED_DIRECTORY),
    );
    let documents = 0;
    for (const file of files) {
      for (const [, source] of readFileSync(join(facades, file), 'utf8').matchAll(/\bgraphql\(`([^`]*)`\)/g)) {
        documents += 1;
        const name = /(?:query|mutation|fragment)\s+(\w+)/.exec(source)?.[1] ?? source.trim().slice(0, 40);
        expect(
          (graphql as (source: string) => unknown)(source),
          `${name} in src/facades/${file}: ${GENERATED_DIRECTORY} ${STALE}, or the document does not parse`,
        ).toMatchObject({ kind: 'Document' });
      }
    }
    expect(documents).toBeGreaterThan(0);
  });
});
