import { readFileSync } from 'node:fs';

/** Keys the captured samples carry that no client reads (server debugging output). */
const IGNORED_KEYS = new Set(['debug']);

/**
 * The structure of a JSON value with its data stripped: key order, value types and nesting. Arrays of
 * equal length are compared element by element (cells, headers); otherwise by their first element.
 */
export type Shape = string | Shape[] | [string, Shape][] | { array: Shape[] };

export function shapeOf(value: unknown): Shape {
  if (Array.isArray(value)) return { array: value.map(shapeOf) };
  if (value !== null && typeof value === 'object') {
    return Object.entries(value)
      .filter(([key]) => !IGNORED_KEYS.has(key))
      .map(([key, inner]) => [key, shapeOf(inner)] as [string, Shape]);
  }
  return value === null ? 'null' : typeof value;
}

/** Differences between two shapes as readable paths (empty when they match). */
export function shapeDifferences(actual: Shape, expected: Shape, path = '$'): string[] {
  if (typeof expected === 'string' || typeof actual === 'string') {
    return actual === expected ? [] : [`${path}: ${JSON.stringify(actual)} instead of ${JSON.stringify(expected)}`];
  }
  if ('array' in expected || 'array' in actual) {
    if (!('array' in expected) || !('array' in actual)) return [`${path}: array expected on one side only`];
    const [a, e] = [actual.array, expected.array];
    if (a.length === 0 || e.length === 0) return [];
    if (a.length === e.length) return a.flatMap((item, i) => shapeDifferences(item, e[i], `${path}[${i}]`));
    return shapeDifferences(a[0], e[0], `${path}[0]`);
  }
  const actualEntries = actual as [string, Shape][];
  const expectedEntries = expected as [string, Shape][];
  // The captured samples themselves order header keys differently from header to header.
  const orderMatters = !/\.headers\[\d+\]$/.test(path);
  const keys = (entries: [string, Shape][]) => entries.map(([k]) => k).sort((a, b) => (orderMatters ? 0 : a.localeCompare(b)));
  if (keys(actualEntries).join() !== keys(expectedEntries).join()) {
    return [`${path}: keys ${actualEntries.map(([k]) => k).join(',')} instead of ${expectedEntries.map(([k]) => k).join(',')}`];
  }
  const expectedByKey = new Map(expectedEntries);
  return actualEntries.flatMap(([key, inner]) => shapeDifferences(inner, expectedByKey.get(key)!, `${path}.${key}`));
}

/** A captured response from test/fixtures/compat/samples (copied into the repository: tests never read outside it). */
export function sample(name: string): unknown {
  return JSON.parse(readFileSync(new URL(`../fixtures/compat/samples/${name}`, import.meta.url), 'utf8'));
}
