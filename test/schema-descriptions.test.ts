import { type GraphQLSchema, isEnumType, isInputObjectType, isInterfaceType, isIntrospectionType, isObjectType, isSpecifiedScalarType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { printableSchema } from '../src/schema/index.js';

/** The share of each kind of schema element that must carry a description. */
const MINIMUM_COVERAGE = 0.99;

type Category = 'types' | 'output fields' | 'input fields' | 'arguments' | 'enum values';

interface Coverage {
  total: number;
  /** Schema coordinates (`Type`, `Type.field`, `Type.field(arg:)`, `Enum.VALUE`) without a description. */
  missing: string[];
}

const described = (description: string | null | undefined) => description != null && description.trim() !== '';

/**
 * Description coverage of the schema's own types (introspection types and built-in scalars left out):
 * types, fields of object and interface types, fields of input types, field arguments and enum values.
 */
function descriptionCoverage(schema: GraphQLSchema): Record<Category, Coverage> {
  const coverage: Record<Category, Coverage> = {
    types: { total: 0, missing: [] },
    'output fields': { total: 0, missing: [] },
    'input fields': { total: 0, missing: [] },
    arguments: { total: 0, missing: [] },
    'enum values': { total: 0, missing: [] },
  };
  const count = (category: Category, coordinate: string, description: string | null | undefined) => {
    coverage[category].total += 1;
    if (!described(description)) coverage[category].missing.push(coordinate);
  };
  for (const type of Object.values(schema.getTypeMap())) {
    if (isIntrospectionType(type) || isSpecifiedScalarType(type)) continue;
    count('types', type.name, type.description);
    if (isObjectType(type) || isInterfaceType(type)) {
      for (const field of Object.values(type.getFields())) {
        count('output fields', `${type.name}.${field.name}`, field.description);
        for (const arg of field.args) count('arguments', `${type.name}.${field.name}(${arg.name}:)`, arg.description);
      }
    } else if (isInputObjectType(type)) {
      for (const field of Object.values(type.getFields())) count('input fields', `${type.name}.${field.name}`, field.description);
    } else if (isEnumType(type)) {
      for (const value of type.getValues()) count('enum values', `${type.name}.${value.name}`, value.description);
    }
  }
  return coverage;
}

const percent = ({ total, missing }: Coverage) => (total === 0 ? 100 : (100 * (total - missing.length)) / total);

describe('schema descriptions', () => {
  const coverage = descriptionCoverage(printableSchema());

  it('prints the coverage and what lacks a description', () => {
    const lines = Object.entries(coverage).map(
      ([category, entry]) =>
        `${category}: ${percent(entry).toFixed(1)} % (${entry.total - entry.missing.length}/${entry.total})` +
        (entry.missing.length > 0 ? `\n  without: ${entry.missing.join(', ')}` : ''),
    );
    console.log(`GraphQL description coverage\n${lines.join('\n')}`);
  });

  for (const category of Object.keys(coverage) as Category[]) {
    it(`describes at least ${MINIMUM_COVERAGE * 100} % of the ${category}`, () => {
      const entry = coverage[category];
      expect(percent(entry), `${category} without a description: ${entry.missing.join(', ')}`).toBeGreaterThanOrEqual(MINIMUM_COVERAGE * 100);
    });
  }
});
