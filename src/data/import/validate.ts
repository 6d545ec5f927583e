// Hand-written validation of an import document: shape and types of every field, duplicate keys,
// and the consistency rules that can be checked within the file. References to ids the file does
// not define are left to the importer, which looks them up in the database before writing.
import { checkConsistency } from './consistency.js';
import { ENTITY_ORDER, entitySpec, fieldEntries, type EntitySpec } from './entities.js';
import { acceptsNull, expectation, fitsField } from './field-check.js';
import type { LeagueImport } from './document.js';
import { IMPORT_FORMAT_VERSION } from './version.js';
import { describeValue, ImportValidationError, ProblemList, rowLabel } from './problems.js';

export { ImportValidationError } from './problems.js';

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function checkRow(spec: EntitySpec, index: number, row: unknown, problems: ProblemList): void {
  // Labels are built only for rows with problems: most rows have none.
  const report = (problem: string) => problems.add(`${rowLabel(spec, index, row)}: ${problem}`);
  if (!isPlainObject(row)) {
    report(`must be an object, got ${describeValue(row)}`);
    return;
  }
  for (const key in row) {
    if (!Object.hasOwn(spec.fields, key)) report(`unknown field "${key}"`);
  }
  for (const [field, fieldSpec] of fieldEntries(spec)) {
    const value = row[field];
    if (value === undefined) {
      if (fieldSpec.required) report(`${field} is required`);
    } else if (value === null) {
      if (!acceptsNull(fieldSpec)) report(`${field} must be ${expectation(fieldSpec)}${fieldSpec.required ? '' : ' (or omitted)'}, got null`);
    } else if (!fitsField(value, fieldSpec)) {
      report(`${field} must be ${expectation(fieldSpec)}, got ${describeValue(value)}`);
    }
  }
}

/** Rows sharing a conflict key or a unique key would overwrite each other or fail in the database. */
function checkDuplicates(spec: EntitySpec, rows: readonly Record<string, unknown>[], problems: ProblemList): void {
  for (const key of [spec.identity, ...spec.uniques]) {
    const firstIndexByKey = new Map<string, number>();
    rows.forEach((row, index) => {
      if (!isPlainObject(row)) return;
      const values = key.map((field) => row[field]);
      if (values.some((value) => value === undefined || value === null)) return;
      const joined = values.join('\u0000');
      const first = firstIndexByKey.get(joined);
      if (first === undefined) {
        firstIndexByKey.set(joined, index);
        return;
      }
      const fields = key.map((field, position) => `${field} ${String(values[position])}`).join(', ');
      problems.add(`${rowLabel(spec, index, row)}: ${fields} is already used by ${rowLabel(spec, first, rows[first])}`);
    });
  }
}

/**
 * Checks an untrusted JSON value against the import format and returns it typed.
 * Throws ImportValidationError listing the problems, each naming the record it is about.
 */
export function validateLeagueImport(json: unknown): LeagueImport {
  if (!isPlainObject(json)) {
    throw new ImportValidationError([`the document must be a JSON object with formatVersion and data arrays, got ${describeValue(json)}`]);
  }
  const problems = new ProblemList();
  if (json.formatVersion !== IMPORT_FORMAT_VERSION) {
    problems.add(`formatVersion must be ${IMPORT_FORMAT_VERSION}, got ${describeValue(json.formatVersion)}`);
  }
  const known = new Set<string>(['formatVersion', ...ENTITY_ORDER]);
  for (const key of Object.keys(json)) {
    if (!known.has(key)) problems.add(`unknown top-level field "${key}" (arrays are: ${ENTITY_ORDER.join(', ')})`);
  }
  for (const entity of ENTITY_ORDER) {
    const value = json[entity];
    if (value === undefined) continue;
    if (!Array.isArray(value)) {
      problems.add(`${entity} must be an array, got ${describeValue(value)}`);
      continue;
    }
    const spec = entitySpec(entity);
    value.forEach((row: unknown, index) => {
      if (!problems.isFull) checkRow(spec, index, row, problems);
    });
    checkDuplicates(spec, value as Record<string, unknown>[], problems);
  }
  // Consistency rules read typed rows, so they only run on a document whose rows are well-formed.
  problems.throwIfAny();
  const data = json as LeagueImport;
  checkConsistency(data, problems);
  problems.throwIfAny();
  return data;
}
