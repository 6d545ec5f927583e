import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A recorded client call and what the federation's documentation or WIRE.md says its answer holds.
 * `expect` is matched partially: objects by the keys they name, arrays as a prefix (element i
 * against element i), and these operators wherever a value stands:
 * `{"$regex": "…"}` a string matching it, `{"$type": "number"}` any value of that type,
 * `{"$each": X}` a non-empty array whose every element matches X, `{"$length": n}` an array or
 * string of exactly n, `{"$contains": X}` an array with at least one element matching X. An answer
 * that is not JSON (an iCalendar feed) is matched as its text.
 */
export interface GoldenCall {
  /** The issue item it records. */
  item: number;
  title: string;
  /** Where the expectation comes from: a section of the official documentation, WIRE.md, or a deployed client. */
  source: string;
  request: { method?: 'GET' | 'POST'; url: string; headers?: Record<string, string> };
  status: number;
  contentType?: string;
  expect: unknown;
}

export function readGoldenCalls(directory: string): { file: string; call: GoldenCall }[] {
  return readdirSync(directory)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => ({ file, call: JSON.parse(readFileSync(join(directory, file), 'utf8')) as GoldenCall }));
}

type Pattern = Record<string, unknown>;

const isObject = (value: unknown): value is Pattern => typeof value === 'object' && value !== null && !Array.isArray(value);
const typeName = (value: unknown) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);

/** Where `actual` departs from `expected`, one line per difference (empty when it matches). */
export function goldenDifferences(actual: unknown, expected: unknown, path = '$'): string[] {
  if (isObject(expected)) {
    if ('$regex' in expected) {
      return typeof actual === 'string' && new RegExp(String(expected.$regex)).test(actual)
        ? []
        : [`${path}: ${JSON.stringify(actual)} does not match /${expected.$regex}/`];
    }
    if ('$type' in expected) return typeName(actual) === expected.$type ? [] : [`${path}: ${typeName(actual)} is not ${expected.$type}`];
    if ('$length' in expected) {
      const length = typeof actual === 'string' || Array.isArray(actual) ? actual.length : undefined;
      return length === expected.$length ? [] : [`${path}: length ${length} is not ${expected.$length}`];
    }
    if ('$each' in expected) {
      if (!Array.isArray(actual) || actual.length === 0) return [`${path}: expected a non-empty array, got ${typeName(actual)}`];
      return actual.flatMap((element, index) => goldenDifferences(element, expected.$each, `${path}[${index}]`));
    }
    if ('$contains' in expected) {
      if (Array.isArray(actual) && actual.some((element) => goldenDifferences(element, expected.$contains).length === 0)) return [];
      return [`${path}: no element matches ${JSON.stringify(expected.$contains)}`];
    }
    if (!isObject(actual)) return [`${path}: expected an object, got ${typeName(actual)}`];
    return Object.entries(expected).flatMap(([key, value]) =>
      key in actual ? goldenDifferences(actual[key], value, `${path}.${key}`) : [`${path}.${key}: missing`],
    );
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return [`${path}: expected an array, got ${typeName(actual)}`];
    if (actual.length < expected.length) return [`${path}: ${actual.length} elements, expected at least ${expected.length}`];
    return expected.flatMap((value, index) => goldenDifferences(actual[index], value, `${path}[${index}]`));
  }
  return Object.is(actual, expected) ? [] : [`${path}: ${JSON.stringify(actual)} is not ${JSON.stringify(expected)}`];
}
