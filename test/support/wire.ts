import { expect } from 'vitest';
import type { Json } from './api.js';

/** WIRE.md §1: envelope keys in order, and every `data` key present in order (clients index without guards). */
export function expectTableEnvelope(body: Json, subtype: 'table' | 'attribute_list' | 'multi' = 'table'): void {
  expect(Object.keys(body)).toEqual(['type', 'subtype', 'doc', 'data']);
  expect(body.type).toBe('table');
  expect(body.subtype).toBe(subtype);
  expect(Object.keys(body.data)).toEqual(['context', 'headers', 'title', 'subtitle', 'tabs', 'slider', 'regions']);
  for (const region of body.data.regions) {
    expect(Object.keys(region)).toEqual(['text', 'rows']);
    for (const row of region.rows) {
      expect(row.highlight).toBe(false);
      for (const cell of row.cells) if (cell.text !== undefined) expect(cell.text.every((line: unknown) => typeof line === 'string')).toBe(true);
    }
  }
}
