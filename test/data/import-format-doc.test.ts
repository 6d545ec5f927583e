// docs/import-format.md is the contract for federations writing import files; this keeps it in
// step with the validator: every array and field, its required flag, and a valid example.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ENTITY_ORDER, entitySpec, fieldEntries } from '../../src/data/import/entities.js';
import { validateLeagueImport } from '../../src/data/import/format.js';

const doc = readFileSync(new URL('../../docs/import-format.md', import.meta.url), 'utf8');

function documentedFields(entity: string): Map<string, boolean> {
  const section = doc.split(/^### /m).find((part) => part.startsWith(`${entity}\n`)) ?? '';
  const fields = new Map<string, boolean>();
  for (const match of section.matchAll(/^\| `(\w+)` \|[^|]*\| (yes|no) \|/gm)) fields.set(match[1], match[2] === 'yes');
  return fields;
}

describe('docs/import-format.md', () => {
  it('documents every array in write order', () => {
    const headings = [...doc.matchAll(/^### (\w+)$/gm)].map((match) => match[1]);
    expect(headings).toEqual([...ENTITY_ORDER]);
  });

  it.each([...ENTITY_ORDER])('documents every field of %s with its required flag', (entity) => {
    const expected = new Map(fieldEntries(entitySpec(entity)).map(([name, field]) => [name, field.required === true]));
    expect(documentedFields(entity)).toEqual(expected);
  });

  it('has an example that passes validation', () => {
    const example = /```json\n([\s\S]*?)```/.exec(doc)?.[1];
    expect(example).toBeDefined();
    expect(() => validateLeagueImport(JSON.parse(example as string))).not.toThrow();
  });
});
