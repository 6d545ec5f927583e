import type { FieldSpec } from './entities.js';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;

function isValidDate(value: string): boolean {
  const match = DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function isValidDateTime(value: string): boolean {
  return DATE_TIME.test(value) && isValidDate(value.slice(0, 10)) && !Number.isNaN(Date.parse(value));
}

function inRange(value: number, spec: FieldSpec): boolean {
  return (spec.min === undefined || value >= spec.min) && (spec.max === undefined || value <= spec.max);
}

function rangeText(spec: FieldSpec): string {
  if (spec.min !== undefined && spec.max !== undefined) return ` from ${spec.min} to ${spec.max}`;
  if (spec.min !== undefined) return ` of at least ${spec.min}`;
  if (spec.max !== undefined) return ` of at most ${spec.max}`;
  return '';
}

/** What a field must hold, phrased to follow "<field> must be". */
export function expectation(spec: FieldSpec): string {
  switch (spec.kind) {
    case 'int':
      return `an integer${rangeText(spec)}`;
    case 'float':
      return `a number${rangeText(spec)}`;
    case 'string':
      return spec.nonEmpty ? 'a non-empty string' : 'a string';
    case 'boolean':
      return 'true or false';
    case 'date':
      return 'a date as YYYY-MM-DD';
    case 'datetime':
      return 'an ISO-8601 date-time with a zone, e.g. 2026-03-07T16:00:00Z';
    case 'intArray':
      return `an array of integers${rangeText(spec)}`;
    case 'enum':
      return `one of ${spec.values.join(', ')}`;
  }
}

/** True when a present, non-null value fits the field. */
export function fitsField(value: unknown, spec: FieldSpec): boolean {
  switch (spec.kind) {
    case 'int':
      return typeof value === 'number' && Number.isInteger(value) && inRange(value, spec);
    case 'float':
      return typeof value === 'number' && Number.isFinite(value) && inRange(value, spec);
    case 'string':
      return typeof value === 'string' && (!spec.nonEmpty || value.trim().length > 0);
    case 'boolean':
      return typeof value === 'boolean';
    case 'date':
      return typeof value === 'string' && isValidDate(value);
    case 'datetime':
      return typeof value === 'string' && isValidDateTime(value);
    case 'intArray':
      return Array.isArray(value) && value.every((item) => typeof item === 'number' && Number.isInteger(item) && inRange(item, spec));
    case 'enum':
      return typeof value === 'string' && spec.values.includes(value);
  }
}

/** Null stands for "no value" only where the column is nullable. */
export function acceptsNull(spec: FieldSpec): boolean {
  return !spec.required && spec.default === undefined;
}
